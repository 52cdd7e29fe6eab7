// The operators' commands (bin/) run on a production install (`npm install --omit=dev`): whatever
// their npm scripts run must be a production dependency.
import { readFileSync } from 'node:fs';
import path from 'node:path';

const pkg = JSON.parse(readFileSync(path.join(__dirname, '..', '..', 'package.json'), 'utf8')) as {
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
};

test.each(['watch', 'revalidate'])('npm run %s needs no dev dependency', (name) => {
  const [command, script] = pkg.scripts[name].split(' ');
  expect(script).toMatch(/^bin\//);
  expect(Object.keys(pkg.dependencies)).toContain(command);
});
