// Every card a company holds (its members' current cards and those they left behind, each still
// carrying the company's id) and the member each belongs to: what the admin's leads and stats read.
import 'server-only';
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { JOINED_FIELD, membersPath, companyCardsQuery } from '../../lib/collections';
import type { MemberStatus } from '../../lib/company';

export interface CompanyCard {
  username: string;
  /** When it joined the company: only what came after is the company's. */
  joinedAt: Timestamp;
  /** The member it is (or was) the card of, when the company still knows them. */
  member?: { uid: string; name: string; status: MemberStatus };
}

export interface CompanyMember {
  uid: string;
  username: string;
  name: string;
  status: MemberStatus;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

export async function companyMembers(db: Firestore, id: string): Promise<CompanyMember[]> {
  const members = await db.collection(membersPath(id)).get();
  return members.docs.map((doc) => ({
    uid: doc.id,
    username: text(doc.get('username')),
    name: [text(doc.get('firstName')), text(doc.get('lastName'))].filter(Boolean).join(' '),
    status: doc.get('status') === 'removed' ? 'removed' : 'active',
  }));
}

export async function companyCards(db: Firestore, id: string): Promise<CompanyCard[]> {
  const [cards, members] = await Promise.all([
    companyCardsQuery(db, id).get(),
    db.collection(membersPath(id)).get(),
  ]);
  const owners = new Map<string, NonNullable<CompanyCard['member']>>();
  for (const doc of members.docs) {
    const member = {
      uid: doc.id,
      name: [text(doc.get('firstName')), text(doc.get('lastName'))].filter(Boolean).join(' '),
      status: (doc.get('status') === 'removed' ? 'removed' : 'active') as MemberStatus,
    };
    const former: unknown = doc.get('formerCards');
    for (const username of Array.isArray(former) ? former : []) {
      if (typeof username === 'string') owners.set(username, member);
    }
    owners.set(text(doc.get('username')), member);
  }
  return cards.docs.flatMap((doc) => {
    const joinedAt: unknown = doc.get(JOINED_FIELD);
    if (!(joinedAt instanceof Timestamp)) return [];
    const member = owners.get(doc.id);
    return [{ username: doc.id, joinedAt, ...(member ? { member } : {}) }];
  });
}
