// Throughput with autocannon from this process: every target is warmed, then each is measured
// alone, one after another.
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

export function throughputRow(rows: Throughput[], label: string): Throughput | undefined {
  return rows.find((r) => r.label === label);
}

export const CONNECTIONS = 50;
export const DURATION_S = 10;

/** Warms a target: a few plain requests, then a short run at the measured concurrency. */
export async function warm(target: Target, seconds = 5): Promise<void> {
  for (let i = 0; i < 5; i++) {
    const res = await rawGet(target.url);
    if (res.status !== 200) throw new Error(`GET ${target.url}: HTTP ${res.status}`);
  }
  await autocannon({ url: target.url, connections: CONNECTIONS, duration: seconds });
}

export async function measureThroughput(target: Target): Promise<Throughput> {
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
