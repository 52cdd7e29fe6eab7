import { countersOf, parseBeacon } from '@/server/stats/beacon';
import { readCappedText } from '@/server/request-body';
import { CARD_LANGUAGES, DEFAULT_LANGUAGE } from '@/lib/routes';
import {
  CARD_EVENTS,
  ENGLISH,
  MAX_BEACON_BYTES,
  beaconBody,
  type CardEvent,
} from '@/lib/stats/events';
import { cardKey, isCardKey } from '@/server/stats/card-key';

const SECRET = 'a-revalidate-secret';
const MARIA = { username: 'maria', key: cardKey(SECRET, 'maria') };

describe('parseBeacon: the closed list, or nothing', () => {
  test.each(Object.keys(CARD_EVENTS) as CardEvent[])(
    'every event the script sends: %s',
    (event) => {
      expect(parseBeacon(beaconBody(MARIA, event))).toEqual({
        username: 'maria',
        key: MARIA.key,
        event,
        source: undefined,
      });
    },
  );

  test('a view from the QR code, and the counters it adds to', () => {
    const beacon = parseBeacon(beaconBody(MARIA, 'view', 'qr'));
    expect(beacon).toEqual({ username: 'maria', key: MARIA.key, event: 'view', source: 'qr' });
    expect(countersOf(beacon!)).toEqual(['views', 'qrViews']);
    expect(countersOf(parseBeacon(beaconBody(MARIA, 'save'))!)).toEqual(['saves']);
  });

  test('a view from the wallet pass: "w":1, counted in walletViews', () => {
    const body = beaconBody(MARIA, 'view', 'wallet');
    expect(body).toBe(`{"u":"maria","k":"${MARIA.key}","e":"view","w":1}`);
    const beacon = parseBeacon(body);
    expect(beacon).toEqual({ username: 'maria', key: MARIA.key, event: 'view', source: 'wallet' });
    expect(countersOf(beacon!)).toEqual(['views', 'walletViews']);
  });

  test('a view of the English card: "l":"en", counted in enViews beside the views and its source', () => {
    const english = { ...MARIA, lang: 'en' };
    const body = beaconBody(english, 'view');
    expect(body).toBe(`{"u":"maria","k":"${MARIA.key}","e":"view","l":"en"}`);
    const beacon = parseBeacon(body);
    expect(beacon).toEqual({
      username: 'maria',
      key: MARIA.key,
      event: 'view',
      source: undefined,
      lang: 'en',
    });
    expect(countersOf(beacon!)).toEqual(['views', 'enViews']);
    expect(countersOf(parseBeacon(beaconBody(english, 'view', 'qr'))!)).toEqual([
      'views',
      'qrViews',
      'enViews',
    ]);
    // The Greek card's view is as it always was: no language, no enViews.
    const greek = beaconBody({ ...MARIA, lang: 'el' }, 'view');
    expect(greek).toBe(beaconBody(MARIA, 'view'));
    expect(countersOf(parseBeacon(greek)!)).toEqual(['views']);
    // A tap on the English card is a tap: no language.
    expect(beaconBody(english, 'phone')).toBe(beaconBody(MARIA, 'phone'));
  });

  test("the beacon's English is lib/routes.ts's", () => {
    expect(CARD_LANGUAGES.filter((lang) => lang !== DEFAULT_LANGUAGE)).toEqual([ENGLISH]);
  });

  test('a tap carries no source, whatever the address said', () => {
    expect(beaconBody(MARIA, 'save', 'wallet')).toBe(`{"u":"maria","k":"${MARIA.key}","e":"save"}`);
  });

  test("without a key (a card's HTML that has none): parsed, with none; the service counts nothing", () => {
    expect(parseBeacon(beaconBody({ username: 'maria' }, 'view'))).toEqual({
      username: 'maria',
      key: undefined,
      event: 'view',
      source: undefined,
    });
  });

  test("a name as the card's data-username holds it, never decoded: a `%` is its own", () => {
    expect(parseBeacon('{"u":"μαρία","e":"view"}')?.username).toBe('μαρία');
    expect(parseBeacon(`{"u":"${encodeURIComponent('μαρία')}","e":"view"}`)?.username).toBe(
      encodeURIComponent('μαρία'),
    );
    expect(parseBeacon('{"u":"maria%2Fx","e":"view"}')?.username).toBe('maria%2Fx');
  });

  test.each([
    ['not JSON', '{"u":"maria","e":"view"'],
    ['empty', ''],
    ['an array', '[{"u":"maria","e":"view"}]'],
    ['null', 'null'],
    ['a string', '"maria"'],
    ['an unknown event', '{"u":"maria","e":"purchase"}'],
    ['an inherited name as event', '{"u":"maria","e":"toString"}'],
    ['an event of another type', '{"u":"maria","e":1}'],
    ['no event', '{"u":"maria"}'],
    ['no username', '{"e":"view"}'],
    ['a username that is not a string', '{"u":["maria"],"e":"view"}'],
    ['an extra field', '{"u":"maria","e":"view","ip":"1.2.3.4"}'],
    ['q other than 1', '{"u":"maria","e":"view","q":true}'],
    ['q on an event other than a view', '{"u":"maria","e":"save","q":1}'],
    ['w other than 1', '{"u":"maria","e":"view","w":"1"}'],
    ['w on an event other than a view', '{"u":"maria","e":"phone","w":1}'],
    ['two sources at once', '{"u":"maria","e":"view","q":1,"w":1}'],
    ['a language other than English', '{"u":"maria","e":"view","l":"el"}'],
    ['a language that is not a string', '{"u":"maria","e":"view","l":1}'],
    ['a language on an event other than a view', '{"u":"maria","e":"save","l":"en"}'],
    ['a reserved name', '{"u":"api","e":"view"}'],
    ['a path', '{"u":"maria/stats","e":"view"}'],
    ['an empty name', '{"u":"","e":"view"}'],
    ['a control character', '{"u":"ma\\u0000ria","e":"view"}'],
    ['a key that is not a string', '{"u":"maria","k":123,"e":"view"}'],
    ['a key of the wrong length', `{"u":"maria","k":"${MARIA.key}x","e":"view"}`],
    [
      'a key with a character base64url has not',
      `{"u":"maria","k":"${'+'.repeat(22)}","e":"view"}`,
    ],
  ])('refused: %s', (_, text) => {
    expect(parseBeacon(text)).toBeNull();
  });
});

