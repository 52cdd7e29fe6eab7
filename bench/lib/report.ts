// The benchmark's console report: each part's figures beyond its budget rows, then the summary:
// the run's note and its budget rows, which bench/figures.md keeps (figures-file.ts).
import type { BenchResults, BudgetRow } from './budgets';
import { CATEGORIES } from './lighthouse';
import { clsText, fixed, kib, ms, table } from './stats';
import { CONNECTIONS, DURATION_S, throughputRow, type Throughput } from './throughput';
import type { ScriptSet } from './weight';

function ratios(rows: Throughput[]): string {
  const profile = throughputRow(rows, 'profile');
  const parts = ['root', 'nginx'].flatMap((label) => {
    const other = throughputRow(rows, label);
    return profile && other
      ? [`profile/${label} = ${fixed(profile.reqPerSec / other.reqPerSec, 2)}×`]
      : [];
  });
  return parts.join(', ');
}

const scripts = (set: ScriptSet) =>
  set.scripts.length === 0
    ? []
    : [
        table(
          ['script', 'wire', 'raw'],
          set.scripts.map((s) => [
            new URL(s.url).pathname.split('/').pop() ?? s.url,
            kib(s.wireBytes),
            kib(s.rawBytes),
          ]),
        ),
      ];

/** The details of each part, for the console. */
export function details(r: BenchResults): string {
  const out: string[] = [];
  const w = r.weight;
  if (w) {
    out.push(
      '\n== Page weight (JavaScript before the load event, bytes with Accept-Encoding: gzip)',
      `${r.profilePath}: ${w.profile.scripts.length} scripts, ${kib(w.profile.wireBytes)} (raw ${kib(w.profile.rawBytes)})`,
      ...scripts(w.profile),
      `/: ${w.root.scripts.length} scripts, ${kib(w.root.wireBytes)} (raw ${kib(w.root.rawBytes)})`,
      `Fetched when idle after the load event, run only on a tap: ${w.idle.scripts.length} scripts, ${kib(w.idle.wireBytes)}.`,
      ...scripts(w.idle),
      `After the tap on 'Ανταλλαγή Επαφής': ${w.afterTap.scripts.length} scripts, ${kib(w.afterTap.wireBytes)}; ` +
        `after the first submit: ${w.afterSubmit.scripts.length} scripts, ${kib(w.afterSubmit.wireBytes)}.`,
      table(
        ['library', 'first loaded', 'evidence'],
        w.libs.map((l) => [
          l.name,
          l.stage === 'load' ? 'ON LOAD (bad)' : (l.stage ?? 'never seen'),
          l.evidence,
        ]),
      ),
    );
  }
  const lh = r.lighthouse;
  if (lh) {
    const shown = [lh.profile, lh.english, lh.uploaded, lh.links, lh.root, lh.blank];
    const pages = [...shown, ...lh.tbtCards.filter((card) => !shown.includes(card))];
    out.push(
      `\n== Lighthouse ${lh.profile.version} (mobile, simulated throttling; medians of ${lh.runs} runs)`,
      table(
        ['page', ...CATEGORIES, 'LCP', 'TBT', 'CLS', 'FCP', 'CPU index'],
        pages.map((page) => [
          new URL(page.url).pathname,
          ...CATEGORIES.map((c) => String(page.scores[c])),
          ms(page.lcpMs),
          ms(page.tbtMs),
          clsText(page.cls),
          ms(page.fcpMs),
          fixed(page.benchmarkIndex),
        ]),
      ),
    );
    for (const page of pages) {
      const path = new URL(page.url).pathname;
      for (const warning of page.warnings) out.push(`${path} warning: ${warning}`);
      if (page.failing.length === 0) continue;
      out.push(`${path}: audits under 1 in categories under 100:`);
      for (const a of page.failing) {
        out.push(
          `  [${a.category}] ${a.id} — ${a.title} (score ${fixed(a.score, 2)}${a.displayValue ? `, ${a.displayValue}` : ''}; ${a.runs}/${page.runs} runs)`,
        );
      }
    }
  }
  const t = r.throughput;
  if (t) {
    out.push(
      `\n== Throughput (autocannon, ${CONNECTIONS} connections, ${DURATION_S} s each, after a warm-up)`,
      table(
        ['target', 'path', 'req/s', 'p99', 'errors', 'bytes/req'],
        t.rows.map((row) => [
          row.label,
          new URL(row.url).pathname,
          fixed(row.reqPerSec),
          ms(row.p99Ms),
          String(row.errors),
          kib(row.bytesPerReq),
        ]),
      ),
      ratios(t.rows),
    );
    if (t.nginxNote) out.push(`nginx: ${t.nginxNote}`);
  }
  const c = r.contacts;
  if (c) {
    out.push(
      `\n== Contact write (${c.samples.length} submissions; tap on 'Αποστολή' → readable with firebase-admin)`,
      `median ${ms(c.medianMs)}, p95 ${ms(c.p95Ms)}; samples (the first loads firebase): ` +
        c.samples.map((s) => s.toFixed(0)).join(', '),
    );
  }
  const wr = r.watcher;
  if (wr) {
    out.push(
      `\n== Change watcher (${wr.cards} cards of ${kib(wr.cardBytes)} on average, each follower in a process of its own)`,
      table(
        [
          'follower',
          'read at start',
          'bytes at start',
          'heap growth',
          'RSS growth',
          `in snapshots after a drop (${wr.editedWhileCut} edited)`,
          'bytes after the drop',
          'drop → edits seen',
        ],
        (
          [
            ['whole collection', wr.old],
            ['watcher (updatedAt)', wr.watcher],
          ] as const
        ).map(([label, f]) => [
          label,
          String(f.startReads),
          kib(f.startBytes),
          kib(f.heapGrowth),
          kib(f.rssGrowth),
          String(f.reconnectReads),
          kib(f.reconnectBytes),
          ms(f.reconnectMs),
        ]),
      ),
      `edit → revalidation request (ms): ${wr.latencyMs.join(', ')}`,
    );
  }
  for (const [part, error] of Object.entries(r.errors)) out.push(`\n!! ${part} failed: ${error}`);
  return out.join('\n');
}

/** When, where, and how each part ran: bench/figures.md's note of the run. */
export function runNote(r: BenchResults, only: string | undefined): string {
  const how = [
    r.lighthouse &&
      `Lighthouse ${r.lighthouse.profile.version} mobile, medians of ${r.lighthouse.runs} runs`,
    r.exchange &&
      `exchange on Lighthouse's phone profile, medians of ${r.exchange.afterRead.runs.length} taps`,
    r.throughput && `throughput with autocannon, ${CONNECTIONS} connections, ${DURATION_S} s`,
  ].filter(Boolean);
  return (
    `\`npm run bench${only ? ` -- --only ${only}` : ''}\` on ${r.date}: ${r.machine}.` +
    (how.length ? ` ${how.join('; ')}.` : '')
  );
}

/** The run's note and its budget rows, as Markdown. */
export function summary(note: string, rows: BudgetRow[]): string {
  return [
    note,
    '',
    table(
      ['Part', 'Budget', 'Measured', 'Result'],
      rows.map((row) => [row.part, row.budget, row.measured, row.status]),
    ),
  ].join('\n');
}
