import { PASS_ANSWERS, PassRefused } from '@/lib/pass-refusal';
import { parseUsername } from '@/lib/username';
import { PKPASS_CONTENT_TYPE } from '@/server/wallet/apple-pass';
import { passForLink } from '@/server/wallet/owner-wallet';

// The card's Apple Wallet pass, for a link signed to its owner (server/wallet/pass-link.ts); a
// refusal is a line of Greek text for whoever opened the link (lib/pass-refusal.ts).
export const dynamic = 'force-dynamic';

function refusal({ status, text }: { status: number; text: string }): Response {
  return new Response(text, {
    status,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
  });
}

export async function GET(request: Request, { params }: { params: Promise<{ username: string }> }) {
  try {
    // Next decoded the segment once; a name no card could have is no card.
    const username = parseUsername((await params).username);
    if (username === null) throw new PassRefused('no-card');
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
    if (error instanceof PassRefused) return refusal(PASS_ANSWERS[error.reason]);
    console.error('A wallet pass failed:', error);
    return refusal(PASS_ANSWERS.failed);
  }
}
