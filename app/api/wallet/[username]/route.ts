import { OwnerError, cardParam } from '@/server/owner/respond';
import { PKPASS_CONTENT_TYPE } from '@/server/wallet/apple-pass';
import { passForLink } from '@/server/wallet/owner-wallet';

// The card's Apple Wallet pass, for a link signed to its owner (server/wallet/pass-link.ts).
export const dynamic = 'force-dynamic';

/** What a person who opened the link reads, in Greek: this answer is a page, not an API's. */
const REFUSALS: Record<number, string> = {
  403: 'Ο σύνδεσμος δεν ισχύει πια. Ανοίξτε την karta, «Κοινοποίηση», και πατήστε ξανά «Προσθήκη στο Apple Wallet».',
  404: 'Δεν υπάρχει κάρτα Apple Wallet εδώ.',
  410: 'Αυτή η κάρτα δεν είναι πλέον ενεργή.',
};

function refusal(status: number): Response {
  return new Response(REFUSALS[status] ?? 'Κάτι πήγε στραβά. Δοκιμάστε ξανά σε λίγο.', {
    status,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
  });
}

export async function GET(request: Request, { params }: { params: Promise<{ username: string }> }) {
  try {
    const username = cardParam((await params).username);
    const pass = await passForLink(new URL(request.url), username);
    return new Response(new Uint8Array(pass), {
      headers: {
        'content-type': PKPASS_CONTENT_TYPE,
        'content-length': String(pass.length),
        'content-disposition': `attachment; filename="karta-${encodeURIComponent(username)}.pkpass"`,
        'cache-control': 'private, no-store',
      },
    });
  } catch (error) {
    if (error instanceof OwnerError) return refusal(error.status);
    console.error('A wallet pass failed:', error);
    return refusal(500);
  }
}
