import { eventually } from './eventually';

/**
 * Until every origin has read from Firestore once within its read deadline. A fresh emulator's
 * first reads can outlast the short deadline a file gives its origins on a busy machine; a made-up
 * name is a read on every request (a 500 is never cached, and each try asks for a new name).
 */
export async function untilOriginsRead(origins: string[]): Promise<void> {
  let tries = 0;
  await eventually(
    async () => {
      const name = `warm-up-${process.pid}-${tries++}`;
      const answers = await Promise.all(
        origins.map((origin) =>
          fetch(`${origin}/${name}`, { signal: AbortSignal.timeout(10_000) }),
        ),
      );
      expect(answers.map((answer) => answer.status)).toEqual(origins.map(() => 404));
      return true;
    },
    { every: 200, what: 'every origin reading Firestore' },
  );
}
