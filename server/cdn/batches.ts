/**
 * Splits keys into the fewest consecutive batches a purge API takes: at most `maxCount` keys and,
 * joined by one separator character, at most `maxBytes` bytes (a key longer than that alone).
 */
export function batches(
  keys: readonly string[],
  { maxCount, maxBytes = Infinity }: { maxCount: number; maxBytes?: number },
): string[][] {
  const result: string[][] = [];
  let current: string[] = [];
  let bytes = 0;
  for (const key of keys) {
    const size = Buffer.byteLength(key);
    const joined = current.length === 0 ? size : bytes + 1 + size;
    if (current.length > 0 && (current.length >= maxCount || joined > maxBytes)) {
      result.push(current);
      current = [key];
      bytes = size;
    } else {
      current.push(key);
      bytes = joined;
    }
  }
  if (current.length > 0) result.push(current);
  return result;
}
