// The order of a run: unit, then emulator, then e2e files. The e2e files wait for the run's one
// build (global-setup-e2e.ts), which the earlier files overlap; within each group, Jest's own order
// (a file that failed last time first, then the longest by the last run's times, or by size on a
// clean clone) keeps the longest e2e files from starting last.
import Sequencer from '@jest/test-sequencer';

const GROUPS = ['unit', 'emulator', 'e2e'];

const group = (test) => {
  const rank = GROUPS.indexOf(test.context.config.displayName?.name ?? '');
  return rank === -1 ? GROUPS.length : rank;
};

export default class KartaSequencer extends Sequencer {
  sort(tests) {
    const ordered = super.sort(tests);
    const rank = new Map(ordered.map((test, index) => [test, index]));
    return [...ordered].sort((a, b) => group(a) - group(b) || rank.get(a) - rank.get(b));
  }
}
