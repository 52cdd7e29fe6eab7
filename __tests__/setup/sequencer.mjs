// The order in which Jest hands test files to its workers: Jest's own (failed first, then the
// longest), except that the e2e files which run alone (`@run-alone`, run-lock.ts) go first, then
// the files of the projects that take no lock, then the other e2e files. Queued later, a file that
// runs alone waits for every e2e file holding the lock to end, and the e2e files queued behind it
// wait too; queued first, it runs while the other workers take the files that need no lock.
import { readFileSync } from 'node:fs';
import Sequencer from '@jest/test-sequencer';
import { extract, parse } from 'jest-docblock';

const runsAlone = (test) => 'run-alone' in parse(extract(readFileSync(test.path, 'utf8')));
const takesLock = (test) => test.context.config.displayName?.name === 'e2e';

export default class RunAloneFirst extends Sequencer {
  async sort(tests) {
    const ordered = await super.sort(tests);
    const rank = (test) => (runsAlone(test) ? 0 : takesLock(test) ? 2 : 1);
    // Array.prototype.sort is stable: within a rank, Jest's order stays.
    return ordered
      .map((test) => [rank(test), test])
      .sort(([a], [b]) => a - b)
      .map(([, t]) => t);
  }
}
