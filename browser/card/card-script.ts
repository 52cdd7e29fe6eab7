// What the card's one script before interaction does (enhance.ts runs it): plain DOM, a few KiB,
// so the card paints with no framework to fetch and run first (docs/performance.md). It makes
// Save contact, Share, the QR code and the in-app browser hint work, in the page's language (its
// <html lang>), offers the English card to a browser that asks for no Greek, and counts the card's
// view and taps for its owner (events.ts); the exchange sheet (components/exchange/mount-sheet.tsx,
// with React and Firestore) is fetched into the cache once the page has loaded and the browser is
// idle (unless the visitor saves data or is on 2G), or when a pointer, a touch or focus reaches
// its button, and parsed and run only after the tap, when the visitor pauses.
// Without it every link of the card still works as plain HTML.
import { downloadBlob } from '@/browser/download';
import { chromeIntentUrl, detectInAppBrowser } from '@/lib/in-app-browser';
import { copyLink, shareLink, shareMessage } from '@/lib/share';
import type { CardLanguage } from '@/lib/routes';
import { afterLoad, afterLoadWhenIdle, savesData } from './after-load';
import { countCard, countLinkTaps, type Count } from './events';
import { SCRIPT_TEXTS, type ScriptTexts } from './script-texts';
import type { PlainFormState, SheetControl, SheetModule } from './sheet';
import { trapTab } from './trap-tab';

function part<T extends HTMLElement = HTMLElement>(root: ParentNode, name: string): T {
  const el = root.querySelector<T>(`[data-${name}]`);
  if (!el) throw new Error(`The card has no [data-${name}]`);
  return el;
}

function element(tag: string, props: Record<string, string>, text = ''): HTMLElement {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(props)) el.setAttribute(name, value);
  el.textContent = text;
  return el;
}

function show(el: HTMLElement, text: string): void {
  el.textContent = text;
  el.hidden = !text;
}

/** Save contact fetches the vCard itself, to show a spinner while it comes and say if it fails. */
function enhanceSave(card: HTMLElement, texts: ScriptTexts, count: Count): void {
  const link = part<HTMLAnchorElement>(card, 'save');
  const error = part(card, 'save-error');
  const setBusy = (busy: boolean) => {
    link.setAttribute('aria-busy', String(busy));
    link.setAttribute('aria-disabled', String(busy));
    if (busy) link.prepend(element('span', { class: 'spinner', 'aria-hidden': 'true' }));
    else link.querySelector('.spinner')?.remove();
  };
  link.addEventListener('click', async (event) => {
    event.preventDefault();
    if (link.getAttribute('aria-busy') === 'true') return;
    count('save');
    setBusy(true);
    show(error, '');
    try {
      const res = await fetch(link.href);
      if (!res.ok) throw new Error(`vCard: HTTP ${res.status}`);
      downloadBlob(await res.blob(), link.download);
    } catch (e) {
      console.error(e);
      show(error, texts.saveFailed);
    } finally {
      setBusy(false);
    }
  });
}

/** Share hands the link to the system's share sheet, or copies it, and says which. */
function enhanceShare(
  card: HTMLElement,
  title: string,
  url: string,
  texts: ScriptTexts,
  count: Count,
): HTMLElement {
  const status = part(card, 'share-status');
  part(card, 'share').addEventListener('click', async () => {
    count('share');
    status.textContent = '';
    status.textContent = shareMessage(await shareLink({ title, url }), url, texts.share);
  });
  return status;
}

/** The QR link opens the code large in a modal dialog instead of the bare SVG. */
function enhanceQr(card: HTMLElement, shareStatus: HTMLElement, count: Count): void {
  const dialog = part<HTMLDialogElement>(document, 'qr-dialog');
  part(card, 'qr').addEventListener('click', (event) => {
    event.preventDefault();
    shareStatus.textContent = '';
    dialog.showModal();
    count('qr');
  });
  part(dialog, 'qr-close').addEventListener('click', () => dialog.close());
  // A tap on the backdrop (the dialog element itself, outside its content) closes it.
  dialog.addEventListener('click', (event) => {
    if (event.target === dialog) dialog.close();
  });
}

