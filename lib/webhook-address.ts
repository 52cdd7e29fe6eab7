// Which addresses a webhook may reach: only the public internet's. A receiver on a private,
// loopback, link-local, carrier-grade NAT, unique-local, multicast, reserved or metadata address
// would let whoever registers it make karta's server call into its own network (SSRF). Judged on
// the URL's host when it is registered (the API, the console's form) and on each resolved address
// at send time (the daemon), with the same rule. Pure, with ipaddr.js for the ranges.
import ipaddr from 'ipaddr.js';

/** Why an address is refused: its kind, for the log and the message. */
export type RefusedAddress =
  'loopback' | 'private' | 'link-local' | 'metadata' | 'reserved' | 'invalid';

/** Cloud metadata services (AWS's IPv6 one is in no special range of its own). */
const METADATA_ADDRESSES = new Set(['169.254.169.254', 'fd00:ec2::254']);
/** Names that are the machine itself or a metadata service whatever DNS says. */
const LOOPBACK_NAME = /(^|\.)localhost\.?$/;
const METADATA_NAMES = new Set(['metadata.google.internal', 'metadata.google.internal.']);

function kindOf(range: string): RefusedAddress {
  if (range === 'loopback') return 'loopback';
  if (range === 'linkLocal') return 'link-local';
  if (range === 'private' || range === 'uniqueLocal' || range === 'carrierGradeNat') {
    return 'private';
  }
  return 'reserved';
}

/**
 * Why the IP address `ip` may not receive a webhook, or undefined when it may: a public unicast
 * address, or a loopback one where `allowLoopback` (the demo and the tests, never production).
 */
export function refusedAddress(ip: string, allowLoopback: boolean): RefusedAddress | undefined {
  if (!ipaddr.isValid(ip)) return 'invalid';
  // An IPv4-mapped IPv6 address (::ffff:10.0.0.1) is judged as the IPv4 address it carries.
  const address = ipaddr.process(ip);
  if (METADATA_ADDRESSES.has(address.toNormalizedString()) || METADATA_ADDRESSES.has(ip)) {
    return 'metadata';
  }
  const range = address.range();
  if (range === 'unicast') return undefined;
  if (range === 'loopback' && allowLoopback) return undefined;
  return kindOf(range);
}

/** A URL's host as an address or a name: IPv6 literals without their brackets, lower case. */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
}

/**
 * Why the host `host` (a name or a literal address) is refused before any lookup, or undefined:
 * a literal address judged as above, and the names that are always the machine or a metadata
 * service. A name's resolved addresses are judged again where it is resolved.
 */
export function refusedHost(host: string, allowLoopback: boolean): RefusedAddress | undefined {
  if (ipaddr.isValid(host)) return refusedAddress(host, allowLoopback);
  if (METADATA_NAMES.has(host)) return 'metadata';
  if (LOOPBACK_NAME.test(host)) return allowLoopback ? undefined : 'loopback';
  return undefined;
}
