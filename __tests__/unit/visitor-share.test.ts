import { SCRIPT_TEXTS } from '@/browser/card/script-texts';
import { copyLink, shareLink, shareMessage, type ShareApis } from '@/lib/share';

const data = { title: 'Μαρία Παπαδοπούλου', url: 'https://karta.example/maria' };

function apis(overrides: Partial<Record<keyof ShareApis, unknown>> = {}) {
  const written: string[] = [];
  const shared: unknown[] = [];
  const value = {
    share: jest.fn(async (d: unknown) => void shared.push(d)),
    canShare: jest.fn(() => true),
    clipboard: { writeText: jest.fn(async (text: string) => void written.push(text)) },
    ...overrides,
  } as unknown as ShareApis;
  return { value, written, shared };
}

test('the share sheet where there is one; nothing is copied', async () => {
  const { value, written, shared } = apis();
  await expect(shareLink(data, value)).resolves.toBe('shared');
  expect(shared).toEqual([data]);
  expect(written).toEqual([]);
});

test('without the Web Share API, the link is copied', async () => {
  const { value, written } = apis({ share: undefined, canShare: undefined });
  await expect(shareLink(data, value)).resolves.toBe('copied');
  expect(written).toEqual([data.url]);
});

test('a share sheet that cannot share this data: copied instead', async () => {
  const { value, written } = apis({ canShare: () => false });
  await expect(shareLink(data, value)).resolves.toBe('copied');
  expect(written).toEqual([data.url]);
});

test('closing the share sheet is not a failure and copies nothing', async () => {
  const abort = Object.assign(new Error('cancelled'), { name: 'AbortError' });
  const { value, written } = apis({ share: async () => Promise.reject(abort) });
  await expect(shareLink(data, value)).resolves.toBe('cancelled');
  expect(written).toEqual([]);
});

test('a refused share falls back to the clipboard', async () => {
  const refused = Object.assign(new Error('no'), { name: 'NotAllowedError' });
  const { value, written } = apis({ share: async () => Promise.reject(refused) });
  await expect(shareLink(data, value)).resolves.toBe('copied');
  expect(written).toEqual([data.url]);
});

test('no clipboard, or a refused one: failed, and the message shows the address', async () => {
  const none = apis({ share: undefined, clipboard: undefined });
  await expect(shareLink(data, none.value)).resolves.toBe('failed');
  const refused = apis({
    clipboard: { writeText: async () => Promise.reject(new Error('denied')) },
  });
  await expect(copyLink(data.url, refused.value)).resolves.toBe(false);
  const { share: el } = SCRIPT_TEXTS.el;
  expect(shareMessage('failed', data.url, el)).toContain(data.url);
  expect(shareMessage('copied', data.url, el)).toBe('Ο σύνδεσμος της κάρτας αντιγράφηκε');
  expect(shareMessage('shared', data.url, el)).toBe('');
  expect(shareMessage('cancelled', data.url, el)).toBe('');
  const { share: en } = SCRIPT_TEXTS.en;
  expect(shareMessage('failed', data.url, en)).toBe(
    `The link could not be copied. The card's link: ${data.url}`,
  );
  expect(shareMessage('copied', data.url, en)).toBe("The card's link has been copied");
});
