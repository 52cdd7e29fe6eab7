// A webhook URL's host resolved when it is registered: each address it resolves to must be one a
// webhook may reach (lib/webhook-address.ts). Not the guard itself: DNS may answer otherwise at
// send time, where the daemon judges the address it connects to.
import 'server-only';
import { lookup as dnsLookup } from 'node:dns/promises';
import { hostOf, refusedAddress } from '../../lib/webhook-address';
import { WEBHOOK_MESSAGES } from '../../lib/webhook-input';

export type Lookup = (host: string) => Promise<{ address: string }[]>;

const systemLookup: Lookup = (host) => dnsLookup(host, { all: true, verbatim: true });

/** Why `url`'s host may not receive webhooks once resolved (the message), or undefined. */
export async function resolvedHostProblem(
  url: URL,
  allowLoopback: boolean,
  lookup: Lookup = systemLookup,
): Promise<string | undefined> {
  let addresses: { address: string }[];
  try {
    addresses = await lookup(hostOf(url));
  } catch {
    return WEBHOOK_MESSAGES.unresolved;
  }
  if (addresses.length === 0) return WEBHOOK_MESSAGES.unresolved;
  for (const { address } of addresses) {
    const refused = refusedAddress(address, allowLoopback);
    if (refused) return WEBHOOK_MESSAGES.address(refused);
  }
  return undefined;
}
