// Debian's Chromium for the real-browser tests and benchmarks (never a downloaded browser build).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** The path of a command on PATH, or undefined. */
export function which(command: string): string | undefined {
  try {
    return (
      execFileSync('which', [command], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      }).trim() || undefined
    );
  } catch {
    return undefined;
  }
}

export function findChromium(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const explicit = env.CHROMIUM_PATH || env.CHROME_PATH;
  if (explicit && existsSync(explicit)) return explicit;
  return which('chromium') ?? which('chromium-browser');
}

/** Finds Chromium, installing Debian's package when we are root with apt; else one clear line. */
export function ensureChromium(): string {
  const found = findChromium();
  if (found) return found;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && which('apt-get')) {
    console.log("Chromium is missing: installing Debian's package (apt-get install -y chromium)…");
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    const installed = findChromium();
    if (installed) return installed;
  }
  throw new Error(
    'Chromium not found: install it (`sudo apt-get install -y chromium`) or set CHROMIUM_PATH.',
  );
}
