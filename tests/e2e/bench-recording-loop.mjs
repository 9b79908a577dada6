// What recording costs the tiny BFS and A* runs in Chromium when they run back to back, outside
// the worker (after `./dev.sh build`):
//
//   node tests/e2e/bench-recording-loop.mjs
//
// The counterpart of tests/bench/recording-runs.mjs (Node) in Chromium's page, for comparison
// with tests/e2e/bench-recording.mjs, which times the same runs as requests to the search worker.
// In a cross-origin isolated page (5 µs clock), per level and search below: WARMUP runs each way,
// then PAIRS pairs of batches of BATCH runs (recording off and on, the order alternating), each
// run made as the worker makes it (`new SearchJob(…, record)`, `timeline()` when recording) and
// its stepping (`step(32)`, then `step(1024)` until it ends) timed alone; a batch's time is its
// mean run. Three modes: each timeline freed at once; as the worker keeps them (the last KEPT
// alive, every run ending with the worker's snapshot reads); and that with one turn of the event
// loop (a MessageChannel message, as the worker's `yieldToEvents`) before each run. Prints per mode each way's
// median time per run and the median of the pairs' on/off ratios. Not a test: it asserts
// nothing and is not picked up by `node --test`.

import { load, runBench } from './bench-harness.mjs';

const RUNS = [['open-field', 'astar'], ['bridge', 'astar'], ['first-steps', 'bfs']];
const WARMUP = 2000;
const BATCH = 1000;
const PAIRS = 15;
/** The worker's KEPT_TIMELINES. */
const KEPT = 4;

/** In the page: one level and search, one mode; the row's figures. */
async function measure({ levelId, algo, workerLike, turns, warmup, batch, pairs, kept }) {
  const wasm = await import('/pkg/searchlab.js');
  await wasm.default();
  const index = await (await fetch('/levels/index.json')).json();
  const level = index.levels.find((l) => l.id === levelId);
  const text = await (await fetch(`/levels/${level.file}`)).text();
  const session = new wasm.GameSession('bait', text);
  const state = session.encode();
  session.free();
  const view = { ...wasm.defaultViewFor('bait'), algo, mode: 'plan', maxNodes: 1_000_000 };
  const keptTimelines = [];
  const channel = new MessageChannel();
  /** One turn of the event loop, as the worker's `yieldToEvents`. */
  const turn = () => new Promise((resolve) => {
    channel.port1.onmessage = resolve;
    channel.port2.postMessage(0);
  });
  /** The mean stepping time of `count` runs, in µs. */
  const runs = async (record, count) => {
    let sum = 0;
    for (let i = 0; i < count; i += 1) {
      if (turns) await turn();
      const job = new wasm.SearchJob(state, view, 1, 0, record);
      const timeline = record ? job.timeline() : null;
      const before = performance.now();
      let progress = job.step(32);
      while (progress.status === 'running') progress = job.step(1024);
      sum += performance.now() - before;
      if (workerLike) {
        job.plan(); job.heat(); job.frontier(); job.rootActions(); job.thinking();
        if (timeline) {
          timeline.length();
          timeline.fullAt();
          keptTimelines.push(timeline);
          if (keptTimelines.length > kept) keptTimelines.shift().free();
        }
      } else {
        timeline?.free();
      }
      job.free();
    }
    return (1000 * sum) / count;
  };
  await runs(true, warmup);
  await runs(false, warmup);
  const off = [];
  const on = [];
  for (let pair = 0; pair < pairs; pair += 1) {
    for (const record of pair % 2 ? [true, false] : [false, true]) (record ? on : off).push(await runs(record, batch));
  }
  for (const timeline of keptTimelines.splice(0)) timeline.free();
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  return { off: median(off), on: median(on), ratio: median(on.map((t, i) => t / off[i])), isolated: self.crossOriginIsolated };
}

async function main({ server, browser }) {
  const page = await browser.context.newPage();
  // Cross-origin isolation, for the clock's fine resolution.
  await browser.context.route('**/*', async (route) => {
    const response = await route.fetch();
    await route.fulfill({
      response,
      headers: { ...response.headers(), 'cross-origin-opener-policy': 'same-origin', 'cross-origin-embedder-policy': 'require-corp' },
    });
  });
  await page.goto(`${server.url}levels/index.json`);
  console.log(`# load average before: ${load()}; ${WARMUP} warm-up runs each way, ${PAIRS} pairs of ${BATCH} runs`);
  console.log('| level | search | timelines | off µs | on µs | on/off (median of pairs) |');
  console.log('|---|---|---|---|---|---|');
  for (const [levelId, algo] of RUNS) {
    for (const [workerLike, turns] of [[false, false], [true, false], [true, true]]) {
      const r = await page.evaluate(measure, { levelId, algo, workerLike, turns, warmup: WARMUP, batch: BATCH, pairs: PAIRS, kept: KEPT });
      if (!r.isolated) throw new Error('the page is not cross-origin isolated: the clock is too coarse');
      const mode = (workerLike ? `last ${KEPT} kept, snapshot read` : 'freed at once') + (turns ? ', an event-loop turn before each run' : '');
      console.log(`| ${levelId} | ${algo === 'bfs' ? 'BFS' : 'A*'} | ${mode} | ${r.off.toFixed(2)} | ${r.on.toFixed(2)} | ${r.ratio.toFixed(2)} |`);
    }
  }
  console.log(`# load average after: ${load()}`);
}

runBench(main);