describe('readCappedText: the body up to MAX_BEACON_BYTES', () => {
  const post = (body: BodyInit, headers: HeadersInit = {}) =>
    new Request('http://karta.test/api/events', {
      method: 'POST',
      body,
      headers,
      duplex: 'half',
    } as RequestInit);

  /** A body sent in chunks, with no Content-Length, as a client streaming it would. */
  function streamed(chunks: string[]): ReadableStream<Uint8Array> {
    const encoder = new TextEncoder();
    return new ReadableStream({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
        controller.close();
      },
    });
  }

  test('a beacon is read whole', async () => {
    expect(await readCappedText(post(beaconBody(MARIA, 'view', 'qr')), MAX_BEACON_BYTES)).toEqual({
      ok: true,
      text: `{"u":"maria","k":"${MARIA.key}","e":"view","q":1}`,
    });
  });

  test('exactly the limit passes, one byte more does not', async () => {
    const exact = 'x'.repeat(MAX_BEACON_BYTES);
    expect(await readCappedText(post(exact), MAX_BEACON_BYTES)).toEqual({ ok: true, text: exact });
    expect(await readCappedText(post(`${exact}x`), MAX_BEACON_BYTES)).toEqual({ ok: false });
  });

  test('the limit is in bytes, not characters', async () => {
    const greek = 'μ'.repeat(MAX_BEACON_BYTES / 2 + 1);
    expect(await readCappedText(post(greek), MAX_BEACON_BYTES)).toEqual({ ok: false });
  });

  test('a declared length over the limit is refused before reading', async () => {
    const request = post('{}', { 'content-length': String(MAX_BEACON_BYTES + 1) });
    expect(await readCappedText(request, MAX_BEACON_BYTES)).toEqual({ ok: false });
  });

  test('a streamed body with no length is counted as it arrives, and cut off', async () => {
    const chunks = Array.from({ length: 10 }, () => 'y'.repeat(100));
    expect(await readCappedText(post(streamed(chunks)), MAX_BEACON_BYTES)).toEqual({ ok: false });
    expect(
      await readCappedText(post(streamed(['{"u":', '"maria","e":"view"}'])), MAX_BEACON_BYTES),
    ).toEqual({
      ok: true,
      text: '{"u":"maria","e":"view"}',
    });
  });

  test('a declared length that lies low does not help', async () => {
    const chunks = Array.from({ length: 10 }, () => 'y'.repeat(100));
    const request = post(streamed(chunks), { 'content-length': '10' });
    expect(await readCappedText(request, MAX_BEACON_BYTES)).toEqual({ ok: false });
  });
});

describe("a card's stats key", () => {
  test('22 base64url characters, the same for the same name and secret', () => {
    expect(MARIA.key).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(cardKey(SECRET, 'maria')).toBe(MARIA.key);
    expect(isCardKey(SECRET, 'maria', MARIA.key)).toBe(true);
  });

  test("another card's key, another secret's, or a near miss is not the card's", () => {
    expect(isCardKey(SECRET, 'nikos', MARIA.key)).toBe(false);
    expect(isCardKey('another-secret', 'maria', MARIA.key)).toBe(false);
    const nearMiss = `${MARIA.key.slice(0, -1)}${MARIA.key.endsWith('A') ? 'B' : 'A'}`;
    expect(isCardKey(SECRET, 'maria', nearMiss)).toBe(false);
    expect(isCardKey(SECRET, 'maria', '')).toBe(false);
  });

  test('a Greek name has its own key, computed on the name as stored', () => {
    const key = cardKey(SECRET, 'μαρία');
    expect(isCardKey(SECRET, 'μαρία', key)).toBe(true);
    expect(key).not.toBe(MARIA.key);
  });
});
