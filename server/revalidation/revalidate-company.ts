// A company's template changed: every active member's card is revalidated (regenerated, and
// purged from the CDN). A failure is logged: the watcher follows the company's templateAt and
// revalidates its member cards itself.
import 'server-only';
import { membersPath } from '../../lib/collections';
import { adminDb } from '../firebase/admin-app';
import { revalidateCards } from './revalidate-cards';

export async function revalidateCompany(companyId: string): Promise<void> {
  try {
    const members = await adminDb()
      .collection(membersPath(companyId))
      .where('status', '==', 'active')
      .get();
    const usernames = members.docs
      .map((doc) => doc.get('username') as unknown)
      .filter((username): username is string => typeof username === 'string');
    if (usernames.length > 0) await revalidateCards(usernames);
  } catch (error) {
    console.error(`Revalidating the cards of company ${companyId} failed:`, error);
  }
}
