// Issue 23's three workloads in wasm in Chromium against the command line natively, CPU time, for
// BENCHMARKS.md (`./dev.sh figures wasm-native [RUNS]`, after `./dev.sh build`; default 5 runs):
// perft 11, FFO #40 with a 256 MiB table, one 2048 expectimax decision on each of 56 boards
// (tests/bench/wasm-workloads.mjs; the same in node: tests/bench/wasm-cpu.mjs).
//   Two tabs load the page's glue (pkg/searchlab.js), one with the SIMD module the page picks in
// Chromium (pkg/searchlab_bg.wasm), one with the fallback (pkg/searchlab_nosimd_bg.wasm). Each run
// does the native process, then the call in each tab, one after the other, so that load changes
// hit all alike; each tab makes one untimed call of each workload first (V8 optimises hot wasm
// code after its first calls). Native: the process's user + system CPU (/usr/bin/time), and user
// alone (most of the solver's system time is the first touch of its fresh table, which a wasm
// call after the warm-up finds in its module's memory). Chromium: the renderer process's CPU over
// the call (the DevTools protocol's `ProcessTime` metric: V8's compiler and collector threads
// included), and the call's wall time. Prints min / median / max, each build's median over
// native's, and the load before and after; fails if any answer differs from native's.
//   NATIVE_OTHER=<binary>: also times that build of the command line (for instance one built with
// RUSTFLAGS="-C target-cpu=x86-64-v2", without AVX2 and BMI2) in the same alternation, and gives
// each build's median over it too.
// Not a test: it is not picked up by `node --test`.

import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { ROOT, startServer, launchBrowser, openWasmPage } from './harness.mjs';
import { load, median, spread, timeNativeProcess, workloads } from '../bench/wasm-workloads.mjs';

const CRATE = path.resolve(ROOT, '..');
const BUILDS = [
  { name: 'wasm SIMD', module: '/pkg/searchlab_bg.wasm' },
  { name: 'wasm no SIMD', module: '/pkg/searchlab_nosimd_bg.wasm' },
];

const runs = process.argv[2] === undefined ? 5 : Number(process.argv[2]);
if (!Number.isInteger(runs) || runs < 1) {
  throw new Error(`runs: a whole number at least 1, not '${process.argv[2]}'`);
}

/** A tab with the glue initialised on `module`, and a DevTools session for its CPU time. */
async function openTab(context, serverUrl, module) {
  const page = await openWasmPage(context, serverUrl, module);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  return { page, cdp };
}

/** The renderer process's CPU seconds so far. */
async function processTime(cdp) {
  const { metrics } = await cdp.send('Performance.getMetrics');
  const metric = metrics.find((m) => m.name === 'ProcessTime');
  if (!metric) throw new Error('Chromium reports no ProcessTime metric');
  return metric.value;
}

/** { cpu, wall, result } of one call in `tab`. */
async function timeWasm(tab, workload) {
  const before = await processTime(tab.cdp);
  const { wall, result } = await tab.page.evaluate(({ fn, args }) => {
    const t = performance.now();
    const result = window.wasm[fn](...args);
    return { wall: (performance.now() - t) / 1000, result };
  }, { fn: workload.fn, args: workload.wasmArgs });
  return { cpu: (await processTime(tab.cdp)) - before, wall, result };
}

async function main() {
  execFileSync('cargo', ['build', '--quiet', '--release', '--bin', 'searchlab'], { cwd: CRATE, stdio: 'inherit' });
  const native = path.join(process.env.CARGO_TARGET_DIR ?? path.join(CRATE, 'target'), 'release/searchlab');
  const other = process.env.NATIVE_OTHER;
  const server = await startServer();
  const browser = await launchBrowser();
  console.log(`load before: ${load()}`);
  try {
    const tabs = [];
    for (const build of BUILDS) tabs.push({ ...build, ...(await openTab(browser.context, server.url, build.module)) });
    for (const workload of workloads()) {
      for (const tab of tabs) await timeWasm(tab, workload); // warm-up
      const times = { native: [], nativeUser: [], other: [], otherUser: [], ...Object.fromEntries(tabs.map((t) => [t.name, { cpu: [], wall: [] }])) };
      for (let run = 0; run < runs; run += 1) {
        const { cpu, user, answer } = timeNativeProcess(native, workload);
        times.native.push(cpu);
        times.nativeUser.push(user);
        if (other) {
          const otherRun = timeNativeProcess(other, workload);
          if (otherRun.answer !== answer) throw new Error(`${workload.name}: native ${answer}, ${other} ${otherRun.answer}`);
          times.other.push(otherRun.cpu);
          times.otherUser.push(otherRun.user);
        }
        for (const tab of tabs) {
          const { cpu: wasmCpu, wall, result } = await timeWasm(tab, workload);
          const wasmAnswer = workload.wasmAnswer(result);
          if (wasmAnswer !== answer) throw new Error(`${workload.name}: native ${answer}, ${tab.name} ${wasmAnswer}`);
          times[tab.name].cpu.push(wasmCpu);
          times[tab.name].wall.push(wall);
        }
      }
      console.log(`${workload.name} (CPU s, min / median / max of ${runs}; answers equal):`);
      console.log(`  native: ${spread(times.native)} (user alone ${spread(times.nativeUser)})`);
      if (other) {
        console.log(`  ${other}: ${spread(times.other)} (user alone ${spread(times.otherUser)}): ` +
          `${(median(times.otherUser) / median(times.nativeUser)).toFixed(2)}x native user`);
      }
      for (const { name } of tabs) {
        const { cpu, wall } = times[name];
        console.log(`  ${name} in Chromium: ${spread(cpu)} (wall ${spread(wall)}): ` +
          `${(median(cpu) / median(times.native)).toFixed(2)}x native, ` +
          `${(median(cpu) / median(times.nativeUser)).toFixed(2)}x native user` +
          (other ? `, ${(median(cpu) / median(times.otherUser)).toFixed(2)}x NATIVE_OTHER user` : ''));
      }
    }
  } finally {
    await browser.close();
    await server.close();
  }
  console.log(`load after: ${load()}`);
}

await main();
