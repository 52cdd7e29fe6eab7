import { cardImageResponse } from '@/server/card/image-response';
import { getLogo } from '@/server/image-store';

// A member card's company logo (logoPath) at the version the card shows
// (server/card/image-response.ts).
export const dynamic = 'force-dynamic';

export function GET(
  request: Request,
  { params }: { params: Promise<{ username: string; version: string }> },
) {
  return cardImageResponse(request, params, {
    shown: (profile) => profile.company?.logoVersion,
    read: async (profile) => (profile.company ? getLogo(profile.company.id) : null),
    offIsGone: false,
  });
}
