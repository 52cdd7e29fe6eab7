// Debian's nginx serving one saved HTML page: the ceiling a static file server reaches here.
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ensureCommand, which } from '../../tools/lib/system-packages';
import { freePort } from '../../tools/lib/emulator';
import { startProcess, stopProcess, waitForHttp } from '../../tools/lib/processes';

const NGINX = '/usr/sbin/nginx';

type Cleanup = () => Promise<void>;

/** The nginx binary, installing Debian's package when we are root with apt; else a reason. */
export function ensureNginx(): { bin: string } | { skipped: string } {
  try {
    return {
      bin: ensureCommand('nginx', 'nginx', () => (existsSync(NGINX) ? NGINX : which('nginx'))),
    };
  } catch (error) {
    return { skipped: (error as Error).message };
  }
}

/** Serves `html` at http://127.0.0.1:<port>/<name>; returns that URL. */
export async function startNginx(
  bin: string,
  html: Buffer,
  name: string,
  runDir: string,
  addCleanup: (cleanup: Cleanup) => void,
): Promise<string> {
  const dir = path.join(runDir, 'nginx');
  const www = path.join(dir, 'www');
  mkdirSync(www, { recursive: true });
  writeFileSync(path.join(www, `${name}.html`), html);
  // The workers may run as another user (nobody, when we are root): let them read the page.
  for (const d of [runDir, dir, www]) chmodSync(d, 0o755);
  chmodSync(path.join(www, `${name}.html`), 0o644);
  const port = await freePort();
  const temp = (what: string) => `${what}_temp_path ${path.join(dir, `${what}-temp`)};`;
  const conf = `
worker_processes auto;
daemon off;
pid ${path.join(dir, 'nginx.pid')};
error_log ${path.join(dir, 'error.log')} warn;
events { worker_connections 4096; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  ${temp('client_body')} ${temp('proxy')} ${temp('fastcgi')} ${temp('uwsgi')} ${temp('scgi')}
  server {
    listen 127.0.0.1:${port};
    root ${www};
    default_type text/html;
    location = /${name} { try_files /${name}.html =404; }
  }
}
`;
  const confFile = path.join(dir, 'nginx.conf');
  writeFileSync(confFile, conf);
  const child = startProcess(bin, ['-p', dir, '-c', confFile, '-e', path.join(dir, 'error.log')], {
    stdio: 'pipe',
  });
  addCleanup(() => stopProcess(child));
  const url = `http://127.0.0.1:${port}/${name}`;
  try {
    await waitForHttp(url, 15_000);
  } catch (error) {
    const log = existsSync(path.join(dir, 'error.log'))
      ? readFileSync(path.join(dir, 'error.log'), 'utf8')
      : '';
    throw new Error(`nginx did not answer on ${url}: ${(error as Error).message}\n${log}`);
  }
  return url;
}
