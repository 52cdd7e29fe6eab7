'use client';

import { useEffect, useState } from 'react';
import { downloadBlob, downloadText } from '@/browser/download';
import { qrPngDataUrl } from '@/browser/owner/qr-png';
import { qrSvg } from '@/lib/qr';
import {
  CARD_LANGUAGES,
  DEFAULT_LANGUAGE,
  cardUrl,
  qrCodeUrl,
  type CardLanguage,
} from '@/lib/routes';
import { copyLink } from '@/lib/share';
import type { Company } from '@/browser/owner/company';
import EmailSignature from './EmailSignature';
import { useShownCard } from './use-shown-card';
import WalletButtons from './WalletButtons';
import styles from './account.module.css';

interface Codes {
  /** The address the codes hold: a code made for the other language is never shown. */
  url: string;
  svg: string;
  png: string;
}

/** Each language's name in its own language, as a visitor who reads it would look for it. */
const LANGUAGE_NAMES: Record<CardLanguage, string> = { el: 'Ελληνικά', en: 'English' };

/**
 * The card to share, in Greek or in English, and for it: its address to copy, its QR code (the
 * card page's own, whose address carries `?src=qr` so that scans are counted apart) as SVG and
 * PNG, and its passes in Apple and Google Wallet. The card as an e-mail signature stays Greek: it
 * goes into the owner's own, Greek, mail.
 */
export default function SharePanel({
  username,
  company = null,
}: {
  username: string;
  /** The card's company, whose locked values the signature shows. */
  company?: Company | null;
}) {
  const [lang, setLang] = useState<CardLanguage>(DEFAULT_LANGUAGE);
  const url = cardUrl(username, lang);
  const codeUrl = qrCodeUrl(username, lang);
  const [made, setCodes] = useState<Codes | null>(null);
  const codes = made?.url === codeUrl ? made : null;
  const [copied, setCopied] = useState('');
  const profile = useShownCard(username, company);

  useEffect(() => {
    let current = true;
    Promise.all([qrSvg(codeUrl), qrPngDataUrl(codeUrl)]).then(([svg, png]) => {
      if (current) setCodes({ url: codeUrl, svg, png });
    });
    return () => {
      current = false;
    };
  }, [codeUrl]);

  async function copy() {
    if (await copyLink(url)) {
      setCopied('Η διεύθυνση αντιγράφηκε.');
      return;
    }
    // No clipboard permission (or an old browser): the address is selected for a manual copy.
    const input = document.getElementById('share-url');
    if (input instanceof HTMLInputElement) input.select();
    setCopied('Η αντιγραφή δεν επιτράπηκε· η διεύθυνση επιλέχθηκε για να την αντιγράψετε.');
  }

  const qrFileName = (extension: 'svg' | 'png') =>
    `karta-${username}${lang === DEFAULT_LANGUAGE ? '' : `-${lang}`}-qr.${extension}`;

  async function downloadPng(dataUrl: string) {
    downloadBlob(await (await fetch(dataUrl)).blob(), qrFileName('png'));
  }

  return (
    <section className={styles.section} aria-labelledby="share-title">
      <h2 id="share-title">Κοινοποίηση</h2>
      <fieldset className={styles.fieldset}>
        <legend>Η κάρτα που κοινοποιείτε</legend>
        <p className={styles.hint}>
          Η διεύθυνση, ο κωδικός QR και οι κάρτες Wallet ανοίγουν την κάρτα σε αυτή τη γλώσσα.
        </p>
        <div className={styles.swatches}>
          {CARD_LANGUAGES.map((option) => (
            <label key={option} className={styles.swatch} lang={option}>
              <input
                type="radio"
                name="share-language"
                value={option}
                checked={lang === option}
                onChange={() => {
                  setLang(option);
                  setCopied('');
                }}
              />
              <span>{LANGUAGE_NAMES[option]}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className={styles.field}>
        <label htmlFor="share-url">Η διεύθυνση της κάρτας σας</label>
        <input id="share-url" className={styles.input} readOnly value={url} />
      </div>
      <div className={styles.actions}>
        <button type="button" className={styles.button} onClick={() => void copy()}>
          Αντιγραφή διεύθυνσης
        </button>
      </div>
      <p className={styles.status} role="status">
        {copied}
      </p>
      <h3>Κωδικός QR</h3>
      {codes ? (
        <>
          {/* eslint-disable-next-line @next/next/no-img-element -- a data: URL made here */}
          <img
            className={styles.qr}
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(codes.svg)}`}
            alt={`Κωδικός QR της κάρτας σας: ${url}`}
            width={240}
            height={240}
          />
          <p className={styles.hint}>Για εκτύπωση: το SVG έχει άπειρη ανάλυση, το PNG 1024 px.</p>
          <div className={styles.actions}>
            <button
              type="button"
              className={styles.secondary}
              onClick={() => downloadText(codes.svg, 'image/svg+xml', qrFileName('svg'))}
            >
              Λήψη QR (SVG)
            </button>
            <button
              type="button"
              className={styles.secondary}
              onClick={() => void downloadPng(codes.png)}
            >
              Λήψη QR (PNG)
            </button>
          </div>
        </>
      ) : (
        <p role="status">Δημιουργία κωδικού QR…</p>
      )}
      <WalletButtons username={username} lang={lang} profile={profile} />
      <EmailSignature profile={profile} />
    </section>
  );
}
