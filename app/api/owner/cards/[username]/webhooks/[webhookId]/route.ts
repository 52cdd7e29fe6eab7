import { cardScopeOf, webhookRoutes } from '@/server/webhooks/routes';

// One of the card's owner webhook endpoints: read, enabled again after the daemon disabled it
// (PATCH `{ enabled: true }`), or deleted with its delivery log.
export const dynamic = 'force-dynamic';

const routes = webhookRoutes(cardScopeOf);
export const GET = routes.get;
export const PATCH = routes.enable;
export const DELETE = routes.remove;
