// Issue 23's three workloads for wasm against native, shared by tests/bench/wasm-cpu.mjs (wasm in
// node) and tests/e2e/bench-wasm-native.mjs (wasm in Chromium):
//   - perft 11 from the start (`benchPerft` against `searchlab othello perft --depth 11`);
//   - FFO #40 solved exactly with a 256 MiB table made by the call (`benchOthelloSolve` against
//     `searchlab othello solve`, whose process makes its table too);
//   - one expectimax decision on each of the 56 boards of tests/bench/g2048_boards.txt at cutoff
//     1e-4, nneonneo's depth rule (`bench2048Decide` against `searchlab 2048 decide`).
// Each workload names the wasm export and its arguments as data, so that a page can make the call
// (`wasm[fn](...args)`), and turns each side's result into one answer string to compare.
// Also the native side's timing (the whole process's CPU, from /usr/bin/time) and the summaries.
// Not a test: timings never go in tests.

import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const CRATE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BOARDS = path.join(CRATE, 'tests/bench/g2048_boards.txt');
const FFO = path.resolve(CRATE, '../shared/othello/ffo.txt');

/** The workloads: `args` for the command line, `fn` and `wasmArgs` for the wasm export, and the
 * answer of each side (`nativeAnswer` of the command's JSON, `wasmAnswer` of the export's result). */
export function workloads() {
  const ffo = readFileSync(FFO, 'utf8').split('\n').find((l) => l.startsWith('40 '));
  if (!ffo) throw new Error(`${FFO}: no problem 40`);
  const [, board, side] = ffo.split(/\s+/);
  const boardsText = readFileSync(BOARDS, 'utf8');
  return [
    {
      name: 'perft 11',
      args: ['othello', 'perft', '--depth', '11'],
      nativeAnswer: (json) => String(json.leaves),
      fn: 'benchPerft',
      wasmArgs: [11],
      wasmAnswer: (leaves) => String(leaves),
    },
    {
      name: 'FFO #40',
      args: ['othello', 'solve', '--board', board, '--side', side],
      nativeAnswer: (json) => `${json.score} ${json.best_move} ${json.nodes}`,
      fn: 'benchOthelloSolve',
      wasmArgs: [board, side, 256],
      wasmAnswer: (r) => `${r.score} ${r.bestMove} ${r.nodes}`,
    },
    {
      name: '2048 decide, 56 boards, 1e-4',
      args: ['2048', 'decide', '--boards', BOARDS, '--cutoff', '0.0001'],
      nativeAnswer: (json) => `${json.moves.map((m) => m ?? 'none').join(' ')} ${json.expanded} ${json.generated}`,
      fn: 'bench2048Decide',
      wasmArgs: [boardsText, 0.0001],
      wasmAnswer: (r) => `${r.moves.join(' ')} ${r.expanded} ${r.generated}`,
    },
  ];
}

/** { cpu, user, answer } of one run of `native` on `workload`: the process's user + system CPU
 * seconds and user alone (most of the solver's system time is the first touch of its table). */
export function timeNativeProcess(native, workload) {
  const run = spawnSync('/usr/bin/time', ['-f', 'CPU %U %S', native, ...workload.args], {
    encoding: 'utf8',
    maxBuffer: 1 << 26,
  });
  if (run.status !== 0) throw new Error(`${native} ${workload.args.join(' ')}: ${run.stderr}`);
  const cpu = /CPU ([\d.]+) ([\d.]+)/.exec(run.stderr);
  const lines = run.stdout.trim().split('\n');
  const json = JSON.parse(lines[lines.length - 1]);
  return { cpu: Number(cpu[1]) + Number(cpu[2]), user: Number(cpu[1]), answer: workload.nativeAnswer(json) };
}

export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** "min / median / max" of `xs`, in seconds to the millisecond. */
export const spread = (xs) => `${Math.min(...xs).toFixed(3)} / ${median(xs).toFixed(3)} / ${Math.max(...xs).toFixed(3)}`;

/** The load averages over 1, 5 and 15 minutes. */
export const load = () => loadavg().map((l) => l.toFixed(1)).join(' ');
