// The part of autocannon's programmatic API the benchmark uses (the package ships no types).
declare module 'autocannon' {
  namespace autocannon {
    interface Options {
      url: string;
      connections?: number;
      /** Seconds; or `amount` requests in all. */
      duration?: number;
      amount?: number;
      headers?: Record<string, string>;
      method?: string;
      body?: string;
    }

    interface Histogram {
      average: number;
      total: number;
      p50: number;
      p99: number;
    }

    interface Result {
      /** Seconds. */
      duration: number;
      errors: number;
      timeouts: number;
      non2xx: number;
      latency: Histogram;
      requests: Histogram;
      throughput: Histogram;
    }
  }

  function autocannon(options: autocannon.Options): Promise<autocannon.Result>;

  export = autocannon;
}
