// A card with as much as an owner can put on it: Maria's card with the most links a card takes
// (each kind in turn, the last a plain link with the longest label), a mobile number and an accent
// colour, checked by the rules the console's form and karta's server share. The benchmark weighs
// and times it beside /maria, with the same budgets.
import type { Firestore } from 'firebase-admin/firestore';
import {
  LINK_KINDS,
  LINK_LABEL_MAX,
  MAX_LINKS,
  type CardLink,
  type LinkKind,
} from '../../lib/card-links';
import { cardPath } from '../../lib/collections';
import { parseCardChanges } from '../../lib/profile';
import { cardChanged } from '../../server/card-stamp';

/** An address each kind accepts, as an owner would paste it. */
const EXAMPLE_URLS: Record<LinkKind, string> = {
  linkedin: 'https://www.linkedin.com/in/maria-papadopoulou-architect',
  tiktok: 'https://www.tiktok.com/@studiofos.architects',
  x: 'https://x.com/studiofos_gr',
  youtube: 'https://www.youtube.com/@studiofos',
  telegram: 'https://t.me/studiofos',
  messenger: 'https://m.me/studiofos.architects',
  threads: 'https://www.threads.net/@studiofos.architects',
  github: 'https://github.com/studiofos',
  behance: 'https://www.behance.net/mariapapadopoulou',
  pinterest: 'https://www.pinterest.com/studiofos/residential-projects/',
  spotify: 'https://open.spotify.com/playlist/37i9dQZF1DX4sWSpwq3LiO',
  googlemaps: 'https://maps.app.goo.gl/uVq2mXkZ8bRtN5cE9',
  tripadvisor: 'https://www.tripadvisor.com.gr/Attraction_Review-g189400-d1-Studio_Fos-Athens.html',
  booking: 'https://www.booking.com/hotel/gr/studio-fos-suites.el.html',
  airbnb: 'https://www.airbnb.gr/rooms/53872910',
  calendly: 'https://calendly.com/studiofos/consultation',
  link: 'https://www.example.gr/erga/katoikies-kai-anakainiseis-2026',
};

/** A plain link's label of the longest length (LINK_LABEL_MAX), in Greek: two bytes a letter. */
const LONGEST_LABEL = 'Έργα: κατοικίες & ανακαινίσεις';

/** MAX_LINKS links: the kinds in LINK_KINDS's order, the last one a plain link with a label. */
function manyLinks(): CardLink[] {
  const brands = LINK_KINDS.filter((kind) => kind !== 'link').slice(0, MAX_LINKS - 1);
  return [
    ...brands.map((kind) => ({ kind, url: EXAMPLE_URLS[kind] })),
    { kind: 'link', url: EXAMPLE_URLS.link, label: LONGEST_LABEL },
  ];
}

/** The fields beyond `from`'s card, as the server would accept them. */
function extraFields(username: string) {
  const fields = {
    links: manyLinks(),
    mobileNumber: '+30 697 123 4567',
    accentColor: '#1d4ed8',
  };
  if ([...LONGEST_LABEL].length !== LINK_LABEL_MAX) {
    throw new Error(`LONGEST_LABEL is not ${LINK_LABEL_MAX} characters long`);
  }
  const parsed = parseCardChanges(fields, username, { removals: false, part: 'card' });
  if (!parsed.ok) throw new Error(`The bench's card is refused: ${parsed.field}: ${parsed.error}`);
  return fields;
}

/** Copies `from`'s card to `username` with MAX_LINKS links, a mobile number and a colour. */
export async function seedLinksCard(db: Firestore, from: string, username: string): Promise<void> {
  const card = (await db.doc(cardPath(from)).get()).data() ?? {};
  await db.doc(cardPath(username)).set({
    ...card,
    username,
    ...extraFields(username),
    ...cardChanged(),
  });
}
