// What recording a run costs in the page's search worker (`./dev.sh figures recording`, after
// `./dev.sh build`): on each shipped Bait level (www/levels/index.json), BFS and A* plan from the
// start (at most MAX_NODES expansions) and MCTS decides the first move in MCTS_BUDGET_MS of
// thinking, as the page's act mode asks it (without a time budget an act runs until its tree
// holds maxNodes nodes, which on a level MCTS solves in a few moves it never does: its walks end
// at the won state and add no node), each asked of a worker made from www/worker.js, with
// `record` off (the worker counts the heat map, as the page's live view does) and on (the run
// recorded into a timeline, as the page records every search). The time of a request is the
// worker's `elapsedMs` (its slices and the yields between them); for MCTS, per 1,000 playouts.
// Per level and search: WARMUP requests each way, not counted, whose median sets the batch: one
// request, or for runs of microseconds as many as make about BATCH_MS (at most MAX_BATCH), timed
// as their sum; then PAIRS pairs of
// batches (LONG_PAIRS when a request took over LONG_MS), alternating which way goes first. The
// row gives each way's median time per request, their ratio, and the median and range of the
// pairs' ratios. A fixed number of requests, so the whole run takes minutes. The page is served
// cross-origin isolated (headers added by a route), which gives the worker's clock its fine
// resolution (5 µs rather than 100 µs). To measure less: BENCH_LEVEL=<level id> (one level),
// BENCH_SEARCHES=bfs,astar (some of bfs, astar, mcts), BENCH_PAIRS=<n> (n pairs, not 7). Not a
// test: it asserts nothing and is not picked up by `node --test`.

import { fmt, load, runBench } from './bench-harness.mjs';

const MAX_NODES = 1_000_000;
const MCTS_BUDGET_MS = 300;
const WARMUP = 5;
const BATCH_MS = 20;
const MAX_BATCH = 100;
const PAIRS = Number(process.env.BENCH_PAIRS ?? 7);
const SEARCHES = (process.env.BENCH_SEARCHES ?? 'bfs,astar,mcts').split(',');
if (!Number.isInteger(PAIRS) || PAIRS < 1) throw new Error(`BENCH_PAIRS must be a whole number from 1, not ${process.env.BENCH_PAIRS}`);
if (SEARCHES.some((s) => !['bfs', 'astar', 'mcts'].includes(s))) throw new Error(`BENCH_SEARCHES must list some of bfs, astar, mcts, not ${process.env.BENCH_SEARCHES}`);
const LONG_PAIRS = 3;
const LONG_MS = 1000;
/** A request unanswered this long ends the run with an error naming it. */
const REQUEST_TIMEOUT_MS = 120_000;

/** In the page: the measurements of every level and search, both ways. */
async function measureAll({ onlyLevel, searches, requestTimeoutMs, maxNodes, mctsBudgetMs, warmup, batchMs, maxBatch, pairs, longPairs, longMs }) {
  const wasm = await import('/pkg/searchlab.js');
  await wasm.default();
  const worker = new Worker('/worker.js', { type: 'module' });
  await new Promise((resolve, reject) => {
    worker.addEventListener('message', (e) => (e.data.type === 'ready' ? resolve() : e.data.type === 'fatal' && reject(new Error(e.data.message))));
  });
  let nextId = 0;
  let broken = null;
  worker.addEventListener('error', (e) => { broken = new Error(`worker error: ${e.message}`); });
  const ask = (message) => new Promise((resolve, reject) => {
    const id = `bench-${(nextId += 1)}`;
    const timer = setTimeout(() => {
      reject(broken ?? new Error(`no answer to ${message.type} ${message.view.algo} record=${message.record} in ${requestTimeoutMs} ms`));
    }, requestTimeoutMs);
    const listen = (e) => {
      const m = e.data;
      if (m.id !== id || m.type === 'progress') return;
      worker.removeEventListener('message', listen);
      clearTimeout(timer);
      if (m.type === 'error' || m.type === 'crashed') reject(new Error(`${m.type}: ${m.message ?? ''}`));
      else resolve(m);
    };
    worker.addEventListener('message', listen);
    worker.postMessage({ ...message, id });
  });
  const median = (xs) => {
    const s = [...xs].sort((a, b) => a - b);
    const mid = Math.floor(s.length / 2);
    return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
  };
  const index = await (await fetch('/levels/index.json')).json();
  const rows = [];
  const only = onlyLevel ? [onlyLevel] : null;
  for (const level of index.levels.filter((l) => l.game === 'bait' && (!only || only.includes(l.id)))) {
    const text = await (await fetch(`/levels/${level.file}`)).text();
    const session = new wasm.GameSession('bait', text);
    const state = session.encode();
    session.free();
    for (const algo of searches) {
      const view = wasm.defaultViewFor('bait');
      view.algo = algo;
      view.mode = algo === 'mcts' ? 'act' : 'plan';
      view.maxNodes = maxNodes;
      const message = algo === 'mcts'
        ? { type: 'act', state, view, seed: 1, stream: 0, budgetMs: mctsBudgetMs }
        : { type: 'plan', state, view, seed: 1 };
      /** A request's time: per run, or for MCTS per 1,000 playouts. */
      const time = (m) => (algo === 'mcts' ? (1000 * m.elapsedMs) / Math.max(1, m.progress.iterations) : m.elapsedMs);
      const last = {};
      const warm = [];
      for (let i = 0; i < warmup; i += 1) {
        for (const way of ['off', 'on']) {
          last[way] = await ask({ ...message, record: way === 'on' });
          warm.push(last[way].elapsedMs);
        }
      }
      const batch = Math.max(1, Math.min(maxBatch, Math.ceil(batchMs / Math.max(median(warm), 0.001))));
      const count = Math.max(...warm) > longMs ? longPairs : pairs;
      const times = { off: [], on: [] };
      const ratios = [];
      const iterations = { off: [], on: [] };
      for (let pair = 0; pair < count; pair += 1) {
        const order = pair % 2 === 0 ? ['off', 'on'] : ['on', 'off'];
        for (const way of order) {
          let spent = 0;
          for (let i = 0; i < batch; i += 1) {
            last[way] = await ask({ ...message, record: way === 'on' });
            spent += time(last[way]);
            iterations[way].push(last[way].progress.iterations);
          }
          times[way].push(spent / batch);
        }
        ratios.push(times.on[pair] / times.off[pair]);
      }
      const row = {
        level: level.id,
        algo,
        expanded: last.on.progress?.expanded,
        // MCTS's playouts per request differ with the time each takes.
        same: algo === 'mcts' || JSON.stringify(last.on.progress) === JSON.stringify(last.off.progress),
        playouts: algo === 'mcts' ? { off: median(iterations.off), on: median(iterations.on) } : null,
        steps: last.on.timelineLength,
        pairs: count,
        batch,
        off: median(times.off),
        on: median(times.on),
        ratio: median(ratios),
        lowRatio: Math.min(...ratios),
        highRatio: Math.max(...ratios),
      };
      console.log(`row ${JSON.stringify(row)}`);
      rows.push(row);
    }
  }
  worker.terminate();
  return { rows, isolated: self.crossOriginIsolated };
}

