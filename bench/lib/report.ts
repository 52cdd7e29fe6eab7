// The benchmark's console report and the Markdown block for docs/performance.md.
import { markdownTable } from 'markdown-table';
import { BUDGETS, type BenchResults, type BudgetRow } from './budgets';
import { CASES, PHONE_PROFILE, type CaseName, type ExchangeResult } from './exchange';
import { CATEGORIES } from './lighthouse';
import { clsText, fixed, kib, ms } from './stats';
import { CONNECTIONS, DURATION_S, throughputRow, type Throughput } from './throughput';
import type { WeightResult } from './weight';

/** A Markdown table, for the console and the docs alike. */
function table(headers: string[], rows: string[][]): string {
  // markdown-table leaves pipes as they are; an error message may hold one.
  const cells = rows.map((row) => row.map((cell) => cell.replace(/\|/g, '\\|')));
  return markdownTable([headers, ...cells]);
}

function throughputCells(rows: Throughput[]): string[][] {
  return rows.map((row) => [
    row.label,
    row.url.replace(/^http:\/\/127\.0\.0\.1:\d+/, ''),
    fixed(row.reqPerSec),
    ms(row.p99Ms),
    String(row.errors),
    kib(row.bytesPerReq),
  ]);
}

function ratios(rows: Throughput[]): string {
  const profile = throughputRow(rows, 'profile');
  const root = throughputRow(rows, 'root');
  const nginx = throughputRow(rows, 'nginx');
  const parts: string[] = [];
  if (profile && root)
    parts.push(`profile/\`/\` = ${fixed(profile.reqPerSec / root.reqPerSec, 2)}×`);
  if (profile && nginx)
    parts.push(`profile/nginx = ${fixed(profile.reqPerSec / nginx.reqPerSec, 2)}×`);
  return parts.join(', ');
}

const PROFILE_TEXT =
  `${PHONE_PROFILE.rttMs} ms RTT, ${PHONE_PROFILE.downKbps} Kbps down, ${PHONE_PROFILE.upKbps} Kbps ` +
  `up, CPU ${PHONE_PROFILE.cpuSlowdown}× slower, empty cache, 390×844 touch`;

function exchangeDetails(x: ExchangeResult, r: BenchResults): string[] {
  const out = [`\n== Exchange sheet: tap → form usable (${PROFILE_TEXT})`];
  const names = Object.keys(CASES) as CaseName[];
  out.push(
    table(
      [
        'case',
        'run',
        'usable',
        'in DOM',
        'visible',
        'focused',
        'sheet JS done',
        'tap after load',
        'on tap',
        'typed',
      ],
      names.flatMap((name) =>
        x[name].runs.map((run, i) => [
          x[name].label,
          String(i + 1),
          ms(run.usableMs),
          ms(run.inDomMs),
          ms(run.visibleMs),
          ms(run.focusedMs),
          ms(run.sheetScriptMs),
          ms(run.tapAfterLoadMs),
          kib(run.tapBytes),
          run.typed ? 'yes' : 'NO',
        ]),
      ),
    ),
  );
  // Beside the page's own figures: speeding the sheet up must not cost the card its paint.
  const lh = r.lighthouse?.profile;
  out.push(
    table(
      ['measure', 'budget', 'median'],
      [
        [
          `${CASES.afterRead.label} → usable`,
          ms(BUDGETS.exchangeAfterReadMs),
          ms(x.afterRead.medianUsableMs),
        ],
        [
          `${CASES.atLoad.label} → usable`,
          ms(BUDGETS.exchangeAtLoadMs),
          ms(x.atLoad.medianUsableMs),
        ],
        ['card LCP (Lighthouse)', ms(BUDGETS.lcpMs), lh ? ms(lh.lcpMs) : 'not run'],
        ['card TBT (Lighthouse)', ms(BUDGETS.tbtMs), lh ? ms(lh.tbtMs) : 'not run'],
      ],
    ),
  );
  for (const name of names) {
    const requests = [...new Set(x[name].runs.flatMap((run) => run.tapRequests))];
    out.push(
      `${x[name].label}: ${kib(x[name].medianTapBytes)} fetched on the tap (median): ${requests.join(', ') || 'nothing'}`,
    );
  }
  return out;
}

