// Servers and browsers from Debian's packages (Chromium, Redis, Varnish, nginx): found on PATH,
// installed with apt when we are root and it is missing, else one line saying what to install.
import { execFileSync } from 'node:child_process';

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

let aptUpdated = false;

/**
 * The path of `command`, installing Debian's `aptPackage` first when it is missing and we are
 * root with apt; `find` may look in more places than PATH. Throws one instruction otherwise.
 */
export function ensureCommand(
  command: string,
  aptPackage: string,
  find: () => string | undefined = () => which(command),
): string {
  const found = find();
  if (found) return found;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && which('apt-get')) {
    console.log(`${command} is missing: installing Debian's ${aptPackage} (apt-get install)…`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    if (!aptUpdated) execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    aptUpdated = true;
    execFileSync('apt-get', ['install', '-y', '-qq', aptPackage], { stdio: 'inherit', env });
    const installed = find();
    if (installed) return installed;
  }
  throw new Error(
    `${command} not found: install it (\`sudo apt-get install -y ${aptPackage}\`) and run again.`,
  );
}