/** Inside a known in-app browser, says that saving works in the phone's own, and how to get there. */
function showInAppHint(card: HTMLElement, url: string, texts: ScriptTexts): void {
  const browser = detectInAppBrowser(navigator.userAgent);
  if (!browser) return;
  const IN_APP = texts.inApp;
  const hint = part(card, 'in-app');
  hint.append(element('p', { class: 'hintText' }, IN_APP.why(browser.app)));
  if (browser.platform === 'android') {
    hint.append(
      element('a', { class: 'secondary', href: chromeIntentUrl(url) }, IN_APP.openInChrome),
    );
  } else {
    const copy = element('button', { type: 'button', class: 'secondary' }, IN_APP.copy);
    const status = element('p', { class: 'hintStatus', role: 'status' });
    copy.addEventListener('click', async () => {
      status.textContent = shareMessage(
        (await copyLink(url)) ? 'copied' : 'failed',
        url,
        texts.share,
      );
    });
    hint.append(
      copy,
      element('p', { class: 'hintText' }, browser.platform === 'ios' ? IN_APP.ios : IN_APP.other),
      status,
    );
  }
  hint.hidden = false;
}

function loadStylesheet(href: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const link = element('link', { rel: 'stylesheet', href }) as HTMLLinkElement;
    link.onload = () => resolve();
    link.onerror = () => {
      link.remove();
      reject(new Error(`Stylesheet ${href} did not load`));
    };
    document.head.append(link);
  });
}

// Written in by the build (SHEET_CHUNKS_GLOBAL in tools/card-assets/manifest.ts); absent in unit tests.
declare const KARTA_SHEET_CHUNKS: readonly string[] | undefined;

type Hint = 'modulepreload' | 'preload' | 'prefetch';

/** Asks for a file once, to have it in the cache when it is needed. */
function preload(rel: Hint, href: string, as?: string): void {
  if (!href || document.querySelector(`link[rel="${rel}"][href="${href}"]`)) return;
  document.head.append(element('link', { rel, href, ...(as ? { as } : {}) }));
}

/** Asks for the chunks the sheet's script imports alongside it, each once. */
function preloadSheetChunks(rel: Hint = 'modulepreload'): void {
  const chunks = typeof KARTA_SHEET_CHUNKS === 'undefined' ? [] : KARTA_SHEET_CHUNKS;
  for (const href of chunks) preload(rel, href);
}

/**
 * Fetches the sheet's script, its chunks and its stylesheet into the cache without running them,
 * or even parsing them: a `modulepreload` parses and compiles the sheet's 450 KiB of script (React
 * and the form's libraries) as it arrives, just after the card has loaded, and with it Lighthouse
 * counted about 200 ms more of the page's main thread (its phone's time) than without
 * (docs/performance.md). A `prefetch` only stores them; the tap parses and runs what is already
 * here. A browser without `prefetch` (Safari) gets the module preloaded instead.
 */
export function prefetchSheetFiles(button: HTMLElement): void {
  const { sheet = '', sheetCss = '' } = button.dataset;
  if (document.createElement('link').relList.supports('prefetch')) {
    preload('prefetch', sheet);
    preloadSheetChunks('prefetch');
    preload('prefetch', sheetCss);
    return;
  }
  preload('modulepreload', sheet);
  preloadSheetChunks();
  preload('preload', sheetCss, 'style');
}

/** The sheet's script and stylesheet, from the URLs the card's HTML gives its button. */
export async function loadSheetFrom(button: HTMLElement): Promise<SheetModule> {
  const { sheet = '', sheetCss = '' } = button.dataset;
  preloadSheetChunks();
  const [module] = await Promise.all([
    import(sheet) as Promise<SheetModule>,
    loadStylesheet(sheetCss),
  ]);
  return module;
}

/** Runs a task at a moment that cannot slow the card's paint (after-load.ts). */
export type Scheduler = (task: () => void) => void;

