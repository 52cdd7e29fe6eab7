import { readCard, waitForCardChange } from '@/browser/owner/live-check';

function fakeSite(pages: Array<Record<string, string>>) {
  let call = 0;
  const requested: string[] = [];
  const fetchImpl = (async (input: RequestInfo | URL) => {
    const path = String(input);
    requested.push(path);
    // Each readCard asks for the page and the vCard: one "moment" of the site per pair.
    const moment = pages[Math.min(Math.floor(call++ / 2), pages.length - 1)];
    if (moment[path] === undefined) throw new Error('offline');
    return new Response(moment[path], { status: 200 });
  }) as typeof fetch;
  return { fetchImpl, requested };
}

const OLD = { '/maria': 'Αρχιτέκτονας', '/maria/vcard': 'TITLE:Αρχιτέκτονας' };
const NEW = { '/maria': 'Πολεοδόμος', '/maria/vcard': 'TITLE:Πολεοδόμος' };

test('reads the card’s page and vCard', async () => {
  const { fetchImpl, requested } = fakeSite([OLD]);
  expect(await readCard('maria', fetchImpl)).toEqual({
    page: '200\nΑρχιτέκτονας',
    vcard: '200\nTITLE:Αρχιτέκτονας',
  });
  expect(requested.sort()).toEqual(['/maria', '/maria/vcard']);
});

test('resolves once the card differs from before', async () => {
  const { fetchImpl } = fakeSite([OLD, OLD, OLD, NEW]);
  const before = await readCard('maria', fetchImpl);
  const ms = await waitForCardChange('maria', before, { fetchImpl, intervalMs: 5 });
  expect(ms).not.toBeNull();
});

test('a change of the vCard alone counts (the photo is only there)', async () => {
  const { fetchImpl } = fakeSite([OLD, { ...OLD, '/maria/vcard': 'PHOTO:…' }]);
  const before = await readCard('maria', fetchImpl);
  expect(await waitForCardChange('maria', before, { fetchImpl, intervalMs: 5 })).not.toBeNull();
});

test('a failed read is not a change, and it gives up after the timeout', async () => {
  const { fetchImpl } = fakeSite([OLD, {}, OLD]);
  const before = await readCard('maria', fetchImpl);
  expect(
    await waitForCardChange('maria', before, { fetchImpl, intervalMs: 5, timeoutMs: 100 }),
  ).toBeNull();
});

test('stops when aborted', async () => {
  const { fetchImpl } = fakeSite([OLD]);
  const before = await readCard('maria', fetchImpl);
  const controller = new AbortController();
  controller.abort();
  expect(
    await waitForCardChange('maria', before, { fetchImpl, signal: controller.signal }),
  ).toBeNull();
});