async function main({ server, browser }) {
  const loadBefore = load();
  const began = Date.now();
  const page = await browser.context.newPage();
  page.on('console', (m) => process.stderr.write(`${m.text()}\n`));
  // Cross-origin isolation, for the clock's fine resolution in the worker.
  await browser.context.route('**/*', async (route) => {
    const response = await route.fetch();
    await route.fulfill({
      response,
      headers: {
        ...response.headers(),
        'cross-origin-opener-policy': 'same-origin',
        'cross-origin-embedder-policy': 'require-corp',
      },
    });
  });
  await page.goto(`${server.url}levels/index.json`);
  const { rows, isolated } = await page.evaluate(measureAll, {
    onlyLevel: process.env.BENCH_LEVEL ?? null,
    searches: SEARCHES,
    requestTimeoutMs: REQUEST_TIMEOUT_MS,
    maxNodes: MAX_NODES,
    mctsBudgetMs: MCTS_BUDGET_MS,
    warmup: WARMUP,
    batchMs: BATCH_MS,
    maxBatch: MAX_BATCH,
    pairs: PAIRS,
    longPairs: LONG_PAIRS,
    longMs: LONG_MS,
  });
  const version = browser.context.browser()?.version() ?? 'unknown';
  console.log(`# Chromium ${version}; load average before: ${loadBefore}; after: ${load()} (2 cores, shared); ${((Date.now() - began) / 60000).toFixed(1)} min`);
  console.log(`# cross-origin isolated: ${isolated}; after ${WARMUP} warm-up requests each way, ${PAIRS} alternating pairs of batches (${LONG_PAIRS} when a request took over ${LONG_MS} ms), a batch one request or up to ${MAX_BATCH} making about ${BATCH_MS} ms; medians per request (MCTS: per 1,000 playouts of ${MCTS_BUDGET_MS} ms acts)`);
  console.log('| level | search | expanded (MCTS: playouts off, on) | steps recorded | pairs x batch | off ms | on ms | on/off (medians) | on/off (median of pairs) | pairs\' range |');
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  const work = (r) => (r.playouts
    ? `${r.playouts.off.toLocaleString('en-US')}, ${r.playouts.on.toLocaleString('en-US')}`
    : r.expanded?.toLocaleString('en-US'));
  for (const r of rows) {
    const name = { bfs: 'BFS', astar: 'A*', mcts: 'MCTS' }[r.algo];
    const counters = r.same ? '' : ' (counters differ between the ways!)';
    console.log(`| ${r.level} | ${name} | ${work(r)} | ${r.steps?.toLocaleString('en-US')} | ${r.pairs} x ${r.batch} | ${r.off.toFixed(3)} | ${r.on.toFixed(3)} | ${(r.on / r.off).toFixed(2)} | ${r.ratio.toFixed(2)} | ${r.lowRatio.toFixed(2)}-${r.highRatio.toFixed(2)}${counters} |`);
  }
  console.log(`# slowest: ${fmt(Math.max(...rows.map((r) => r.on)))} recorded`);
}

runBench(main);
