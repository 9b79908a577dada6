// Hostile calls through the real JS glue of a built package (`node tests/e2e/hostile-glue.mjs
// [PKG_DIR]`, default www/pkg, after `./dev.sh build`): wrong types, NaN, infinities, -1, 2^60,
// fractions, empty and oversized strings for every parameter, and every class's methods called
// on another class's object. Counts errors, traps (WebAssembly.RuntimeError) and calls accepted.
// tests/wasm_hostile.rs asserts the same from Rust; this script also passes what the glue would
// coerce (null, '7' where a number goes) and measures an older build for comparison.
// Not a test: it asserts nothing and is not picked up by `node --test`.

import { readFileSync } from 'node:fs';
const dir = new URL(process.argv[2] ?? '../../www/pkg', `file://${process.cwd()}/tests/e2e/`).pathname;
const w = await import(`${dir}/searchlab.js`);
w.initSync({ module: readFileSync(`${dir}/searchlab_bg.wasm`) });
const LEVEL = 'wwwwwww\nwA..k.w\nw.www.w\nw.m..gw\nwwwwwww';
const notStrings = [0, NaN, null, undefined, {}, [], true, Symbol('x'), 1n];
const badNumbers = [NaN, Infinity, -Infinity, -1, 2 ** 60, 0.5, '1', {}, null, undefined, 'x'];
const fresh = () => new w.GameSession('bait', LEVEL);
const view = () => Object.assign(w.defaultView(), { level: LEVEL });
const bview = () => Object.assign(w.defaultViewFor('2048'), { seed: 7 });
const enc = () => fresh().encode();
const VGDL = w.vgdlShippedGames()[0];
const solve = (args) => w.benchVgdlSolve(...Object.assign([VGDL.rules, VGDL.levels[0], 'bfs', 10, 16, 1], args));
const strs = [
  ['defaultViewFor', (v) => w.defaultViewFor(v)],
  ['parseShareLink', (v) => w.parseShareLink(v)],
  ['shareLinkGame', (v) => w.shareLinkGame(v)],
  ['gameCapabilities', (v) => w.gameCapabilities(v)],
  ['parameterTable', (v) => w.parameterTable(v)],
  ['validateLevel.game', (v) => w.validateLevel(v, LEVEL)],
  ['validateLevel.level', (v) => w.validateLevel('bait', v)],
  ['GameSession.game', (v) => new w.GameSession(v, LEVEL)],
  ['GameSession.level', (v) => new w.GameSession('bait', v)],
  ['fromSeed.game', (v) => w.GameSession.fromSeed(v, 1)],
  ['SearchJob.state', (v) => new w.SearchJob(v, view(), 1, 0)],
  ['benchRandomWalk.level', (v) => w.benchRandomWalk(v, 10, 1)],
  ['benchAstar.level', (v) => w.benchAstar(v)],
  ['benchOthelloSolve.board', (v) => w.benchOthelloSolve(v, 'X', 1)],
  ['benchOthelloSolve.side', (v) => w.benchOthelloSolve('-'.repeat(64), v, 1)],
  ['pageSettings', (v) => w.pageSettings(v)],
  ['vgdlCheck.rules', (v) => w.vgdlCheck(v)],
  ['vgdlCheck.level', (v) => w.vgdlCheck(VGDL.rules, v)],
  ['vgdlGameInfo', (v) => w.vgdlGameInfo(v)],
  ['vgdlStart.rules', (v) => w.vgdlStart(v, VGDL.levels[0])],
  ['vgdlStart.level', (v) => w.vgdlStart(VGDL.rules, v)],
  ['benchVgdlRandomWalk.rules', (v) => w.benchVgdlRandomWalk(v, VGDL.levels[0], 10, 1)],
  ['benchVgdlRandomWalk.level', (v) => w.benchVgdlRandomWalk(VGDL.rules, v, 10, 1)],
  ['benchVgdlSolve.rules', (v) => solve({ 0: v })],
  ['benchVgdlSolve.level', (v) => solve({ 1: v })],
  ['benchVgdlSolve.algo', (v) => solve({ 2: v })],
];
const nums = [
  ['fromSeed.seed', (n) => w.GameSession.fromSeed('2048', n)],
  ['apply.action', (n) => fresh().apply(n)],
  ['SearchJob.seed', (n) => new w.SearchJob(enc(), view(), n, 0)],
  ['SearchJob.stream', (n) => new w.SearchJob(enc(), view(), 1, n)],
  ['SearchJob.step', (n) => new w.SearchJob(enc(), view(), 1, 0).step(n)],
  ['BatchGame.index', (n) => new w.BatchGame(bview(), n)],
  ['BatchGame.step', (n) => new w.BatchGame(bview(), 0).step(n)],
  ['benchRandomWalk.steps', (n) => w.benchRandomWalk(LEVEL, n, 1)],
  ['benchRandomWalk.seed', (n) => w.benchRandomWalk(LEVEL, 10, n)],
  ['bench2048Mcts.seed', (n) => w.bench2048Mcts(n, 1)],
  ['bench2048Mcts.playouts', (n) => w.bench2048Mcts(1, n)],
  ['benchPerft.depth', (n) => w.benchPerft(n)],
  ['benchOthelloSolve.tableMb', (n) => w.benchOthelloSolve('X'.repeat(64), 'O', n)],
  ['benchVgdlRandomWalk.steps', (n) => w.benchVgdlRandomWalk(VGDL.rules, VGDL.levels[0], n, 1)],
  ['benchVgdlRandomWalk.seed', (n) => w.benchVgdlRandomWalk(VGDL.rules, VGDL.levels[0], 10, n)],
  ['benchVgdlSolve.maxNodes', (n) => solve({ 3: n })],
  ['benchVgdlSolve.maxMemoryMb', (n) => solve({ 4: n })],
  ['benchVgdlSolve.weight', (n) => solve({ 5: n })],
];
const calls = [];
for (const [name, f] of strs) {
  for (const v of notStrings) calls.push([`${name}=${typeof v}`, () => f(v)]);
  calls.push([`${name}=''`, () => f('')]);
  calls.push([`${name}=huge`, () => f('w'.repeat(2 ** 20 + 1))]);
}
for (const [name, f] of nums) for (const n of badNumbers) calls.push([`${name}=${String(n)}`, () => f(n)]);
for (const [name, f] of [['pathOf', (v) => fresh().pathOf(v)]])
  for (const v of [0, '0', {}, [NaN], [-1], [0.5], [2 ** 60], { length: 2 ** 30 }]) calls.push([`${name}=${JSON.stringify(v)}`, () => f(v)]);
