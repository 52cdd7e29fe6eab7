// After a company write has been stored: the cards it changed are revalidated, as an owner's edit
// is (server/owner/card.ts). A failure leaves the write standing; the watcher revalidates it from
// the card's updatedAt or the company's templateAt.
import 'server-only';
import { revalidateCards } from '../revalidation/revalidate-cards';

export async function publishCards(usernames: string[]): Promise<void> {
  if (usernames.length === 0) return;
  try {
    await revalidateCards(usernames);
  } catch (error) {
    console.error(`Revalidating ${usernames.join(', ')} after a company write failed:`, error);
  }
}
