'use client';

import { useEffect, useRef, useState } from 'react';
import type { PublicProfile } from '@/lib/profile';
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
}

/**
 * The card as the form's values would make it, drawn by the card's own components into a frame
 * that runs no script (sandbox without allow-scripts): the card's links and buttons are there to
 * be seen, not to be used. Its scroll position is kept from one draw to the next.
 */
export default function CardPreview({ profile, photo }: CardPreviewProps) {
  const [html, setHtml] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const frame = useRef<HTMLIFrameElement>(null);
  const scrollY = useRef(0);

  useEffect(() => {
    let latest = true;
    void (async () => {
      try {
        const [{ cardPreviewHtml }, css] = await Promise.all([
          import('./card-preview-html'),
          loadCardCss(),
        ]);
        const next = await cardPreviewHtml(profile, css, photo);
        if (!latest) return;
        scrollY.current = frame.current?.contentWindow?.scrollY ?? scrollY.current;
        setHtml(next);
        setFailed(false);
      } catch {
        if (latest) setFailed(true);
      }
    })();
    return () => {
      latest = false;
    };
  }, [profile, photo]);

  return (
    <div className={styles.preview}>
      {failed && (
        <p className={styles.error} role="alert">
          Η προεπισκόπηση δεν φορτώθηκε. Ελέγξτε τη σύνδεσή σας.
        </p>
      )}
      {html === null && !failed && <p role="status">Φόρτωση προεπισκόπησης…</p>}
      {html !== null && (
        <iframe
          ref={frame}
          className={styles.previewFrame}
          title="Προεπισκόπηση της κάρτας σας, πριν την αποθήκευση"
          sandbox="allow-same-origin"
          srcDoc={html}
          data-testid="card-preview"
          onLoad={() => frame.current?.contentWindow?.scrollTo(0, scrollY.current)}
        />
      )}
    </div>
  );
}
