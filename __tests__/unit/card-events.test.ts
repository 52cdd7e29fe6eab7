/**
 * @jest-environment jsdom
 */
// What the card's script counts (browser/card/events.ts), on the card's own HTML in
// jsdom with navigator.sendBeacon recorded: nothing before the load event, one view after it, the
// right event for each tap, each with the card's stats key from its HTML (none if it has none),
// `q:1` only from the QR code's URL (then taken off the address bar), `l:"en"` only on the English
// card's view,
// and a contact sent counted by the sheet only once its write succeeded. The same in Chromium
// against the production build: e2e/card-events.test.ts.
import { act, screen, waitFor, within } from '@testing-library/react';
import { enhanceCard } from '@/browser/card/card-script';
import { sendContact } from '@/browser/visitor-contact';
import { normaliseProfile, toPublicProfile } from '@/lib/profile';
import { LINK_KINDS } from '@/lib/card-links';
import { beaconBody, EVENTS_PATH, MAX_BEACON_BYTES, type Beacon } from '@/lib/stats/events';
import { countersOf, parseBeacon } from '@/server/stats/beacon';
import { renderCardBody } from '../helpers/card';
import * as island from './support/card-script';
import { expectConsole } from '@/__tests__/helpers/console';

jest.mock('@/browser/visitor-contact', () => ({
  sendContact: jest.fn(),
  prepareContactWrite: jest.fn(),
}));
const send = sendContact as jest.MockedFunction<typeof sendContact>;

/** Every beacon the page sent, as [path, parsed body]. */
let beacons: Array<[string, Beacon]>;

beforeAll(() => {
  island.standInForResizeObserver();
  // jsdom has neither modal dialogs nor beacons: stand-ins for what the browser does.
  HTMLDialogElement.prototype.showModal = function () {
    this.open = true;
  };
  HTMLDialogElement.prototype.close = function () {
    this.open = false;
  };
});

beforeEach(() => {
  beacons = [];
  Object.defineProperty(navigator, 'sendBeacon', {
    configurable: true,
    value: (path: string, body: string) => {
      beacons.push([path, JSON.parse(body) as Beacon]);
      return true;
    },
  });
  send.mockReset();
  // A link's navigation is not what is tested here (and jsdom does not navigate).
  document.addEventListener('click', preventNavigation, true);
  history.replaceState(null, '', '/maria');
});

afterEach(() => {
  jest.restoreAllMocks();
  document.removeEventListener('click', preventNavigation, true);
  Reflect.deleteProperty(navigator, 'sendBeacon');
});

function preventNavigation(event: Event) {
  if (event.target instanceof Element && event.target.closest('a')) event.preventDefault();
}

const MARIA = toPublicProfile(
  normaliseProfile('maria', {
    firstName: 'Μαρία',
    lastName: 'Παπαδοπούλου',
    email: 'maria@example.gr',
    phoneNumber: '+30 691 234 5678',
    address: 'Ερμού 45, Αθήνα',
    websiteLink: 'https://www.example.gr',
    facebookLink: 'https://www.facebook.com/example',
    instagramLink: 'https://www.instagram.com/example',
    mobileNumber: '+30 697 111 2233',
    links: [
      { kind: 'linkedin', url: 'https://www.linkedin.com/in/maria' },
      { kind: 'tripadvisor', url: 'https://www.tripadvisor.com.gr/Restaurant-maria' },
      { kind: 'link', url: 'https://shop.example.gr/', label: 'Κατάστημα' },
    ],
  }),
);

/** The card, enhanced, with a load event the test fires itself (`load()`). */
function renderCard() {
  const loaded: Array<() => void> = [];
  const user = island.renderEnhancedCard(MARIA, (task) => loaded.push(task));
  return { user, load: () => loaded.splice(0).forEach((task) => task()) };
}

const events = () => beacons.map(([, beacon]) => beacon.e);
const KEY = island.STATS_KEY;

