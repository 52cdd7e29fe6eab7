// The owner's links, the mobile number and the accent colour on the card, in real Chromium against
// the production build, on cards this file writes to the emulator: the links in the owner's order
// with their icons and names; the accent on the header and the Save button, with axe finding no
// contrast violation in either scheme for a light, a dark and a middle colour; no label split
// inside a word on a 360 px wide phone; and a link's tap sent as a beacon of its kind.
import { colord } from 'colord';
import type { CardLink } from '@/lib/card-links';
import { EVENTS_PATH, type Beacon } from '@/lib/stats/events';
import { accentColors } from '@/lib/theme';
import { adminDb } from '@/server/firebase/admin-app';
import {
  baseUrl,
  browserForThisFile,
  contextForThisFile,
  explain,
  runAxe,
} from '../helpers/browser';
import { eventually } from '../helpers/eventually';
import { openToRead, type PageLook } from '../helpers/page-to-read';
import { PHONE_VIEWPORT } from '../helpers/viewports';

const browser = browserForThisFile();
const run = Date.now().toString(36);

const LINKS: CardLink[] = [
  { kind: 'linkedin', url: 'https://www.linkedin.com/in/eleni-example' },
  { kind: 'booking', url: 'https://www.booking.com/hotel/gr/example.html' },
  { kind: 'link', url: 'https://shop.example.gr/', label: 'Κρατήσεις δωματίων online' },
  { kind: 'googlemaps', url: 'https://maps.app.goo.gl/example' },
  { kind: 'calendly', url: 'https://calendly.com/eleni-example' },
];

/** A card with every row, the social bar and LINKS, and whatever `fields` add; its username. */
async function writeCard(name: string, fields: Record<string, unknown> = {}): Promise<string> {
  const username = `${name}-${run}`;
  await adminDb()
    .doc(`users/${username}`)
    .set({
      username,
      firstName: 'Ελένη',
      lastName: 'Παπαχριστοδούλου',
      jobTitle: 'Ιδιοκτήτρια ξενοδοχείου',
      companyName: 'Ξενοδοχείο Θαλασσινό',
      city: 'Θεσσαλονίκη',
      email: 'eleni.papachristodoulou@example.gr',
      phoneNumber: '+30 2310 123456',
      mobileNumber: '+30 697 111 2233',
      address: 'Λεωφόρος Νίκης 12, Θεσσαλονίκη',
      websiteLink: 'https://www.example.gr',
      facebookLink: 'https://www.facebook.com/example',
      instagramLink: 'https://www.instagram.com/example',
      links: LINKS,
      ...fields,
    });
  return username;
}

const shared = contextForThisFile(browser);

/** A page of the file's shared context on the card, in the given size (a phone's) and colour scheme. */
const open = (username: string, look: PageLook = {}) =>
  openToRead(shared(), `/${username}`, { viewport: PHONE_VIEWPORT, ...look });

test("the links under the social bar, in the owner's order, each with its icon and name", async () => {
  const { page, problems } = await open(await writeCard('links'));
  const list = page.getByRole('list', { name: 'Σύνδεσμοι' });
  const links = list.getByRole('link');
  expect(await links.evaluateAll((all) => all.map((a) => a.getAttribute('data-event')))).toEqual(
    LINKS.map((link) => link.kind),
  );
  expect(await links.allInnerTexts()).toEqual([
    'LinkedIn',
    'Booking.com',
    'Κρατήσεις δωματίων online',
    'Google Maps',
    'Calendly',
  ]);
  // Found by the name a screen reader says: what it is and whose.
  await expect(
    list.getByRole('link', { name: 'LinkedIn: Ελένη Παπαχριστοδούλου', exact: true }).count(),
  ).resolves.toBe(1);
  await expect(
    list
      .getByRole('link', {
        name: 'Κρατήσεις δωματίων online (Σύνδεσμος): Ελένη Παπαχριστοδούλου',
        exact: true,
      })
      .count(),
  ).resolves.toBe(1);
  // Each icon drawn: an inline SVG with a visible size, hidden from screen readers.
  const icons = await links.evaluateAll((all) =>
    all.map((a) => {
      const svg = a.querySelector('svg')!;
      const box = svg.getBoundingClientRect();
      return { hidden: svg.getAttribute('aria-hidden'), drawn: box.width > 16 && box.height > 16 };
    }),
  );
  expect(icons).toEqual(LINKS.map(() => ({ hidden: 'true', drawn: true })));
  // Below the social bar.
  expect(
    await page.evaluate(
      () =>
        document.querySelector('nav.social')!.getBoundingClientRect().bottom <=
        document.querySelector('ul.links')!.getBoundingClientRect().top,
    ),
  ).toBe(true);
  expect(problems).toEqual([]);
  await page.close();
});

