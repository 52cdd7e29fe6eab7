import { ownPhotoVersion } from '@/lib/card-photo';
import { cardImageResponse } from '@/server/card/image-response';
import { getPhoto } from '@/server/image-store';

// The card's photo at the version the card shows (server/card/image-response.ts).
export const dynamic = 'force-dynamic';

export function GET(
  request: Request,
  { params }: { params: Promise<{ username: string; version: string }> },
) {
  return cardImageResponse(request, params, {
    shown: (profile) =>
      profile.displayImage
        ? (ownPhotoVersion(profile.username, profile.displayImage) ?? undefined)
        : undefined,
    read: (profile) => getPhoto(profile.username),
    offIsGone: true,
  });
}