/** The details of each part, for the console. */
export function details(r: BenchResults): string {
  const out: string[] = [];
  const w = r.weight;
  if (w) {
    out.push(
      '\n== 1. Page weight (JavaScript before the load event, bytes with Accept-Encoding: gzip)',
    );
    const scriptRows = (set: WeightResult['profile']) =>
      set.scripts.map((s) => [
        new URL(s.url).pathname.split('/').pop() ?? s.url,
        kib(s.wireBytes),
        kib(s.rawBytes),
      ]);
    out.push(
      `${r.profilePath}: ${w.profile.scripts.length} scripts, ${kib(w.profile.wireBytes)} (raw ${kib(w.profile.rawBytes)})`,
    );
    out.push(table(['script', 'wire', 'raw'], scriptRows(w.profile)));
    out.push(
      `/: ${w.root.scripts.length} scripts, ${kib(w.root.wireBytes)} (raw ${kib(w.root.rawBytes)})`,
    );
    out.push(`${r.profilePath} adds ${kib(w.addedWireBytes)} of JS over /.`);
    out.push(
      `Fetched when idle after the load event, run only on a tap: ${w.idle.scripts.length} scripts, ${kib(w.idle.wireBytes)}.`,
    );
    out.push(table(['script', 'wire', 'raw'], scriptRows(w.idle)));
    out.push(
      `After the tap on 'Ανταλλαγή Επαφής': ${w.afterTap.scripts.length} scripts, ${kib(w.afterTap.wireBytes)}; after the first submit: ${w.afterSubmit.scripts.length} scripts, ${kib(w.afterSubmit.wireBytes)}.`,
    );
    out.push(
      `HTML: ${kib(w.html.rawBytes)} raw, ${kib(w.html.gzipBytes)} gzip (x-nextjs-cache: ${w.html.cache || 'none'}).`,
    );
    out.push(
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
    out.push(`\n== 2. Lighthouse (mobile, simulated throttling; medians of ${lh.runs} runs)`);
    out.push(
      table(
        ['page', ...CATEGORIES, 'LCP', 'TBT', 'CLS', 'FCP', 'CPU index'],
        [lh.profile, lh.uploaded, lh.root].map((page) => [
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
    for (const page of [lh.profile, lh.uploaded, lh.root]) {
      const path = new URL(page.url).pathname;
      out.push(
        `${path} runs: ${page.allScores.map((s) => CATEGORIES.map((c) => s[c]).join('/')).join(', ')}`,
      );
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
  if (r.exchange) out.push(...exchangeDetails(r.exchange, r));
  const t = r.throughput;
  if (t) {
    out.push(
      `\n== 3. Throughput (autocannon, ${CONNECTIONS} connections, ${DURATION_S} s each, after a warm-up)`,
    );
    out.push(
      table(['target', 'path', 'req/s', 'p99', 'errors', 'bytes/req'], throughputCells(t.rows)),
    );
    out.push(ratios(t.rows));
    if (t.nginxNote) out.push(`nginx: ${t.nginxNote}`);
  }
  const c = r.contacts;
  if (c) {
    out.push(
      `\n== 4. Contact write latency (${c.samples.length} submissions; tap on 'Αποστολή' → readable with firebase-admin)`,
    );
    out.push(
      `median ${ms(c.medianMs)}, p95 ${ms(c.p95Ms)}, first ${ms(c.firstMs)} (includes loading firebase); tap → 'Τα στοιχεία σας στάλθηκαν' shown in role=status, median ${ms(c.confirmMedianMs)}`,
    );
    out.push(`samples: ${c.samples.map((s) => s.toFixed(0)).join(', ')}`);
  }
  const wr = r.watcher;
  if (wr) {
    out.push(
      `\n== 5. Change watcher (${wr.cards} cards of ${kib(wr.cardBytes)} on average, each follower in a process of its own)`,
    );
    out.push(
      table(
        [
          'follower',
          'read at start',
          'bytes at start',
          'heap growth',
          'RSS growth',
          `in snapshots after a drop (${wr.editedWhileCut} edited)`,
          'bytes after the drop',
          '≈ cards sent again',
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
          String(Math.round(f.reconnectBytes / wr.cardBytes)),
          ms(f.reconnectMs),
        ]),
      ),
    );
    out.push(`edit → revalidation request (ms): ${wr.latencyMs.join(', ')}`);
  }
  for (const [part, error] of Object.entries(r.errors)) out.push(`\n!! ${part} failed: ${error}`);
  return out.join('\n');
}

export function summary(rows: BudgetRow[]): string {
  return table(
    ['part', 'budget', 'measured', 'result'],
    rows.map((row) => [row.part, row.budget, row.measured, row.status]),
  );
}

/** The `## Performance` block for docs/performance.md. */
export function markdown(r: BenchResults, rows: BudgetRow[]): string {
  const out: string[] = ['## Performance', ''];
  out.push(
    `Figures from \`npm run bench\` on ${r.date} (${r.machine}): a production build (\`next start\`, ` +
      `dist dir \`.next-bench\`) on the Firestore emulator with the demo data, profile ` +
      `\`${r.profilePath}\`, against \`/\` (an empty App Router page) as the baseline. The script ` +
      'prints this block; it is a benchmark, not part of `npm test`.',
    '',
  );
  out.push(
    table(
      ['Part', 'Budget', 'Measured', 'Result'],
      rows.map((row) => [row.part, row.budget, row.measured, row.status]),
    ),
  );
  const w = r.weight;
  if (w) {
    out.push(
      '',
      `- **Weight.** JavaScript before the load event: ${r.profilePath} ${kib(w.profile.wireBytes)} gzip ` +
        `(${w.profile.scripts.length} scripts) vs / ${kib(w.root.wireBytes)} (${w.root.scripts.length}); ` +
        `fetched when idle after it, run only on a tap: ${kib(w.idle.wireBytes)} (${w.idle.scripts.length}, ${
          w.libs
            .filter((l) => l.stage === 'idle')
            .map((l) => l.name)
            .join(', ') || 'nothing identified'
        }). ` +
        `HTML ${kib(w.html.rawBytes)} (${kib(w.html.gzipBytes)} gzip, the card's script inline). The tap on 'Ανταλλαγή Επαφής' loads ${kib(w.afterTap.wireBytes)} ` +
        `(${
          w.libs
            .filter((l) => l.stage === 'tap')
            .map((l) => l.name)
            .join(', ') || 'nothing identified'
        }); ` +
        `the first submit ${kib(w.afterSubmit.wireBytes)} (${
          w.libs
            .filter((l) => l.stage === 'submit')
            .map((l) => l.name)
            .join(', ') || 'nothing identified'
        }).`,
    );
  }
  const lh = r.lighthouse;
  if (lh) {
    out.push(
      `- **Lighthouse** 13, mobile, simulated throttling, medians of ${lh.runs} runs ` +
        '(performance / accessibility / best practices / SEO; LCP, TBT, CLS): ' +
        [lh.profile, lh.uploaded, lh.root]
          .map(
            (page) =>
              `${new URL(page.url).pathname} ${CATEGORIES.map((c) => page.scores[c]).join(' / ')}; ${ms(page.lcpMs)}, ${ms(page.tbtMs)}, ${clsText(page.cls)}`,
          )
          .join(' — ') +
        `; Lighthouse's CPU benchmark index ${fixed(lh.profile.benchmarkIndex)}.`,
    );
    if (lh.root.scores.performance < BUDGETS.minPerformance) {
      out.push(
        `  The empty page \`/\` scores ${lh.root.scores.performance} here too: on this machine the ` +
          "default 4× CPU slowdown turns the framework's own script evaluation into " +
          `${ms(lh.root.tbtMs)} of TBT, so the absolute score budget is at the limit of what any ` +
          'page reaches here; the comparisons with `/` are the meaningful ones.',
      );
    }
    // The audits that failed in most runs: the ones worth acting on.
    const failing = lh.profile.failing.filter((a) => a.runs * 2 > lh.runs);
    if (failing.length) {
      out.push(
        `  Audits holding ${r.profilePath} back: ${failing.map((a) => `\`${a.id}\``).join(', ')}.`,
      );
    }
  }
  const x = r.exchange;
  if (x) {
    out.push(
      `- **Exchange sheet** (${PROFILE_TEXT}; ${x.afterRead.runs.length} runs each, medians): tap → ` +
        (Object.keys(CASES) as CaseName[])
          .map(
            (name) =>
              `form usable ${ms(x[name].medianUsableMs)} ${x[name].label} (${kib(x[name].medianTapBytes)} fetched on the tap)`,
          )
          .join(', ') +
        '.',
    );
  }
  const t = r.throughput;
  if (t) {
    out.push(
      `- **Throughput** (autocannon, ${CONNECTIONS} connections, ${DURATION_S} s, no compression requested; ` +
        `${ratios(t.rows)}):`,
      '',
      table(['Target', 'Path', 'req/s', 'p99', 'Errors', 'Bytes/req'], throughputCells(t.rows)),
    );
    if (t.nginxNote) out.push('', `  nginx: ${t.nginxNote}`);
  }
  const c = r.contacts;
  if (c) {
    out.push(
      '',
      `- **Contact write** (${c.samples.length} submissions in Chromium, tap on 'Αποστολή' → document ` +
        `readable with firebase-admin): median ${ms(c.medianMs)}, p95 ${ms(c.p95Ms)}, first ` +
        `${ms(c.firstMs)} (it loads firebase); tap → confirmation shown, median ${ms(c.confirmMedianMs)}.`,
    );
  }
  return out.join('\n');
}
