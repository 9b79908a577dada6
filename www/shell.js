// The playground's shell: what every game shares, and nothing of any one game. It loads the wasm
// module, keeps the search worker (with its watchdog), the colour theme, the game picker, the
// status line and the timings the tests read, follows the address bar (the share link), and
// hands the board area and the shared controls (Play, Step, Stop, Reset, Undo, the keyboard) to
// the controller of the game on show, which it opens from the registry (games.js).
//
// Nothing that comes from a link is ever inserted as HTML (textContent only).

import init, * as wasm from './pkg/searchlab.js';
import { wasmUrl } from './wasm-module.js';
import { GAMES, DEFAULT_GAME, LESSON_GAMES } from './games.js';
import { SearchClient } from './search-client.js';
import { SearchTimeline } from './timeline.js';
import { LazyPanel } from './lazy-panel.js';
import { LessonPanel } from './lesson-panel.js';
import { maxTextBytes, count, oversize } from './limits.js';
import { compiledWasm } from './prefetch.js';

const $ = (id) => document.getElementById(id);

/** Timings the browser tests and the benchmark scripts read. */
const metrics = { interactiveMs: null, acts: [], stops: [], scrubs: [] };
window.searchlabMetrics = metrics;

const statusEl = $('status');

const app = {
  client: null,
  timeline: null, // the search timeline under the board, shared by every game
  tree: null, // the MCTS tree view under it
  population: null, // RHEA's population view under it
  sideBySide: null, // the side-by-side panes, for a game whose controller offers a host (once loaded: see loadSideBySide)
  sideBySideLoading: null, // a promise of them, once asked
  sideBySideAvailable: false, // whether the game on show offers them
  lessons: null, // the guided lessons' panel
  controllers: {}, // every controller opened so far, by game (each keeps its board and session)
  current: null, // the controller of the game on show
  // The fragment the page shows: the one it wrote last, or read last, even a link it could not
  // open (it then shows a default view and the link's error). A hashchange to another fragment
  // (a link followed, Back, Forward) is shown; remembering only what the page wrote made Back to
  // a link it had written, after a link it could not open, change nothing.
  shownLink: '',
  links: 0, // links followed so far: a link still loading its game gives way to a newer one
  page: { classMode: false }, // the page's own settings in the link (PageSettings: class mode, the lesson step), whatever the game
};

/** Shows `text` in the status line, in `state` (the controllers keep it up to date). */
function setStatus(state, text) {
  statusEl.dataset.state = state;
  statusEl.textContent = text;
}

function messageOf(error) {
  // Exceptions from the wasm API carry a readable message; never show a stack trace.
  return String(error?.message ?? error).split('\n')[0];
}

/** Writes a game's fragment, with the page's own settings (class mode), to the address bar. */
function writeLink(fragment) {
  const full = fragment + wasm.formatPageSettings(app.page);
  app.shownLink = full;
  history.replaceState(null, '', `#${full}`);
}

/** What the shell shares with every game's controller. */
function shell() {
  return {
    wasm, client: app.client, timeline: app.timeline, tree: app.tree, population: app.population, statusEl, metrics, messageOf, writeLink,
    /** The side-by-side panes: null until loaded (none can be open before). */
    get sideBySide() { return app.sideBySide; },
  };
}

// ---------- the share link ----------

/**
 * Reads the address bar. Returns { view, error }; on error the view is the default one of the
 * game the link names (the default game's if even that cannot be read). A view always has a seed.
 */
