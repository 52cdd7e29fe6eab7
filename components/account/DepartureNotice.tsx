'use client';

import { useEffect, useState } from 'react';
import { readDeparture } from '@/browser/owner/departure';
import type { Departure } from '@/lib/company-removal';
import { profilePath } from '@/lib/routes';
import styles from './account.module.css';

const DATE = new Intl.DateTimeFormat('el-GR', { dateStyle: 'long' });

/** What became of the card's old address, in a sentence. */
function addressFate({ username, forwardTo }: Departure): string {
  const old = profilePath(username);
  return forwardTo
    ? `Η παλιά σας διεύθυνση ${old} ανοίγει πλέον την κάρτα ${profilePath(forwardTo)}.`
    : `Η παλιά σας διεύθυνση ${old} δεν είναι πλέον ενεργή και δείχνει μόνο τα στοιχεία της εταιρείας.`;
}

/**
 * For an account without a card whose company membership ended: who ended it and when, and what
 * became of the old card's address (departures/{uid}); nothing when it never left a company.
 */
export default function DepartureNotice({ uid }: { uid: string }) {
  const [departure, setDeparture] = useState<Departure | null>(null);
  useEffect(() => {
    let current = true;
    // Without the note the screen is as before: creating a card needs none of it.
    readDeparture(uid).then(
      (read) => current && setDeparture(read),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [uid]);
  if (!departure) return null;
  const company = departure.companyName ? `«${departure.companyName}»` : '';
  const on = departure.at ? ` στις ${DATE.format(departure.at)}` : '';
  return (
    <section className={styles.notice} aria-labelledby="departure-title" data-testid="departure">
      <h2 id="departure-title">
        {departure.removed ? 'Δεν είστε πλέον μέλος της εταιρείας' : 'Αποχωρήσατε από την εταιρεία'}
      </h2>
      <p>
        {departure.removed
          ? `Η εταιρεία ${company} σας αφαίρεσε από τα μέλη της${on}.`
          : `Αποχωρήσατε από την εταιρεία ${company}${on}.`}{' '}
        {addressFate(departure)} Οι επαφές της κάρτας μένουν στην εταιρεία.
      </p>
      <p>Μπορείτε να φτιάξετε μια νέα κάρτα, δική σας, με άλλο όνομα χρήστη.</p>
    </section>
  );
}