const ok = [], errors = [], traps = [], other = [];
for (const [name, call] of calls) {
  try { call(); ok.push(name); }
  catch (e) {
    if (e instanceof WebAssembly.RuntimeError) { traps.push(`${name}: ${e.message}`); }
    else if (e instanceof Error) errors.push(`${name}: ${e.message}`);
    else other.push(name);
  }
}
console.log(`${calls.length} calls: ${errors.length} errors, ${traps.length} traps, ${ok.length} accepted, ${other.length} other`);
console.log('accepted:', ok.join(' | '));
console.log('traps:', traps.slice(0, 200).join('\n  '));
// Wrong `this`, after the rest.
const session = fresh();
const job = new w.SearchJob(enc(), view(), 1, 0);
const batch = new w.BatchGame(bview(), 0);
const wrong = [];
for (const [obj, methods, others] of [
  [session, ['view', 'legalActions', 'apply', 'encode', 'undo', 'score'], [job, batch]],
  [job, ['step', 'plan', 'heat', 'bestAction', 'thinking'], [session, batch]],
  [batch, ['step'], [session, job]],
]) for (const m of methods) for (const other of others) {
  try { Object.getPrototypeOf(obj)[m].call(other, 1); wrong.push(`${m}: accepted`); }
  catch (e) { wrong.push(`${m}: ${e instanceof WebAssembly.RuntimeError ? 'TRAP ' : ''}${e.message}`); }
}
console.log(`wrong this: ${wrong.length} calls, ${wrong.filter((x) => x.includes('TRAP')).length} traps`);
console.log('  ' + wrong.slice(0, 4).join('\n  '));
try { const s = fresh(); s.apply(1); console.log('after: module works, moves', s.moves()); } catch (e) { console.log('after: module broken:', e.message); }
