// The page's figures for BENCHMARKS.md, in one run (`./dev.sh figures`, after `./dev.sh build`):
//   - compressed size of the wasm,
//   - page load to interactive on localhost (Chromium),
//   - wasm versus native speed on the Bait forward model and on A* level 2 (the same workloads,
//     src/speed.rs, built natively by examples/speed.rs and run in wasm under Node's V8),
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
const WALK_STEPS = 2_000_000;
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

function native(walkLevel, astarLevel) {
  execFileSync('cargo', ['build', '--quiet', '--release', '--example', 'speed'], { cwd: CRATE, stdio: 'inherit' });
  const out = execFileSync(
    path.join(CRATE, 'target/release/examples/speed'),
    [walkLevel, String(WALK_STEPS), '1', astarLevel, String(REPEATS)],
    { encoding: 'utf8' },
  );
  return JSON.parse(out);
}

async function wasmInNode(walkLevel, astarLevel) {
  const glue = await import(path.join(ROOT, 'pkg/searchlab.js'));
  glue.initSync({ module: await readFile(path.join(ROOT, 'pkg/searchlab_bg.wasm')) });
  const walkText = await readFile(walkLevel, 'utf8');
  const astarText = await readFile(astarLevel, 'utf8');
  const walkMs = [];
  const astarMs = [];
  let checksum;
  let astar;
  for (let i = 0; i < REPEATS; i += 1) {
    let t = performance.now();
    checksum = glue.benchRandomWalk(walkText, WALK_STEPS, 1);
    walkMs.push(performance.now() - t);
    t = performance.now();
    astar = glue.benchAstar(astarText);
    astarMs.push(performance.now() - t);
  }
  return { walkMs, checksum, astarMs, ...astar };
}

async function inChromium() {
  const server = await startServer();
  const browser = await launchBrowser();
  const load = [];
  const stops = [];
  try {
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
    return { load, stops, acts };
  } finally {
    await browser.close();
    await server.close();
  }
}

const walkLevel = path.join(SHARED_LEVELS, 'bait_lvl2.txt');
const astarLevel = path.join(SHARED_LEVELS, 'bait_lvl2.txt');
const size = await sizes();
const nat = native(walkLevel, astarLevel);
const wasm = await wasmInNode(walkLevel, astarLevel);
if (String(nat.checksum) !== wasm.checksum || nat.planLength !== wasm.planLength || nat.expanded !== wasm.expanded) {
  throw new Error(`native and wasm disagree: ${JSON.stringify({ nat, wasm })}`);
}
const browser = await inChromium();

const walkNative = median(nat.walkMs);
const walkWasm = median(wasm.walkMs);
const astarNative = median(nat.astarMs);
const astarWasm = median(wasm.astarMs);
const think = browser.acts.map((a) => a.thinkMs);
const trip = browser.acts.map((a) => a.roundTripMs);
console.log(`| figure | goal | measured |
|---|---|---|
| wasm size, gzip -9 | < 200 KB | ${(size.wasmGzipBytes / 1024).toFixed(1)} KB (${(size.wasmBytes / 1024).toFixed(1)} KB raw; JS glue ${(size.glueGzipBytes / 1024).toFixed(1)} KB gzip) |
| page load to interactive, localhost (median of ${REPEATS}) | < 500 ms | ${fmt(median(browser.load))} (all: ${browser.load.map((x) => x.toFixed(0)).join(', ')}) |
| forward model, ${WALK_STEPS.toLocaleString('en-US')} copy+advance on level 2 (median of ${REPEATS}) | wasm within 1.5x native | native ${fmt(walkNative)}, wasm ${fmt(walkWasm)}: ${(walkWasm / walkNative).toFixed(2)}x |
| A* level 2, walls-only distance, plan ${nat.planLength}, ${nat.expanded.toLocaleString('en-US')} expanded (median of ${REPEATS}) | wasm within 1.5x native | native ${fmt(astarNative)}, wasm ${fmt(astarWasm)}: ${(astarWasm / astarNative).toFixed(2)}x |
| Stop to worker idle, BFS on Warehouse (median of ${browser.stops.length}) | < 50 ms | ${fmt(median(browser.stops))} (max ${fmt(Math.max(...browser.stops))}) |
| MCTS act, 40 ms budget, ${browser.acts.length} acts | answer in time | think median ${fmt(median(think))}, max ${fmt(Math.max(...think))}; round trip median ${fmt(median(trip))}, max ${fmt(Math.max(...trip))} |`);
