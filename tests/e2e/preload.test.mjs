// index.html preloads every module the shell imports (directly or not), and games.js lists every
// module of each game's controller that the shell does not import (prefetch.js preloads them for
// the game a link names), so a new list of imports cannot quietly bring back a waterfall of
// module fetches (BENCHMARKS.md, "Lesson step to ready"). A static check of the files, no browser.
// Run with `node --test tests/e2e/preload.test.mjs`.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from './harness.mjs';

/** Every module `entry` imports statically, directly or not (paths relative to www/). */
function staticImports(entry) {
  const seen = new Set();
  const visit = (file) => {
    const text = readFileSync(path.join(ROOT, file), 'utf8');
    for (const [, spec] of text.matchAll(/^\s*(?:import|export)\s[^;]*?from\s+'(\.{1,2}\/[^']+)'/gms)) {
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), spec));
      if (!seen.has(target)) {
        seen.add(target);
        visit(target);
      }
    }
  };
  visit(entry);
  return seen;
}

const html = readFileSync(path.join(ROOT, 'index.html'), 'utf8');
// Module scripts are fetched as the parser meets them, as preloaded modules are.
const preloaded = new Set(Array.from(html.matchAll(/<link rel="modulepreload" href="([^"]+)">|<script type="module"(?: async blocking="render")? src="([^"]+)">/g), (m) => m[1] ?? m[2]));

test('index.html preloads every module of the shell and of prefetch.js, and no other', () => {
  const needed = new Set(['shell.js', 'prefetch.js']);
  for (const entry of ['shell.js', 'prefetch.js']) {
    const missing = [...staticImports(entry)].filter((file) => !preloaded.has(file));
    assert.deepEqual(missing, [], `${entry} imports modules index.html does not preload`);
    for (const file of staticImports(entry)) needed.add(file);
  }
  // What the shell loads later (a view, a game) waits its turn rather than taking the network first.
  assert.deepEqual([...preloaded].filter((file) => !needed.has(file)), [], 'index.html preloads modules the shell does not import');
});

test("games.js lists every module of each game's controller that index.html does not preload", async () => {
  const { GAMES } = await import(pathToFileURL(path.join(ROOT, 'games.js')));
  for (const game of Object.values(GAMES)) {
    const entry = /import\('\.\/([^']+)'\)/.exec(game.load.toString())[1];
    const listed = new Set(game.modules);
    assert.ok(listed.has(entry), `games.js: ${game.id}'s modules leave out its controller ${entry}`);
    const missing = [...staticImports(entry)].filter((file) => !preloaded.has(file) && !listed.has(file));
    assert.deepEqual(missing, [], `games.js: ${game.id}'s modules leave out modules ${entry} imports`);
    const extra = game.modules.filter((file) => file !== entry && !staticImports(entry).has(file));
    assert.deepEqual(extra, [], `games.js: ${game.id}'s modules list files ${entry} does not import`);
  }
});

test('the wasm module is preloaded as the fetch that asks for it, and Bait the level its view shows', async () => {
  assert.match(html, /<link rel="preload" href="pkg\/searchlab_bg\.wasm" as="fetch" crossorigin>/);
  assert.match(html, /<script type="module" async blocking="render" src="prefetch\.js"><\/script>/,
    'prefetch.js runs as soon as it has loaded, before the page is first drawn');
  const { GAMES } = await import(pathToFileURL(path.join(ROOT, 'games.js')));
  const index = JSON.parse(readFileSync(path.join(ROOT, 'levels/index.json'), 'utf8'));
  const levels = index.levels.filter((level) => level.game === 'bait');
  assert.match(readFileSync(path.join(ROOT, 'bait/levels.js'), 'utf8'), /new URL\('index\.json', folder\)/, 'bait/levels.js reads levels/index.json');
  assert.deepEqual(GAMES.bait.data, ['levels/index.json'], "games.js: Bait's data is the levels index");
  // The one level file a view reads: the level a link names (as a lesson step's link does), the
  // first when it names none, no file for a link's own rows; no other level's.
  for (const level of levels) {
    assert.deepEqual(GAMES.bait.viewData(`#v=1&game=bait&lvl=${level.id}&algo=bfs`), [`levels/${level.file}`],
      `games.js: Bait's view data for lvl=${level.id} is ${level.file}`);
  }
  assert.deepEqual(GAMES.bait.viewData('#v=1&game=bait'), [`levels/${levels[0].file}`],
    "games.js: a Bait link that names no level reads the index's first Bait level");
  assert.deepEqual(GAMES.bait.viewData('#v=1&game=bait&level=w.A.g'), []);
  for (const game of Object.values(GAMES)) {
    if (game.id !== 'bait') assert.deepEqual([...game.data, ...game.viewData('#v=1')], [], `games.js: ${game.id} reads no file before its first view`);
  }
});

test("games.js names the game of every shipped lesson whose steps show one game, and of no other", async () => {
  const { GAMES, DEFAULT_GAME, LESSON_GAMES } = await import(pathToFileURL(path.join(ROOT, 'games.js')));
  const readLesson = (file) => JSON.parse(readFileSync(path.join(ROOT, 'lessons', file), 'utf8'));
  const names = readLesson('index.json').lessons;
  const expected = {};
  for (const name of names) {
    const games = new Set(readLesson(`${name}.json`).steps.map((step) => /(?:^|&)game=([^&]*)/.exec(step.link)?.[1] ?? DEFAULT_GAME));
    if (games.size === 1) expected[name] = [...games][0];
  }
  assert.deepEqual(LESSON_GAMES, expected, "games.js: LESSON_GAMES is not each single-game lesson's game (lessons/<name>.json's steps' links)");
  for (const game of Object.values(LESSON_GAMES)) assert.ok(Object.hasOwn(GAMES, game), `games.js: LESSON_GAMES names '${game}', not a game`);
});

test("prefetch.js and its imports are the first modules index.html asks for", () => {
  // In the document's order: prefetch.js starts the lesson's and the game's fetches only once its
  // imports have loaded, and the browser fetches six files at a time (the style sheet and the wasm
  // module take two of the first six).
  const order = Array.from(html.matchAll(/<link rel="modulepreload" href="([^"]+)">|<script type="module"(?: async blocking="render")? src="([^"]+)">/g), (m) => m[1] ?? m[2]);
  const first = ['prefetch.js', ...staticImports('prefetch.js')];
  assert.deepEqual(new Set(order.slice(0, first.length)), new Set(first), "index.html: modules other than prefetch.js and its imports come first");
  assert.ok(html.indexOf('href="pkg/searchlab_bg.wasm"') < html.indexOf('src="prefetch.js"'), 'index.html: the wasm module comes before the modules');
});
