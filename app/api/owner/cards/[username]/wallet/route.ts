import { DEFAULT_LANGUAGE, isCardLanguage } from '@/lib/routes';
import { verifyOwner } from '@/server/owner/auth';
import { answer, answering, badField, cardParam } from '@/server/owner/respond';
import { ownerWalletLinks } from '@/server/wallet/owner-wallet';

// The owner's wallet links (`?lang=en` for the English card's pass): the Apple pass's signed link
// and Google's save link, where configured.
export const dynamic = 'force-dynamic';

export function GET(request: Request, { params }: { params: Promise<{ username: string }> }) {
  return answering(async () => {
    const owner = await verifyOwner(request);
    const username = cardParam((await params).username);
    const lang = new URL(request.url).searchParams.get('lang') ?? DEFAULT_LANGUAGE;
    if (!isCardLanguage(lang)) throw badField('lang', 'Η κάρτα δεν υπάρχει σε αυτή τη γλώσσα.');
    return answer(200, await ownerWalletLinks(owner, username, lang));
  });
}
