// A card's or a company's webhook endpoints through karta's server (app/api/owner/…/webhooks):
// the card's owner, or the company's admins. The secret comes once, in the registration's answer.
import type { WebhookScope } from '../../lib/deliveries';
import type {
  WebhookCreated,
  WebhookDeliveryView,
  WebhookEndpointView,
  WebhookInput,
} from '../../lib/webhook-input';
import { ownerJson, ownerRequest } from './owner-api';

function base(scope: WebhookScope): string {
  return scope.scope === 'card'
    ? `/api/owner/cards/${encodeURIComponent(scope.username)}/webhooks`
    : `/api/owner/companies/${encodeURIComponent(scope.companyId)}/webhooks`;
}

const one = (scope: WebhookScope, id: string) => `${base(scope)}/${encodeURIComponent(id)}`;

export async function listWebhooks(scope: WebhookScope): Promise<WebhookEndpointView[]> {
  return (await ownerJson<{ webhooks: WebhookEndpointView[] }>(base(scope), { method: 'GET' }))
    .webhooks;
}

export function createWebhook(scope: WebhookScope, input: WebhookInput): Promise<WebhookCreated> {
  return ownerJson<WebhookCreated>(base(scope), { method: 'POST', json: input });
}

export function deleteWebhook(scope: WebhookScope, id: string): Promise<void> {
  return ownerRequest(one(scope, id), { method: 'DELETE' });
}

export function enableWebhook(scope: WebhookScope, id: string): Promise<WebhookEndpointView> {
  return ownerJson<WebhookEndpointView>(one(scope, id), {
    method: 'PATCH',
    json: { enabled: true },
  });
}

export function testWebhook(scope: WebhookScope, id: string): Promise<void> {
  return ownerRequest(`${one(scope, id)}/test`, { method: 'POST' });
}

export async function listWebhookDeliveries(
  scope: WebhookScope,
  id: string,
): Promise<WebhookDeliveryView[]> {
  return (
    await ownerJson<{ deliveries: WebhookDeliveryView[] }>(`${one(scope, id)}/deliveries`, {
      method: 'GET',
    })
  ).deliveries;
}

export function retryWebhookDelivery(
  scope: WebhookScope,
  id: string,
  deliveryId: string,
): Promise<WebhookDeliveryView> {
  return ownerJson<WebhookDeliveryView>(
    `${one(scope, id)}/deliveries/${encodeURIComponent(deliveryId)}/retry`,
    { method: 'POST' },
  );
}
