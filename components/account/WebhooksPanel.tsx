'use client';

// «Webhooks»: the receivers a card's owner (or a company's admins) registers so that leads and
// card changes reach their own tools (lib/webhook-input.ts, judged here by the rules the server
// applies). The signing secret is shown once, right after registration, with a copy button; then
// only the list: each endpoint's state, «Δοκιμή», its last deliveries with «Επανάληψη», and
// deletion after a confirmation.
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import {
  createWebhook,
  deleteWebhook,
  enableWebhook,
  listWebhooks,
  testWebhook,
} from '@/browser/owner/webhooks';
import { WEBHOOK_EVENTS, type WebhookEvent, type WebhookScope } from '@/lib/deliveries';
import { env } from '@/lib/env';
import {
  WEBHOOK_EVENT_LABELS,
  endpointStateText,
  parseWebhookInput,
  type WebhookCreated,
  type WebhookEndpointView,
} from '@/lib/webhook-input';
import ConfirmedDanger from './ConfirmedDanger';
import CopyField from './CopyField';
import Field from './Field';
import SubmitRow from './SubmitRow';
import WebhookDeliveries from './WebhookDeliveries';
import { webhookRefusal } from './WebhookRefusal';
import styles from './account.module.css';
import { useFieldForm } from './use-field-form';
import { useRevealed } from './use-revealed';

const eventsText = (events: WebhookEvent[]) =>
  events.map((event) => `${WEBHOOK_EVENT_LABELS[event]} (${event})`).join(', ');

export default function WebhooksPanel({ scope }: { scope: WebhookScope }) {
  const [endpoints, setEndpoints] = useState<WebhookEndpointView[] | null>(null);
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>(['lead.created']);
  const [created, setCreated] = useState<WebhookCreated | null>(null);
  const { errors, status, setStatus, busy, submit } = useFieldForm(webhookRefusal);
  const shownStatus = useRevealed<HTMLParagraphElement>(status);
  const secretBox = useRef<HTMLDivElement>(null);
  const scopeKey = scope.scope === 'card' ? `card:${scope.username}` : `company:${scope.companyId}`;

  const reload = useCallback(
    () =>
      listWebhooks(scope).then(setEndpoints, (caught: unknown) =>
        setStatus(webhookRefusal(caught).message),
      ),
    // The scope is a new object on every render of the parent; what it names is the key.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [scopeKey],
  );
  useEffect(() => {
    void reload();
  }, [reload]);
  useEffect(() => {
    if (created) secretBox.current?.focus();
  }, [created]);

  async function register(event: FormEvent) {
    event.preventDefault();
    const parsed = parseWebhookInput({ url, events }, { allowLoopback: env.webhooksAllowLoopback });
    await submit(parsed, 'Καταχώριση…', async ({ input }) => {
      setCreated(await createWebhook(scope, input));
      setUrl('');
      setStatus('');
      await reload();
    });
  }

  const toggle = (chosen: WebhookEvent, on: boolean) =>
    setEvents((before) => WEBHOOK_EVENTS.filter((e) => (e === chosen ? on : before.includes(e))));

  return (
    <section className={styles.section} aria-labelledby="webhooks-title">
      <h3 id="webhooks-title">Webhooks</h3>
      <p className={styles.hint}>
        Η karta στέλνει κάθε νέα επαφή και κάθε αλλαγή σε διεύθυνση του συστήματός σας (CRM, Zapier,
        n8n), υπογεγραμμένη κατά το Standard Webhooks. Αν μια αποστολή αποτύχει, επαναλαμβάνεται για
        τρεις περίπου ημέρες.
      </p>
      <form className={styles.form} onSubmit={register} noValidate aria-label="Νέο webhook">
        <Field
          id="webhook-url"
          label="Διεύθυνση παραλήπτη (URL)"
          type="url"
          inputMode="url"
          autoComplete="off"
          placeholder="https://crm.example.gr/hooks/karta"
          value={url}
          error={errors.url}
          onChange={(e) => setUrl(e.target.value)}
        />
        <fieldset
          className={styles.fieldset}
          aria-invalid={errors.events ? true : undefined}
          aria-describedby={errors.events ? 'webhook-events-error' : undefined}
        >
          <legend>Γεγονότα</legend>
          {WEBHOOK_EVENTS.map((name) => (
            <label key={name} className={styles.check}>
              <input
                type="checkbox"
                checked={events.includes(name)}
                onChange={(e) => toggle(name, e.target.checked)}
              />{' '}
              {WEBHOOK_EVENT_LABELS[name]} <code>{name}</code>
            </label>
          ))}
          {errors.events && (
            <p id="webhook-events-error" className={styles.error}>
              {errors.events}
            </p>
          )}
        </fieldset>
        <p ref={shownStatus} className={`${styles.status} ${styles.revealed}`} role="status">
          {status}
        </p>
        <SubmitRow label="Καταχώριση webhook" busy={busy} />
      </form>

      {created && (
        <div
          className={styles.notice}
          ref={secretBox}
          tabIndex={-1}
          role="region"
          aria-label="Μυστικό υπογραφής"
        >
          <CopyField
            id="webhook-secret"
            label="Μυστικό υπογραφής (signing secret)"
            value={created.secret}
          />
          <p>
            Αντιγράψτε το τώρα και δώστε το στο σύστημα που δέχεται τα γεγονότα, για να ελέγχει την
            υπογραφή τους: δεν θα εμφανιστεί ξανά.
          </p>
          <div className={styles.actions}>
            <button type="button" className={styles.secondary} onClick={() => setCreated(null)}>
              Το αντέγραψα
            </button>
          </div>
        </div>
      )}

      {endpoints === null ? (
        <p role="status">Φόρτωση…</p>
      ) : endpoints.length === 0 ? (
        <p>Δεν έχετε καταχωρίσει webhook.</p>
      ) : (
        <ul className={styles.list} aria-label="Καταχωρισμένα webhooks">
          {endpoints.map((endpoint) => (
            <WebhookItem key={endpoint.id} scope={scope} endpoint={endpoint} onChange={reload} />
          ))}
        </ul>
      )}
    </section>
  );
}

