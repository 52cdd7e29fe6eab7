'use client';

// «Συγχρονισμός καταλόγου»: what an IT admin needs to connect the company's directory (Microsoft
// Entra ID, Okta) over SCIM 2.0 (server/scim/): the base URL, a token shown once, the mapping of
// the directory's attributes to the card, holding new cards until their person accepts, and the
// last requests with their results, to read beside the directory's own provisioning log.
import { useEffect, useState } from 'react';
import {
  newDirectoryToken,
  readDirectorySync,
  revokeDirectoryToken,
  setHoldCards,
} from '@/browser/owner/directory-sync';
import { SCIM_LOCKED_NOTE, SCIM_MAPPING, type DirectorySyncAnswer } from '@/lib/scim';
import CopyField from '../CopyField';
import styles from '../account.module.css';
import { useRevealed } from '../use-revealed';
import own from './DirectorySync.module.css';
import { refusalOf } from './messages';

const TIME = new Intl.DateTimeFormat('el-GR', {
  dateStyle: 'short',
  timeStyle: 'medium',
  timeZone: 'Europe/Athens',
});
const DATE = new Intl.DateTimeFormat('el-GR', { dateStyle: 'long', timeZone: 'Europe/Athens' });

export default function DirectorySync({ companyId }: { companyId: string }) {
  const [state, setState] = useState<DirectorySyncAnswer | null>(null);
  const [token, setToken] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);
  const shownStatus = useRevealed<HTMLParagraphElement>(status);

  async function load() {
    try {
      setState(await readDirectorySync(companyId));
    } catch (caught) {
      setStatus(refusalOf(caught).message);
    }
  }

  useEffect(() => {
    let current = true;
    readDirectorySync(companyId).then(
      (read) => current && setState(read),
      (caught: unknown) => current && setStatus(refusalOf(caught).message),
    );
    return () => {
      current = false;
    };
  }, [companyId]);

  async function act(work: () => Promise<void>, done: string) {
    setBusy(true);
    setStatus('Αποθήκευση…');
    try {
      await work();
      setStatus(done);
      await load();
    } catch (caught) {
      setStatus(refusalOf(caught).message);
    } finally {
      setBusy(false);
    }
  }

  const makeToken = () =>
    act(
      async () => setToken(await newDirectoryToken(companyId)),
      'Το νέο διακριτικό δημιουργήθηκε.',
    );
  const revoke = () =>
    act(async () => {
      await revokeDirectoryToken(companyId);
      setToken(null);
    }, 'Το διακριτικό ανακλήθηκε: ο κατάλογος δεν συγχρονίζεται πια.');
  const hold = (value: boolean) => act(() => setHoldCards(companyId, value), 'Αποθηκεύτηκε.');

  return (
    <div className={styles.companyScreen}>
      <h3>Συγχρονισμός καταλόγου</h3>
      <p className={styles.hint}>
        Συνδέστε τον κατάλογο της εταιρείας (Microsoft Entra ID, Okta) μέσω SCIM 2.0: κάθε νέος
        υπάλληλος παίρνει αμέσως κάρτα και πρόσκληση, και όποιος αποχωρεί, η κάρτα του
        απενεργοποιείται, ενώ οι επαφές της μένουν στην εταιρεία.
      </p>
      {state === null ? (
        <p role="status">Φόρτωση…</p>
      ) : (
        <>
          <CopyField id="scim-base-url" label="Διεύθυνση SCIM (Tenant URL)" value={state.baseUrl} />

          <fieldset className={styles.fieldset} disabled={busy}>
            <legend>Διακριτικό πρόσβασης (Secret Token)</legend>
            <p>
              {state.hasToken
                ? `Υπάρχει ενεργό διακριτικό${state.tokenCreatedAt ? ` από ${DATE.format(new Date(state.tokenCreatedAt))}` : ''}.`
                : 'Δεν υπάρχει ενεργό διακριτικό.'}
            </p>
            <p className={styles.hint}>
              Ένα νέο διακριτικό αντικαθιστά το προηγούμενο: ο κατάλογος που χρησιμοποιεί το παλιό
              σταματά να συγχρονίζεται μέχρι να του δώσετε το νέο.
            </p>
            {token && (
              <>
                <CopyField id="scim-token" label="Νέο διακριτικό" value={token} />
                <p className={styles.notice} role="alert">
                  Αντιγράψτε το τώρα: δεν θα εμφανιστεί ξανά.
                </p>
              </>
            )}
            <div className={styles.actions}>
              <button type="button" className={styles.button} onClick={() => void makeToken()}>
                Νέο διακριτικό
              </button>
              <button
                type="button"
                className={styles.danger}
                disabled={!state.hasToken}
                onClick={() => void revoke()}
              >
                Ανάκληση
              </button>
            </div>
          </fieldset>

          <fieldset className={styles.fieldset} disabled={busy}>
            <legend>Νέες κάρτες</legend>
            <label className={styles.check}>
              <input
                type="checkbox"
                checked={state.holdCardsUntilAccepted}
                onChange={(event) => void hold(event.currentTarget.checked)}
              />{' '}
              Οι νέες κάρτες μένουν ανενεργές μέχρι ο υπάλληλος να αποδεχτεί την πρόσκληση
            </label>
          </fieldset>

          <p ref={shownStatus} className={`${styles.status} ${styles.revealed}`} role="status">
            {status}
          </p>

          <div
            className={own.tableWrap}
            role="region"
            aria-label="Αντιστοίχιση πεδίων"
            tabIndex={0}
          >
            <table className={own.table}>
              <caption>Αντιστοίχιση πεδίων</caption>
              <thead>
                <tr>
                  <th scope="col">Πεδίο καταλόγου (SCIM)</th>
                  <th scope="col">Στην κάρτα</th>
                </tr>
              </thead>
              <tbody>
                {SCIM_MAPPING.map(({ scim, card }) => (
                  <tr key={scim}>
                    <td>
                      <code>{scim}</code>
                    </td>
                    <td>{card}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className={styles.hint}>{SCIM_LOCKED_NOTE}</p>

          <div className={own.tableWrap} role="region" aria-label="Τελευταία αιτήματα" tabIndex={0}>
            <table className={own.table}>
              <caption>Τελευταία αιτήματα του καταλόγου</caption>
              <thead>
                <tr>
                  <th scope="col">Ώρα</th>
                  <th scope="col">Αίτημα</th>
                  <th scope="col">Αποτέλεσμα</th>
                  <th scope="col">Χρήστης</th>
                </tr>
              </thead>
              <tbody>
                {state.log.length === 0 && (
                  <tr>
                    <td colSpan={4}>Κανένα αίτημα ακόμη.</td>
                  </tr>
                )}
                {state.log.map((entry, i) => (
                  <tr key={`${entry.at}-${i}`}>
                    <td>{TIME.format(new Date(entry.at))}</td>
                    <td>
                      <code>
                        {entry.method} {entry.path}
                      </code>
                    </td>
                    <td className={entry.status >= 400 ? own.failed : undefined}>
                      {entry.status}
                      {entry.scimType ? ` ${entry.scimType}` : ''}
                      {entry.detail ? `: ${entry.detail}` : ''}
                    </td>
                    <td>{entry.userName ?? ''}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className={styles.actions}>
            <button type="button" className={styles.secondary} onClick={() => void load()}>
              Ανανέωση
            </button>
          </div>
        </>
      )}
    </div>
  );
}
