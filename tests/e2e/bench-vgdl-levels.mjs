// The 75-level VGDL table in the browser (`./dev.sh figures vgdl-levels`, after `./dev.sh build`):
// every level of the fifteen GVGAI games in ../shared/vgdl is solved in wasm in Chromium by the
// same planners as `searchlab vgdl bench-bfs --algo astar --win-weight 3` (the `benchVgdlSolve`
// export runs `speed::vgdl::vgdl_plan`, the CLI's code): A* with the interpreter's admissible lower
// bound, and when it stops at a limit, weighted A* (w = 3) for any win, under the same caps
// (--max-nodes, default 2,000,000 expansions; --max-memory-mb, default 1024 MiB of search memory).
// The search runs on the page's main thread through the page's wasm package (www/pkg), not through
// the page's worker: the worker's jobs cap memory at 512 MiB and slice the search, which changes
// nothing in what A* expands. Prints one line per level and the counts; with --games a,b only those
// games. Not a test: not picked up by `node --test`.

import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { ROOT, startServer, launchBrowser, openWasmPage } from './harness.mjs';
import { load } from './bench-harness.mjs';

const SHARED = path.resolve(ROOT, '../../shared/vgdl');

function flag(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i < 0 ? fallback : process.argv[i + 1];
}

const MAX_NODES = Number(flag('max-nodes', '2000000'));
const MAX_MEMORY_MB = Number(flag('max-memory-mb', '1024'));
const WIN_WEIGHT = Number(flag('win-weight', '3'));
const GAMES = flag('games', '');

/** Every game folder with its rules and levels, in name order. */
async function games() {
  const names = (await readdir(SHARED, { withFileTypes: true }))
    .filter((e) => e.isDirectory() && (!GAMES || GAMES.split(',').includes(e.name)))
    .map((e) => e.name)
    .sort();
  const out = [];
  for (const name of names) {
    const rules = await readFile(path.join(SHARED, name, `${name}.vgdl.txt`), 'utf8');
    const levels = [];
    for (let level = 0; ; level += 1) {
      try {
        levels.push(await readFile(path.join(SHARED, name, `${name}_lvl${level}.txt`), 'utf8'));
      } catch {
        break;
      }
    }
    out.push({ name, rules, levels });
  }
  if (out.length === 0) throw new Error(`no game folders in ${SHARED}`);
  return out;
}

/** One planner on one level in the page: the export's result and the milliseconds it took. */
function solve(page, args) {
  return page.evaluate(({ rules, level, algo, maxNodes, maxMemoryMb, weight }) => {
    const t = performance.now();
    const result = window.wasm.benchVgdlSolve(rules, level, algo, maxNodes, maxMemoryMb, weight);
    return { ms: performance.now() - t, ...result };
  }, args);
}

const cell = (r) => (r.status === 'solved'
  ? `${r.planLength}${r.shortest ? '*' : ''} (${r.expanded}, ${(r.ms / 1e3).toFixed(1)} s)`
  : `${r.limit === 'memory' ? 'mem' : r.status === 'exhausted' ? 'no plan' : 'cap'} (${r.expanded}, ${(r.ms / 1e3).toFixed(1)} s)`);

async function main() {
  const all = await games();
  const server = await startServer();
  const browser = await launchBrowser();
  let levels = 0;
  let won = 0;
  let proved = 0;
  const began = Date.now();
  console.log(`load before: ${load()}`);
  try {
    const page = await openWasmPage(browser.context, server.url);
    for (const game of all) {
      for (const [index, level] of game.levels.entries()) {
        const base = {
          rules: game.rules, level, maxNodes: MAX_NODES, maxMemoryMb: MAX_MEMORY_MB, weight: 1,
        };
        const exact = await solve(page, { ...base, algo: 'astar' });
        if (exact.status === 'solved' && !exact.won) throw new Error(`${game.name} ${index}: the A* plan does not win`);
        let win = null;
        if (exact.status === 'limit_reached') {
          win = await solve(page, { ...base, algo: 'wastar', weight: WIN_WEIGHT });
          if (win.status === 'solved' && !win.won) throw new Error(`${game.name} ${index}: the weighted A* plan does not win`);
        }
        levels += 1;
        won += exact.won || (win?.won ?? false) ? 1 : 0;
        proved += exact.shortest ? 1 : 0;
        const second = win ? `; ${win.won ? 'win' : 'no win:'} ${cell(win)}` : '';
        console.log(`${game.name} ${index}: ${cell(exact)}${second}`);
      }
    }
    await page.close();
  } finally {
    await browser.close();
    await server.close();
  }
  console.log(JSON.stringify({
    levels, won, shortest_proved: proved, max_nodes: MAX_NODES, max_memory_mb: MAX_MEMORY_MB, win_weight: WIN_WEIGHT, minutes: +((Date.now() - began) / 60e3).toFixed(1),
  }));
  console.log(`load after: ${load()}`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
