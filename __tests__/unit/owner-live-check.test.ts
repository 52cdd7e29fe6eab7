import { readCard, waitForCardChange } from '@/browser/owner/live-check';
import { CARD_LANGUAGES } from '@/lib/routes';

function fakeSite(pages: Array<Record<string, string>>) {
  let call = 0;
  const requested: string[] = [];
  const fetchImpl = (async (input: RequestInfo | URL) => {
    const path = String(input);
    requested.push(path);
    // Each read of the card asks for the page and the vCard in both languages: one "moment" of the
    // site per four reads. An address a moment does not list is offline.
    const moment = pages[Math.min(Math.floor(call++ / 4), pages.length - 1)];
    if (moment[path] === undefined) throw new Error('offline');
    return new Response(moment[path], { status: 200 });
  }) as typeof fetch;
  return { fetchImpl, requested };
}

const OLD = {
  '/maria': 'Αρχιτέκτονας',
  '/maria/vcard': 'TITLE:Αρχιτέκτονας',
  '/maria/en': 'Architektonas',
  '/maria/en/vcard': 'TITLE:Architektonas',
};
const NEW = { ...OLD, '/maria': 'Πολεοδόμος', '/maria/vcard': 'TITLE:Πολεοδόμος' };

test('reads the card’s page and vCard in each language', async () => {
  const { fetchImpl, requested } = fakeSite([OLD]);
  expect(await readCard('maria', { languages: CARD_LANGUAGES, fetchImpl })).toEqual({
    '/maria': '200\nΑρχιτέκτονας',
    '/maria/vcard': '200\nTITLE:Αρχιτέκτονας',
    '/maria/en': '200\nArchitektonas',
    '/maria/en/vcard': '200\nTITLE:Architektonas',
  });
  expect(requested.sort()).toEqual(['/maria', '/maria/en', '/maria/en/vcard', '/maria/vcard']);
});

test('reads the Greek card alone unless told', async () => {
  const { fetchImpl, requested } = fakeSite([OLD]);
  expect(Object.keys(await readCard('maria', { fetchImpl }))).toEqual(['/maria', '/maria/vcard']);
  expect(requested).toEqual(['/maria', '/maria/vcard']);
});

test('a change of the English card alone counts (an edit of English words)', async () => {
  const { fetchImpl } = fakeSite([OLD, OLD, { ...OLD, '/maria/en': 'Architect' }]);
  const before = await readCard('maria', { languages: CARD_LANGUAGES, fetchImpl });
  expect(await waitForCardChange(before, { fetchImpl, intervalMs: 5 })).not.toBeNull();
});

test('resolves once the card differs from before', async () => {
  const { fetchImpl } = fakeSite([OLD, OLD, OLD, NEW]);
  const before = await readCard('maria', { languages: CARD_LANGUAGES, fetchImpl });
  const ms = await waitForCardChange(before, { fetchImpl, intervalMs: 5 });
  expect(ms).not.toBeNull();
});

test('a change of the vCard alone counts (the photo is only there)', async () => {
  const { fetchImpl } = fakeSite([OLD, { ...OLD, '/maria/vcard': 'PHOTO:…' }]);
  const before = await readCard('maria', { languages: CARD_LANGUAGES, fetchImpl });
  expect(await waitForCardChange(before, { fetchImpl, intervalMs: 5 })).not.toBeNull();
});

test('a failed read is not a change, and it gives up after the timeout', async () => {
  const { fetchImpl } = fakeSite([OLD, {}, OLD]);
  const before = await readCard('maria', { languages: CARD_LANGUAGES, fetchImpl });
  expect(await waitForCardChange(before, { fetchImpl, intervalMs: 5, timeoutMs: 100 })).toBeNull();
});

test('stops when aborted', async () => {
  const { fetchImpl } = fakeSite([OLD]);
  const before = await readCard('maria', { languages: CARD_LANGUAGES, fetchImpl });
  const controller = new AbortController();
  controller.abort();
  expect(await waitForCardChange(before, { fetchImpl, signal: controller.signal })).toBeNull();
});
