// A real SMTP server with a web inbox (maildev, from npm) on loopback ports, for the demo and the
// tests: what karta mails can be read at its inbox URL, or through its REST API by the tests.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from './emulator';
import { startGuarded } from './guarded-process';
import { ROOT } from './paths';

const HOST = '127.0.0.1';
const MAILDEV_BIN = path.join(ROOT, 'node_modules', 'maildev', 'dist', 'bin', 'maildev.js');

/** A mail as maildev's API lists it (the fields the tests read). */
export interface CaughtMail {
  id: string;
  subject: string;
  text: string;
  from: Array<{ address: string; name: string }>;
  to: Array<{ address: string; name: string }>;
  headers: Record<string, string>;
  time: string;
}

/** What a catcher has received, through its REST API. */
export interface MailInbox {
  /** Every mail received so far, oldest first. */
  mails(): Promise<CaughtMail[]>;
  /** A mail as it came over SMTP: its headers (Reply-To among them, which the list leaves out). */
  source(id: string): Promise<string>;
}

/** The inbox of the catcher whose web inbox is at `inboxUrl`. */
export function mailInbox(inboxUrl: string): MailInbox {
  return {
    async mails() {
      const res = await fetch(`${inboxUrl}/api/email`);
      if (!res.ok) throw new Error(`maildev: HTTP ${res.status}`);
      return (await res.json()) as CaughtMail[];
    },
    async source(id) {
      const res = await fetch(`${inboxUrl}/api/email/${encodeURIComponent(id)}/source`);
      if (!res.ok) throw new Error(`maildev: HTTP ${res.status}`);
      return res.text();
    },
  };
}

export interface RunningMailCatcher extends MailInbox {
  /** smtp://127.0.0.1:PORT, for SMTP_URL. */
  smtpUrl: string;
  smtpPort: number;
  /** The web inbox. */
  inboxUrl: string;
  stop(): Promise<void>;
}

export interface MailCatcherOptions {
  /** Fixed ports, e.g. to start it again where its clients reconnect; free ones if omitted. */
  smtpPort?: number;
  webPort?: number;
}

export async function startMailCatcher(
  options: MailCatcherOptions = {},
): Promise<RunningMailCatcher> {
  const smtpPort = options.smtpPort ?? (await freePort(HOST));
  const webPort = options.webPort ?? (await freePort(HOST));
  // Its own folder: maildev keeps each mail as a file, in one shared folder unless told.
  const dir = mkdtempSync(path.join(os.tmpdir(), 'karta-mail-'));
  const server = startGuarded(process.execPath, [
    MAILDEV_BIN,
    ...['--smtp', String(smtpPort), '--ip', HOST],
    ...['--web', String(webPort), '--web-ip', HOST],
    ...['--mail-directory', dir],
  ]);
  if (!server) throw new Error('Could not start maildev.');
  const inboxUrl = `http://${HOST}:${webPort}`;
  const stop = async () => {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 20_000;
  for (;;) {
    try {
      const res = await fetch(`${inboxUrl}/api/healthz`, { signal: AbortSignal.timeout(1000) });
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (server.exited() || Date.now() > deadline) {
      await stop();
      throw new Error(`maildev did not start on ${inboxUrl}:\n${server.output.join('\n')}`);
    }
    await sleep(100);
  }
  return {
    smtpUrl: `smtp://${HOST}:${smtpPort}`,
    smtpPort,
    inboxUrl,
    ...mailInbox(inboxUrl),
    stop,
  };
}
