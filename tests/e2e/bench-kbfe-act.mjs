// Iterations one 40 ms act completes in wasm, KB Fast-Evo (the paper's settings) against
// sampleMCTS, on Bait levels 0-4 from each level's start: the worker's own loop (slices of about
// 2 ms, stopping 5 ms before the deadline, as www/worker.js acts), in Node on the built package,
// with and without recording the timeline (the page records every act), the agents taking turns
// act by act. Prints a Markdown table.
// Run with `node tests/e2e/bench-kbfe-act.mjs [acts]` after `./dev.sh build`.

import { readFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const WWW = path.resolve(HERE, '../../www');
const SHARED = path.resolve(HERE, '../../../shared');
const { initSync, GameSession, SearchJob, defaultViewFor } = await import(path.join(WWW, 'pkg/searchlab.js'));
initSync({ module: await readFile(path.join(WWW, 'pkg/searchlab_bg.wasm')) });

const ACTS = Number(process.argv[2] ?? 11);
const BUDGET_MS = 40;
const MARGIN_MS = 5; // www/worker.js's ACT_MARGIN_MS
const SLICE_MS = 2; // www/worker.js's ACT_SLICE_MS

/** One act as the worker runs it: the iterations done by the deadline. */
function act(state, view, seed, record) {
  const job = new SearchJob(state, view, seed, 0, record);
  const deadline = performance.now() + BUDGET_MS - MARGIN_MS;
  let units = 32;
  let progress;
  for (;;) {
    const before = performance.now();
    const remaining = deadline - before;
    if (remaining <= 0) break;
    units = Math.max(1, Math.min(units, Math.floor(units * (remaining / SLICE_MS))));
    progress = job.step(units);
    const took = Math.max(performance.now() - before, 0.05);
    units = Math.max(1, Math.min(1_000_000, Math.round(units * Math.min(4, SLICE_MS / took))));
    if (progress.status !== 'running') break;
  }
  job.free();
  return progress.iterations;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const agents = {
  'sampleMCTS': { algo: 'mcts' },
  'KB Fast-Evo': { algo: 'kbfe' },
};
console.log(`load average before: ${loadavg().map((x) => x.toFixed(2)).join(' ')}; ${ACTS} acts per cell, median`);
console.log('| level | record | ' + Object.keys(agents).join(' | ') + ' | ratio |');
console.log('|---|---|' + Object.keys(agents).map(() => '---|').join('') + '---|');
for (let level = 0; level <= 4; level += 1) {
  const text = await readFile(path.join(SHARED, 'bait/levels', `bait_lvl${level}.txt`), 'utf8');
  const state = new GameSession('bait', text).encode();
  for (const record of [false, true]) {
    // The agents take turns act by act, so a change in the machine's load falls on both.
    const views = Object.values(agents).map((fields) => ({ ...defaultViewFor('bait'), ...fields, mode: 'act', level: text }));
    const counts = views.map(() => []);
    for (let i = 0; i < ACTS; i += 1) views.forEach((view, a) => counts[a].push(act(state, view, i + 1, record)));
    const cells = Object.fromEntries(Object.keys(agents).map((name, a) => [name, median(counts[a])]));
    const [mcts, kbfe] = Object.values(cells);
    console.log(`| ${level} | ${record ? 'yes' : 'no'} | ${Object.values(cells).map((n) => n.toLocaleString('en-US')).join(' | ')} | ${(kbfe / mcts).toFixed(2)} |`);
  }
}
console.log(`load average after: ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
