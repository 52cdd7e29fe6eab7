// The peak resident memory of a child process and its descendants (`next build` forks workers),
// read from Linux's /proc: the children's memory is counted, unlike process.memoryUsage. The child
// is found by its command line, as the code that starts it (tools/lib) does not hand it out; under
// the guardian of tools/lib/processes.ts, that command line is the guardian's, whose own few MB
// count too.
import { readdirSync, readFileSync } from 'node:fs';

const PAGE_BYTES = 4096;

function read(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined; // the process ended meanwhile
  }
}

/** Resident memory, in bytes, of this process's children whose arguments `matches`, with all their descendants; 0 off Linux. */
function treeRss(matches: (args: string[]) => boolean): number {
  const children = new Map<number, number[]>();
  const rss = new Map<number, number>();
  let entries: string[] = [];
  try {
    entries = readdirSync('/proc');
  } catch {
    // not Linux
  }
  for (const entry of entries) {
    const pid = Number(entry);
    const stat = Number.isInteger(pid) ? read(`/proc/${pid}/stat`) : undefined;
    if (!stat) continue;
    // The command name may hold spaces and parentheses: the fields start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ppid = Number(fields[1]);
    rss.set(pid, Number(fields[21]) * PAGE_BYTES);
    children.set(ppid, [...(children.get(ppid) ?? []), pid]);
  }
  const stack = (children.get(process.pid) ?? []).filter((pid) =>
    matches((read(`/proc/${pid}/cmdline`) ?? '').split('\0')),
  );
  let total = 0;
  for (let pid = stack.pop(); pid !== undefined; pid = stack.pop()) {
    total += rss.get(pid) ?? 0;
    stack.push(...(children.get(pid) ?? []));
  }
  return total;
}

/** Samples every `everyMs`; `stop()` ends the sampling and gives the peak in bytes. */
export function samplePeakMemory(
  matches: (args: string[]) => boolean,
  everyMs = 250,
): { stop(): number } {
  let peak = treeRss(matches);
  const timer = setInterval(() => {
    peak = Math.max(peak, treeRss(matches));
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(peak, treeRss(matches));
    },
  };
}
