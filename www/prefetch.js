// The page's first script: starts fetching what the link will show while the shell's modules and
// the wasm module load. A lesson's link: the lesson's file and, at once, the modules of the game
// its steps show (games.js's LESSON_GAMES; for a lesson it lacks, once the file names the game),
// and once the file is in, the files the step's view reads (a Bait level); any other link: the
// modules and files of the game it names (the default game's when none). Only
// fetches: the shell reads and checks the link (in Rust) once the wasm module has loaded, and
// finds the lesson's file (lesson-panel.js takes it from here) and the game's modules already
// loaded or on their way. It imports only the small game registry and wasm-module.js, which
// index.html asks for first among the shell's modules, so it runs early. The
// game's modules are preloaded here rather than in index.html: a link to another game does not
// wait for the default game's files, nor a lesson's file behind them (the browser fetches at
// most six files at once from a server without HTTP/2).

import { GAMES, DEFAULT_GAME, LESSON_GAMES } from './games.js';
import { wasmUrl } from './wasm-module.js';

/** The value of key `key` in fragment `text` when it is a plain name, else undefined. */
function field(key, text) {
  return new RegExp(`(?:^#?|&)${key}=([a-z0-9-]+)(?:&|$)`).exec(text)?.[1];
}

/** Whether fragment `text` holds only the version and page keys (a lesson step's short link: the
 * shell then opens the step's view). */
const onlyLessonKeys = (text) => text.replace(/^#/, '').split('&').filter(Boolean)
  .every((part) => ['v', 'class', 'lesson', 'step'].includes(part.split('=')[0]));

/** Adds preloads of `modules` and of `files` (files a script fetches: its fetch of the same
 * address then takes the preload's response) to the document, in one insertion. */
function preload(modules, files = []) {
  const links = document.createDocumentFragment();
  for (const href of modules) links.append(Object.assign(document.createElement('link'), { rel: 'modulepreload', href }));
  for (const href of files) links.append(Object.assign(document.createElement('link'), { rel: 'preload', as: 'fetch', crossOrigin: 'anonymous', href }));
  document.head.append(links);
}

/** The registry's entry of the game link `text` names: the default game's when it names none or
 * one the registry lacks (`constructor` included). */
const gameOf = (text) => {
  const id = field('game', text);
  return Object.hasOwn(GAMES, id) ? GAMES[id] : GAMES[DEFAULT_GAME];
};

/** Starts loading the controller of `game` (all its modules and the files it reads as it loads,
 * at once: games.js lists them, then the controller itself) and, for the view of link `fragment`
 * when it is known, the files the controller reads before it draws that view. Only a head start:
 * the shell loads it again, and says why when it cannot. */
function loadGame(game, fragment = null) {
  preload(game.modules, [...game.data, ...(fragment === null ? [] : game.viewData(fragment))]);
  game.load().catch(() => {});
}

/** A promise of the wasm module, compiled as its bytes arrive (index.html's preload starts the
 * fetch), while the shell's own modules are still loading: the shell instantiates it. Resolves
 * to null if it cannot be compiled here (the shell's init() then fetches it and says why). The
 * build is this browser's (wasm-module.js: with SIMD or without). */
export const compiledWasm = WebAssembly.compileStreaming(fetch(wasmUrl)).catch(() => null);

/** Path → a promise of the response of a fetch made here, until taken. */
const early = new Map();

const lesson = field('lesson', location.hash);
if (lesson && /^[a-z]/.test(lesson)) {
  const step = Number(field('step', location.hash) ?? 1);
  const response = fetch(`lessons/${lesson}.json`);
  early.set(`lessons/${lesson}.json`, response);
  early.set('lessons/index.json', fetch('lessons/index.json'));
  // The modules of the game the lesson's steps show, at once; for a lesson games.js does not
  // know, the modules every game's controller imports. Once the file is in, the files of the
  // step's view (and for that lesson, its game's modules).
  const known = Object.hasOwn(LESSON_GAMES, lesson);
  if (known) loadGame(GAMES[LESSON_GAMES[lesson]]);
  else preload(Object.values(GAMES).map((game) => game.modules).reduce((a, b) => a.filter((file) => b.includes(file))));
  response.then((r) => (r.ok ? r.clone().json() : null))
    .then((data) => {
      // The step's own view, unless the link also gives a view (the shell then opens that).
      const link = onlyLessonKeys(location.hash) ? data?.steps?.[step - 1]?.link : location.hash;
      if (typeof link !== 'string') return;
      if (known) preload([], gameOf(link).viewData(link));
      else loadGame(gameOf(link), link);
    })
    .catch(() => {});
} else {
  loadGame(gameOf(location.hash), location.hash);
}

/** The response of the fetch this script made for `path` (a lesson's file, the lessons' index),
 * once; null when it made none. */
export function takeEarly(path) {
  const response = early.get(path) ?? null;
  early.delete(path);
  return response;
}
