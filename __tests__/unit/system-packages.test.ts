// The test command's installs: the package lists refreshed before any install (old lists gave an
// old Chromium whose network emulation the tests could not use), every missing package in one
// install, nothing run when nothing is missing, and one instruction when we may not install.
import { ensureCommands, versionOf, type SystemCommand } from '@/tools/lib/system-packages';

function machine(present: string[]) {
  const installed = new Set(present);
  const calls: string[][] = [];
  const command = (name: string, aptPackage: string): SystemCommand => ({
    command: name,
    aptPackage,
    find: () => (installed.has(aptPackage) ? `/usr/bin/${name}` : undefined),
  });
  const apt = (args: string[]) => {
    calls.push(args);
    if (args[0] === 'install') {
      // As apt would: the packages exist only once the lists are fresh.
      if (!calls.some((c) => c[0] === 'update')) throw new Error('stale lists');
      args.filter((a) => !a.startsWith('-') && a !== 'install').forEach((p) => installed.add(p));
    }
  };
  return { calls, command, apt };
}

test('refreshes the package lists, then installs every missing package in one go', () => {
  const { calls, command, apt } = machine(['redis-server']);
  const found = ensureCommands(
    [
      command('chromium', 'chromium'),
      command('redis-server', 'redis-server'),
      command('varnishd', 'varnish'),
      command('varnishadm', 'varnish'),
    ],
    { apt, canInstall: () => true },
  );
  expect(calls).toEqual([
    ['update', '-qq'],
    ['install', '-y', '-qq', 'chromium', 'varnish'],
  ]);
  expect(found.get('chromium')).toBe('/usr/bin/chromium');
  expect(found.get('varnishadm')).toBe('/usr/bin/varnishadm');
});

test('runs apt not at all when nothing is missing', () => {
  const { calls, command, apt } = machine(['chromium']);
  ensureCommands([command('chromium', 'chromium')], { apt, canInstall: () => true });
  expect(calls).toEqual([]);
});

test('says what to install, every package at once, when it may not install', () => {
  const { calls, command, apt } = machine([]);
  expect(() =>
    ensureCommands([command('chromium', 'chromium'), command('varnishd', 'varnish')], {
      apt,
      canInstall: () => false,
    }),
  ).toThrow(
    'chromium, varnishd not found: install them (`sudo apt-get update && sudo apt-get install -y chromium varnish`)',
  );
  expect(calls).toEqual([]);
});

test('reads a version from stdout or stderr, and says when a program cannot run', () => {
  expect(versionOf(process.execPath)).toBe(process.version);
  expect(versionOf(process.execPath, ['-e', 'console.error("tool 1.2.3")'])).toBe('tool 1.2.3');
  expect(versionOf('/nonexistent/tool')).toMatch(/^unknown \(.*ENOENT/);
});
