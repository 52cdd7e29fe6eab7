// Runs once when a server starts. The stats service starts its flusher here rather than at the
// first beacon, so that counts another origin left in Redis, or a take abandoned by a crashed
// one, are written even when no beacon reaches this origin (server/stats/service.ts).
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  if (process.env.NEXT_PHASE === 'phase-production-build') return;
  const { statsService } = await import('./server/stats/service');
  statsService();
}
