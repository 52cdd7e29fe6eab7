import { countersOf, parseBeacon } from '@/server/stats/beacon';
import { readCappedText } from '@/server/request-body';
import { CARD_EVENTS, MAX_BEACON_BYTES, beaconBody, type CardEvent } from '@/lib/stats/events';

describe('parseBeacon: the closed list, or nothing', () => {
  test.each(Object.keys(CARD_EVENTS) as CardEvent[])(
    'every event the script sends: %s',
    (event) => {
      expect(parseBeacon(beaconBody('maria', event))).toEqual({
        username: 'maria',
        event,
        fromQr: false,
      });
    },
  );

  test('a view from the QR code, and the counters it adds to', () => {
    const beacon = parseBeacon(beaconBody('maria', 'view', true));
    expect(beacon).toEqual({ username: 'maria', event: 'view', fromQr: true });
    expect(countersOf(beacon!)).toEqual(['views', 'qrViews']);
    expect(countersOf(parseBeacon(beaconBody('maria', 'save'))!)).toEqual(['saves']);
  });

  test('a Greek name, decoded or as its URL spells it', () => {
    expect(parseBeacon('{"u":"μαρία","e":"view"}')?.username).toBe('μαρία');
    expect(parseBeacon(`{"u":"${encodeURIComponent('μαρία')}","e":"view"}`)?.username).toBe(
      'μαρία',
    );
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
    ['a reserved name', '{"u":"api","e":"view"}'],
    ['a path', '{"u":"maria/stats","e":"view"}'],
    ['an encoded slash', '{"u":"maria%2Fx","e":"view"}'],
    ['a malformed encoding', '{"u":"%E0%A4%A","e":"view"}'],
    ['an empty name', '{"u":"","e":"view"}'],
    ['a control character', '{"u":"ma\\u0000ria","e":"view"}'],
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
    expect(await readCappedText(post(beaconBody('maria', 'view', true)), MAX_BEACON_BYTES)).toEqual(
      {
        ok: true,
        text: '{"u":"maria","e":"view","q":1}',
      },
    );
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
