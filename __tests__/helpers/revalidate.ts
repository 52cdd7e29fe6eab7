// Asking the run's production server to regenerate cards, and waiting for what it then serves.
import { baseUrl } from './browser';
import { eventually, WAIT_MS } from './eventually';

export const secret = () => process.env.REVALIDATE_SECRET as string;

/** POST /api/revalidate on the run's server (or `base`), with the run's secret unless told. */
export function revalidate(
  body: unknown,
  auth: string | null = `Bearer ${secret()}`,
  base = baseUrl(),
) {
  return fetch(`${base}/api/revalidate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(auth ? { authorization: auth } : {}) },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** Polls until the page shows `text`; returns the milliseconds it took. */
export async function timeUntilShown(
  pathname: string,
  text: string,
  since: number,
  base = baseUrl(),
  limitMs = WAIT_MS,
) {
  await eventually(async () => (await (await fetch(`${base}${pathname}`)).text()).includes(text), {
    within: limitMs,
    every: 25,
    what: `${pathname} showing "${text}"`,
  });
  return Date.now() - since;
}
