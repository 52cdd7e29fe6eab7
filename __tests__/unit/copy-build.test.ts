import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { copyBuild } from '@/tools/lib/next-server';
import { ROOT } from '@/tools/lib/paths';

let built: string;
const copies: string[] = [];

beforeEach(() => {
  built = path.basename(mkdtempSync(path.join(ROOT, '.next-copy-test-')));
  mkdirSync(path.join(ROOT, built, 'server', 'chunks'), { recursive: true });
  mkdirSync(path.join(ROOT, built, 'cache'), { recursive: true });
  writeFileSync(
    path.join(ROOT, built, 'server', 'chunks', 'env.js'),
    'const a={projectId:"demo-karta-e2e"},b="demo-karta-e2e-two",c="https://demo-karta-e2e.firebaseapp.com";',
  );
  writeFileSync(path.join(ROOT, built, 'logo.png'), Buffer.from('demo-karta-e2e'));
  writeFileSync(path.join(ROOT, built, 'cache', 'entry.json'), '{}');
});

afterEach(() => {
  for (const dir of [built, ...copies.splice(0)]) {
    rmSync(path.join(ROOT, dir), { recursive: true, force: true });
  }
});

function copy(options?: Parameters<typeof copyBuild>[2]): string {
  const to = `${built}-copy`;
  copies.push(to);
  copyBuild(built, to, options);
  return to;
}

test('a copy for another project names it wherever the build named its own, and only there', () => {
  const to = copy({ project: { from: 'demo-karta-e2e', to: 'demo-karta-scale' } });
  expect(readFileSync(path.join(ROOT, to, 'server', 'chunks', 'env.js'), 'utf8')).toBe(
    'const a={projectId:"demo-karta-scale"},b="demo-karta-e2e-two",c="https://demo-karta-scale.firebaseapp.com";',
  );
  expect(readFileSync(path.join(ROOT, to, 'logo.png'), 'utf8')).toBe('demo-karta-e2e');
  // The build's own cache stays behind.
  expect(() => readFileSync(path.join(ROOT, to, 'cache', 'entry.json'))).toThrow();
  // The build itself is untouched.
  expect(readFileSync(path.join(ROOT, built, 'server', 'chunks', 'env.js'), 'utf8')).toContain(
    '"demo-karta-e2e"',
  );
});

test('a build made for another project than the one named is refused', () => {
  expect(() => copy({ project: { from: 'demo-karta-other', to: 'demo-karta-scale' } })).toThrow(
    /does not name the project demo-karta-other/,
  );
  expect(() => copy({ project: { from: 'demo-karta-e2e', to: 'Not An Id' } })).toThrow(
    /not a Firebase project id/,
  );
});
