import KartaSequencer from '../setup/sequencer.mjs';

type Test = Parameters<KartaSequencer['sort']>[0][number];

const test = (project: string, file: string, size: number): Test =>
  ({
    path: `/${project}/${file}`,
    context: {
      config: { displayName: { name: project }, cache: false },
      hasteFS: { getSize: () => size },
    },
  }) as unknown as Test;

it('runs unit, then emulator, then e2e files, the largest of each first', async () => {
  const tests = [
    test('e2e', 'small', 1),
    test('unit', 'small', 1),
    test('emulator', 'large', 50),
    test('e2e', 'large', 90),
    test('unit', 'large', 70),
    test('emulator', 'small', 2),
  ];
  const sorted = await new KartaSequencer({ contexts: [], globalConfig: {} as never }).sort(tests);
  expect(sorted.map((t) => t.path)).toEqual([
    '/unit/large',
    '/unit/small',
    '/emulator/large',
    '/emulator/small',
    '/e2e/large',
    '/e2e/small',
  ]);
});
