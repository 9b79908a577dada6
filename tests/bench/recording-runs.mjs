// What recording costs a short BFS or A* run in wasm, as the worker times it (www/worker.js's
// `runSlices`: `job.step(units)` from 32 units until the run ends; the job's construction and the
// timeline's keeping are outside), in Node on built packages:
//
//   node tests/bench/recording-runs.mjs PAIRS PKG_DIR...
//
// With KEEP=N in the environment, each recorded run's timeline stays alive until N newer ones
// are, and every run ends with the worker's snapshot (plan, heat, frontier, root actions,
// thinking; a recorded run's length and fullAt): the worker's heap as www/worker.js keeps it
// (KEPT_TIMELINES = 4). Without it each timeline is freed as its run ends.
//
// PKG_DIR: a wasm package built with `--target web` (as `./dev.sh build` builds www/pkg); two or
// more are measured in the same run, taking turns, so that a change of the machine's load falls on
// all alike. Per shipped Bait level (www/levels/index.json) and search: PAIRS pairs of batches
// (each way, recording off and on, in turn, the order alternating), a batch as many runs as take
// about BATCH_MS, each run's stepping timed with `performance.now()` as the worker times it, the
// batch's time the median run's (a run the OS interrupts does not count); warm-up runs first.
// Runs over LONG_MS (warehouse's BFS) are left out. Prints per package the median time per run
// of each way and the median of the pairs' on/off ratios, and each package's recorded time over
// the first package's. Not a test: timings never go in tests.

import { readFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const WWW = path.resolve(HERE, '../../www');
const BATCH_MS = 20;
const MAX_NODES = 1_000_000;
/** A run longer than this is not a short one (tests/e2e/bench-recording.mjs measures those). */
const LONG_MS = 50;

/** Recorded runs whose timelines stay alive (the worker's KEPT_TIMELINES); 0 frees each at once. */
const KEEP = Number(process.env.KEEP ?? 0);

const [pairsArg, ...pkgDirs] = process.argv.slice(2);
const pairs = Number(pairsArg);
if (!Number.isInteger(pairs) || pairs < 1 || pkgDirs.length === 0) {
  console.error('usage: node tests/bench/recording-runs.mjs PAIRS PKG_DIR...');
  process.exit(2);
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};

const packages = [];
for (const dir of pkgDirs) {
  const glue = await import(pathToFileURL(path.resolve(dir, 'searchlab.js')).href);
  glue.initSync({ module: await readFile(path.resolve(dir, 'searchlab_bg.wasm')) });
  packages.push({ dir, glue: { ...glue, kept: [] } });
}

/** `count` runs as the worker makes them; the median run's stepping in milliseconds. */
function runs(glue, state, view, record, count) {
  const times = [];
  for (let i = 0; i < count; i += 1) {
    const job = new glue.SearchJob(state, view, 1, 0, record);
    const timeline = record ? job.timeline() : null;
    const before = performance.now();
    let progress = job.step(32);
    while (progress.status === 'running') progress = job.step(1024);
    times.push(performance.now() - before);
    if (KEEP > 0) {
      job.plan(); job.heat(); job.frontier(); job.rootActions(); job.thinking();
      if (timeline) {
        timeline.length();
        timeline.fullAt();
        glue.kept.push(timeline);
        if (glue.kept.length > KEEP) glue.kept.shift().free();
      }
    } else {
      timeline?.free();
    }
    job.free();
  }
  return median(times);
}

const index = JSON.parse(await readFile(path.join(WWW, 'levels/index.json'), 'utf8'));
console.log(`# load average before: ${loadavg().map((x) => x.toFixed(2)).join(' ')}; ${pairs} pairs; KEEP=${KEEP}; packages: ${pkgDirs.join(', ')}`);
const head = packages.map((_, p) => `p${p} off µs | p${p} on µs | p${p} on/off`).join(' | ');
console.log(`| level | search | ${head} | ${packages.slice(1).map((_, p) => `p${p + 1}/p0 on`).join(' | ')} |`);
console.log(`|---|---|${packages.map(() => '---|---|---|').join('')}${packages.slice(1).map(() => '---|').join('')}`);
for (const level of index.levels.filter((l) => l.game === 'bait')) {
  const text = await readFile(path.join(WWW, 'levels', level.file), 'utf8');
  for (const algo of ['bfs', 'astar']) {
    const setups = packages.map(({ glue }) => {
      const session = new glue.GameSession('bait', text);
      const state = session.encode();
      session.free();
      const view = { ...glue.defaultViewFor('bait'), algo, mode: 'plan', maxNodes: MAX_NODES };
      const probe = Math.max(runs(glue, state, view, true, 1), 0.0005);
      const batch = Math.max(1, Math.min(500, Math.round(BATCH_MS / probe)));
      return { glue, state, view, batch, probe, off: [], on: [], ratios: [] };
    });
    if (setups.some((s) => s.probe > LONG_MS)) {
      console.log(`| ${level.id} | ${algo === 'bfs' ? 'BFS' : 'A*'} | not a short run (over ${LONG_MS} ms) |`);
      continue;
    }
    for (const s of setups) {
      runs(s.glue, s.state, s.view, true, 3);
      runs(s.glue, s.state, s.view, false, 3);
    }
    for (let pair = 0; pair < pairs; pair += 1) {
      for (const s of pair % 2 ? [...setups].reverse() : setups) {
        const ways = pair % 2 ? [true, false] : [false, true];
        const time = {};
        for (const record of ways) time[record] = 1000 * runs(s.glue, s.state, s.view, record, s.batch);
        s.off.push(time[false]);
        s.on.push(time[true]);
        s.ratios.push(time[true] / time[false]);
      }
    }
    const cells = setups.map((s) => `${median(s.off).toFixed(2)} | ${median(s.on).toFixed(2)} | ${median(s.ratios).toFixed(2)}`);
    const versus = setups.slice(1).map((s) => (median(s.on) / median(setups[0].on)).toFixed(2));
    console.log(`| ${level.id} | ${algo === 'bfs' ? 'BFS' : 'A*'} | ${cells.join(' | ')} | ${versus.join(' | ')} |`);
  }
}
console.log(`# load average after: ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
