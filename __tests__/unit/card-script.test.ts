/**
 * @jest-environment jsdom
 */
// The card's script on the card's own HTML in jsdom: the contact-exchange sheet, Save contact,
// Share and QR. Only the Firestore write is replaced (a narrow unit test), and the sheet is
// imported as a module instead of fetched by URL; real writes and the real fetch are covered in
// Chromium against the emulator in e2e/.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { enhanceCard, TYPING_PAUSE_MS } from '@/browser/card/card-script';
import { SCRIPT_TEXTS } from '@/browser/card/script-texts';
import { sendContact } from '@/browser/visitor-contact';
import type { SheetOptions } from '@/browser/card/sheet';
import { cardInLanguage } from '@/lib/card-language';
import { normaliseProfile, toPublicProfile } from '@/lib/profile';
import { cardUrl } from '@/lib/routes';
import { renderCardBody } from '../helpers/card';
import * as island from './support/card-script';
import { expectConsole } from '@/__tests__/helpers/console';

jest.mock('@/browser/visitor-contact', () => ({
  sendContact: jest.fn(),
  prepareContactWrite: jest.fn(),
}));
const send = sendContact as jest.MockedFunction<typeof sendContact>;

beforeAll(island.standInForResizeObserver);

beforeEach(() => {
  send.mockReset();
});
afterEach(() => {
  jest.restoreAllMocks();
});

const MARIA = toPublicProfile(
  normaliseProfile('maria', { firstName: 'Μαρία', lastName: 'Παπαδοπούλου' }),
);

const renderActions = () => island.renderEnhancedCard(MARIA);

const { openSheet } = island;

