// Debian's Chromium for the real-browser tests and benchmarks (never a downloaded browser build).
import { existsSync } from 'node:fs';
import { ensureCommand, which } from './system-packages';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export function findChromium(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const explicit = env.CHROMIUM_PATH || env.CHROME_PATH;
  if (explicit && existsSync(explicit)) return explicit;
  return which('chromium') ?? which('chromium-browser');
}

/** Finds Chromium, installing Debian's package when we are root with apt; else one clear line. */
export function ensureChromium(): string {
  return ensureCommand('chromium', 'chromium', () => findChromium());
}
