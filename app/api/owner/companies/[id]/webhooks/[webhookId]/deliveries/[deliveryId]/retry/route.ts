import { companyScopeOf, webhookRoutes } from '@/server/webhooks/routes';

// «Επανάληψη»: the delivery sent again by the daemon, with the same webhook-id (202).
export const dynamic = 'force-dynamic';

export const POST = webhookRoutes(companyScopeOf).retry;
