// A delivery as fan-out (daemon/deliveries/fan-out.ts) makes one, for the tests that hand an
// event's destinations to a channel themselves: fan-out's own writes the server's time, which
// exists only once Firestore has it.
import type { Timestamp } from 'firebase-admin/firestore';
import type { Destination } from '@/daemon/deliveries/channel';
import type { DeliveryDoc, DeliveryKind, HookEventDoc } from '@/lib/deliveries';

/**
 * `event`'s delivery to `destination` on `kind`: pending, nothing tried yet, made and due `at`
 * (null for one that is sent without being written).
 */
export function pendingDelivery(
  kind: DeliveryKind,
  event: HookEventDoc & { id: string },
  { destination, payload }: Destination,
  at: Timestamp | null = null,
): DeliveryDoc {
  return {
    kind,
    destination,
    eventId: event.id,
    type: event.type,
    username: event.username,
    companyId: event.companyId,
    payload,
    state: 'pending',
    attempts: 0,
    nextAt: at,
    createdAt: at,
  };
}
