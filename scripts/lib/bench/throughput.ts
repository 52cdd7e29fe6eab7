// Throughput with autocannon, one target after another (warmed first), from this process.
import autocannon from 'autocannon';
import { rawGet } from './http';

export interface Target {
  label: string;
  url: string;
}

export interface Throughput {
  label: string;
  url: string;
  reqPerSec: number;
  p99Ms: number;
  p50Ms: number;
  requests: number;
  /** non-2xx answers + socket errors + timeouts. */
  errors: number;
  bytesPerReq: number;
}

export const CONNECTIONS = 50;
export const DURATION_S = 10;

export async function measureThroughput(target: Target): Promise<Throughput> {
  // Warm: a few plain requests, then a short run at the same concurrency.
  for (let i = 0; i < 5; i++) await rawGet(target.url);
  await autocannon({ url: target.url, connections: CONNECTIONS, duration: 2 });
  const result = await autocannon({
    url: target.url,
    connections: CONNECTIONS,
    duration: DURATION_S,
  });
  return {
    label: target.label,
    url: target.url,
    reqPerSec: result.requests.average,
    p99Ms: result.latency.p99,
    p50Ms: result.latency.p50,
    requests: result.requests.total,
    errors: result.non2xx + result.errors + result.timeouts,
    bytesPerReq: result.requests.total ? result.throughput.total / result.requests.total : 0,
  };
}
