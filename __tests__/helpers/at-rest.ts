// Waiting for an animation to end by what the page shows, not by a guess of its length: a busy
// machine draws a 0.3 s slide in more than 0.6 s.
import type { Locator } from 'playwright-core';

/**
 * Until `locator` has come to rest: its box the same over two frames (the sheet's slide is driven
 * by `motion` from script, frame by frame, not always as a Web Animation) and no finite Web
 * Animation or CSS animation or transition of the page still running (a spinner's endless one
 * never ends, and does not move the box).
 */
export async function untilAtRest(locator: Locator): Promise<void> {
  const element = await locator.elementHandle();
  if (!element) throw new Error(`untilAtRest: ${String(locator)} is not on the page`);
  await locator.page().waitForFunction(
    (el) =>
      new Promise<boolean>((resolve) => {
        const box = () => JSON.stringify(el.getBoundingClientRect());
        const before = box();
        requestAnimationFrame(() =>
          requestAnimationFrame(() => {
            const moving = document
              .getAnimations()
              .some(
                (animation) =>
                  animation.playState === 'running' &&
                  animation.effect?.getComputedTiming().iterations !== Infinity,
              );
            resolve(!moving && box() === before);
          }),
        );
      }),
    element,
  );
}