function readLink() {
  const fragment = location.hash.replace(/^#/, '');
  app.shownLink = fragment;
  let view = null;
  let error = null;
  const size = oversize(fragment);
  if (size !== null) {
    // Refused before any parser (or wasm's memory) sees it.
    error = `field 'link': the link is ${size}; at most ${count(maxTextBytes())} bytes are read, so it was not.`;
  } else if (fragment) {
    try {
      view = wasm.parseShareLink(fragment);
    } catch (e) {
      error = messageOf(e);
      let game = DEFAULT_GAME;
      try {
        game = wasm.shareLinkGame(fragment);
      } catch {
        // the version or the game itself is wrong: the default game's default view
      }
      view = wasm.defaultViewFor(game);
    }
  }
  view ??= wasm.defaultViewFor(DEFAULT_GAME);
  if (view.seed === undefined || view.seed === null) view.seed = wasm.freshSeed();
  let page = { classMode: false };
  if (size === null && fragment) {
    try {
      page = wasm.pageSettings(fragment);
    } catch (e) {
      error ??= messageOf(e);
    }
  }
  return { view, page, error };
}

/** Shows the view the address bar holds, in the controller of its game. */
async function applyLink() {
  const link = ++app.links;
  let { view, page, error } = readLink();
  showClassMode(page.classMode);
  app.page = { ...app.page, lesson: undefined };
  if (page.lesson && !error) {
    // The game on show next opens its controller while the lesson's file is read: the link's own,
    // or for a link of only the lesson keys the one the lesson's steps show (games.js), when known.
    // The step's game is opened below all the same (once: controllerOf keeps it).
    const lessonGame = Object.hasOwn(LESSON_GAMES, page.lesson.name) ? LESSON_GAMES[page.lesson.name] : null;
    const next = onlyPageKeys(location.hash) ? lessonGame : view.game;
    if (next) controllerOf(GAMES[next]);
    try {
      const step = await app.lessons.stepOf(page.lesson);
      performance.mark('searchlab:lesson-read');
      if (link !== app.links) return;
      // A link of only the lesson keys opens the step's board and settings; one with a game's keys
      // too opens those (what a person changed since), with the lesson at that step beside them.
      if (onlyPageKeys(location.hash)) {
        view = wasm.parseShareLink(step.link);
        if (view.seed === undefined || view.seed === null) view.seed = wasm.freshSeed();
      }
      app.page = { ...app.page, lesson: page.lesson };
      app.lessons.showStep(page.lesson);
    } catch (e) {
      if (link !== app.links) return;
      error = messageOf(e);
    }
  } else if (app.lessons.current) {
    app.lessons.showList();
  }
  const game = GAMES[view.game];
  if (app.current !== app.controllers[game.id]) {
    app.current?.leave();
    app.current = null;
  }
  const controller = await controllerOf(game);
  performance.mark('searchlab:controller-open');
  showPage();
  if (!controller || link !== app.links) return;
  // A link's panes need side-by-side.js before the controller can open them.
  if (view.compare?.length && !(await loadSideBySide())) return;
  if (link !== app.links) return;
  app.current = controller;
  setSideBySideAvailable(typeof controller.sideBySideHost === 'function');
  showGame(game.id);
  // A view may open later (Bait's, while its level's file is read): the page's start waits for it,
  // so what it does once the view is drawn waits too.
  await controller.applyView(view, error);
  performance.mark('searchlab:view-applied');
}

// ---------- side by side ----------

/** Loads side-by-side.js and builds the panes' panel, once; resolves to it, or to null with the
 * reason in the status line. The page loads it once the link's view is on show, or before
 * that when the link has panes: a page that opens without them draws its board first. */
function loadSideBySide() {
  app.sideBySideLoading ??= import('./side-by-side.js').then(({ SideBySide }) => {
    app.sideBySide = new SideBySide({ root: $('side-by-side'), toggle: $('side-by-side-toggle'), timeline: app.timeline, statusEl, messageOf });
    app.sideBySide.setAvailable(app.sideBySideAvailable);
    return app.sideBySide;
  }, (e) => {
    app.sideBySideLoading = null; // tried again when next asked
    setStatus('error', `Side by side could not be loaded: ${messageOf(e)}`);
    return null;
  });
  return app.sideBySideLoading;
}

/** The "Side by side" button applies to the game on show only if its controller offers a host. */
function setSideBySideAvailable(available) {
  app.sideBySideAvailable = available;
  if (app.sideBySide) app.sideBySide.setAvailable(available);
  else $('side-by-side-toggle').disabled = !available;
}

/** Whether a fragment holds only the version and page keys (a lesson step's short link). */
function onlyPageKeys(fragment) {
  const keys = fragment.replace(/^#/, '').split('&').filter(Boolean).map((part) => part.split('=')[0]);
  return keys.every((key) => ['v', 'class', 'lesson', 'step'].includes(key));
}

/** The controller of `game`, opened once and kept; null (with the reason shown) if its module
 * cannot be loaded. */
async function controllerOf(game) {
  if (!app.controllers[game.id]) {
    let module;
    try {
      module = await game.load();
    } catch (e) {
      setStatus('error', `${game.title} could not be loaded: ${messageOf(e)}`);
      return null;
    }
    app.controllers[game.id] ??= module.open(shell());
  }
  return app.controllers[game.id];
}

/** Shows the whole page (style.css shows only the status line until the link's game is open: the
 * page is then laid out once, with the game's view, not also before it). */
function showPage() {
  document.documentElement.dataset.started = 'true';
}

/** Shows the elements of game `id` (marked `data-game`) and hides the others'. */
function showGame(id) {
  for (const el of document.querySelectorAll('[data-game]')) el.hidden = el.dataset.game !== id;
  $('game').value = id;
}

function fillGamePicker() {
  const select = $('game');
  for (const game of Object.values(GAMES)) {
    const option = document.createElement('option');
    option.value = game.id;
    option.textContent = game.title;
    select.append(option);
  }
  select.addEventListener('change', () => {
    // The chosen game's default view with a fresh seed; applyLink follows the address bar.
    // Another game leaves the lesson on show (its steps name their own games).
    location.hash = `v=1&game=${encodeURIComponent(select.value)}${wasm.formatPageSettings({ ...app.page, lesson: undefined })}`;
  });
}

// ---------- theme ----------

const THEMES = ['auto', 'light', 'dark'];

function applyTheme(theme) {
  if (theme === 'auto') delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = theme;
  const button = $('theme');
  button.textContent = `Theme: ${theme}`;
  button.setAttribute('aria-label', `Theme: ${theme}, the colour theme${theme === 'auto' ? ' follows the system' : ''}`);
  try {
    localStorage.setItem('searchlab-theme', theme);
  } catch {
    // storage may be unavailable (private mode); the theme still applies
  }
  // Every game's boards, shown or not, take the theme's colours.
  for (const controller of Object.values(app.controllers)) controller.themeChanged();
}

function savedTheme() {
  try {
    const theme = localStorage.getItem('searchlab-theme');
    return THEMES.includes(theme) ? theme : 'auto';
  } catch {
    return 'auto';
  }
}

// ---------- class mode ----------

/** Shows the page in class mode (the projector's layout) or in the normal one. Class mode folds
 * the settings ("More settings") away (its style sheet leaves the rules out), and puts the lesson panel at the top of the
 * board's column, whose board then gives up the height the lesson takes (above the columns, it
 * pushed the board below the fold at 768 px); the normal layout shows them, the lesson above. */
function showClassMode(on) {
  if (on === app.page.classMode && document.documentElement.classList.contains('class-mode') === on) return;
  app.page = { ...app.page, classMode: on };
  document.documentElement.classList.toggle('class-mode', on);
  if (on) document.querySelector('.board-column').prepend($('lesson-panel'));
  else document.querySelector('header.top').after($('lesson-panel'));
  $('class-mode').setAttribute('aria-pressed', String(on));
  $('more-settings').open = !on;
}

/** The Class mode button: switches the layout and writes it into the link. */
function toggleClassMode() {
  showClassMode(!app.page.classMode);
  // The game on show writes its link again, and writeLink adds the page settings as they now are.
  app.current?.writeLink();
  // The boards take their new size and the class palette.
  for (const controller of Object.values(app.controllers)) controller.themeChanged();
}

// ---------- lessons ----------

/** The fragment of lesson step `lesson` ({ name, step }), with the page's class mode. */
function lessonStepHref(lesson) {
  return `v=1${wasm.formatPageSettings({ classMode: app.page.classMode, lesson })}`;
}

/** Runs the search on show for a lesson step: Run of the side-by-side panes its link opened, or
 * Play if a person has closed them since; returns a function that says whether it has ended. */
function runForLesson() {
  const summary = document.querySelector('[data-testid=sbs-summary]');
  if (app.sideBySide?.isOpen) {
    document.querySelector('[data-testid=sbs-run]').click();
    return () => summary.dataset.state === 'done' || summary.dataset.state === 'stopped';
  }
  const before = app.timeline.run;
  $('play').click();
  return () => app.timeline.run !== before && !app.timeline.live;
}

/** The lessons' panel closed: the game on show writes its link without the lesson keys. */
function lessonsClosed() {
  app.page = { ...app.page, lesson: undefined };
  app.current?.writeLink();
}

// ---------- start ----------

/** A handler that passes its arguments to the method `name` of the game on show. */
function routed(name) {
  return (...args) => app.current?.[name](...args);
}

function wire() {
  fillGamePicker();
  for (const name of ['play', 'step', 'stop', 'reset', 'undo']) $(name).addEventListener('click', routed(name));
  $('speed').addEventListener('input', () => {
    $('speed-value').textContent = `${$('speed').value} moves a second`;
  });
  $('copy-link').addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(location.href);
      setStatus(statusEl.dataset.state === 'error' ? 'idle' : statusEl.dataset.state, 'Link copied to the clipboard.');
    } catch {
      setStatus('idle', 'Could not reach the clipboard: copy the address bar instead.');
    }
  });
  $('theme').addEventListener('click', () => {
    const current = document.documentElement.dataset.theme ?? 'auto';
    applyTheme(THEMES[(THEMES.indexOf(current) + 1) % THEMES.length]);
  });
  $('side-by-side-toggle').addEventListener('click', async () => {
    if (await loadSideBySide()) app.current?.toggleSideBySide?.();
  });
  $('class-mode').addEventListener('click', toggleClassMode);
  // In class mode the settings open as a drawer over the statistics; Escape closes it.
  $('more-settings').addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || !app.page.classMode || !$('more-settings').open) return;
    $('more-settings').open = false;
    $('more-settings').querySelector('summary').focus({ preventScroll: true });
  });
  document.addEventListener('keydown', (event) => {
    if (!app.lessons.key(event) && !app.sideBySide?.key(event)) app.current?.key(event);
  });
  window.addEventListener('hashchange', (event) => {
    // The fragment followed is the event's: a view applied between the navigation and this event
    // may have rewritten the address bar already (a link pasted while a game loaded was lost so).
    const followed = new URL(event.newURL).hash.replace(/^#/, '');
    if (followed === app.shownLink) return;
    if (location.hash.replace(/^#/, '') !== followed) history.replaceState(null, '', `#${followed}`);
    applyLink();
  });
}

async function start() {
  applyTheme(savedTheme());
  app.lessons = new LessonPanel({
    root: $('lesson-panel'), toggle: $('lessons-toggle'), stepHref: lessonStepHref, run: runForLesson,
    showSearchStep: (step) => app.timeline.choose(step), onClose: lessonsClosed,
  });
  try {
    await init({ module_or_path: (await compiledWasm) ?? wasmUrl });
  } catch (error) {
    setStatus('error', `SearchLab could not start: ${messageOf(error)}`);
    showPage();
    return;
  }
  // Marks of the start-up's stages, for tests/e2e/bench-lessons.mjs (see BENCHMARKS.md).
  performance.mark('searchlab:wasm-ready');
  // The worker (and its own copy of the wasm module) starts once the link's view is drawn, or at
  // the view's first search if that comes sooner.
  app.client = new SearchClient({ onRestart: routed('workerRestarted'), deferred: true });
  app.timeline = new SearchTimeline($('timeline'));
  // The MCTS tree and RHEA's population load the first time a run can show them.
  app.tree = new LazyPanel($('tree-panel'), async () => new (await import('./mcts-tree.js')).MctsTree($('tree-panel'), routed('treeToggled')));
  app.population = new LazyPanel($('population-panel'), async () => new (await import('./population-view.js')).PopulationView($('population-panel')));
  wire();
  await applyLink();
  metrics.interactiveMs = performance.now();
  document.documentElement.dataset.ready = 'true';
  // Once the board is drawn (the next frame), what the first view did not need: the search
  // worker (which a search started sooner has started already) and side by side.
  requestAnimationFrame(() => setTimeout(() => {
    app.client.start();
    loadSideBySide();
  }));
}

start();
