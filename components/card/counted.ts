import type { RowKind, SocialKind } from '@/components/card/profile-view';
import type { LinkKind } from '@/lib/card-links';
import type { CardEvent } from '@/lib/stats/events';

/** Marks a link whose tap the card's script counts as `event` (browser/card/events.ts countLinkTaps). */
export function countedAs(event: CardEvent): { 'data-event': CardEvent } {
  return { 'data-event': event };
}

/** The event of a tap on each contact row's link. */
export const ROW_EVENTS: Record<RowKind, CardEvent> = {
  email: 'email',
  // A call is a call: the mobile's taps add to the phone's.
  mobile: 'phone',
  phone: 'phone',
  address: 'map',
  website: 'website',
};

/** Each social link is counted under its own name. */
export const SOCIAL_EVENTS: Record<SocialKind, CardEvent> = {
  facebook: 'facebook',
  instagram: 'instagram',
  viber: 'viber',
  whatsapp: 'whatsapp',
};

/**
 * Each of the card's links is counted under its kind, which is also its event's name: this fails
 * to compile if lib/stats/events.ts has no event for a kind.
 */
export const linkEvent = (kind: LinkKind): CardEvent => kind;
