'use client';

import { useEffect, useState } from 'react';
import { downloadBlob, downloadText } from '@/browser/download';
import { qrPngDataUrl } from '@/browser/owner/qr-png';
import { qrSvg } from '@/lib/qr';
import { cardUrl, qrCodeUrl } from '@/lib/routes';
import { copyLink } from '@/lib/share';
import type { Company } from '@/browser/owner/company';
import EmailSignature from './EmailSignature';
import { useShownCard } from './use-shown-card';
import WalletButtons from './WalletButtons';
import styles from './account.module.css';

interface Codes {
  svg: string;
  png: string;
}

/**
 * The card's address to copy, and its QR code (the card page's own, whose address carries
 * `?src=qr` so that scans are counted apart) as SVG and PNG, the card in Apple and Google Wallet,
 * and the card as an e-mail signature.
 */
export default function SharePanel({
  username,
  company = null,
}: {
  username: string;
  /** The card's company, whose locked values the signature shows. */
  company?: Company | null;
}) {
  const url = cardUrl(username);
  const codeUrl = qrCodeUrl(username);
  const [codes, setCodes] = useState<Codes | null>(null);
  const [copied, setCopied] = useState('');
  const profile = useShownCard(username, company);

  useEffect(() => {
    let current = true;
    Promise.all([qrSvg(codeUrl), qrPngDataUrl(codeUrl)]).then(([svg, png]) => {
      if (current) setCodes({ svg, png });
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

  const qrFileName = (extension: 'svg' | 'png') => `karta-${username}-qr.${extension}`;

  async function downloadPng(dataUrl: string) {
    downloadBlob(await (await fetch(dataUrl)).blob(), qrFileName('png'));
  }

  return (
    <section className={styles.section} aria-labelledby="share-title">
      <h2 id="share-title">Κοινοποίηση</h2>
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
      <WalletButtons username={username} profile={profile} />
      <EmailSignature profile={profile} />
    </section>
  );
}