test('the sheet opens with its title and labelled fields, focus inside, and closes with its button', async () => {
  const user = renderActions();
  expect(screen.queryByRole('dialog')).toBeNull();
  const dialog = await openSheet(user);
  expect(dialog).toHaveAttribute('aria-modal', 'true');
  const name = within(dialog).getByLabelText('Όνομα');
  expect(name).toHaveAttribute('placeholder', 'Όνομα');
  expect(within(dialog).getByLabelText('Email')).toHaveAttribute('placeholder', 'Email');
  const phone = within(dialog).getByLabelText('Τηλέφωνο');
  expect(phone).toHaveAttribute('inputmode', 'tel');
  await waitFor(() => expect(name).toHaveFocus());

  await user.click(within(dialog).getByRole('button', { name: 'Κλείσιμο' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(screen.getByRole('button', { name: 'Ανταλλαγή Επαφής' })).toHaveFocus();
});

test('Escape closes the sheet, and closing resets the form', async () => {
  const user = renderActions();
  let dialog = await openSheet(user);
  await user.type(within(dialog).getByLabelText('Όνομα'), 'Γιώργος');
  await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  dialog = await openSheet(user);
  expect(within(dialog).getByLabelText('Όνομα')).toHaveValue('');
});

test('no message before the first submit; then each rule speaks in Greek, re-checked on change', async () => {
  const user = renderActions();
  const dialog = await openSheet(user);
  const name = within(dialog).getByLabelText('Όνομα');
  const email = within(dialog).getByLabelText('Email');
  const phone = within(dialog).getByLabelText('Τηλέφωνο');

  await user.type(email, 'not-an-email');
  expect(within(dialog).queryByText('Συμπληρώστε σωστό email')).toBeNull();
  expect(email).not.toHaveAttribute('aria-invalid');

  await user.click(within(dialog).getByRole('button', { name: 'Αποστολή' }));
  const required = await within(dialog).findByText('Υποχρεωτικό πεδίο');
  expect(name).toHaveAttribute('aria-invalid', 'true');
  expect(name).toHaveAttribute('aria-describedby', required.id);
  expect(name.className).toMatch(/invalid/);
  const emailError = within(dialog).getByText('Συμπληρώστε σωστό email');
  expect(email).toHaveAttribute('aria-describedby', emailError.id);
  expect(phone).not.toHaveAttribute('aria-invalid');
  expect(send).not.toHaveBeenCalled();

  // After the first submit every change is checked again.
  await user.type(name, 'Γιώργος');
  await waitFor(() => expect(within(dialog).queryByText('Υποχρεωτικό πεδίο')).toBeNull());
  expect(name).not.toHaveAttribute('aria-invalid');
  await user.clear(email);
  await user.type(email, 'g@example.gr');
  await waitFor(() => expect(within(dialog).queryByText('Συμπληρώστε σωστό email')).toBeNull());
  await user.type(phone, '69a');
  expect(await within(dialog).findByText('Μόνο ψηφία, κενά και + στην αρχή')).toBeInTheDocument();
  expect(phone).toHaveAttribute('aria-invalid', 'true');
});

test('a spinner and a disabled button while sending; a double tap sends once; success closes and confirms', async () => {
  let finish: (id: string) => void = () => {};
  send.mockImplementation(() => new Promise<string>((resolve) => (finish = resolve)));
  const user = renderActions();
  const dialog = await openSheet(user);
  await user.type(within(dialog).getByLabelText('Όνομα'), '  Γιώργος ');
  await user.type(within(dialog).getByLabelText('Email'), 'g@example.gr');
  const submit = within(dialog).getByRole('button', { name: 'Αποστολή' });
  await user.dblClick(submit);
  await waitFor(() => expect(submit).toBeDisabled());
  expect(submit).toHaveAttribute('aria-busy', 'true');
  expect(submit.querySelector('.spinner')).not.toBeNull();
  expect(send).toHaveBeenCalledTimes(1);
  expect(send).toHaveBeenCalledWith('maria', { name: 'Γιώργος', email: 'g@example.gr' });

  await act(async () => finish('new-id'));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  const confirmations = screen
    .getAllByRole('status')
    .filter((status) => status.textContent === 'Τα στοιχεία σας στάλθηκαν');
  expect(confirmations).toHaveLength(1);
});

test('a failed write keeps every value, says so in Greek, logs it, and a retry works', async () => {
  expectConsole('error', /Contact exchange failed/);
  send.mockRejectedValueOnce(new Error('PERMISSION_DENIED')).mockResolvedValueOnce('id-2');
  const user = renderActions();
  const dialog = await openSheet(user);
  await user.type(within(dialog).getByLabelText('Όνομα'), 'Γιώργος');
  await user.type(within(dialog).getByLabelText('Email'), 'g@example.gr');
  await user.type(within(dialog).getByLabelText('Τηλέφωνο'), '+30 697 000 0000');
  await user.click(within(dialog).getByRole('button', { name: 'Αποστολή' }));

  expect(await within(dialog).findByRole('alert')).toHaveTextContent(
    'Η αποστολή απέτυχε. Δοκιμάστε ξανά.',
  );
  expect(within(dialog).getByLabelText('Όνομα')).toHaveValue('Γιώργος');
  expect(within(dialog).getByLabelText('Email')).toHaveValue('g@example.gr');
  expect(within(dialog).getByLabelText('Τηλέφωνο')).toHaveValue('+30 697 000 0000');
  expect(within(dialog).getByRole('button', { name: 'Αποστολή' })).toBeEnabled();

  await user.click(within(dialog).getByRole('button', { name: 'Αποστολή' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(send).toHaveBeenLastCalledWith('maria', {
    name: 'Γιώργος',
    email: 'g@example.gr',
    phone: '+30 697 000 0000',
  });
});

describe('Save contact', () => {
  test('is a plain link to the vCard, named after the first name', () => {
    renderActions();
    const link = screen.getByRole('link', { name: 'Αποθήκευση Επαφής' });
    expect(link).toHaveAttribute('href', '/maria/vcard');
    expect(link).toHaveAttribute('download', 'Μαρία.vcf');
  });

  test('a failed download shows a Greek message instead of doing nothing', async () => {
    expectConsole('error', /vCard: HTTP/);
    const fetchMock = jest.fn().mockResolvedValue({ ok: false, status: 503 });
    Object.assign(globalThis, { fetch: fetchMock });
    const user = renderActions();
    await user.click(screen.getByRole('link', { name: 'Αποθήκευση Επαφής' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(SCRIPT_TEXTS.el.saveFailed);
    expect(fetchMock).toHaveBeenCalledWith(new URL('/maria/vcard', location.href).href);
  });
});

test('the sheet says who receives the details, by first name, and links to the privacy page', async () => {
  const user = renderActions();
  const dialog = await openSheet(user);
  const line = within(dialog).getByText(/Τα στοιχεία σας πηγαίνουν μόνο/);
  expect(line).toHaveTextContent('Τα στοιχεία σας πηγαίνουν μόνο στον/στην Μαρία.');
  expect(within(line).getByRole('link', { name: 'Πώς προστατεύονται' })).toHaveAttribute(
    'href',
    '/privacy',
  );
});

test('Share without the Web Share API copies the canonical URL and confirms in Greek', async () => {
  const user = renderActions();
  // jsdom has no navigator.share; user-event provides a clipboard.
  expect('share' in navigator).toBe(false);
  await user.click(screen.getByRole('button', { name: 'Κοινοποίηση' }));
  await screen.findByText('Ο σύνδεσμος της κάρτας αντιγράφηκε');
  await expect(navigator.clipboard.readText()).resolves.toBe(cardUrl('maria'));
});

test('the QR button is a link to the QR route, so it works without scripts too', () => {
  renderActions();
  expect(screen.getByRole('link', { name: 'Κωδικός QR' })).toHaveAttribute('href', '/maria/qr.svg');
});

test('the QR button opens the code in a modal dialog; its close button closes it', async () => {
  // jsdom has no modal dialogs: what the browser does is stood in for, as in the e2e tests' real one.
  HTMLDialogElement.prototype.showModal = function () {
    this.open = true;
  };
  HTMLDialogElement.prototype.close = function () {
    this.open = false;
  };
  const user = renderActions();
  await user.click(screen.getByRole('link', { name: 'Κωδικός QR' }));
  const dialog = screen.getByRole('dialog', { name: 'Σαρώστε με την κάμερα του κινητού' });
  expect(within(dialog).getByRole('img')).toHaveAttribute('src', '/maria/qr.svg');
  await user.click(within(dialog).getByRole('button', { name: 'Κλείσιμο' }));
  expect(screen.queryByRole('dialog')).toBeNull();
});

test('when the sheet cannot be fetched, the plain form keeps what was typed, says so in Greek, and sending tries again', async () => {
  expectConsole('error', /offline/);
  const user = userEvent.setup();
  renderCardBody(MARIA, island.ASSETS);
  let offline = true;
  enhanceCard(
    document.querySelector('main')!,
    async () => {
      if (offline) throw new Error('offline');
      return island.loadSheetModule();
    },
    island.neverIdle,
    undefined,
    island.NO_PAUSE,
  );
  const button = screen.getByRole('button', { name: 'Ανταλλαγή Επαφής' });
  await user.click(button);
  // The card's own form, at once: no sheet's code has arrived.
  const plain = screen.getByRole('dialog', { name: 'Ανταλλαγή στοιχείων με Μαρία' });
  expect(within(plain).getByLabelText('Όνομα')).toHaveFocus();
  await user.keyboard('Γιώργος');
  expect(await within(plain).findByRole('alert')).toHaveTextContent('Η φόρμα δεν φόρτωσε πλήρως');
  expect(within(plain).getByLabelText('Όνομα')).toHaveValue('Γιώργος');
  expect(button).toHaveAttribute('aria-expanded', 'true');
  offline = false;
  await user.click(within(plain).getByRole('button', { name: 'Αποστολή' }));
  // The sheet takes over with the name typed, and sends: its check finds no email.
  await waitFor(() => expect(plain).not.toHaveAttribute('open'));
  const sheet = await screen.findByRole('dialog', { name: 'Ανταλλαγή στοιχείων με Μαρία' });
  expect(within(sheet).getByLabelText('Όνομα')).toHaveValue('Γιώργος');
  expect(await within(sheet).findByText('Υποχρεωτικό πεδίο')).toBeInTheDocument();
});

describe('on the English card', () => {
  const ENGLISH = toPublicProfile(
    cardInLanguage(
      normaliseProfile('maria', { firstName: 'Μαρία', lastName: 'Παπαδοπούλου' }),
      'en',
    ),
  );
  beforeEach(() => {
    document.documentElement.lang = 'en';
  });
  afterEach(() => {
    document.documentElement.lang = '';
  });

  test('the sheet is handed the page’s language, and its failure is said in English', async () => {
    expectConsole('error', /offline/);
    const user = userEvent.setup();
    renderCardBody(ENGLISH, island.ASSETS, undefined, 'en');
    const mounted: SheetOptions[] = [];
    let offline = true;
    enhanceCard(
      document.querySelector('main')!,
      async () => {
        if (offline) throw new Error('offline');
        return {
          mountSheet: (_container: HTMLElement, options: SheetOptions) => {
            mounted.push(options);
            return { open: () => options.onSent() };
          },
        };
      },
      island.neverIdle,
      undefined,
      island.NO_PAUSE,
    );
    const button = screen.getByRole('button', { name: 'Exchange contact' });
    await user.click(button);
    expect(await screen.findByRole('alert')).toHaveTextContent(SCRIPT_TEXTS.en.sheetFailed);
    offline = false;
    await user.click(button);
    await waitFor(() => expect(mounted).toHaveLength(1));
    expect(mounted[0]).toMatchObject({ username: 'maria', firstName: 'Maria', lang: 'en' });
    await waitFor(() =>
      expect(document.querySelector('[data-confirmation]')).toHaveTextContent(SCRIPT_TEXTS.en.sent),
    );
  });

  test('Share says in English that the link was copied', async () => {
    const user = userEvent.setup();
    renderCardBody(ENGLISH, island.ASSETS, undefined, 'en');
    island.enhanceRenderedCard();
    await user.click(screen.getByRole('button', { name: 'Share' }));
    await screen.findByText(SCRIPT_TEXTS.en.share.copied);
    await expect(navigator.clipboard.readText()).resolves.toBe(cardUrl('maria', 'en'));
  });
});

describe('fetching the sheet before the tap', () => {
  const FILES = { ...island.ASSETS, sheet: '/_karta/sheet-X.js', sheetCss: '/_karta/sheet-X.css' };

  /** The card with a loader that counts its calls and an idle moment the test brings about. */
  function renderWithIdle() {
    const user = userEvent.setup();
    renderCardBody(MARIA, FILES);
    document.head.innerHTML = '';
    const idle: Array<() => void> = [];
    const loader = jest.fn(island.loadSheetModule);
    enhanceCard(
      document.querySelector('main')!,
      loader,
      (task) => void idle.push(task),
      undefined,
      island.NO_PAUSE,
    );
    return { user, loader, idle };
  }

  const preloads = () =>
    [...document.head.querySelectorAll('link')].map((link) =>
      [link.rel, link.getAttribute('href'), link.getAttribute('as')].join(' '),
    );

  /** Whether the browser knows `<link rel=prefetch>` (Chromium, Firefox; jsdom and Safari do not). */
  const withPrefetch = (supported: boolean) =>
    jest.spyOn(DOMTokenList.prototype, 'supports').mockReturnValue(supported);
  afterEach(() => jest.restoreAllMocks());

  test('the idle moment after load fetches its files without parsing them; the tap runs them', async () => {
    withPrefetch(true);
    const { user, loader, idle } = renderWithIdle();
    expect(idle).toHaveLength(1);
    expect(preloads()).toEqual([]);
    // The connection is asked about in one idle moment, the files in the next: two short tasks.
    await act(async () => idle[0]());
    expect(preloads()).toEqual([]);
    expect(idle).toHaveLength(2);
    await act(async () => idle[1]());
    // A modulepreload would parse and compile the sheet's script as it arrives (the card's TBT).
    expect(preloads()).toEqual(['prefetch /_karta/sheet-X.js ', 'prefetch /_karta/sheet-X.css ']);
    expect(loader).not.toHaveBeenCalled();
    await openSheet(user);
    expect(loader).toHaveBeenCalledTimes(1);
  });

  test('a browser without prefetch gets the script preloaded as a module', async () => {
    withPrefetch(false);
    const { idle } = renderWithIdle();
    await act(async () => idle[0]());
    await act(async () => idle[1]());
    expect(preloads()).toEqual([
      'modulepreload /_karta/sheet-X.js ',
      'preload /_karta/sheet-X.css style',
    ]);
  });

  test('a second idle moment asks for nothing twice', async () => {
    const { idle } = renderWithIdle();
    await act(async () => idle[0]());
    await act(async () => idle[0]());
    for (const task of idle.slice(1)) await act(async () => task());
    expect(idle).toHaveLength(3);
    expect(preloads()).toHaveLength(2);
  });
});

test('the sheet’s code runs when the visitor pauses, not at the tap nor between two keys', async () => {
  jest.useFakeTimers();
  try {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderCardBody(MARIA, island.ASSETS);
    // Never arrives: only when it is asked for matters here.
    const loader = jest.fn(() => new Promise<never>(() => {}));
    enhanceCard(document.querySelector('main')!, loader, island.neverIdle);
    await user.click(screen.getByRole('button', { name: 'Ανταλλαγή Επαφής' }));
    for (const key of 'Γιώ') {
      act(() => jest.advanceTimersByTime(TYPING_PAUSE_MS - 1));
      await user.keyboard(key);
    }
    act(() => jest.advanceTimersByTime(TYPING_PAUSE_MS - 1));
    expect(loader).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(1));
    expect(loader).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('dialog', { name: 'Ανταλλαγή στοιχείων με Μαρία' })).toBeVisible();
  } finally {
    jest.useRealTimers();
  }
});

test('typing before the sheet’s code arrives: the sheet takes over with what was typed, in the same field, the caret where it was', async () => {
  const user = userEvent.setup();
  renderCardBody(MARIA, island.ASSETS);
  let arrive: () => void = () => {};
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  enhanceCard(
    document.querySelector('main')!,
    async () => {
      await arrived;
      return island.loadSheetModule();
    },
    island.neverIdle,
    undefined,
    island.NO_PAUSE,
  );
  await user.click(screen.getByRole('button', { name: 'Ανταλλαγή Επαφής' }));
  const plain = screen.getByRole('dialog', { name: 'Ανταλλαγή στοιχείων με Μαρία' });
  await user.keyboard('Γιώργος');
  await user.click(within(plain).getByLabelText('Τηλέφωνο'));
  await user.keyboard('6912');
  const phone = within(plain).getByLabelText<HTMLInputElement>('Τηλέφωνο');
  phone.setSelectionRange(2, 2);
  // The card behind the form is out of reach while it is open.
  expect(document.querySelector('main')).toHaveProperty('inert', true);
  // The take-over runs in animation frames, as in a browser: React is told it is not under act()
  // while they run, and the test waits for the plain form to close.
  const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
  try {
    arrive();
    await waitFor(() => expect(plain).not.toHaveAttribute('open'));
  } finally {
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = true;
  }
  const sheet = await screen.findByRole('dialog', { name: 'Ανταλλαγή στοιχείων με Μαρία' });
  const sheetPhone = within(sheet).getByLabelText<HTMLInputElement>('Τηλέφωνο');
  expect(within(sheet).getByLabelText('Όνομα')).toHaveValue('Γιώργος');
  expect(sheetPhone).toHaveValue('6912');
  expect(sheetPhone).toHaveFocus();
  expect([sheetPhone.selectionStart, sheetPhone.selectionEnd]).toEqual([2, 2]);
  await user.keyboard('0');
  expect(sheetPhone).toHaveValue('69012');
  expect(document.querySelector('main')).toHaveProperty('inert', false);
});
