'use client';

// One webhook endpoint's last deliveries (the server keeps DELIVERY_LOG_KEPT): time, event,
// the receiver's answer code and attempts, each with «Επανάληψη», which sends the same event
// again (the same webhook-id, so the receiver can tell it has it already).
import { useEffect, useState } from 'react';
import { listWebhookDeliveries, retryWebhookDelivery } from '@/browser/owner/webhooks';
import type { WebhookScope } from '@/lib/deliveries';
import type { WebhookDeliveryView } from '@/lib/webhook-input';
import styles from './account.module.css';
import own from './company/DirectorySync.module.css';
import { webhookRefusal } from './WebhookRefusal';

const TIME = new Intl.DateTimeFormat('el-GR', {
  dateStyle: 'short',
  timeStyle: 'medium',
  timeZone: 'Europe/Athens',
});

const STATE_TEXT: Record<WebhookDeliveryView['state'], string> = {
  pending: 'Σε αναμονή',
  delivered: 'Παραδόθηκε',
  failed: 'Απέτυχε',
};

const when = (iso: string | null) => (iso ? TIME.format(new Date(iso)) : '—');

export default function WebhookDeliveries({
  scope,
  endpointId,
  version,
  enabled,
}: {
  scope: WebhookScope;
  endpointId: string;
  /** Changes when the log should be read again (a test just sent). */
  version: number;
  enabled: boolean;
}) {
  const [deliveries, setDeliveries] = useState<WebhookDeliveryView[] | null>(null);
  const [status, setStatus] = useState('');
  const [reads, setReads] = useState(0);

  useEffect(() => {
    let current = true;
    listWebhookDeliveries(scope, endpointId).then(
      (read) => current && setDeliveries(read),
      (caught: unknown) => current && setStatus(webhookRefusal(caught).message),
    );
    return () => {
      current = false;
    };
    // The scope object is new on each render; the endpoint's id names it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [endpointId, version, reads]);

  async function retry(delivery: WebhookDeliveryView) {
    setStatus('');
    try {
      const again = await retryWebhookDelivery(scope, endpointId, delivery.id);
      setDeliveries((before) => before?.map((d) => (d.id === again.id ? again : d)) ?? null);
      setStatus('Η παράδοση θα σταλεί ξανά.');
    } catch (caught) {
      setStatus(webhookRefusal(caught).message);
    }
  }

  return (
    <>
      <div className={styles.actions}>
        <button type="button" className={styles.secondary} onClick={() => setReads((n) => n + 1)}>
          Ανανέωση
        </button>
      </div>
      <p className={styles.status} role="status">
        {status}
      </p>
      {deliveries === null ? (
        <p role="status">Φόρτωση…</p>
      ) : deliveries.length === 0 ? (
        <p>Καμία παράδοση ακόμη.</p>
      ) : (
        <div
          className={own.tableWrap}
          role="region"
          aria-label="Τελευταίες παραδόσεις"
          tabIndex={0}
        >
          <table className={own.table}>
            <thead>
              <tr>
                <th scope="col">Ώρα</th>
                <th scope="col">Γεγονός</th>
                <th scope="col">Κωδικός απάντησης</th>
                <th scope="col">Προσπάθειες</th>
                <th scope="col">Κατάσταση</th>
                <th scope="col">Ενέργεια</th>
              </tr>
            </thead>
            <tbody>
              {deliveries.map((delivery) => (
                <tr key={delivery.id}>
                  <td>{when(delivery.lastAttemptAt ?? delivery.createdAt)}</td>
                  <td>
                    <code>{delivery.type}</code>
                  </td>
                  <td>{delivery.status ?? '—'}</td>
                  <td>{delivery.attempts}</td>
                  <td>
                    {STATE_TEXT[delivery.state]}
                    {delivery.state === 'pending' && delivery.nextAt
                      ? ` (${when(delivery.nextAt)})`
                      : ''}
                  </td>
                  <td>
                    {delivery.state !== 'pending' && (
                      <button
                        type="button"
                        className={styles.secondary}
                        disabled={!enabled}
                        aria-label={`Επανάληψη: ${delivery.type}, ${when(delivery.createdAt)}`}
                        onClick={() => void retry(delivery)}
                      >
                        Επανάληψη
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
