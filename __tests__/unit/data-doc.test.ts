// docs/data.md's table of link kinds is written by hand from lib/card-links.ts: each host it names
// must be one the kind accepts, with its subdomains, and each row must name the kind's brand and
// vCard type, so that the table cannot drift from the code.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { LINK_KINDS, LINK_KIND_INFO, linkUrlProblem, type LinkKind } from '@/lib/card-links';

const DOC = readFileSync(path.join(__dirname, '..', '..', 'docs', 'data.md'), 'utf8');

interface Row {
  kind: string;
  shownAs: string;
  hosts: string;
  vcard: string;
}

const ROWS: Row[] = DOC.split('\n')
  .filter((line) => /^\| `[a-z]+` +\|/.test(line) && !line.startsWith('| `kind`'))
  .map((line) => {
    const [kind, shownAs, hosts, vcard] = line
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim());
    return { kind: kind.replace(/`/g, ''), shownAs, hosts, vcard };
  });

/**
 * The addresses a row's hosts cell promises: `<country>` as `gr`, `.gr` after a brand's host, and
 * each host's `www.` too unless the cell says "(that host alone)".
 */
function promisedUrls(cell: string): string[] {
  const urls: { url: URL; alone: boolean }[] = [];
  for (const [, token, alone] of cell.matchAll(/`([^`]+)`( \(that host alone\))?/g)) {
    const previous = urls.at(-1);
    if (token.startsWith('/')) {
      previous!.url.pathname = `${token}/example`;
    } else if (token.startsWith('.')) {
      const brand = previous!.url.hostname.split('.')[0];
      urls.push({ url: new URL(`https://${brand}${token}/example`), alone: false });
    } else {
      const [host, ...rest] = token.replace('<country>', 'gr').replace(/…$/, '').split('/');
      const pathname = `/${rest.length > 0 ? `${rest.join('/')}/` : ''}example`;
      urls.push({ url: new URL(`https://${host}${pathname}`), alone: alone !== undefined });
    }
  }
  return urls.flatMap(({ url, alone }) => {
    const www = new URL(url);
    www.hostname = `www.${url.hostname}`;
    return alone ? [url.href] : [url.href, www.href];
  });
}

test('the table has one row per kind, in the kinds order', () => {
  expect(ROWS.map((row) => row.kind)).toEqual([...LINK_KINDS]);
});

describe.each(ROWS.map((row) => [row.kind, row] as const))('the row of %s', (kind, row) => {
  const info = LINK_KIND_INFO[kind as LinkKind];

  it('names the brand and the vCard line the code writes', () => {
    expect(row.shownAs).toBe(kind === 'link' ? 'its label' : info.name);
    const line =
      'socialProfile' in info.vcard
        ? `X-SOCIALPROFILE;TYPE=${info.vcard.socialProfile}`
        : `URL;TYPE=${info.vcard.url}`;
    expect(row.vcard).toBe(`\`${line}\``);
  });

  it('names only hosts the kind accepts, with their subdomains, and https only', () => {
    const urls = kind === 'link' ? ['https://example.gr/page'] : promisedUrls(row.hosts);
    expect(urls.length).toBeGreaterThan(0);
    for (const url of urls) {
      expect([url, linkUrlProblem(kind as LinkKind, url)]).toEqual([url, null]);
      expect(linkUrlProblem(kind as LinkKind, url.replace('https:', 'http:'))).not.toBeNull();
    }
    if (kind !== 'link')
      expect(linkUrlProblem(kind as LinkKind, 'https://example.gr/x')).not.toBe(null);
  });
});
