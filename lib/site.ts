// The public address of the site, for canonical URLs and social cards.
export function siteUrl(): URL {
  const raw = process.env.NEXT_PUBLIC_SITE_URL;
  try {
    if (raw) return new URL(raw);
  } catch {
    // lib/env-contract.js reports a malformed value at build and start.
  }
  return new URL(`http://localhost:${process.env.PORT ?? 3000}`);
}
