import { cardScopeOf, webhookRoutes } from '@/server/webhooks/routes';

// The card's owner webhook endpoints (server/webhooks/): the list, without secrets, and a new one
// (`{ url, events }` → 201 `{ id, secret }`, the secret shown this once).
export const dynamic = 'force-dynamic';

const routes = webhookRoutes(cardScopeOf);
export const GET = routes.list;
export const POST = routes.create;
