// What recording a run costs in the page's search worker (`./dev.sh figures recording`, after
// `./dev.sh build`): on each shipped Bait level (www/levels/index.json), BFS and A* plan from the
// start (at most MAX_NODES expansions) and MCTS decides the first move with MCTS_ITERATIONS
// playouts, each asked of a worker made from www/worker.js as the page asks it, with `record`
// off (the worker counts the heat map, as the page's live view does) and on (the run recorded
// into a timeline, as the page records every search). A measurement repeats one way's request
// until MIN_MS of the worker's time (its `elapsedMs`: slices and the yields between them) or
// MAX_RUNS requests and gives the time per run; the ways alternate, ROUNDS measurements each, and the medians are
// compared. Not a test: it asserts nothing and is not picked up by `node --test`.

import { fmt, load, runBench } from './bench-harness.mjs';

const MAX_NODES = 1_000_000;
const MCTS_ITERATIONS = 20_000;
const ROUNDS = 3;
const MIN_MS = 300;
/** Runs of microseconds would otherwise take thousands of requests, each costing more than it. */
const MAX_RUNS = 20;

/** In the page: the measurements of every level and search, both ways. */
async function measureAll({ maxNodes, mctsIterations, rounds, minMs, maxRuns }) {
  const wasm = await import('/pkg/searchlab.js');
  await wasm.default();
  const worker = new Worker('/worker.js', { type: 'module' });
  await new Promise((resolve, reject) => {
    worker.addEventListener('message', (e) => (e.data.type === 'ready' ? resolve() : e.data.type === 'fatal' && reject(new Error(e.data.message))));
  });
  let nextId = 0;
  const ask = (message) => new Promise((resolve, reject) => {
    const id = `bench-${(nextId += 1)}`;
    const listen = (e) => {
      const m = e.data;
      if (m.id !== id || m.type === 'progress') return;
      worker.removeEventListener('message', listen);
      if (m.type === 'error' || m.type === 'crashed') reject(new Error(`${m.type}: ${m.message ?? ''}`));
      else resolve(m);
    };
    worker.addEventListener('message', listen);
    worker.postMessage({ ...message, id });
  });
  const index = await (await fetch('/levels/index.json')).json();
  const rows = [];
  for (const level of index.levels.filter((l) => l.game === 'bait')) {
    const text = await (await fetch(`/levels/${level.file}`)).text();
    const session = new wasm.GameSession('bait', text);
    const state = session.encode();
    session.free();
    for (const algo of ['bfs', 'astar', 'mcts']) {
      const view = wasm.defaultViewFor('bait');
      view.algo = algo;
      view.mode = algo === 'mcts' ? 'act' : 'plan';
      view.maxNodes = algo === 'mcts' ? mctsIterations : maxNodes;
      const message = algo === 'mcts'
        ? { type: 'act', state, view, seed: 1, stream: 0, budgetMs: null }
        : { type: 'plan', state, view, seed: 1 };
      const times = { off: [], on: [] };
      let last = {};
      for (let round = 0; round < rounds; round += 1) {
        for (const way of ['off', 'on']) {
          let spent = 0;
          let runs = 0;
          while (spent < minMs && runs < maxRuns) {
            last[way] = await ask({ ...message, record: way === 'on' });
            spent += last[way].elapsedMs;
            runs += 1;
          }
          times[way].push(spent / runs);
        }
      }
      const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
      rows.push({
        level: level.id,
        algo,
        status: last.on.progress?.status,
        expanded: last.on.stats?.expanded,
        iterations: last.on.stats?.iterations,
        same: JSON.stringify(last.on.stats) === JSON.stringify(last.off.stats),
        steps: last.on.timelineLength,
        off: median(times.off),
        on: median(times.on),
        ratios: times.on.map((t, i) => t / times.off[i]),
      });
    }
  }
  worker.terminate();
  return rows;
}

async function main({ server, browser }) {
  const loadBefore = load();
  const page = await browser.context.newPage();
  await page.goto(`${server.url}levels/index.json`);
  const rows = await page.evaluate(measureAll, {
    maxNodes: MAX_NODES, mctsIterations: MCTS_ITERATIONS, rounds: ROUNDS, minMs: MIN_MS, maxRuns: MAX_RUNS,
  });
  const version = browser.context.browser()?.version() ?? 'unknown';
  console.log(`# Chromium ${version}; load average before: ${loadBefore}; after: ${load()} (2 cores, shared)`);
  console.log(`# per run, median of ${ROUNDS} alternating measurements of at least ${MIN_MS} ms of the worker's time or ${MAX_RUNS} runs`);
  console.log('| level | search | expanded | steps recorded | off ms | on ms | on/off | on/off per round |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const r of rows) {
    const name = { bfs: 'BFS', astar: 'A*', mcts: 'MCTS' }[r.algo];
    const counters = r.same ? '' : ' (counters differ between the ways!)';
    console.log(`| ${r.level} | ${name} | ${r.expanded?.toLocaleString('en-US')} | ${r.steps?.toLocaleString('en-US')} | ${r.off.toFixed(2)} | ${r.on.toFixed(2)} | ${(r.on / r.off).toFixed(2)} | ${r.ratios.map((x) => x.toFixed(2)).join(', ')}${counters} |`);
  }
  console.log(`# slowest: ${fmt(Math.max(...rows.map((r) => r.on)))} recorded`);
}

runBench(main);
