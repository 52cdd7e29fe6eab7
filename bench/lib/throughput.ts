// Throughput with autocannon from this process: every target is warmed, then each is measured
// alone, one after another.
import autocannon from 'autocannon';
import { rawGet } from './http';

export interface Target {
  label: string;
  url: string;
}

export interface Throughput extends Target {
  reqPerSec: number;
  p99Ms: number;
  /** non-2xx answers + socket errors + timeouts. */
  errors: number;
  bytesPerReq: number;
}

export const throughputRow = (rows: Throughput[], label: string) =>
  rows.find((r) => r.label === label);

export const CONNECTIONS = 50;
export const DURATION_S = 10;

/** Warms a target: a few plain requests, then a short run at the measured concurrency. */
export async function warm(url: string, seconds = 5): Promise<void> {
  for (let i = 0; i < 5; i++) {
    const res = await rawGet(url);
    if (res.status !== 200) throw new Error(`GET ${url}: HTTP ${res.status}`);
  }
  await autocannon({ url, connections: CONNECTIONS, duration: seconds });
}

export async function measureThroughput(target: Target): Promise<Throughput> {
  const result = await autocannon({
    url: target.url,
    connections: CONNECTIONS,
    duration: DURATION_S,
  });
  return {
    ...target,
    reqPerSec: result.requests.average,
    p99Ms: result.latency.p99,
    errors: result.non2xx + result.errors + result.timeouts,
    bytesPerReq: result.requests.total ? result.throughput.total / result.requests.total : 0,
  };
}