describe('the view', () => {
  test('nothing is sent before the load event; exactly one view after it, to EVENTS_PATH', () => {
    jest.useFakeTimers();
    // The real scheduler (after-load.ts), on a document still loading.
    const readyState = jest.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    try {
      renderCardBody(MARIA, island.ASSETS, island.STATS_KEY);
      island.enhanceRenderedCard();
      jest.advanceTimersByTime(60_000);
      expect(beacons).toEqual([]);

      readyState.mockReturnValue('complete');
      window.dispatchEvent(new Event('load'));
      // Not inside the load event's own handlers: in a task after them.
      expect(beacons).toEqual([]);
      jest.advanceTimersByTime(0);
      expect(beacons).toEqual([[EVENTS_PATH, { u: 'maria', k: KEY, e: 'view' }]]);

      window.dispatchEvent(new Event('load'));
      jest.advanceTimersByTime(60_000);
      expect(beacons).toHaveLength(1);
    } finally {
      jest.useRealTimers();
    }
  });

  test('opened from the QR code: the view carries q:1 and ?src=qr leaves the address bar', () => {
    history.replaceState(null, '', '/maria?src=qr&utm=x#top');
    const { load } = renderCard();
    // Gone at once, before the load event: a link copied from the address bar is a plain one.
    expect(location.pathname + location.search + location.hash).toBe('/maria?utm=x#top');
    load();
    expect(beacons).toEqual([[EVENTS_PATH, { u: 'maria', k: KEY, e: 'view', q: 1 }]]);
  });

  test('opened from the wallet pass: the view carries w:1 and ?src=wallet leaves the address bar', () => {
    history.replaceState(null, '', '/maria?utm=x&src=wallet');
    const { load } = renderCard();
    expect(location.pathname + location.search).toBe('/maria?utm=x');
    load();
    expect(beacons).toEqual([[EVENTS_PATH, { u: 'maria', k: KEY, e: 'view', w: 1 }]]);
  });

  test('on the English card (<html lang="en">) the view carries l:"en", its taps do not; Greek, none', async () => {
    const root = document.documentElement;
    try {
      root.lang = 'en';
      history.replaceState(null, '', '/maria/en?src=qr');
      const { user, load } = renderCard();
      load();
      await user.click(screen.getByRole('link', { name: /\+30 691 234 5678/ }));
      expect(beacons).toEqual([
        [EVENTS_PATH, { u: 'maria', k: KEY, e: 'view', q: 1, l: 'en' }],
        [EVENTS_PATH, { u: 'maria', k: KEY, e: 'phone' }],
      ]);

      beacons = [];
      root.lang = 'el';
      history.replaceState(null, '', '/maria');
      renderCard().load();
      expect(beacons).toEqual([[EVENTS_PATH, { u: 'maria', k: KEY, e: 'view' }]]);
    } finally {
      root.removeAttribute('lang');
    }
  });

  test("a card's HTML without a stats key: its beacons carry none", () => {
    renderCardBody(MARIA, island.ASSETS);
    island.enhanceRenderedCard((task) => task());
    expect(beacons).toEqual([[EVENTS_PATH, { u: 'maria', e: 'view' }]]);
  });

  test('without ?src=qr, or with another source, the view has no q and the address stays', () => {
    for (const url of ['/maria', '/maria?src=nfc', '/maria?src=toString', '/maria?src=Wallet']) {
      beacons = [];
      history.replaceState(null, '', url);
      renderCard().load();
      expect([url, beacons]).toEqual([url, [[EVENTS_PATH, { u: 'maria', k: KEY, e: 'view' }]]]);
      expect(location.pathname + location.search).toBe(url);
    }
  });
});

describe('taps', () => {
  test.each([
    ['phone', 'phone', /^tel:/],
    ['email', 'email', /^mailto:/],
    ['website', 'website', /^https:\/\/www\.example\.gr/],
    ['address', 'map', /^https:\/\/www\.google\.com\/maps/],
  ])('the %s row is marked and counted as %s', async (row, event, href) => {
    const { user, load } = renderCard();
    load();
    const link = document.querySelector<HTMLAnchorElement>(`[data-row="${row}"] a`)!;
    expect(link.getAttribute('href')).toMatch(href);
    expect(link.dataset.event).toBe(event);
    // A tap on what is inside the link (its icon, its text) counts as the link.
    await user.click(link.querySelector('.rowValue')!);
    expect(events()).toEqual(['view', event]);
  });

  test.each(['facebook', 'instagram', 'viber', 'whatsapp'])(
    'the %s link is marked and counted as itself',
    async (network) => {
      const { user, load } = renderCard();
      load();
      const link = document.querySelector<HTMLAnchorElement>(`[data-social="${network}"]`)!;
      expect(link.dataset.event).toBe(network);
      await user.click(link.querySelector('svg')!);
      expect(events()).toEqual(['view', network]);
    },
  );

  test.each(['linkedin', 'tripadvisor', 'link'])(
    'the %s link of the owner is counted under its kind',
    async (kind) => {
      const { user, load } = renderCard();
      load();
      const link = document.querySelector<HTMLAnchorElement>(`[data-event="${kind}"]`)!;
      // On its icon or on its name: the link's tap.
      await user.click(link.querySelector('svg')!);
      await user.click(link.querySelector('span')!);
      expect(events()).toEqual(['view', kind, kind]);
    },
  );

  test.each(LINK_KINDS)(
    'a %s tap is an event the endpoint takes, added to its own counter, within the body limit',
    (kind) => {
      const body = beaconBody({ username: 'a'.repeat(30), key: KEY }, kind);
      expect(new TextEncoder().encode(body).length).toBeLessThanOrEqual(MAX_BEACON_BYTES);
      expect(countersOf(parseBeacon(body)!)).toEqual([`${kind}Taps`]);
    },
  );

  test('the mobile row is counted as a phone tap', async () => {
    const { user, load } = renderCard();
    load();
    await user.click(document.querySelector('[data-row="mobile"] .rowValue')!);
    expect(events()).toEqual(['view', 'phone']);
  });

  test('a tap before the load event is sent at once; the view still waits for load', async () => {
    const { user, load } = renderCard();
    await user.click(screen.getByRole('link', { name: /WhatsApp/ }));
    expect(events()).toEqual(['whatsapp']);
    load();
    expect(events()).toEqual(['whatsapp', 'view']);
  });

  test('a tap elsewhere on the card sends nothing', async () => {
    const { user, load } = renderCard();
    load();
    await user.click(screen.getByRole('heading', { name: 'Μαρία Παπαδοπούλου' }));
    await user.click(document.querySelector('[data-row="phone"] .rowIcon')!.closest('li')!);
    expect(events()).toEqual(['view']);
  });

  test('Save contact: one save per download started, none for a tap while it is busy', async () => {
    expectConsole('error', /vCard: HTTP/);
    type Answer = { ok: boolean; status: number };
    let answer: (res: Answer) => void = () => {};
    Object.assign(globalThis, {
      fetch: jest.fn(() => new Promise<Answer>((resolve) => (answer = resolve))),
    });
    const { user, load } = renderCard();
    load();
    const save = screen.getByRole('link', { name: 'Αποθήκευση Επαφής' });
    await user.click(save);
    await user.click(save);
    expect(events()).toEqual(['view', 'save']);
    await act(async () => answer({ ok: false, status: 503 }));
  });

  test('Share and the QR dialog each send their event', async () => {
    const { user, load } = renderCard();
    load();
    await user.click(screen.getByRole('button', { name: 'Κοινοποίηση' }));
    expect(events()).toEqual(['view', 'share']);
    await user.click(screen.getByRole('link', { name: 'Κωδικός QR' }));
    expect(screen.getByRole('dialog', { name: 'Σαρώστε με την κάμερα του κινητού' })).toBeVisible();
    expect(events()).toEqual(['view', 'share', 'qr']);
  });
});

