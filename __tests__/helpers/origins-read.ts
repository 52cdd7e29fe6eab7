import { ceiling, eventually } from './eventually';

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
          // One try's bound, for a request stuck on a socket: a read past the origin's deadline
          // is answered (500) well before it, and tried again with a new name.
          fetch(`${origin}/${name}`, { signal: AbortSignal.timeout(ceiling(20_000)) }),
        ),
      );
      expect(answers.map((answer) => answer.status)).toEqual(origins.map(() => 404));
      return true;
    },
    { every: 200, what: 'every origin reading Firestore' },
  );
}
