// A company's cards on the production path: a template save (written as the server writes it,
// then the company's revalidation asked of one origin, as the server's fan-out does) shows on
// every member card through Varnish, purged by one purge of the company's tag; a member switched
// off answers 410 through Varnish (page, vCard and QR code), with the Greek page. How soon (the
// issue's 2 s from the switch to the 410) is `npm run bench -- --only company`'s figure.
import { FieldValue } from 'firebase-admin/firestore';
import sharp from 'sharp';
import {
  OFF_FIELD,
  TEMPLATE_AT_FIELD,
  cardPath,
  companyLogoPath,
  companyPath,
} from '@/lib/collections';
import { CARD_TEXTS } from '@/components/card/texts';
import { cardPaths, companyTag, logoPath, vcardPath } from '@/lib/routes';
import { cardChanged } from '@/server/card-stamp';
import { companyDocument, memberOf } from '@/__tests__/helpers/company-docs';
import { WAIT_MS, ceiling, eventually } from '@/__tests__/helpers/eventually';
import { revalidate } from '@/__tests__/helpers/revalidate';
import { text, type ScaleContext } from './stack';

const COMPANY = `scale-co-${process.pid}`;
const MEMBERS = ['a', 'b', 'c', 'd'].map((m) => `co-${m}-${process.pid}`);

// Each member waited for in turn, twice (the company's address, then Varnish's copy), then the save.
const FAN_OUT_MS = ceiling(4 * WAIT_MS);

