// A change of a team's overrides reaches exactly its members' cards: each is revalidated as an
// owner's edit is (revalidate-cards.ts: marked, regenerated on this origin, then purged from the
// CDN by its own tag, and rechecked). Card by card rather than by one tag of the team's, as the
// template's fan-out purges by the company's: a team is a part of the company, its members are
// known from one query, and their own tags are exact even for an answer cached before the card
// moved between teams. A server that does not finish is covered by the daemon, which follows the
// team's updatedAt (daemon/companies.ts).
import 'server-only';
import { USERS_COLLECTION, teamCardsQuery } from '../../lib/collections';
import { adminDb } from '../firebase/admin-app';
import { readWithDeadline } from '../profile-store';
import { MAX_USERNAMES } from './request';
import { revalidateCards } from './revalidate-cards';

/** Revalidates these cards, MAX_USERNAMES at a time; a failure is logged, the write stands. */
export async function revalidateInParts(usernames: readonly string[]): Promise<void> {
  for (let i = 0; i < usernames.length; i += MAX_USERNAMES) {
    const part = usernames.slice(i, i + MAX_USERNAMES);
    await revalidateCards(part).catch((error: unknown) =>
      console.error(`Revalidating ${part.join(', ')} after a team's change failed:`, error),
    );
  }
}

/** The team's member cards (switched-off ones too), by username. */
export async function teamCards(companyId: string, teamId: string): Promise<string[]> {
  const query = teamCardsQuery(adminDb(), companyId, teamId).select();
  const cards = await readWithDeadline(
    () => query.get(),
    `${USERS_COLLECTION} of team ${companyId}/${teamId}`,
  );
  return cards.docs.map((doc) => doc.id);
}

/** After a change of the team's overrides: each of its member cards, revalidated. */
export async function fanOutTeam(companyId: string, teamId: string): Promise<void> {
  try {
    await revalidateInParts(await teamCards(companyId, teamId));
  } catch (error) {
    console.error(`Revalidating the cards of team ${companyId}/${teamId} failed:`, error);
  }
}
