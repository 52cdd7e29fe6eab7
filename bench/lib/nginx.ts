// Debian's nginx serving a copy of one page: the ceiling a static file server reaches here.
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { freePort } from '../../tools/lib/emulator';
import { startProcess, stopProcess, waitForHttp } from '../../tools/lib/processes';
import { ensureCommand, which } from '../../tools/lib/system-packages';
import { rawGet } from './http';

const NGINX = '/usr/sbin/nginx';

export type NginxCopy = { url: string; bin: string } | { skipped: string };

/**
 * Serves the page at `pageUrl`, as it answers now, from nginx (installing Debian's package when we
 * are root with apt); without nginx, why not.
 */
export async function nginxCopy(
  pageUrl: string,
  runDir: string,
  addCleanup: (cleanup: () => Promise<void>) => void,
): Promise<NginxCopy> {
  let bin: string;
  try {
    bin = ensureCommand('nginx', 'nginx', () => (existsSync(NGINX) ? NGINX : which('nginx')));
  } catch (error) {
    return { skipped: (error as Error).message };
  }
  const page = await rawGet(pageUrl);
  if (page.status !== 200) throw new Error(`GET ${pageUrl}: HTTP ${page.status}`);
  const dir = mkdtempSync(path.join(runDir, 'nginx-'));
  const www = path.join(dir, 'www');
  mkdirSync(www);
  writeFileSync(path.join(www, 'page.html'), page.body);
  // The workers may run as another user (nobody, when we are root): let them read the page.
  for (const d of [runDir, dir, www]) chmodSync(d, 0o755);
  chmodSync(path.join(www, 'page.html'), 0o644);
  const port = await freePort();
  const temp = (what: string) => `${what}_temp_path ${path.join(dir, `${what}-temp`)};`;
  const errorLog = path.join(dir, 'error.log');
  const confFile = path.join(dir, 'nginx.conf');
  const { pathname } = new URL(pageUrl);
  writeFileSync(
    confFile,
    `
worker_processes auto;
daemon off;
pid ${path.join(dir, 'nginx.pid')};
error_log ${errorLog} warn;
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
    location = ${pathname} { try_files /page.html =404; }
  }
}
`,
  );
  const child = startProcess(bin, ['-p', dir, '-c', confFile, '-e', errorLog], { stdio: 'pipe' });
  addCleanup(() => stopProcess(child));
  const url = `http://127.0.0.1:${port}${pathname}`;
  try {
    await waitForHttp(url, 15_000);
  } catch (error) {
    const log = existsSync(errorLog) ? readFileSync(errorLog, 'utf8') : '';
    throw new Error(`nginx did not answer on ${url}: ${(error as Error).message}\n${log}`);
  }
  return { url, bin };
}