export function companies(ctx: ScaleContext): void {
  const viaCdn = (pathname: string) => text(`${ctx.stack.cdnUrl}${pathname}`);
  const secret = () => ctx.stack.env.REVALIDATE_SECRET as string;

  /** As the server does after a write: the revalidation asked of origin A. */
  async function askOriginA(body: unknown): Promise<void> {
    const res = await revalidate(body, `Bearer ${secret()}`, ctx.stack.origins[0]);
    expect([res.status, await res.text()]).toEqual([200, expect.any(String)]);
  }

  /** Until Varnish answers the path from its cache. */
  async function cached(pathname: string): Promise<void> {
    await eventually(async () => (await viaCdn(pathname)).headers.get('x-cache') === 'HIT', {
      what: `${pathname} cached by Varnish`,
    });
  }

  beforeAll(async () => {
    const db = ctx.db;
    const batch = db.batch();
    batch.set(
      db.doc(companyPath(COMPANY)),
      companyDocument({
        name: 'Studio Κλίμακα',
        template: {
          address: { value: 'Ερμού 1, Αθήνα', locked: true },
          websiteLink: { value: 'https://klimaka.example.gr', locked: true },
        },
        admins: ['uid-a'],
        memberUids: MEMBERS.map((_, i) => `uid-${i}`),
      }),
    );
    MEMBERS.forEach((username, i) =>
      batch.set(db.doc(cardPath(username)), {
        firstName: `Μέλος ${i}`,
        lastName: 'Κλίμακας',
        address: 'Δική μου 9',
        ownerUid: `uid-${i}`,
        ...memberOf(COMPANY),
        ...cardChanged(),
      }),
    );
    await batch.commit();
  });

  test(
    "a template save shows on every member card through Varnish, purged by one purge of the company's tag",
    async () => {
      for (const username of MEMBERS) {
        await eventually(
          async () => (await viaCdn(`/${username}`)).body.includes('Ερμού 1, Αθήνα'),
          {
            what: `/${username} showing the company's address`,
          },
        );
        await cached(`/${username}`);
        const served = await viaCdn(`/${username}`);
        expect(served.headers.get('surrogate-key')).toBe(`card-${username} ${companyTag(COMPANY)}`);
        expect(served.body).not.toContain('Δική μου 9');
      }
      const purgedBefore = ctx.purges.purgesOf(companyTag(COMPANY));
      const since = Date.now();
      await ctx.db.doc(companyPath(COMPANY)).update({
        'template.address': { value: 'Ερμού 99, Αθήνα', locked: true },
        [TEMPLATE_AT_FIELD]: FieldValue.serverTimestamp(),
      });
      await askOriginA({ companyId: COMPANY });
      const shownAfter = await Promise.all(
        MEMBERS.map(async (username) => {
          await eventually(
            async () => (await viaCdn(`/${username}`)).body.includes('Ερμού 99, Αθήνα'),
            { every: 50, what: `/${username} with the new address via Varnish` },
          );
          return Date.now() - since;
        }),
      );
      console.log(`template save → every member card via Varnish: ${shownAfter.join(', ')} ms`);
      expect(ctx.purges.purgesOf(companyTag(COMPANY))).toBe(purgedBefore + 1);
      expect(ctx.purges.accepted.filter((keys) => keys === companyTag(COMPANY))).toHaveLength(
        purgedBefore + 1,
      );
    },
    FAN_OUT_MS,
  );

  test("the company's logo: beside its name, in the vCard and JSON-LD, served for the version the card names only", async () => {
    const username = MEMBERS[1];
    const png = await sharp({
      create: { width: 64, height: 32, channels: 3, background: { r: 200, g: 40, b: 40 } },
    })
      .png()
      .toBuffer();
    await ctx.db.doc(companyLogoPath(COMPANY)).set({
      bytes: png,
      contentType: 'image/png',
      version: 'logo-v1',
    });
    await ctx.db.doc(companyPath(COMPANY)).update({
      logoVersion: 'logo-v1',
      [TEMPLATE_AT_FIELD]: FieldValue.serverTimestamp(),
    });
    await askOriginA({ companyId: COMPANY });
    const page = await eventually(
      async () => {
        const answer = await viaCdn(`/${username}`);
        return answer.body.includes(logoPath(username, 'logo-v1')) && answer;
      },
      { what: `/${username} naming its company's logo` },
    );
    expect(page.body).toMatch(/<img class="logo" src="\/[^"]+\/logo\/logo-v1"/);
    // Absolute, on the site's address (the build's NEXT_PUBLIC_SITE_URL).
    expect(page.body).toContain(`"logo":"http://`);
    expect(page.body).toContain(`${logoPath(username, 'logo-v1')}"}`);
    const logo = await fetch(`${ctx.stack.cdnUrl}${logoPath(username, 'logo-v1')}`);
    expect(logo.status).toBe(200);
    expect(logo.headers.get('content-type')).toBe('image/png');
    expect(logo.headers.get('cache-control')).toContain('immutable');
    expect(logo.headers.get('surrogate-key')).toBe(`card-${username} ${companyTag(COMPANY)}`);
    expect(Buffer.from(await logo.arrayBuffer()).equals(png)).toBe(true);
    const other = await fetch(`${ctx.stack.cdnUrl}${logoPath(username, 'logo-v0')}`);
    expect(other.status).toBe(404);
    const vcard = await eventually(
      async () => {
        const answer = await viaCdn(vcardPath(username));
        return answer.body.replace(/\r\n[ \t]/g, '').includes('LOGO;') && answer;
      },
      { what: `${vcardPath(username)} with a LOGO` },
    );
    expect(vcard.body.replace(/\r\n[ \t]/g, '')).toContain(
      `LOGO;ENCODING=b;TYPE=PNG:${png.toString('base64')}\r\n`,
    );
  });

  test('a member switched off answers 410 through Varnish on its pages (the company, its website) in both languages and its QR code, and its vCards become the company’s contact', async () => {
    const [username] = MEMBERS;
    // Every answer of the card, in both languages, each cached through Varnish first.
    const paths = cardPaths(username);
    for (const pathname of paths) await cached(pathname);
    await ctx.db.doc(cardPath(username)).update({
      [OFF_FIELD]: FieldValue.serverTimestamp(),
      ownerUid: FieldValue.delete(),
      ...cardChanged(),
    });
    await askOriginA({ usernames: [username] });
    // «Αποθήκευση επαφής εταιρείας»: the vCards stay, with the company's contact, no person's.
    const isVcard = (pathname: string) => pathname.endsWith('/vcard');
    await eventually(
      async () =>
        (await Promise.all(paths.map(viaCdn))).every((a, i) =>
          isVcard(paths[i])
            ? a.status === 200 && a.body.includes('ORG:') && !/Μέλος|Melos/.test(a.body)
            : a.status === 410,
        ),
      { every: 25, what: `${paths.join(', ')} switched off via Varnish` },
    );
    const page = await viaCdn(`/${username}`);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('content-security-policy')).toBeTruthy();
    expect(page.body).toContain(CARD_TEXTS.el.cardOff);
    expect(page.body).toContain('Studio Κλίμακα');
    expect(page.body).toContain('href="https://klimaka.example.gr/"');
    expect(page.body).toContain('noindex');
  });
}