function WebhookItem({
  scope,
  endpoint,
  onChange,
}: {
  scope: WebhookScope;
  endpoint: WebhookEndpointView;
  onChange: () => Promise<void>;
}) {
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);
  const [removeError, setRemoveError] = useState('');
  const [logOpen, setLogOpen] = useState(false);
  // Bumped after «Δοκιμή», so an open log reads again.
  const [logVersion, setLogVersion] = useState(0);
  const logId = `webhook-log-${endpoint.id}`;

  async function act(work: () => Promise<unknown>, done: string) {
    setBusy(true);
    setStatus('');
    try {
      await work();
      setStatus(done);
      setLogVersion((v) => v + 1);
    } catch (caught) {
      setStatus(webhookRefusal(caught).message);
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    setBusy(true);
    setRemoveError('');
    try {
      await deleteWebhook(scope, endpoint.id);
      await onChange();
    } catch (caught) {
      setRemoveError(webhookRefusal(caught).message);
      setBusy(false);
    }
  }

  return (
    <li className={styles.contact}>
      <h4>{endpoint.url}</h4>
      <p>Γεγονότα: {eventsText(endpoint.events)}</p>
      <p>Κατάσταση: {endpointStateText(endpoint)}</p>
      <div className={styles.actions}>
        <button
          type="button"
          className={styles.secondary}
          disabled={busy || !endpoint.enabled}
          onClick={() =>
            void act(
              () => testWebhook(scope, endpoint.id),
              'Το δοκιμαστικό γεγονός (webhook.test) στάλθηκε για αποστολή.',
            )
          }
        >
          Δοκιμή
        </button>
        {!endpoint.enabled && (
          <button
            type="button"
            className={styles.secondary}
            disabled={busy}
            onClick={() =>
              void act(async () => {
                await enableWebhook(scope, endpoint.id);
                await onChange();
              }, 'Το webhook ενεργοποιήθηκε ξανά.')
            }
          >
            Ενεργοποίηση
          </button>
        )}
        <button
          type="button"
          className={styles.secondary}
          aria-expanded={logOpen}
          aria-controls={logId}
          onClick={() => setLogOpen((open) => !open)}
        >
          Παραδόσεις
        </button>
      </div>
      <p className={styles.status} role="status">
        {status}
      </p>
      <div id={logId} hidden={!logOpen}>
        {logOpen && (
          <WebhookDeliveries
            scope={scope}
            endpointId={endpoint.id}
            version={logVersion}
            enabled={endpoint.enabled}
          />
        )}
      </div>
      <ConfirmedDanger
        start="Διαγραφή"
        confirm="Οριστική διαγραφή"
        busy={busy}
        error={removeError}
        onConfirm={() => void remove()}
        onCancel={() => setRemoveError('')}
      >
        <p>
          Το webhook {endpoint.url} διαγράφεται μαζί με το ιστορικό των παραδόσεών του και δεν θα
          δέχεται πια γεγονότα.
        </p>
      </ConfirmedDanger>
    </li>
  );
}
