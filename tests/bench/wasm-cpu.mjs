// Wasm against native on issue 23's three workloads (tests/bench/wasm-workloads.mjs), CPU time,
// wasm run by node, for BENCHMARKS.md:
//
//   node tests/bench/wasm-cpu.mjs RUNS NATIVE_BINARY PKG_DIR...
//
// PKG_DIR: wasm packages built for node (`wasm-pack build --target nodejs --release --out-dir DIR`,
// with and without `RUSTFLAGS="-C target-feature=+simd128"`). The same in Chromium:
// tests/e2e/bench-wasm-native.mjs.
// Each run does the native process, then each package, one after the other (so load changes hit
// all alike). Native: the process's user + system CPU (/usr/bin/time; also user alone, since the
// system time is mostly the first touch of the solver's fresh table, which a wasm call after the
// warm-up reuses from its module's memory). Wasm: this process's user +
// system CPU over the call (V8's compiler and collector threads included), after one untimed
// warm-up call per package (V8 optimises hot wasm code after its first calls). Prints every time,
// min / median / max and each package's median over native's, and the load before and after.
// Checks that every program gives the same answer. Not a test: timings never go in tests.

import { createRequire } from 'node:module';
import path from 'node:path';
import { load, median, spread, timeNativeProcess, workloads } from './wasm-workloads.mjs';

const require = createRequire(import.meta.url);

const [runsArg, native, ...pkgDirs] = process.argv.slice(2);
const runs = Number(runsArg);
if (!Number.isInteger(runs) || runs < 1 || !native || pkgDirs.length === 0) {
  console.error('usage: node tests/bench/wasm-cpu.mjs RUNS NATIVE_BINARY PKG_DIR...');
  process.exit(2);
}

const packages = pkgDirs.map((dir) => ({ dir, wasm: require(path.resolve(dir, 'searchlab.js')) }));

function cpuSeconds() {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
}

/** [cpu seconds, answer] of one wasm call. */
function timeWasm(wasm, workload) {
  const before = cpuSeconds();
  const result = wasm[workload.fn](...workload.wasmArgs);
  return [cpuSeconds() - before, workload.wasmAnswer(result)];
}

console.log(`load before: ${load()}`);
for (const workload of workloads()) {
  for (const { wasm } of packages) wasm[workload.fn](...workload.wasmArgs); // warm-up
  const times = { native: [], nativeUser: [], ...Object.fromEntries(packages.map((p) => [p.dir, []])) };
  for (let run = 0; run < runs; run += 1) {
    const { cpu, user, answer } = timeNativeProcess(native, workload);
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
console.log(`load after: ${load()}`);
