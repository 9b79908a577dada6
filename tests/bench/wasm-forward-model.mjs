// The forward model in wasm (issue 21's figure): copy+step per CPU second of the random walk of
// RULES.md section 5, metric B, run by the VGDL interpreter (`benchVgdlRandomWalk`) and by the
// hand-written Bait engine (`benchRandomWalk`) on Bait levels 0 to 4, and by the interpreter on
// the five levels of sokoban and of chipschallenge, for BENCHMARKS.md:
//
//   node tests/bench/wasm-forward-model.mjs RUNS PKG_DIR [STEPS]
//
// PKG_DIR: a wasm package built for node (`wasm-pack build --target nodejs --release --out-dir
// DIR`). STEPS: forward-model calls per interpreter call (default 2,000,000; the hand-written
// engine's calls make ten times as many). Both engines walk the same moves (seed 1) and visit the
// same cells (tests/vgdl_bait.rs checks the checksums agree). Per level: one untimed warm-up call
// of each, then RUNS rounds alternating the two; each call is timed by this process's user +
// system CPU. Prints one JSON line per level (medians of the rounds, the median of the rounds' own
// ratios) and the load before and after. Not a test: timings never go in tests.

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { load, median } from './wasm-workloads.mjs';

const require = createRequire(import.meta.url);
const CRATE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SHARED = path.resolve(CRATE, '../shared');
const SEED = 1;

const [runsArg, pkgDir, stepsArg = '2000000'] = process.argv.slice(2);
const runs = Number(runsArg);
const steps = Number(stepsArg);
if (!Number.isInteger(runs) || runs < 1 || !pkgDir || !Number.isInteger(steps) || steps < 1) {
  console.error('usage: node tests/bench/wasm-forward-model.mjs RUNS PKG_DIR [STEPS]');
  process.exit(2);
}
const wasm = require(path.resolve(pkgDir, 'searchlab.js'));
const read = (relative) => readFileSync(path.join(SHARED, relative), 'utf8');

function cpuSeconds() {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
}

/** Calls per CPU second of `call(n)`, which makes `n` forward-model calls. */
function rate(call, n) {
  const before = cpuSeconds();
  call(n);
  return n / (cpuSeconds() - before);
}

const mega = (x) => Number((x / 1e6).toFixed(2));

console.log(`load before: ${load()}`);
const baitRules = read('bait/levels/bait.vgdl.txt');
for (let level = 0; level < 5; level += 1) {
  const text = read(`bait/levels/bait_lvl${level}.txt`);
  const interpreter = (n) => wasm.benchVgdlRandomWalk(baitRules, text, n, SEED);
  const handWritten = (n) => wasm.benchRandomWalk(text, n, SEED);
  interpreter(Math.ceil(steps / 10));
  handWritten(steps);
  const rounds = [];
  for (let run = 0; run < runs; run += 1) {
    rounds.push({ interpreter: rate(interpreter, steps), handWritten: rate(handWritten, steps * 10) });
  }
  console.log(JSON.stringify({
    game: 'bait',
    level,
    steps,
    interpreter_M_per_cpu_s: mega(median(rounds.map((r) => r.interpreter))),
    hand_written_M_per_cpu_s: mega(median(rounds.map((r) => r.handWritten))),
    hand_written_over_interpreter: Number(median(rounds.map((r) => r.handWritten / r.interpreter)).toFixed(2)),
  }));
}
for (const game of ['sokoban', 'chipschallenge']) {
  const rules = read(`vgdl/${game}/${game}.vgdl.txt`);
  for (let level = 0; level < 5; level += 1) {
    const text = read(`vgdl/${game}/${game}_lvl${level}.txt`);
    const interpreter = (n) => wasm.benchVgdlRandomWalk(rules, text, n, SEED);
    interpreter(Math.ceil(steps / 10));
    const rates = [];
    for (let run = 0; run < runs; run += 1) rates.push(rate(interpreter, steps));
    console.log(JSON.stringify({ game, level, steps, interpreter_M_per_cpu_s: mega(median(rates)) }));
  }
}
console.log(`load after: ${load()}`);
