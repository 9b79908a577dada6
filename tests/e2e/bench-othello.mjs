// Othello's page figures for BENCHMARKS.md (`./dev.sh figures othello`, after `./dev.sh build`):
//   - perft from the start position, in wasm in Chromium against the same code built natively
//     (`searchlab othello perft`), alternating, fastest of the repeats;
//   - FFO #40 (20 empties) solved exactly in wasm in Chromium (the whole call: the solver's table
//     is made by it), against `searchlab othello solve` natively (the solve alone).
// The FFO position is read from ../shared/othello/ffo.txt; the script fails if it is missing.
// Not a test: it asserts only that wasm and native agree, and is not picked up by `node --test`.

import { readFile } from 'node:fs/promises';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { ROOT, startServer, launchBrowser, openWasmPage } from './harness.mjs';

const CRATE = path.resolve(ROOT, '..');
const FFO = path.resolve(CRATE, '../shared/othello/ffo.txt');
const PERFT_DEPTH = 11;
const FFO_ID = 40;
/** The solver's table in wasm, as large as the command line's (256 MiB). */
const TABLE_MB = 256;
const REPEATS = 5;

const fmt = (ms) => `${ms.toFixed(0)} ms`;
const all = (xs) => xs.map((x) => x.toFixed(0)).join(', ');

async function ffoPosition(id) {
  const text = await readFile(FFO, 'utf8');
  const line = text.split('\n').find((l) => l.startsWith(`${id} `));
  if (!line) throw new Error(`${FFO}: no problem ${id}`);
  const [, board, side, score, moves] = line.split(/\s+/);
  return { board, side, score: Number(score), moves: moves.split(',') };
}

function native(args) {
  return JSON.parse(execFileSync(path.join(process.env.CARGO_TARGET_DIR ?? path.join(CRATE, 'target'), 'release/searchlab'), ['othello', ...args], { encoding: 'utf8' }));
}

async function main() {
  execFileSync('cargo', ['build', '--quiet', '--release', '--bin', 'searchlab'], { cwd: CRATE, stdio: 'inherit' });
  const problem = await ffoPosition(FFO_ID);
  const server = await startServer();
  const browser = await launchBrowser();
  const rows = { perftNative: [], perftWasm: [], solveNative: [], solveWasm: [] };
  let leaves;
  let solved;
  try {
    const page = await openWasmPage(browser.context, server.url);
    await page.evaluate(() => {
      // One untimed call first: V8 starts wasm in its baseline tier and optimises hot code later.
      window.wasm.benchPerft(9);
    });
    for (let i = 0; i < REPEATS; i += 1) {
      const perft = native(['perft', '--depth', String(PERFT_DEPTH)]);
      rows.perftNative.push(perft.elapsed_ms);
      const wasmPerft = await page.evaluate((depth) => {
        const t = performance.now();
        const count = window.wasm.benchPerft(depth);
        return { ms: performance.now() - t, count };
      }, PERFT_DEPTH);
      rows.perftWasm.push(wasmPerft.ms);
      if (wasmPerft.count !== String(perft.leaves)) throw new Error(`perft: native ${perft.leaves}, wasm ${wasmPerft.count}`);
      leaves = perft.leaves;

      const solve = native(['solve', '--board', problem.board, '--side', problem.side]);
      rows.solveNative.push(solve.elapsed_ms);
      const wasmSolve = await page.evaluate(({ board, side, tableMb }) => {
        const t = performance.now();
        const result = window.wasm.benchOthelloSolve(board, side, tableMb);
        return { ms: performance.now() - t, ...result };
      }, { board: problem.board, side: problem.side, tableMb: TABLE_MB });
      rows.solveWasm.push(wasmSolve.ms);
      if (wasmSolve.score !== solve.score || wasmSolve.score !== problem.score || !problem.moves.includes(wasmSolve.bestMove)) {
        throw new Error(`FFO #${FFO_ID}: expected ${problem.score} by ${problem.moves}; native ${JSON.stringify(solve)}, wasm ${JSON.stringify(wasmSolve)}`);
      }
      solved = { native: solve, wasm: wasmSolve };
    }
    await page.close();
  } finally {
    await browser.close();
    await server.close();
  }
  const best = (xs) => Math.min(...xs);
  const perftRatio = best(rows.perftWasm) / best(rows.perftNative);
  console.log(`| figure | goal | measured |
|---|---|---|
| perft ${PERFT_DEPTH} from the start (${leaves.toLocaleString('en-US')} leaves; fastest of ${REPEATS}, alternating) | wasm within 1.5x native | native ${fmt(best(rows.perftNative))}, wasm ${fmt(best(rows.perftWasm))}: ${perftRatio.toFixed(2)}x (native: ${all(rows.perftNative)}; wasm: ${all(rows.perftWasm)}) |
| FFO #${FFO_ID} (20 empties, ${solved.wasm.bestMove} ${solved.wasm.score > 0 ? '+' : ''}${solved.wasm.score}, ${solved.wasm.nodes.toLocaleString('en-US')} nodes in wasm), ${TABLE_MB} MiB table (fastest of ${REPEATS}) | under 1 s in the browser | wasm ${fmt(best(rows.solveWasm))} including the table (all: ${all(rows.solveWasm)}); native solve ${fmt(best(rows.solveNative))} (all: ${all(rows.solveNative)}) |`);
}

await main();
