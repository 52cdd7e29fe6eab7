// The order in which Jest hands test files to its workers: Jest's own (failed first, then the
// longest), except that the e2e files which run alone (`@run-alone`, run-lock.ts) go first, beside
// the longest files of the projects that take no lock. Queued later, a file that runs alone waits
// for every e2e file holding the lock to end, and the e2e files queued behind it wait too, so
// workers sit idle.
import { readFileSync } from 'node:fs';
import Sequencer from '@jest/test-sequencer';
import { extract, parse } from 'jest-docblock';

const E2E = 'e2e';

const runsAlone = (test) => 'run-alone' in parse(extract(readFileSync(test.path, 'utf8')));
const takesLock = (test) => test.context.config.displayName?.name === E2E;

export default class RunAloneFirst extends Sequencer {
  constructor(options) {
    super(options);
    this.workers = options.globalConfig.maxWorkers;
  }

  async sort(tests) {
    const ordered = await super.sort(tests);
    const alone = ordered.filter(runsAlone);
    if (alone.length === 0) return ordered;
    const beside = ordered.filter((test) => !takesLock(test)).slice(0, this.workers - 1);
    const first = [...alone, ...beside];
    return [...first, ...ordered.filter((test) => !first.includes(test))];
  }
}
