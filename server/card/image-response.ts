// The GET of an uploaded image a card shows (its photo, its company's logo) at one version.
// Read on every request rather than kept by ISR: a revalidation names only the card, not the
// version a removed or replaced image had, so a cached copy could not be taken back. The answer
// is immutable for as long as the card names this version; the CDN keeps it under the card's
// tags (purged with the card, and a logo by its company's template save), and the image
// optimiser's copies carry them too (next.config.ts), while Next keeps none of its own
// (images.maximumDiskCacheSize: 0).
import 'server-only';
import type { CompanyProfile } from '../../lib/company';
import type { StoredImage } from '../image-store';
import { cardFileResponse } from './response';

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** How long a shared cache may keep an image's 404 (a made-up name, a version not shown). */
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

export interface CardImage {
  /** The version the card shows now, if any: any other (an old, a removed one) is gone. */
  shown: (profile: CompanyProfile) => string | undefined;
  read: (profile: CompanyProfile) => Promise<StoredImage | null>;
  /** A switched-off card's image: a 410 as its card (the photo), or a 404 (the logo). */
  offIsGone: boolean;
}

export async function cardImageResponse(
  request: Request,
  params: Promise<{ username: string; version: string }>,
  { shown, read, offIsGone }: CardImage,
): Promise<Response> {
  // A query names no other image: the same resource under one URL, before any read.
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
      if (shown(profile) !== version) return notFound();
      const image = await read(profile);
      if (!image || image.version !== version) return notFound();
      return new Response(new Uint8Array(image.bytes), {
        headers: {
          'content-type': image.contentType,
          'content-length': String(image.bytes.length),
          'cache-control': IMMUTABLE,
          'x-content-type-options': 'nosniff',
        },
      });
    },
    notFound,
    offIsGone ? undefined : notFound,
  );
}
