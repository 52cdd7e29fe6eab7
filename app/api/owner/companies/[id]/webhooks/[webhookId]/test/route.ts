import { companyScopeOf, webhookRoutes } from '@/server/webhooks/routes';

// «Δοκιμή»: a webhook.test event to this endpoint only, delivered by the daemon (202).
export const dynamic = 'force-dynamic';

export const POST = webhookRoutes(companyScopeOf).test;
