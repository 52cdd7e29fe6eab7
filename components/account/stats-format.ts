// How the stats panel writes numbers, shares and days, in Greek.
import { LINK_KIND_INFO, LINK_KINDS, type LinkKind } from '@/lib/card-links';
import { CARD_EVENTS } from '@/lib/stats/events';
import type { LinkCounter } from '@/browser/owner/stats-summary';

export const NUMBER = new Intl.NumberFormat('el-GR');
export const PERCENT = new Intl.NumberFormat('el-GR', {
  style: 'percent',
  maximumFractionDigits: 0,
});

// Days are calendar dates (YYYY-MM-DD), read as UTC midnight so that no time zone moves them.
const DAY = new Intl.DateTimeFormat('el-GR', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const LONG_DAY = new Intl.DateTimeFormat('el-GR', {
  weekday: 'short',
  day: 'numeric',
  month: 'long',
  timeZone: 'UTC',
});

const asDate = (day: string) => new Date(`${day}T00:00:00Z`);

/** "22 Μαρ" */
export const dayLabel = (day: string) => DAY.format(asDate(day));
/** "Κυρ 22 Μαρτίου" */
export const longDayLabel = (day: string) => LONG_DAY.format(asDate(day));

/** What the card did, in the order the panel lists it. */
export const ACTION_LABELS = [
  [CARD_EVENTS.view, 'Προβολές'],
  [CARD_EVENTS.save, 'Αποθηκεύσεις επαφής'],
  [CARD_EVENTS.sheet, 'Ανοίγματα φόρμας ανταλλαγής'],
  [CARD_EVENTS.exchange, 'Ανταλλαγές επαφών'],
  [CARD_EVENTS.share, 'Κοινοποιήσεις'],
  [CARD_EVENTS.qr, 'Εμφανίσεις QR'],
] as const;

/** The links a visitor tapped, by what they lead to. */
export const LINK_LABELS: Record<LinkCounter, string> = {
  phoneTaps: 'Τηλέφωνο',
  emailTaps: 'Email',
  websiteTaps: 'Ιστότοπος',
  mapTaps: 'Χάρτης',
  viberTaps: 'Viber',
  whatsappTaps: 'WhatsApp',
  facebookTaps: 'Facebook',
  instagramTaps: 'Instagram',
  ...(Object.fromEntries(
    LINK_KINDS.map((kind) => [
      CARD_EVENTS[kind],
      kind === 'link' ? 'Άλλοι σύνδεσμοι' : LINK_KIND_INFO[kind].name,
    ]),
  ) as Record<(typeof CARD_EVENTS)[LinkKind], string>),
};
