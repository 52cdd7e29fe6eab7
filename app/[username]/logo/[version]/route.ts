import { cardFileResponse } from '@/server/card/response';
import { getLogo } from '@/server/logo-store';

// A member card's company logo (logoPath), read on every request rather than kept by ISR, as the
// card's photo is (app/[username]/photo): a revalidation names only the card, not the version a
// replaced logo had. Immutable for as long as the card names this version; the CDN keeps it under
// the card's tags (its own and its company's), purged with the card and by a template save.
export const dynamic = 'force-dynamic';

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** How long a shared cache may keep a logo's 404 (a made-up name, a version not shown). */
const MISSING_MAX_AGE_S = 10;

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
  // A query names no other logo: the same resource under one URL, before any read.
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
      const company = profile.company;
      if (!company?.logoVersion || company.logoVersion !== version) return notFound();
      const logo = await getLogo(company.id);
      if (!logo || logo.version !== version) return notFound();
      return new Response(new Uint8Array(logo.bytes), {
        headers: {
          'content-type': logo.contentType,
          'content-length': String(logo.bytes.length),
          'cache-control': IMMUTABLE,
          'x-content-type-options': 'nosniff',
        },
      });
    },
    notFound,
    notFound,
  );
}
