// Servers and browsers from Debian's packages (Chromium, Redis, Varnish, nginx): found on PATH,
// installed with apt when we are root and one is missing, else one line saying what to install.
// The package lists are refreshed before any install: on a machine whose lists are old, apt
// installs an old build (Chromium 150 where 156 is current), and tests then fail on what that old
// build lacks rather than on our code.
import { execFileSync, spawnSync } from 'node:child_process';

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

export interface SystemCommand {
  command: string;
  /** Debian's package that has it. */
  aptPackage: string;
  /** Where to look; PATH by default. */
  find?: () => string | undefined;
}

/** What ensureCommands does to the machine: `apt-get` with these arguments, as root. */
export type AptRunner = (args: string[]) => void;

const runApt: AptRunner = (args) =>
  execFileSync('apt-get', args, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });

const isRootWithApt = () =>
  typeof process.getuid === 'function' && process.getuid() === 0 && which('apt-get') !== undefined;

/**
 * The path of each command, installing the missing ones' packages first (one `apt-get update`,
 * then one `apt-get install` of them all) when we are root with apt. Throws one instruction
 * naming every package still missing otherwise.
 */
export function ensureCommands(
  wanted: SystemCommand[],
  {
    apt = runApt,
    canInstall = isRootWithApt,
  }: { apt?: AptRunner; canInstall?: () => boolean } = {},
): Map<string, string> {
  const find = (w: SystemCommand) => (w.find ?? (() => which(w.command)))();
  const missing = wanted.filter((w) => !find(w));
  if (missing.length > 0 && canInstall()) {
    const packages = [...new Set(missing.map((w) => w.aptPackage))];
    console.log(
      `missing: ${missing.map((w) => w.command).join(', ')}: installing Debian's ${packages.join(', ')}…`,
    );
    apt(['update', '-qq']);
    apt(['install', '-y', '-qq', ...packages]);
  }
  const found = new Map<string, string>();
  const absent: SystemCommand[] = [];
  for (const w of wanted) {
    const where = find(w);
    if (where) found.set(w.command, where);
    else absent.push(w);
  }
  if (absent.length > 0) {
    const packages = [...new Set(absent.map((w) => w.aptPackage))].join(' ');
    throw new Error(
      `${absent.map((w) => w.command).join(', ')} not found: install ${absent.length > 1 ? 'them' : 'it'} (\`sudo apt-get update && sudo apt-get install -y ${packages}\`) and run again.`,
    );
  }
  return found;
}

/** The path of one command, as ensureCommands finds or installs it. */
export function ensureSystemCommand(wanted: SystemCommand): string {
  return ensureCommands([wanted]).get(wanted.command)!;
}

/** ensureSystemCommand, named by its parts. */
export function ensureCommand(
  command: string,
  aptPackage: string,
  find?: () => string | undefined,
): string {
  return ensureSystemCommand({ command, aptPackage, find });
}

/** The first line a program prints of its version (on stdout or, as Java does, stderr), or why not. */
export function versionOf(executable: string, args = ['--version']): string {
  const run = spawnSync(executable, args, { encoding: 'utf8', timeout: 20_000 });
  if (run.error) return `unknown (${run.error.message})`;
  return firstVersionLine(`${run.stdout}\n${run.stderr}`) || 'unknown';
}

// Debian's chromium wrapper prints a harmless "[: … unexpected operator" line first.
function firstVersionLine(text: string): string {
  return (
    text
      .split('\n')
      .map((l) => l.trim())
      .find((l) => /\d+\.\d+/.test(l) && !/unexpected operator/.test(l)) ?? ''
  );
}
