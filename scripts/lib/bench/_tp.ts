import autocannon from 'autocannon';
import { readFileSync } from 'node:fs';
const { baseUrl } = JSON.parse(readFileSync('/tmp/karta-serve.json', 'utf8')) as {
  baseUrl: string;
};
void (async () => {
  for (const p of ['/maria', '/', '/maria', '/', '/maria', '/']) {
    const r = await autocannon({ url: baseUrl + p, connections: 50, duration: 8 });
    console.log(p, r.requests.average, r.latency.p99, r.non2xx, r.errors);
  }
})();
