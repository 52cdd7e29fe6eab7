// The webhook endpoints' HTTP API, the same under a card (its owner) and under a company (its
// admins): each app/ route file takes its handlers from here with the scope its path names.
import 'server-only';
import type { WebhookScope } from '../../lib/deliveries';
import { companyParam, docParam } from '../company/auth';
import { verifyOwner, type Owner } from '../owner/auth';
import { readJson } from '../owner/body';
import { answer, answering, cardParam } from '../owner/respond';
import { listDeliveries, retryDelivery, sendTestEvent } from './deliveries';
import {
  createEndpoint,
  deleteEndpoint,
  enableEndpoint,
  getEndpoint,
  listEndpoints,
} from './endpoints';
import { cardScope, companyScope } from './scope';

type Params = Record<string, string>;
type ScopeOf = (params: Params) => WebhookScope;

export const cardScopeOf: ScopeOf = (params) => cardScope(cardParam(params.username));
export const companyScopeOf: ScopeOf = (params) => companyScope(companyParam(params.id));

const webhookId = (params: Params) => docParam(params.webhookId, 'no-webhook');

function route(
  scopeOf: ScopeOf,
  work: (request: Request, owner: Owner, scope: WebhookScope, params: Params) => Promise<Response>,
) {
  return (request: Request, { params }: { params: Promise<Params> }) =>
    answering(async () => {
      const owner = await verifyOwner(request);
      const named = await params;
      return work(request, owner, scopeOf(named), named);
    });
}

/** Every handler of the API for the scope `scopeOf` reads from the path. */
export function webhookRoutes(scopeOf: ScopeOf) {
  return {
    list: route(scopeOf, async (_request, owner, scope) =>
      answer(200, { webhooks: await listEndpoints(owner, scope) }),
    ),
    create: route(scopeOf, async (request, owner, scope) =>
      answer(201, await createEndpoint(owner, scope, await readJson(request))),
    ),
    get: route(scopeOf, async (_request, owner, scope, params) =>
      answer(200, await getEndpoint(owner, scope, webhookId(params))),
    ),
    enable: route(scopeOf, async (request, owner, scope, params) =>
      answer(200, await enableEndpoint(owner, scope, webhookId(params), await readJson(request))),
    ),
    remove: route(scopeOf, async (_request, owner, scope, params) => {
      await deleteEndpoint(owner, scope, webhookId(params));
      return answer(200, { ok: true });
    }),
    deliveries: route(scopeOf, async (_request, owner, scope, params) =>
      answer(200, { deliveries: await listDeliveries(owner, scope, webhookId(params)) }),
    ),
    test: route(scopeOf, async (_request, owner, scope, params) =>
      answer(202, await sendTestEvent(owner, scope, webhookId(params))),
    ),
    retry: route(scopeOf, async (_request, owner, scope, params) =>
      answer(
        202,
        await retryDelivery(
          owner,
          scope,
          webhookId(params),
          docParam(params.deliveryId, 'no-delivery'),
        ),
      ),
    ),
  };
}
