'use client';

// Shown only inside a known in-app browser, where saving the contact fails silently: says so,
// and offers the way out the platform allows (an intent link to Chrome on Android, elsewhere
// copying the link). Static HTML cannot know the browser, so it appears once scripts run.
import { useState, useSyncExternalStore } from 'react';
import { chromeIntentUrl, detectInAppBrowser } from '@/lib/in-app-browser';
import styles from './buttons.module.css';

const noSubscription = () => () => {};
const clientAgent = () => navigator.userAgent;
// On the server and during hydration there is no agent: the hint is absent, as in the HTML.
const serverAgent = () => '';

export default function InAppHint({ url }: { url: string }) {
  const userAgent = useSyncExternalStore(noSubscription, clientAgent, serverAgent);
  const [message, setMessage] = useState('');
  const browser = userAgent ? detectInAppBrowser(userAgent) : null;
  if (!browser) return null;

  const where = browser.app ? `μέσα στο ${browser.app}` : 'μέσα σε αυτή την εφαρμογή';
  async function copy() {
    const { copyLink, shareMessage } = await import('@/lib/share');
    setMessage(shareMessage((await copyLink(url)) ? 'copied' : 'failed', url));
  }

  return (
    <div className={styles.hint} role="note">
      <p className={styles.hintText}>
        Η αποθήκευση της επαφής λειτουργεί στο πρόγραμμα περιήγησης του κινητού σας, όχι {where}.
      </p>
      {browser.platform === 'android' ? (
        <a href={chromeIntentUrl(url)} className={styles.secondary}>
          Άνοιγμα στο Chrome
        </a>
      ) : (
        <>
          <button type="button" className={styles.secondary} onClick={copy}>
            Αντιγραφή συνδέσμου
          </button>
          <p className={styles.hintText}>
            {browser.platform === 'ios'
              ? 'Επικολλήστε τον στο Safari, ή πατήστε ⋯ και «Άνοιγμα στο πρόγραμμα περιήγησης».'
              : 'Επικολλήστε τον στο πρόγραμμα περιήγησής σας.'}
          </p>
          <p className={styles.hintStatus} role="status">
            {message}
          </p>
        </>
      )}
    </div>
  );
}