describe('the exchange sheet', () => {
  const { openSheet } = island;

  test('opening sends sheet; a contact sent sends exchange once the write has succeeded', async () => {
    let finish: (id: string) => void = () => {};
    send.mockImplementation(() => new Promise<string>((resolve) => (finish = resolve)));
    const { user, load } = renderCard();
    load();
    const dialog = await openSheet(user);
    expect(events()).toEqual(['view', 'sheet']);
    await user.type(within(dialog).getByLabelText('Όνομα'), 'Γιώργος');
    await user.type(within(dialog).getByLabelText('Email'), 'g@example.gr');
    await user.click(within(dialog).getByRole('button', { name: 'Αποστολή' }));
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    expect(events()).toEqual(['view', 'sheet']);
    await act(async () => finish('id'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(beacons.at(-1)).toEqual([EVENTS_PATH, { u: 'maria', k: KEY, e: 'exchange' }]);
    expect(events()).toEqual(['view', 'sheet', 'exchange']);
  });

  test('a failed write counts no exchange; the plain form counts its opening though the sheet cannot load', async () => {
    expectConsole('error', /Contact exchange failed/);
    expectConsole('error', /offline/);
    send.mockRejectedValue(new Error('PERMISSION_DENIED'));
    const { user, load } = renderCard();
    load();
    const dialog = await openSheet(user);
    await user.type(within(dialog).getByLabelText('Όνομα'), 'Γιώργος');
    await user.type(within(dialog).getByLabelText('Email'), 'g@example.gr');
    await user.click(within(dialog).getByRole('button', { name: 'Αποστολή' }));
    await within(dialog).findByRole('alert');
    expect(events()).toEqual(['view', 'sheet']);

    beacons = [];
    renderCardBody(MARIA, island.ASSETS);
    enhanceCard(
      document.querySelector('main')!,
      () => Promise.reject(new Error('offline')),
      island.neverIdle,
      () => {},
      island.NO_PAUSE,
    );
    await user.click(screen.getByRole('button', { name: 'Ανταλλαγή Επαφής' }));
    await screen.findByText(/Η φόρμα δεν φόρτωσε πλήρως/);
    expect(events()).toEqual(['sheet']);
  });
});

test('without navigator.sendBeacon nothing is sent and nothing breaks', async () => {
  Reflect.deleteProperty(navigator, 'sendBeacon');
  expect('sendBeacon' in navigator).toBe(false);
  const { user, load } = renderCard();
  load();
  await user.click(screen.getByRole('link', { name: /WhatsApp/ }));
  await user.click(screen.getByRole('link', { name: 'Κωδικός QR' }));
  expect(screen.getByRole('dialog', { name: 'Σαρώστε με την κάμερα του κινητού' })).toBeVisible();
  expect(beacons).toEqual([]);
});
