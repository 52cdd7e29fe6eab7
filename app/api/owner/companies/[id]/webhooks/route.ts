import { companyScopeOf, webhookRoutes } from '@/server/webhooks/routes';

// The company's admins webhook endpoints (server/webhooks/): the list, without secrets, and a new one
// (`{ url, events }` → 201 `{ id, secret }`, the secret shown this once).
export const dynamic = 'force-dynamic';

const routes = webhookRoutes(companyScopeOf);
export const GET = routes.list;
export const POST = routes.create;
