// The worker's cost per request over a long 2048 game, for BENCHMARKS.md (`./dev.sh figures
// worker`, after `./dev.sh build`). Each request the page sends the search worker carries the
// session's state (`GameSession.encode()`); the worker decodes it into a `SearchJob` and steps
// it. This times that wasm work (encode, decode, build the job, one step, free) in Chromium at
// moves 0, 500, 1000, 1500 and 2000 of one seeded game: BATCH requests timed together (the
// page's clock ticks in 0.1 ms), the median of REPEATS batches, per request.
//   `node tests/e2e/bench-worker-request.mjs [BEFORE]`: BEFORE is a folder holding the `pkg/`
// of another build (say the commit before a change); its requests are timed on the same
// positions, alternating with this build's, so the two columns compare like with like.
// Not a test: it is not picked up by `node --test`.

import { mkdtemp, symlink, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT, startServer, launchBrowser } from './harness.mjs';

const MOVES = 2000;
const CHECKPOINTS = [0, 500, 1000, 1500, 2000];
const REPEATS = 15;
const BATCH = 50;

const before = process.argv[2] === undefined ? null : path.resolve(process.argv[2]);

/** In the page: plays seeded games with a shallow expectimax until one lasts `moves` moves;
 * returns its seed and moves. */
function playLongGame({ moves }) {
  const wasm = window.builds.now;
  for (let seed = 1; seed < 50; seed += 1) {
    const session = wasm.GameSession.fromSeed('2048', seed);
    const view = wasm.defaultViewFor('2048');
    view.algo = 'expectimax';
    view.depth = 2;
    while (session.moves() < moves && !session.isTerminal()) {
      const job = new wasm.SearchJob(session.encode(), view, seed, session.moves());
      while (job.step(100000).status === 'running');
      session.apply(job.bestAction());
      job.free();
    }
    if (session.moves() >= moves) return { seed, moves: Array.from(session.history()) };
    session.free();
  }
  throw new Error(`no game of seeds 1 to 49 lasted ${moves} moves`);
}

/** In the page: the median time of one request at each checkpoint, for the build `name`. */
function timeRequests({ name, seed, moves, checkpoints, repeats, batch }) {
  const wasm = window.builds[name];
  const session = wasm.GameSession.fromSeed('2048', seed);
  const view = wasm.defaultViewFor('2048');
  const medians = {};
  let played = 0;
  for (const at of checkpoints) {
    while (played < at) session.apply(moves[played++]);
    const times = [];
    for (let i = 0; i < repeats; i += 1) {
      const t = performance.now();
      for (let j = 0; j < batch; j += 1) {
        const job = new wasm.SearchJob(session.encode(), view, seed, j);
        job.step(1);
        job.free();
      }
      times.push((performance.now() - t) / batch);
    }
    times.sort((a, b) => a - b);
    medians[at] = times[Math.floor(repeats / 2)];
  }
  session.free();
  return medians;
}

async function main() {
  const root = await mkdtemp(path.join(tmpdir(), 'searchlab-bench-'));
  await symlink(ROOT, path.join(root, 'now'));
  if (before) await symlink(before, path.join(root, 'before'));
  const server = await startServer(root);
  const browser = await launchBrowser();
  try {
    const page = await browser.context.newPage();
    await page.goto(`${server.url}now/levels/index.json`);
    await page.evaluate(async (names) => {
      window.builds = {};
      for (const name of names) {
        window.builds[name] = await import(`/${name}/pkg/searchlab.js`);
        await window.builds[name].default();
      }
    }, before ? ['now', 'before'] : ['now']);
    const game = await page.evaluate(playLongGame, { moves: MOVES });
    const names = before ? ['now', 'before'] : ['now'];
    const runs = Object.fromEntries(names.map((name) => [name, []]));
    for (let round = 0; round < 3; round += 1) {
      for (const name of names) {
        runs[name].push(await page.evaluate(timeRequests, {
          name, seed: game.seed, moves: game.moves, checkpoints: CHECKPOINTS, repeats: REPEATS, batch: BATCH,
        }));
      }
    }
    const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    console.log(`2048 seed ${game.seed}, expectimax depth 2 to ${MOVES} moves; ms per request (batches of ${BATCH}, median of ${REPEATS} batches, median of 3 alternating rounds)`);
    console.log(`| moves played | ${names.map((n) => (n === 'now' ? 'this build' : `build in ${before}`)).join(' | ')} |`);
    console.log(`|---|${names.map(() => '---').join('|')}|`);
    for (const at of CHECKPOINTS) {
      console.log(`| ${at} | ${names.map((n) => median(runs[n].map((r) => r[at])).toFixed(3)).join(' | ')} |`);
    }
  } finally {
    await browser.close();
    await server.close();
    await rm(root, { recursive: true, force: true });
  }
}

await main();
