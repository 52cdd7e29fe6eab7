'use client';

import { useEffect, useState } from 'react';
import { fetchWalletLinks } from '@/browser/owner/wallet';
import type { CompanyProfile } from '@/lib/company';
import type { CardLanguage } from '@/lib/routes';
import type { WalletLinks } from '@/lib/wallet-pass';
import styles from './account.module.css';

/**
 * «Προσθήκη στο Apple Wallet» and «Αποθήκευση στο Google Wallet», each shown only where the server
 * is configured for it. Both links carry the card as it is when they are made, in the language
 * chosen, so they are asked for again whenever the card or the language changes.
 */
export default function WalletButtons({
  username,
  lang,
  profile,
}: {
  username: string;
  /** The card's language the passes show. */
  lang: CardLanguage;
  /** The card as it shows, live: a new value means new links. */
  profile: CompanyProfile | null;
}) {
  const [links, setLinks] = useState<WalletLinks | null>(null);
  const [failed, setFailed] = useState(false);
  const shown = profile ? JSON.stringify(profile) : null;

  useEffect(() => {
    if (shown === null) return;
    let current = true;
    fetchWalletLinks(username, lang).then(
      (answer) => {
        if (!current) return;
        setLinks(answer);
        setFailed(false);
      },
      () => {
        if (current) setFailed(true);
      },
    );
    return () => {
      current = false;
    };
  }, [username, lang, shown]);

  if (failed) {
    return (
      <p className={styles.status} role="status">
        Οι σύνδεσμοι για τα Wallet δεν φορτώθηκαν. Ανανεώστε τη σελίδα για να ξαναδοκιμάσετε.
      </p>
    );
  }
  if (!links?.apple && !links?.google) return null;
  return (
    <>
      <h3>Wallet</h3>
      <p className={styles.hint}>
        Η κάρτα σας στο κινητό, με τον κωδικό QR της, χωρίς δίκτυο και χωρίς σύνδεση.
      </p>
      <div className={styles.actions}>
        {links.apple ? (
          <a className={styles.button} href={links.apple} data-testid="apple-wallet">
            Προσθήκη στο Apple Wallet
          </a>
        ) : null}
        {links.google ? (
          <a
            className={styles.button}
            href={links.google}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="google-wallet"
          >
            Αποθήκευση στο Google Wallet
          </a>
        ) : null}
      </div>
    </>
  );
}
