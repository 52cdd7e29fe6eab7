import { baseUrl } from './browser';

export async function get(
  path: string,
  headers: Record<string, string> = {},
  redirect: RequestRedirect = 'manual',
) {
  const res = await fetch(`${baseUrl()}${path}`, { headers, redirect });
  return { status: res.status, headers: res.headers, body: await res.text() };
}
