// Wasm against native on issue 23's three workloads, CPU time, for BENCHMARKS.md:
//
//   node tests/bench/wasm-cpu.mjs RUNS NATIVE_BINARY PKG_DIR...
//
// PKG_DIR: wasm packages built for node (`wasm-pack build --target nodejs --release --out-dir DIR`,
// with and without `RUSTFLAGS="-C target-feature=+simd128"`). The workloads:
//   - perft 11 from the start (`benchPerft` against `searchlab othello perft --depth 11`);
//   - FFO #40 solved exactly with a 256 MiB table made by the call (`benchOthelloSolve` against
//     `searchlab othello solve`, whose process makes its table too);
//   - one expectimax decision on each of the 56 boards of tests/bench/g2048_boards.txt at cutoff
//     1e-4, nneonneo's depth rule (`bench2048Decide` against `searchlab 2048 decide`).
// Each run does the native process, then each package, one after the other (so load changes hit
// all alike). Native: the process's user + system CPU (/usr/bin/time; also user alone, since the
// system time is mostly the first touch of the solver's fresh table, which a wasm call after the
// warm-up reuses from its module's memory). Wasm: this process's user +
// system CPU over the call (V8's compiler and collector threads included), after one untimed
// warm-up call per package (V8 optimises hot wasm code after its first calls). Prints every time,
// min / median / max and each package's median over native's, and the load before and after.
// Checks that every program gives the same answer. Not a test: timings never go in tests.

import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const CRATE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BOARDS = path.join(CRATE, 'tests/bench/g2048_boards.txt');
const FFO = path.resolve(CRATE, '../shared/othello/ffo.txt');
const require = createRequire(import.meta.url);

const [runsArg, native, ...pkgDirs] = process.argv.slice(2);
const runs = Number(runsArg);
if (!Number.isInteger(runs) || runs < 1 || !native || pkgDirs.length === 0) {
  console.error('usage: node tests/bench/wasm-cpu.mjs RUNS NATIVE_BINARY PKG_DIR...');
  process.exit(2);
}

const ffo = readFileSync(FFO, 'utf8').split('\n').find((l) => l.startsWith('40 '));
if (!ffo) throw new Error(`${FFO}: no problem 40`);
const [, ffoBoard, ffoSide] = ffo.split(/\s+/);
const boardsText = readFileSync(BOARDS, 'utf8');

/** The workloads: the native arguments, the wasm call, and the answer of each to compare. */
const WORKLOADS = [
  {
    name: 'perft 11',
    args: ['othello', 'perft', '--depth', '11'],
    nativeAnswer: (json) => String(json.leaves),
    call: (wasm) => wasm.benchPerft(11),
  },
  {
    name: 'FFO #40',
    args: ['othello', 'solve', '--board', ffoBoard, '--side', ffoSide],
    nativeAnswer: (json) => `${json.score} ${json.best_move} ${json.nodes}`,
    call: (wasm) => {
      const r = wasm.benchOthelloSolve(ffoBoard, ffoSide, 256);
      return `${r.score} ${r.bestMove} ${r.nodes}`;
    },
  },
  {
    name: '2048 decide, 56 boards, 1e-4',
    args: ['2048', 'decide', '--boards', BOARDS, '--cutoff', '0.0001'],
    nativeAnswer: (json) => `${json.moves.map((m) => m ?? 'none').join(' ')} ${json.expanded} ${json.generated}`,
    call: (wasm) => {
      const r = wasm.bench2048Decide(boardsText, 0.0001);
      return `${r.moves.join(' ')} ${r.expanded} ${r.generated}`;
    },
  },
];

const packages = pkgDirs.map((dir) => ({ dir, wasm: require(path.resolve(dir, 'searchlab.js')) }));

function cpuSeconds() {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
}

/** [cpu seconds, answer] of one wasm call. */
function timeWasm(wasm, workload) {
  const before = cpuSeconds();
  const answer = workload.call(wasm);
  return [cpuSeconds() - before, answer];
}

/** [cpu seconds, answer, user cpu seconds] of the native process. */
function timeNativeProcess(workload) {
  const run = spawnSync('/usr/bin/time', ['-f', 'CPU %U %S', native, ...workload.args], {
    encoding: 'utf8',
    maxBuffer: 1 << 26,
  });
  if (run.status !== 0) throw new Error(`${native} ${workload.args.join(' ')}: ${run.stderr}`);
  const cpu = /CPU ([\d.]+) ([\d.]+)/.exec(run.stderr);
  const lines = run.stdout.trim().split('\n');
  const json = JSON.parse(lines[lines.length - 1]);
  return [Number(cpu[1]) + Number(cpu[2]), workload.nativeAnswer(json), Number(cpu[1])];
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const spread = (xs) => `${Math.min(...xs).toFixed(3)} / ${median(xs).toFixed(3)} / ${Math.max(...xs).toFixed(3)}`;

console.log(`load before: ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
for (const workload of WORKLOADS) {
  for (const { wasm } of packages) workload.call(wasm); // warm-up
  const times = { native: [], nativeUser: [], ...Object.fromEntries(packages.map((p) => [p.dir, []])) };
  for (let run = 0; run < runs; run += 1) {
    const [cpu, answer, user] = timeNativeProcess(workload);
    times.native.push(cpu);
    times.nativeUser.push(user);
    for (const { dir, wasm } of packages) {
      const [wasmCpu, wasmAnswer] = timeWasm(wasm, workload);
      if (wasmAnswer !== answer) throw new Error(`${workload.name}: native ${answer}, ${dir} ${wasmAnswer}`);
      times[dir].push(wasmCpu);
    }
  }
  console.log(`${workload.name} (CPU s, min / median / max of ${runs}):`);
  console.log(`  native: ${spread(times.native)} (user alone ${spread(times.nativeUser)})`);
  for (const { dir } of packages) {
    console.log(`  ${dir}: ${spread(times[dir])}: ${(median(times[dir]) / median(times.native)).toFixed(2)}x native`);
  }
}
console.log(`load after: ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
