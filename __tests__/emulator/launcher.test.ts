import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  EmulatorSetupError,
  findEmulatorJar,
  findJava,
  freePort,
  startEmulator,
} from '@/tools/lib/emulator';
import { RULES_FILE, ROOT } from '@/tools/lib/paths';
import { eventually } from '@/__tests__/helpers/eventually';

function javaProcessesOn(port: number): string[] {
  try {
    return execFileSync(
      'pgrep',
      ['-f', `^[^ ]*java .*CloudFirestore start .*--port=${port}( |$)`],
      { encoding: 'utf8' },
    )
      .trim()
      .split('\n')
      .filter(Boolean);
  } catch {
    return []; // pgrep exits 1 when nothing matches
  }
}

describe('finding the emulator', () => {
  const emptyDir = () => mkdtempSync(path.join(os.tmpdir(), 'karta-empty-'));

  test('FIRESTORE_EMULATOR_JAR wins when it exists', () => {
    const jar = path.join(emptyDir(), 'my.jar');
    writeFileSync(jar, '');
    expect(findEmulatorJar({ env: { FIRESTORE_EMULATOR_JAR: jar } })).toEqual({
      jar,
      source: 'FIRESTORE_EMULATOR_JAR',
    });
  });

  test('a FIRESTORE_EMULATOR_JAR that does not exist is a clear error', () => {
    expect(() => findEmulatorJar({ env: { FIRESTORE_EMULATOR_JAR: '/nope/x.jar' } })).toThrow(
      /FIRESTORE_EMULATOR_JAR points to \/nope\/x.jar, which does not exist/,
    );
  });

  test('the Google Cloud SDK on this machine is found', () => {
    const found = findEmulatorJar({ env: {} });
    expect(found.source).toBe('google-cloud-sdk');
    expect(found.jar).toMatch(/platform\/cloud-firestore-emulator\/cloud-firestore-emulator\.jar$/);
  });

  test("firebase-tools' cache is the fallback, newest jar first", () => {
    const cache = emptyDir();
    writeFileSync(path.join(cache, 'cloud-firestore-emulator-v1.18.0.jar'), '');
    writeFileSync(path.join(cache, 'not-a-jar.txt'), '');
    expect(findEmulatorJar({ env: {}, sdkRoots: null, firebaseCacheDir: cache })).toEqual({
      jar: path.join(cache, 'cloud-firestore-emulator-v1.18.0.jar'),
      source: 'firebase-tools-cache',
    });
  });

  test('nothing found: one line saying what to install', () => {
    let error: unknown;
    try {
      findEmulatorJar({ env: {}, sdkRoots: null, firebaseCacheDir: emptyDir() });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(EmulatorSetupError);
    const message = (error as Error).message;
    expect(message).toMatch(/^Cloud Firestore emulator not found\. /);
    expect(message).toContain('gcloud components install cloud-firestore-emulator');
    expect(message).toContain('FIRESTORE_EMULATOR_JAR');
    expect(message).not.toContain('\n');
  });

  test('missing Java: one line saying what to install', () => {
    expect(() => findJava({ JAVA: '/nonexistent/java' })).toThrow(
      /^Java not found \(tried "\/nonexistent\/java"\): the Firestore emulator needs Java 17/,
    );
  });

  test('a Java that does not answer in time is said so, not taken for a missing one', () => {
    const java = path.join(emptyDir(), 'java');
    writeFileSync(java, '#!/bin/sh\nexec sleep 30\n', { mode: 0o755 });
    expect(() => findJava({ JAVA: java }, 300)).toThrow(
      `"${java} -version" did not end in 300 ms.`,
    );
  });
});

describe('running the emulator', () => {
  test('starts on the given loopback port, answers, loads rules, and stops with no Java left', async () => {
    const port = await freePort();
    const emulator = await startEmulator({
      port,
      rulesPath: RULES_FILE,
      projectId: 'demo-launcher',
    });
    try {
      expect(emulator.hostPort).toBe(`127.0.0.1:${port}`);
      const res = await fetch(`http://${emulator.hostPort}/`);
      expect(await res.text()).toMatch(/^Ok/);
      expect(javaProcessesOn(port)).toHaveLength(1);
      // The project's rules are in force: an unauthenticated REST read of a profile is denied.
      const denied = await fetch(
        `http://${emulator.hostPort}/v1/projects/demo-launcher/databases/(default)/documents/users/maria`,
      );
      expect(denied.status).toBe(403);
    } finally {
      await emulator.stop();
    }
    expect(javaProcessesOn(port)).toEqual([]);
    await expect(fetch(`http://127.0.0.1:${port}/`)).rejects.toThrow();
  });

  test('a port already in use is refused clearly', async () => {
    const first = await startEmulator({});
    try {
      await expect(startEmulator({ port: first.port })).rejects.toThrow(
        `Port ${first.port} on 127.0.0.1 is already in use.`,
      );
    } finally {
      await first.stop();
    }
  });

  test('a missing rules file is refused before anything starts', async () => {
    await expect(startEmulator({ rulesPath: '/nope/firestore.rules' })).rejects.toThrow(
      'Rules file not found: /nope/firestore.rules',
    );
  });

  test.each(['SIGKILL', 'SIGTERM'] as const)(
    'no Java is left behind when its parent dies by %s',
    async (signal) => {
      const port = await freePort();
      const script = `require('${ROOT}/tools/lib/emulator').startEmulator({ port: ${port} })
        .then(() => console.log('ready'));`;
      const parent = spawn(process.execPath, ['--import', 'tsx', '-e', script], {
        cwd: ROOT,
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      await new Promise<void>((resolve, reject) => {
        parent.stdout?.on('data', (d: Buffer) => d.toString().includes('ready') && resolve());
        parent.on('exit', (code) => reject(new Error(`parent exited early (${code})`)));
      });
      expect(javaProcessesOn(port)).toHaveLength(1);
      parent.kill(signal);
      await eventually(
        () => {
          expect(javaProcessesOn(port)).toEqual([]);
          return true;
        },
        {
          every: 200,
          what: 'no emulator left on the port',
        },
      );
    },
  );
});
