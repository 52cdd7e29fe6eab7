// The one-off clean-up of member cards that joined before a company's defaults were laid over each
// card when it shows (lib/company.ts applyCompany). Joining then copied each default onto the
// card, where it now stands as the member's own value and hides every later change of the default.
// A value equal to the template's current default of an unlocked field is such a copy (or the
// member's own choice of the same value, which following the company changes nothing of today):
// without it the card follows the company again. Locked fields are the company's whatever a card
// holds, so they are left alone.
import { isDeepStrictEqual } from 'node:util';
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import {
  OFF_FIELD,
  TEMPLATE_FIELD,
  cardPath,
  companyCardsQuery,
  companyPath,
} from '../../lib/collections';
import { normaliseLinks } from '../../lib/card-links';
import { TEMPLATE_FIELDS, englishTwin, normaliseTemplate } from '../../lib/company';
import { cardChanged } from '../../server/card-stamp';

export interface CopiedDefaults {
  username: string;
  /** The card's fields that hold a default's copy, English twins included. */
  fields: string[];
}

const absent = (value: unknown) =>
  value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

/** The active member cards of company `id` holding a copy of one of its defaults. */
export async function findCopiedDefaults(db: Firestore, id: string): Promise<CopiedDefaults[]> {
  const company = await db.doc(companyPath(id)).get();
  if (!company.exists) throw new Error(`No company ${id}.`);
  const template = normaliseTemplate(company.get(TEMPLATE_FIELD));
  const cards = await companyCardsQuery(db, id).get();
  const found: CopiedDefaults[] = [];
  for (const card of cards.docs) {
    if (card.get(OFF_FIELD) !== undefined) continue;
    const fields: string[] = [];
    for (const field of TEMPLATE_FIELDS) {
      const entry = template[field];
      // Links as the template holds them, normalised, whatever the card's own spelling of them.
      const value: unknown = field === 'links' ? normaliseLinks(card.get(field)) : card.get(field);
      if (!entry || entry.locked || !isDeepStrictEqual(value, entry.value)) continue;
      const english = field === 'links' ? undefined : englishTwin(field);
      const own = english === undefined ? undefined : (card.get(english) as unknown);
      // An English value of the member's own keeps the field theirs: its Greek stays beside it.
      if (english !== undefined && !absent(own) && own !== entry.valueEn) continue;
      fields.push(field, ...(english !== undefined && !absent(own) ? [english] : []));
    }
    if (fields.length > 0) found.push({ username: card.id, fields });
  }
  return found;
}

/** Removes the copies from the cards, each write stamped so that the daemon revalidates it. */
export async function clearCopiedDefaults(
  db: Firestore,
  found: readonly CopiedDefaults[],
): Promise<void> {
  for (const { username, fields } of found) {
    await db.doc(cardPath(username)).update({
      ...Object.fromEntries(fields.map((field) => [field, FieldValue.delete()])),
      ...cardChanged(),
    });
  }
}
