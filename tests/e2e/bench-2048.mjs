// 2048's page figure for BENCHMARKS.md (`./dev.sh figures 2048`, after `./dev.sh build`): the
// course's MCTS in wasm in Chromium against the same code built natively, to turn "one second a
// move in the browser" into a playout budget.
//   The workload (src/speed/g2048.rs) is `searchlab 2048 speed` natively and `bench2048Mcts` in
// wasm: PLAYOUTS playouts from each of the 56 middle-game positions of seed 1 (making the
// positions is about 1 % of it). The two alternate, and the fastest of the repeats is kept, the
// usual estimate on a busy machine; every run must give the native checksum.
//   The calibration is wasm's playouts per second on this workload. A real one-second move runs
// some 30 times more playouts from one position than a search here, and the page's worker steps
// it in slices, so read it as an estimate of the budget, not its last digit.
// `node tests/e2e/bench-2048.mjs [playouts-per-position]`: a smaller number gives a quick check
// that the script works (its figures mean nothing then).
// Not a test: it asserts only that wasm and native agree, and is not picked up by `node --test`.

import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { ROOT, startServer, launchBrowser, openWasmPage } from './harness.mjs';

const CRATE = path.resolve(ROOT, '..');
const SEED = 1;
/** Sized for one to two seconds natively (560,000 playouts at seed 1). */
const PLAYOUTS = 10_000;
const REPEATS = 5;

const playouts = process.argv[2] === undefined ? PLAYOUTS : Number(process.argv[2]);
if (!Number.isInteger(playouts) || playouts < 1) {
  throw new Error(`playouts per position: a whole number at least 1, not '${process.argv[2]}'`);
}

const thousands = (x) => `${(x / 1000).toFixed(0)} k`;
const all = (xs) => xs.map((x) => x.toFixed(0)).join(', ');

/** One native measurement (`searchlab 2048 speed`). */
function nativeOnce() {
  const out = execFileSync(
    path.join(process.env.CARGO_TARGET_DIR ?? path.join(CRATE, 'target'), 'release/searchlab'),
    ['2048', 'speed', '--seed', String(SEED), '--playouts', String(playouts)],
    { encoding: 'utf8' },
  );
  return JSON.parse(out);
}

/** One wasm measurement of the same workload in the page. */
function wasmOnce(page) {
  return page.evaluate(({ seed, playouts }) => {
    const t = performance.now();
    const run = window.wasm.bench2048Mcts(seed, playouts);
    return { ms: performance.now() - t, ...run };
  }, { seed: SEED, playouts });
}

async function main() {
  execFileSync('cargo', ['build', '--quiet', '--release', '--bin', 'searchlab'], { cwd: CRATE, stdio: 'inherit' });
  const server = await startServer();
  const browser = await launchBrowser();
  const nat = [];
  const wasm = [];
  try {
    const page = await openWasmPage(browser.context, server.url);
    await page.evaluate((playouts) => {
      // One untimed call first: V8 starts wasm in its baseline tier and optimises hot code later.
      window.wasm.bench2048Mcts(2, Math.min(playouts, 1000));
    }, playouts);
    for (let i = 0; i < REPEATS; i += 1) {
      nat.push(nativeOnce());
      wasm.push(await wasmOnce(page));
    }
    await page.close();
  } finally {
    await browser.close();
    await server.close();
  }
  const expected = nat[0];
  for (const run of [...nat, ...wasm]) {
    if (run.checksum !== expected.checksum || run.playouts !== expected.playouts) {
      throw new Error(`native and wasm disagree: ${JSON.stringify({ expected, run })}`);
    }
  }
  const best = (runs) => Math.min(...runs.map((r) => r.ms));
  const nativeRate = (expected.playouts * 1000) / best(nat);
  const wasmRate = (expected.playouts * 1000) / best(wasm);
  const perSecond = Math.round(wasmRate / 1000) * 1000;
  console.log(`| workload | native playouts/s | wasm playouts/s | wasm/native time | one second of wasm time |
|---|---|---|---|---|
| course MCTS, ${expected.searches} middle-game positions (seed ${SEED}) x ${playouts.toLocaleString('en-US')} playouts, checksums agree (fastest of ${REPEATS}, alternating) | ${thousands(nativeRate)} (ms: ${all(nat.map((r) => r.ms))}) | ${thousands(wasmRate)} (ms: ${all(wasm.map((r) => r.ms))}) | ${(best(wasm) / best(nat)).toFixed(2)}x | about ${perSecond.toLocaleString('en-US')} playouts a move |`);
}

await main();
