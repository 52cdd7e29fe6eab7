import { companyScopeOf, webhookRoutes } from '@/server/webhooks/routes';

// The endpoint's last deliveries, newest first (the console's log; never the secret).
export const dynamic = 'force-dynamic';

export const GET = webhookRoutes(companyScopeOf).deliveries;
