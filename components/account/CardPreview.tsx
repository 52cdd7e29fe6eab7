'use client';

import { useEffect, useRef, useState } from 'react';
import type { PublicProfile } from '@/lib/profile';
import type { CardLanguage } from '@/lib/routes';
import type { PreviewPhoto } from './card-preview-html';
import styles from './account.module.css';

/** Where the card's stylesheet is served for the preview (app/account/card.css/route.ts). */
const CARD_CSS_PATH = '/account/card.css';

let cardCss: Promise<string> | undefined;

/** The card's stylesheet, fetched once per page; a failure is asked again next time. */
function loadCardCss(): Promise<string> {
  cardCss ??= fetch(CARD_CSS_PATH).then((response) => {
    if (!response.ok) throw new Error(`The card's stylesheet answered ${response.status}`);
    return response.text();
  });
  cardCss.catch(() => {
    cardCss = undefined;
  });
  return cardCss;
}

interface CardPreviewProps {
  profile: PublicProfile;
  photo: PreviewPhoto | null;
  /** The language `profile` is in (lib/card-language.ts cardInLanguage). */
  lang: CardLanguage;
}

/**
 * The card as the form's values would make it, drawn by the card's own components into a frame
 * that runs no script (sandbox without allow-scripts): the card's links and buttons are there to
 * be seen, not to be used.
 */
export default function CardPreview({ profile, photo, lang }: CardPreviewProps) {
  // The frame's first document; every later one replaces its content in place (draw()).
  const [initial, setInitial] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const frame = useRef<HTMLIFrameElement>(null);
  const loaded = useRef(false);
  // Drawn once the frame has loaded, when it had not yet.
  const waiting = useRef<string | null>(null);

  /**
   * Puts `html` in the frame in place of what it shows. Not a new srcdoc: that would be a new
   * document at each keystroke, cancelling the images still loading (a frame without script
   * loads even its lazy images at once) and losing the scroll position.
   */
  function draw(html: string) {
    const view = frame.current?.contentWindow;
    const document = frame.current?.contentDocument;
    if (!loaded.current || !view || !document) {
      waiting.current = html;
      return;
    }
    const y = view.scrollY;
    const next = new DOMParser().parseFromString(html, 'text/html');
    // The card's colour and language are attributes of <body> and <html>, not children.
    syncAttributes(document.documentElement, next.documentElement);
    syncAttributes(document.body, next.body);
    document.head.replaceChildren(
      ...[...next.head.childNodes].map((n) => document.importNode(n, true)),
    );
    document.body.replaceChildren(
      ...[...next.body.childNodes].map((n) => document.importNode(n, true)),
    );
    view.scrollTo(0, y);
  }

  useEffect(() => {
    let latest = true;
    void (async () => {
      try {
        const [{ cardPreviewHtml }, css] = await Promise.all([
          import('./card-preview-html'),
          loadCardCss(),
        ]);
        const next = await cardPreviewHtml(profile, css, photo, lang);
        if (!latest) return;
        setFailed(false);
        if (frame.current) draw(next);
        else setInitial((current) => current ?? next);
      } catch (error) {
        // Said in the console for whoever looks into it; the owner reads the Greek note.
        console.error('The card preview could not be drawn:', error);
        if (latest) setFailed(true);
      }
    })();
    return () => {
      latest = false;
    };
  }, [profile, photo, lang]);

  return (
    <div className={styles.preview}>
      {failed && (
        <p className={styles.error} role="alert">
          Η προεπισκόπηση δεν φορτώθηκε. Ελέγξτε τη σύνδεσή σας.
        </p>
      )}
      {initial === null && !failed && <p role="status">Φόρτωση προεπισκόπησης…</p>}
      {initial !== null && (
        <iframe
          ref={frame}
          className={styles.previewFrame}
          title="Προεπισκόπηση της κάρτας σας, πριν την αποθήκευση"
          sandbox="allow-same-origin"
          srcDoc={initial}
          data-testid="card-preview"
          onLoad={() => {
            loaded.current = true;
            const html = waiting.current;
            waiting.current = null;
            if (html !== null) draw(html);
          }}
        />
      )}
    </div>
  );
}

/** Gives `target` exactly the attributes of `source`. */
function syncAttributes(target: Element, source: Element) {
  for (const name of target.getAttributeNames()) {
    if (!source.hasAttribute(name)) target.removeAttribute(name);
  }
  for (const name of source.getAttributeNames()) {
    target.setAttribute(name, source.getAttribute(name) ?? '');
  }
}
