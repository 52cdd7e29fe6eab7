// The peak resident memory of a process and its descendants (`next build` forks workers), read
// from Linux's /proc: no dependency, and the children's memory is counted, unlike process.memoryUsage.
import { readdirSync, readFileSync } from 'node:fs';

const PAGE_BYTES = 4096;

/** Resident memory of a process and all its descendants, in bytes; 0 off Linux. */
function treeRss(rootPid: number): number {
  const children = new Map<number, number[]>();
  const rss = new Map<number, number>();
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return 0;
  }
  for (const entry of entries) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // The command name may hold spaces and parentheses: the fields start after the last ')'.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ppid = Number(fields[1]);
      rss.set(pid, Number(fields[21]) * PAGE_BYTES);
      children.set(ppid, [...(children.get(ppid) ?? []), pid]);
    } catch {
      // the process ended meanwhile
    }
  }
  let total = 0;
  const stack = [rootPid];
  for (let pid = stack.pop(); pid !== undefined; pid = stack.pop()) {
    total += rss.get(pid) ?? 0;
    stack.push(...(children.get(pid) ?? []));
  }
  return total;
}

/** Samples the tree every `everyMs`; `stop()` ends the sampling and gives the peak in bytes. */
export function samplePeakMemory(rootPid: number, everyMs = 250): { stop(): number } {
  let peak = treeRss(rootPid);
  const timer = setInterval(() => {
    peak = Math.max(peak, treeRss(rootPid));
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      return peak;
    },
  };
}
