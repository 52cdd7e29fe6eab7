import { cardFileResponse } from '@/server/card/response';
import { ownPhotoVersion } from '@/lib/card-photo';
import { getPhoto } from '@/server/photo-store';

// Read on every request rather than kept by ISR: a revalidation names only the username, not the
// version a removed or replaced photo had, so a cached copy could not be taken back. The answer
// is immutable for as long as the card names this version; the CDN keeps it under the card's tag
// (purged on every edit of the card), and the image optimiser's copies carry that tag too
// (next.config.ts), while Next keeps none of its own (images.maximumDiskCacheSize: 0).
export const dynamic = 'force-dynamic';

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** How long a shared cache may keep a photo's 404 (a made-up name, a version not shown). */
const MISSING_MAX_AGE_S = 10;

// Shared caches keep it briefly, so that made-up names and versions asked again and again cost
// the CDN's copy, not a Firestore read each.
function notFound(): Response {
  return new Response('Not Found', {
    status: 404,
    headers: {
      'content-type': 'text/plain',
      'cache-control': `public, max-age=${MISSING_MAX_AGE_S}`,
    },
  });
}

export async function GET(
  request: Request,
  { params }: { params: Promise<{ username: string; version: string }> },
) {
  // A query names no other photo: the same resource under one URL, before any read.
  const url = new URL(request.url);
  if (url.search) {
    url.search = '';
    return new Response(null, {
      status: 308,
      headers: { location: url.pathname, 'cache-control': IMMUTABLE },
    });
  }
  const { version } = await params;
  return cardFileResponse(
    params,
    async (profile) => {
      // Only the version the card shows now: any other (an old, a removed one) is gone.
      if (
        !profile.displayImage ||
        ownPhotoVersion(profile.username, profile.displayImage) !== version
      ) {
        return notFound();
      }
      const photo = await getPhoto(profile.username);
      if (!photo || photo.version !== version) return notFound();
      return new Response(new Uint8Array(photo.bytes), {
        headers: {
          'content-type': photo.contentType,
          'content-length': String(photo.bytes.length),
          'cache-control': IMMUTABLE,
          'x-content-type-options': 'nosniff',
        },
      });
    },
    notFound,
  );
}
