// The page's figures for BENCHMARKS.md, in one run (`./dev.sh figures`, after `./dev.sh build`):
//   - compressed size of the wasm,
//   - page load to interactive on localhost (Chromium),
//   - wasm versus native speed on the Bait forward model and on A* level 2 (the same workloads,
//     src/speed.rs, built natively by `searchlab bait speed` and run in wasm in Chromium; the two
//     alternate, and the fastest of the repeats is kept, the usual estimate on a busy machine),
//   - time from pressing Stop to the worker being idle (Chromium, BFS on the Warehouse level),
//   - MCTS act times under a 40 ms budget (Chromium).
// Not a test: it asserts nothing and is not picked up by `node --test`.

import { readFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { ROOT, startServer, launchBrowser, openPage, waitForState, linkFor } from './harness.mjs';

const CRATE = path.resolve(ROOT, '..');
const SHARED_LEVELS = path.resolve(CRATE, '../shared/bait/levels');
const WALK_STEPS = 10_000_000;
const ASTAR_RUNS = 20;
const REPEATS = 5;

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (ms) => `${ms.toFixed(1)} ms`;

async function sizes() {
  const wasm = await readFile(path.join(ROOT, 'pkg/searchlab_bg.wasm'));
  const js = await readFile(path.join(ROOT, 'pkg/searchlab.js'));
  return {
    wasmBytes: wasm.length,
    wasmGzipBytes: gzipSync(wasm, { level: 9 }).length,
    glueGzipBytes: gzipSync(js, { level: 9 }).length,
  };
}

/** One native measurement (`searchlab bait speed`). */
function nativeOnce(walkLevel, astarLevel) {
  const out = execFileSync(
    path.join(process.env.CARGO_TARGET_DIR ?? path.join(CRATE, 'target'), 'release/searchlab'),
    ['bait', 'speed', '--walk-level', walkLevel, '--steps', String(WALK_STEPS), '--seed', '1',
      '--astar-level', astarLevel, '--astar-runs', String(ASTAR_RUNS)],
    { encoding: 'utf8' },
  );
  const run = JSON.parse(out);
  return { walkMs: run.walkMs, astarMs: run.astarMs, checksum: run.checksum, planLength: run.planLength, expanded: run.expanded };
}

/** One wasm measurement of the same workloads, in a Chromium page. */
function wasmOnce(page, walkText, astarText) {
  return page.evaluate(async ({ walkText, astarText, steps, runs }) => {
    const wasm = await import('/pkg/searchlab.js');
    await wasm.default();
    let t = performance.now();
    const checksum = wasm.benchRandomWalk(walkText, steps, 1);
    const walkMs = performance.now() - t;
    t = performance.now();
    let astar;
    for (let run = 0; run < runs; run += 1) astar = wasm.benchAstar(astarText);
    return { walkMs, astarMs: performance.now() - t, checksum, ...astar };
  }, { walkText, astarText, steps: WALK_STEPS, runs: ASTAR_RUNS });
}

/** Native and wasm measurements, alternating. */
async function speed(context, url, walkLevel, astarLevel) {
  execFileSync('cargo', ['build', '--quiet', '--release', '--bin', 'searchlab'], { cwd: CRATE, stdio: 'inherit' });
  const walkText = await readFile(walkLevel, 'utf8');
  const astarText = await readFile(astarLevel, 'utf8');
  const page = await context.newPage();
  await page.goto(`${url}levels/index.json`);
  // One untimed call each first: V8 starts wasm in its baseline tier and optimises hot code later.
  await page.evaluate(async ({ walkText, astarText }) => {
    const wasm = await import('/pkg/searchlab.js');
    await wasm.default();
    wasm.benchRandomWalk(walkText, 1_000_000, 2);
    wasm.benchAstar(astarText);
  }, { walkText, astarText });
  const nat = [];
  const wasm = [];
  for (let i = 0; i < REPEATS; i += 1) {
    nat.push(nativeOnce(walkLevel, astarLevel));
    wasm.push(await wasmOnce(page, walkText, astarText));
  }
  await page.close();
  for (const w of wasm) {
    const n = nat[0];
    if (w.checksum !== n.checksum || w.planLength !== n.planLength || w.expanded !== n.expanded) {
      throw new Error(`native and wasm disagree: ${JSON.stringify({ n, w })}`);
    }
  }
  return { nat, wasm };
}

async function inChromium(walkLevel, astarLevel) {
  const server = await startServer();
  const browser = await launchBrowser();
  const load = [];
  const stops = [];
  try {
    const speeds = await speed(browser.context, server.url, walkLevel, astarLevel);
    for (let i = 0; i < REPEATS; i += 1) {
      const { page } = await openPage(browser.context, server.url);
      load.push(await page.evaluate(() => window.searchlabMetrics.interactiveMs));
      await page.close();
    }
    const rows = (await readFile(path.join(ROOT, 'levels/warehouse.txt'), 'utf8')).trim().split('\n');
    const { page } = await openPage(browser.context, server.url + linkFor(rows, 'algo=bfs&mode=plan&max-nodes=50000000&seed=1'));
    for (let i = 0; i < REPEATS; i += 1) {
      await page.click('[data-testid=play]');
      await waitForState(page, ['thinking']);
      await page.waitForTimeout(700);
      await page.click('[data-testid=stop]');
      await waitForState(page, ['idle']);
      await page.click('[data-testid=reset]');
    }
    stops.push(...(await page.evaluate(() => window.searchlabMetrics.stops)));
    await page.close();

    const far = (await readFile(path.join(ROOT, 'levels/far-door.txt'), 'utf8')).trim().split('\n');
    const mcts = await openPage(browser.context, server.url + linkFor(far, 'algo=mcts&mode=act&budget-ms=40&seed=7'));
    await mcts.page.$eval('[data-testid=speed]', (el) => {
      el.value = '30';
      el.dispatchEvent(new Event('input'));
    });
    await mcts.page.click('[data-testid=play]');
    await mcts.page.waitForFunction(() => window.searchlabMetrics.acts.length >= 50, null, { timeout: 60000 });
    await mcts.page.click('[data-testid=stop]');
    const acts = await mcts.page.evaluate(() => window.searchlabMetrics.acts);
    await mcts.page.close();
    return { load, stops, acts, speeds };
  } finally {
    await browser.close();
    await server.close();
  }
}

const walkLevel = path.join(SHARED_LEVELS, 'bait_lvl2.txt');
const astarLevel = path.join(SHARED_LEVELS, 'bait_lvl2.txt');
const size = await sizes();
const browser = await inChromium(walkLevel, astarLevel);
const { nat, wasm } = browser.speeds;
const fastest = (runs, key) => Math.min(...runs.map((r) => r[key]));
const walkNative = fastest(nat, 'walkMs');
const walkWasm = fastest(wasm, 'walkMs');
const astarNative = fastest(nat, 'astarMs');
const astarWasm = fastest(wasm, 'astarMs');
const all = (runs, key) => runs.map((r) => r[key].toFixed(0)).join(', ');
const think = browser.acts.map((a) => a.thinkMs);
const trip = browser.acts.map((a) => a.roundTripMs);
console.log(`| figure | goal | measured |
|---|---|---|
| wasm size, gzip -9 | < 200 KB | ${(size.wasmGzipBytes / 1024).toFixed(1)} KB (${(size.wasmBytes / 1024).toFixed(1)} KB raw; JS glue ${(size.glueGzipBytes / 1024).toFixed(1)} KB gzip) |
| page load to interactive, localhost (median of ${REPEATS}) | < 500 ms | ${fmt(median(browser.load))} (all: ${browser.load.map((x) => x.toFixed(0)).join(', ')}) |
| forward model, ${WALK_STEPS.toLocaleString('en-US')} copy+advance on level 2 (fastest of ${REPEATS}, alternating) | wasm within 1.5x native | native ${fmt(walkNative)}, wasm ${fmt(walkWasm)}: ${(walkWasm / walkNative).toFixed(2)}x (native: ${all(nat, 'walkMs')}; wasm: ${all(wasm, 'walkMs')}) |
| A* level 2, walls-only distance, plan ${nat[0].planLength}, ${nat[0].expanded.toLocaleString('en-US')} expanded, ${ASTAR_RUNS} runs (fastest of ${REPEATS}, alternating) | wasm within 1.5x native | native ${fmt(astarNative)}, wasm ${fmt(astarWasm)}: ${(astarWasm / astarNative).toFixed(2)}x (native: ${all(nat, 'astarMs')}; wasm: ${all(wasm, 'astarMs')}) |
| Stop to worker idle, BFS on Warehouse (median of ${browser.stops.length}) | < 50 ms | ${fmt(median(browser.stops))} (max ${fmt(Math.max(...browser.stops))}) |
| MCTS act, 40 ms budget, ${browser.acts.length} acts | answer in time | think median ${fmt(median(think))}, max ${fmt(Math.max(...think))}; round trip median ${fmt(median(trip))}, max ${fmt(Math.max(...trip))} |`);