describe.each([
  ['light', '#ffeb3b'],
  ['dark', '#1a237e'],
  ['middle', '#808080'],
])('a %s accent colour (%s)', (name, accent) => {
  let username: string;
  beforeAll(async () => {
    // No photo: the header is the accent with the initials on it.
    username = await writeCard(`accent-${name}`, { accentColor: accent });
  });

  test.each(['light', 'dark'] as const)(
    'in the %s scheme: the header and Save in it, and axe finds no contrast violation',
    async (colorScheme) => {
      const { page, problems } = await open(username, { colorScheme });
      const expected = accentColors(accent)[colorScheme];
      const painted = await page.evaluate(() => {
        const style = (selector: string) => getComputedStyle(document.querySelector(selector)!);
        return {
          save: [style('.save').backgroundColor, style('.save').color],
          header: [style('.placeholder').backgroundColor, style('.placeholder').color],
        };
      });
      const rgb = (hex: string) => {
        const { r, g, b } = colord(hex).toRgb();
        return `rgb(${r}, ${g}, ${b})`;
      };
      const pair = [rgb(expected.background), rgb(expected.text)];
      expect(painted).toEqual({ save: pair, header: pair });
      const { violations, passed } = await runAxe(page, {
        runOnly: { type: 'rule', values: ['color-contrast'] },
      });
      expect(explain(violations)).toEqual([]);
      expect(passed).toContain('color-contrast');
      // The style attribute that carries the colours is within the card's CSP.
      expect(problems).toEqual([]);
      await page.close();
    },
  );
});

test('without an accent colour the header and Save keep the theme’s colours', async () => {
  const { page, problems } = await open(await writeCard('plain'));
  expect(
    await page.evaluate(() => [
      getComputedStyle(document.querySelector('.save')!).backgroundColor,
      getComputedStyle(document.querySelector('.placeholder')!).backgroundColor,
    ]),
  ).toEqual(['rgb(0, 0, 0)', 'rgb(232, 232, 232)']);
  expect(problems).toEqual([]);
  await page.close();
});

test('at 360 px no label of the card is split inside a word', async () => {
  const { page, problems } = await open(await writeCard('narrow'), {
    viewport: { width: 360, height: 800 },
  });
  const split = await page.evaluate(() => {
    // Buttons, links, captions and names; not the values a row shows (an e-mail may wrap).
    const labels = document.querySelectorAll(
      '.exchange, .save, .secondary, .linkItem, .rowCaption, .name, .headline, .location',
    );
    const found: string[] = [];
    let words = 0;
    for (const label of labels) {
      const walker = document.createTreeWalker(label, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const match of node.textContent!.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const lines = new Set(
            [...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)),
          );
          words++;
          if (lines.size > 1) found.push(match[0]);
        }
      }
    }
    return { found, words };
  });
  expect(split.found).toEqual([]);
  // The check saw the labels: Share, QR, Save, the exchange button, the links, the name...
  expect(split.words).toBeGreaterThan(25);
  expect(problems).toEqual([]);
  await page.close();
});

test("a tap on a link sends a beacon of the link's kind", async () => {
  const username = await writeCard('tap');
  const context = await browser().newContext({ viewport: PHONE_VIEWPORT });
  // The tab a link opens goes nowhere real.
  await context.route(/^https:\/\//, (route) =>
    route.fulfill({ status: 200, contentType: 'text/plain', body: 'elsewhere' }),
  );
  const page = await context.newPage();
  const beacons: Beacon[] = [];
  await page.route(`**${EVENTS_PATH}`, async (route) => {
    beacons.push(JSON.parse(route.request().postData() ?? 'null') as Beacon);
    await route.fulfill({ status: 204 });
  });
  await page.goto(`${baseUrl()}/${username}`, { waitUntil: 'load' });
  await page.locator('[data-event="booking"]').click();
  await page.locator('[data-event="link"]').click();
  await eventually(() => beacons.filter((b) => b.e !== 'view').length >= 2, {
    every: 25,
    what: 'two tap beacons',
  });
  expect(beacons.filter((b) => b.e !== 'view').map((b) => [b.u, b.e])).toEqual([
    [username, 'booking'],
    [username, 'link'],
  ]);
  await context.close();
});
