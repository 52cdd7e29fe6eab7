// Runs once when a server starts, before `next start` hands it a request. The stats service starts
// its flusher here rather than at the first beacon, so that counts another origin left in Redis,
// or a take abandoned by a crashed one, are written even when no beacon reaches this origin; with
// no proxy in front (STATS_PROXY_HOPS=0) it also starts recording each request's socket address
// here, in the process that serves them (server/stats/service.ts, socket-address.ts).
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  if (process.env.NEXT_PHASE === 'phase-production-build') return;
  const { statsService } = await import('./server/stats/service');
  statsService();
}
