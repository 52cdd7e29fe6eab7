// What a console page may show in Chromium's console and requests that is not a problem of ours:
// the Firestore SDK's own stream housekeeping, and a taken name's refusal the screen then says.
import type { Page } from 'playwright-core';

/** `status URL` of each error response: the console's "Failed to load resource" names none. */
export function watchErrorResponses(page: Page): string[] {
  const responses: string[] = [];
  page.on('response', (res) => {
    if (res.status() >= 400) responses.push(`${res.status()} ${res.url()}`);
  });
  return responses;
}

// A Firestore stream's request the emulator answers with 400: the SDK closing a stream the
// emulator has already dropped (after a sign-out or an account's erasure), or, on a busy machine,
// a request still under way on a session the SDK has just ended (its token refreshed, as after a
// verification); the SDK opens a new stream either way.
const FIRESTORE_CHANNEL_400 = /^400 .*\/google\.firestore\.v1\.Firestore\/\w+\/channel\?/;
const TERMINATE = /[?&]TYPE=terminate(&|$)/;
const CONSOLE_400 =
  'console: Failed to load resource: the server responded with a status of 400 (Bad Request)';
// After a stream's request fails (any but a terminate), the SDK's WebChannel checks that the
// network is up by loading an image of www.google.com, which this offline machine cannot resolve.
const NETWORK_PROBE =
  /^failed: https:\/\/www\.google\.com\/images\/cleardot\.gif\?zx=\w+ net::ERR_NAME_NOT_RESOLVED$/;
const CONSOLE_UNRESOLVED = 'console: Failed to load resource: net::ERR_NAME_NOT_RESOLVED';
// The server's refusal of a taken username, which the claim screen then says in Greek.
const TAKEN = /^409 .*\/api\/owner\/cards$/;
const CONSOLE_409 =
  'console: Failed to load resource: the server responded with a status of 409 (Conflict)';

/**
 * Console errors and failed requests, except the Firestore SDK's own: the long polls it ends by
 * aborting them when a listener stops or the page goes (net::ERR_ABORTED), one console 400 for
 * each of its stream requests answered 400 among `responses` and, for each such request that was
 * not a terminate, its WebChannel's network probe (request and console line); one console 409 for
 * each taken name the test claimed (its refusal is what the screen says). The caller checks that
 * the console went on working; nothing failed there.
 */
export function realProblems(problems: string[], responses: string[] = []): string[] {
  const channel400s = responses.filter((r) => FIRESTORE_CHANNEL_400.test(r));
  let channel400 = channel400s.length;
  let probes = channel400s.filter((r) => !TERMINATE.test(r)).length;
  let probeLines = probes;
  let refusals = responses.filter((r) => TAKEN.test(r)).length;
  return problems.filter((p) => {
    if (p.includes('/google.firestore.v1.Firestore/') && p.endsWith('net::ERR_ABORTED')) {
      return false;
    }
    if (p === CONSOLE_400 && channel400 > 0) {
      channel400 -= 1;
      return false;
    }
    if (NETWORK_PROBE.test(p) && probes > 0) {
      probes -= 1;
      return false;
    }
    if (p === CONSOLE_UNRESOLVED && probeLines > 0) {
      probeLines -= 1;
      return false;
    }
    if (p === CONSOLE_409 && refusals > 0) {
      refusals -= 1;
      return false;
    }
    return true;
  });
}
