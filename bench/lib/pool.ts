/** Runs `task` over `items`, at most `atOnce` at a time, each item once, in order of start. */
export async function pool<T>(
  items: readonly T[],
  atOnce: number,
  task: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await task(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(atOnce, items.length) }, worker));
}