/** What the plain form holds now, and where the caret is (browser/card/sheet.ts). */
function plainFormState(form: HTMLFormElement): PlainFormState {
  const field = (name: string) => form.elements.namedItem(name) as HTMLInputElement;
  const values = {
    name: field('name').value,
    email: field('email').value,
    phone: field('phone').value,
  };
  const active = document.activeElement;
  if (!(active instanceof HTMLInputElement) || active.form !== form) return { values };
  let start: number | null = null;
  let end: number | null = null;
  try {
    ({ selectionStart: start, selectionEnd: end } = active);
  } catch {
    // An <input type="email"> has no selection to read.
  }
  return { values, focus: { name: active.name as keyof PlainFormState['values'], start, end } };
}

/**
 * The card's plain form (components/card/PlainSheet.tsx), shown on the tap: it takes typing at
 * once, with no framework. A modal of its own making (a non-modal <dialog>, the card inert behind
 * it, Tab kept inside, Escape closing it), since the sheet that takes over mounts beside it and a
 * modal <dialog> would make that inert too.
 */
function plainSheet(card: HTMLElement, onClosed: () => void) {
  const dialog = part<HTMLDialogElement>(document, 'plain-sheet');
  const backdrop = part(document, 'plain-backdrop');
  const form = part<HTMLFormElement>(dialog, 'plain-form');
  const status = part(dialog, 'plain-status');
  const send = part<HTMLButtonElement>(dialog, 'plain-send');
  const sendText = send.textContent ?? '';
  // The attribute, not show() and close(): the same for a non-modal <dialog>, and jsdom has them not.
  const hide = () => {
    dialog.open = false;
    backdrop.hidden = true;
    card.inert = false;
  };
  const close = () => {
    if (!dialog.open) return;
    hide();
    onClosed();
  };
  part(dialog, 'plain-close').addEventListener('click', close);
  backdrop.addEventListener('click', close);
  dialog.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') close();
    trapTab(event, dialog);
  });
  return {
    form,
    get open() {
      return dialog.open;
    },
    show() {
      form.reset();
      this.sending(false);
      show(status, '');
      card.inert = true;
      backdrop.hidden = false;
      dialog.open = true;
      form.querySelector('input')?.focus();
    },
    /** Gone without a word: the sheet took over. */
    hide,
    sending(busy: boolean, text = '') {
      send.setAttribute('aria-busy', String(busy));
      send.textContent = busy ? text : sendText;
    },
    say(text: string) {
      show(status, text);
    },
  };
}

/**
 * How long the visitor has typed nothing before the sheet's code runs. Parsing and running it (React,
 * Formik, yup, the sheet) is one task of some hundreds of ms on a phone: run at the tap, it held
 * the keys of a name typed at once (`npm run bench`'s exchange part); run in a pause, no key waits.
 */
export const TYPING_PAUSE_MS = 800;

/**
 * The exchange button opens the card's plain form at once; the sheet's files are fetched into the
 * cache when idle after load or on the first sign of intent, and the sheet's code runs and takes
 * over from the plain form when the visitor pauses, with what was typed and where the caret was.
 * Sending does not wait for a pause.
 */
function enhanceExchange(
  card: HTMLElement,
  username: string,
  firstName: string,
  company: string | undefined,
  lang: CardLanguage,
  loadSheet: (button: HTMLElement) => Promise<SheetModule>,
  whenIdle: Scheduler,
  typingPauseMs: number,
  count: Count,
): void {
  const button = part<HTMLButtonElement>(card, 'exchange');
  const confirmation = part(card, 'confirmation');
  const texts = SCRIPT_TEXTS[lang];
  const closed = () => {
    button.setAttribute('aria-expanded', 'false');
    button.focus();
  };
  const plain = plainSheet(card, closed);
  let sheet: Promise<SheetControl> | undefined;
  let ready: SheetControl | undefined;
  let submitted = false;
  /** The sheet is taking over from the plain form now on screen. */
  let handingOver = false;
  const load = () => {
    sheet ??= loadSheet(button)
      .then((module) => {
        const container = document.createElement('div');
        document.body.append(container);
        ready = module.mountSheet(container, {
          username,
          firstName,
          company,
          lang,
          onClosed: closed,
          onSent: () => {
            // Called once the write has succeeded: a contact the owner will find
            // (docs/visitors.md).
            count('exchange');
            confirmation.textContent = texts.sent;
            closed();
          },
        });
        return ready;
      })
      .catch((e: unknown) => {
        // Tried again on the next reach: a bad network now is not a bad network for ever.
        sheet = undefined;
        throw e;
      });
    return sheet;
  };
  /** The sheet replaces the plain form, if it is still open. */
  const takeOver = (control: SheetControl) => {
    if (!plain.open || handingOver) return;
    handingOver = true;
    const submit = submitted;
    submitted = false;
    control.open({ read: () => plainFormState(plain.form), done: plain.hide, submit });
  };
  const loadAndTakeOver = () =>
    load().then(takeOver, (e: unknown) => {
      console.error(e);
      submitted = false;
      plain.sending(false);
      if (plain.open) plain.say(texts.sheetFailed);
    });
  let pause: ReturnType<typeof setTimeout> | undefined;
  const takeOverAtPause = () => {
    clearTimeout(pause);
    pause = setTimeout(() => {
      pause = undefined;
      void loadAndTakeOver();
    }, typingPauseMs);
  };
  plain.form.addEventListener('input', () => pause !== undefined && takeOverAtPause());
  const prefetch = () => prefetchSheetFiles(button);
  // A visitor who reads the card for a second finds the sheet's files here; one quicker than
  // that gets them started by the first touch, pointer or focus. One who saves data or is on 2G
  // gets them only then (asked when idle: the browser's estimate is newest).
  // Two idle moments, not one: the browser's first answer about the connection took up to 7 ms of
  // the main thread in Chromium's traces, and asking for the files up to 5 more; together they
  // came near a long task on a phone four times slower.
  whenIdle(() => savesData() || whenIdle(() => prefetchSheetFiles(button)));
  for (const type of ['pointerenter', 'focus', 'touchstart']) {
    button.addEventListener(type, prefetch, { passive: true });
  }
  button.addEventListener('click', () => {
    confirmation.textContent = '';
    button.setAttribute('aria-expanded', 'true');
    count('sheet');
    if (ready) return ready.open();
    handingOver = false;
    plain.show();
    takeOverAtPause();
  });
  plain.form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (submitted || handingOver) return;
    clearTimeout(pause);
    pause = undefined;
    submitted = true;
    plain.say('');
    plain.sending(true, texts.sending);
    void loadAndTakeOver();
  });
}

/** The page's language (<html lang>), one of the card's. */
function pageLanguage(): CardLanguage {
  const lang = document.documentElement.lang;
  return Object.hasOwn(SCRIPT_TEXTS, lang) ? (lang as CardLanguage) : 'el';
}

/**
 * Shows the card's offer of another language (Card.tsx Languages, on the Greek card only) when the
 * browser asks for none of the page's: a link, never a redirect.
 */
export function offerLanguage(card: HTMLElement, page: string): void {
  const offer = card.querySelector<HTMLElement>('[data-offer]');
  const asked = navigator.languages?.length ? navigator.languages : [navigator.language];
  if (offer && !asked.some((tag) => tag.toLowerCase().split('-')[0] === page)) offer.hidden = false;
}

/**
 * Makes the card in the page work; `loadSheet`, `whenIdle`, `whenLoaded` and `typingPauseMs` are
 * replaced only in unit tests.
 */
export function enhanceCard(
  card: HTMLElement,
  loadSheet = loadSheetFrom,
  whenIdle: Scheduler = afterLoadWhenIdle,
  whenLoaded: Scheduler = afterLoad,
  typingPauseMs = TYPING_PAUSE_MS,
): void {
  const { username = '', firstName = '', company, name = '', url = '', statsKey } = card.dataset;
  const lang = pageLanguage();
  const texts = SCRIPT_TEXTS[lang];
  const count = countCard({ username, key: statsKey }, whenLoaded);
  countLinkTaps(card, count);
  enhanceSave(card, texts, count);
  enhanceQr(card, enhanceShare(card, name, url, texts, count), count);
  showInAppHint(card, url, texts);
  enhanceExchange(
    card,
    username,
    firstName,
    company,
    lang,
    loadSheet,
    whenIdle,
    typingPauseMs,
    count,
  );
  whenLoaded(() => offerLanguage(card, lang));
  // For the tests and anyone curious: the script ran.
  document.documentElement.dataset.enhanced = 'true';
}
