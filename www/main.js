// The playground: wires the controls, the share link, the board, the editor and the turn loop.
// Nothing that comes from a link or a pasted level is ever inserted as HTML (textContent only).

import init, * as wasm from './pkg/searchlab.js';
import { GAMES, DEFAULT_GAME } from './games.js';
import { Board } from './board.js';
import { Editor } from './bait/editor.js';
import { SearchClient, SearchStopped, WorkerRestarted } from './search-client.js';
import { capitalize, sleep } from './agent-runs.js';
import { handleKey } from './keys.js';
import { labelOf, needsANumber } from './fields.js';

const $ = (id) => document.getElementById(id);

/** Timings the browser tests and the benchmark script read. */
const metrics = { interactiveMs: null, acts: [], stops: [] };
window.searchlabMetrics = metrics;

const ALGORITHMS = {
  dfs: { name: 'DFS', text: 'Depth-first search: always follows the newest path; finds a plan, rarely a short one.' },
  dls: { name: 'Depth-limited DFS', text: 'Searches every plan up to its depth limit, scores the leaves with the course heuristic, walks towards the best leaf, then plans again.' },
  bfs: { name: 'BFS', text: 'Breadth-first search: all plans of length 1, then 2, …; the first plan found is a shortest one.' },
  astar: { name: 'A*', text: 'Expands the state with the lowest moves-so-far plus estimate; shortest plans with an admissible heuristic.' },
  wastar: { name: 'Weighted A*', text: 'A* that trusts its heuristic w times more: faster, but plans may be longer.' },
  mcts: { name: 'MCTS', text: 'Monte Carlo tree search: random playouts under a time budget, then the most-visited move.' },
  rhea: { name: 'RHEA', text: 'Rolling horizon evolution: evolves short action sequences under a time budget, plays the best first move.' },
};
/** View fields edited by an input with id `p-<field>`. */
const PARAM_INPUTS = ['depth', 'heuristic', 'weight', 'uct', 'rolloutDepth', 'population', 'horizon', 'maxNodes', 'budgetMs'];
const NUMBER_INPUTS = PARAM_INPUTS.filter((k) => k !== 'heuristic');
const WEIGHT_INPUTS = ['p-w-score', 'p-w-distance', 'p-w-boxes'];
const PARAMS_OF = {
  dfs: [], bfs: [], dls: ['depth', 'weights'], astar: ['heuristic'], wastar: ['heuristic', 'weight'],
  mcts: ['uct', 'rolloutDepth'], rhea: ['population', 'horizon'],
};

const app = {
  game: GAMES[DEFAULT_GAME],
  levels: [], // { id, title, description, text }
  view: null, // the settings (the share link's fields)
  levelText: '',
  session: null,
  board: null,
  editor: null,
  client: null,
  plan: null, // { actions: Uint32Array, index, atMoves }
  overlay: {},
  running: false,
  runToken: 0,
  pace: 0, // steps a second of the paced plan under way (0: none, or full speed)
  held: false, // the paced plan under way is held: Step advances it, Play resumes it
  lastLink: '',
  other: null, // the controller of the game on show when it is not Bait (games.js `load`)
  otherId: null,
  controllers: {}, // every controller opened so far, by game (each keeps its board and session)
};

// ---------- status ----------

const statusEl = $('status');

function setStatus(state, text) {
  statusEl.dataset.state = state;
  statusEl.textContent = text;
  updateMoves();
}

function updateMoves() {
  if (app.other) return; // the other game's controller keeps its own counters
  const moves = app.session ? app.session.moves() : 0;
  statusEl.dataset.moves = String(moves);
  setStat('moves', moves);
  setStat('score', app.session ? app.session.score() : 0);
}

function setStat(name, value) {
  const el = document.querySelector(`[data-stat="${name}"]`);
  el.textContent = typeof value === 'number' ? value.toLocaleString('en-US') : String(value);
}

function algoName() {
  return ALGORITHMS[app.view.algo].name;
}

/** Words for a finished game, or null while it goes on. */
function outcomeWords() {
  const outcome = app.session.outcome();
  const moves = app.session.moves();
  const plural = moves === 1 ? 'move' : 'moves';
  if (outcome === 'won') return ['won', `Won in ${moves} ${plural} (score ${app.session.score()}).`];
  if (outcome === 'lost') {
    const reason = app.game.lostReason(app.session.view());
    return ['lost', `Lost after ${moves} ${plural}: ${reason}.`];
  }
  return null;
}

function idleWords() {
  return `Ready. Press Play to let ${algoName()} ${app.view.mode === 'plan' ? 'plan' : 'act'}, or move with the arrow keys.`;
}

// ---------- drawing ----------

function redraw() {
  if (app.editor.active) return;
  const overlay = { ...app.overlay };
  if (app.plan && app.plan.atMoves + app.plan.index === app.session.moves()) {
    overlay.path = app.session.pathOf(app.plan.actions.subarray(app.plan.index));
  } else if (app.overlay.planPreview) {
    overlay.path = app.session.pathOf(app.overlay.planPreview);
  }
  app.board.show(app.session.view(), overlay);
}

function showSearch(message) {
  const { progress, elapsedMs } = message;
  setStat('expanded', progress.expanded);
  setStat('generated', progress.generated);
  setStat('frontier', progress.frontier ?? '–');
  setStat('rate', elapsedMs > 0 ? Math.round((progress.expanded / elapsedMs) * 1000) : '–');
  setStat('elapsed', `${elapsedMs.toFixed(1)} ms`);
  setStat('plan', message.plan && message.plan.length ? message.plan.length : '–');
  app.overlay = {
    heat: message.heat,
    frontier: message.frontier,
    planPreview: message.plan,
    rootActions: message.rootActions && message.rootActions.length ? message.rootActions : null,
  };
  showRootActions(app.overlay.rootActions);
}

function showRootActions(rows) {
  const table = $('root-actions');
  const body = table.tBodies[0];
  body.replaceChildren();
  table.hidden = !rows;
  if (!rows) return;
  const best = rows.reduce((b, r) => (b === null || r.visits > b.visits ? r : b), null);
  for (const r of rows) {
    const tr = document.createElement('tr');
    if (r === best) tr.className = 'best';
    const action = app.game.actions[r.action];
    for (const text of [`${action.arrow} ${action.name}`, r.value.toFixed(2), r.visits.toLocaleString('en-US')]) {
      const td = document.createElement('td');
      td.textContent = text;
      tr.append(td);
    }
    body.append(tr);
  }
}

function clearSearch() {
  app.plan = null;
  app.overlay = {};
  for (const name of ['expanded', 'generated', 'frontier']) setStat(name, 0);
  for (const name of ['rate', 'elapsed', 'plan']) setStat(name, '–');
  showRootActions(null);
}

// ---------- settings and the share link ----------

function fillControls(view) {
  $('algo').value = view.algo;
  for (const key of PARAM_INPUTS) $(`p-${key}`).value = String(view[key]);
  WEIGHT_INPUTS.forEach((id, i) => {
    $(id).value = String(view.weights[i]);
  });
  $('p-seed').value = String(view.seed);
  $('pace').value = String(view.pace);
  for (const radio of document.querySelectorAll('input[name="mode"]')) radio.checked = radio.value === view.mode;
  showRelevantControls();
}

function showRelevantControls() {
  const algo = $('algo').value;
  $('algo-description').textContent = ALGORITHMS[algo].text;
  for (const label of document.querySelectorAll('[data-param]')) {
    label.hidden = !PARAMS_OF[algo].includes(label.dataset.param);
  }
  const mode = document.querySelector('input[name="mode"]:checked')?.value ?? 'plan';
  for (const el of document.querySelectorAll('[data-mode]')) el.hidden = el.dataset.mode !== mode;
}

/** The settings as the controls show them (numbers checked by Rust when the link is written). */
function readControls() {
  const view = { ...app.view };
  view.algo = $('algo').value;
  view.mode = document.querySelector('input[name="mode"]:checked').value;
  view.heuristic = $('p-heuristic').value;
  view.pace = Number($('pace').value);
  for (const key of NUMBER_INPUTS) {
    const n = Number($(`p-${key}`).value);
    view[key] = $(`p-${key}`).value.trim() === '' || !Number.isFinite(n) ? NaN : n;
  }
  view.weights = WEIGHT_INPUTS.map((id) => ($(id).value.trim() === '' ? NaN : Number($(id).value)));
  const seed = Number($('p-seed').value);
  view.seed = Number.isSafeInteger(seed) && seed >= 0 ? seed : NaN;
  view.level = app.levelText;
  return view;
}

/** Writes the view into the address bar; returns the error message if a field is out of range. */
function writeLink(view) {
  let fragment;
  try {
    fragment = wasm.formatShareLink(view);
  } catch (error) {
    return messageOf(error);
  }
  app.lastLink = fragment;
  history.replaceState(null, '', `#${fragment}`);
  return null;
}

function settingsChanged() {
  showRelevantControls();
  const view = readControls();
  const bad = NUMBER_INPUTS.find((key) => Number.isNaN(view[key]));
  const badWeight = WEIGHT_INPUTS.find((id, i) => Number.isNaN(view.weights[i]));
  const problemOfNumbers = bad ? needsANumber($(`p-${bad}`))
    : badWeight ? `The leaf value weight '${labelOf($(badWeight))}' needs a number.`
    : Number.isNaN(view.seed) ? needsANumber($('p-seed'), true) : null;
  if (problemOfNumbers) {
    setStatus('error', problemOfNumbers);
    return;
  }
  const problem = writeLink(view);
  if (problem) {
    setStatus('error', problem);
    return;
  }
  const changedAgent = ['algo', 'mode', ...PARAM_INPUTS, 'seed'].some((k) => view[k] !== app.view[k]) ||
    view.weights.some((w, i) => w !== app.view.weights[i]);
  app.view = view;
  if (changedAgent) {
    halt();
    clearSearch();
    redraw();
    setStatus(outcomeWords()?.[0] ?? 'idle', outcomeWords()?.[1] ?? idleWords());
  } else if (statusEl.dataset.state === 'error') {
    setStatus('idle', idleWords());
  }
}

function messageOf(error) {
  // Exceptions from the wasm API carry a readable message; never show a stack trace.
  return String(error?.message ?? error).split('\n')[0];
}

/**
 * Reads the address bar. Returns { view, error }; on error the view is the default one of the
 * game the link names (Bait's if even that cannot be read).
 */
function readLink() {
  const fragment = location.hash.replace(/^#/, '');
  let view = wasm.defaultView();
  let error = null;
  if (fragment) {
    try {
      view = wasm.parseShareLink(fragment);
      if (view.level !== undefined && view.level !== null) {
        const problem = wasm.validateLevel(view.game, view.level);
        if (problem) throw new Error(`share link, field 'level': ${problem.message}`);
      }
    } catch (e) {
      error = messageOf(e);
      let game = 'bait';
      try {
        game = wasm.shareLinkGame(fragment);
      } catch {
        // the version or the game itself is wrong: Bait's default view
      }
      view = wasm.defaultViewFor(game);
    }
  }
  if (view.game === 'bait' && (view.level === undefined || view.level === null)) view.level = app.levels[0].text;
  if (view.seed === undefined || view.seed === null) view.seed = wasm.freshSeed();
  return { view, error };
}

async function applyLink() {
  const { view, error } = readLink();
  halt();
  if (view.game !== 'bait') {
    await openOtherGame(view, error);
    return;
  }
  leaveOtherGame();
  app.view = view;
  fillControls(view);
  loadLevel(view.level);
  if (error) {
    setStatus('error', `This link could not be opened, so the default view is shown. ${error}`);
  } else {
    writeLink(view);
    setStatus('idle', idleWords());
  }
}

// ---------- other games ----------

/** What main.js shares with another game's controller. */
function shell() {
  return {
    wasm,
    client: app.client,
    statusEl,
    metrics,
    messageOf,
    writeLink: (fragment) => {
      app.lastLink = fragment;
      history.replaceState(null, '', `#${fragment}`);
    },
  };
}

/** Hands the board and the shared controls to the controller of `view.game`. */
async function openOtherGame(view, error) {
  if (app.otherId !== view.game) {
    leaveOtherGame();
    if (!app.controllers[view.game]) {
      let module;
      try {
        module = await GAMES[view.game].load();
      } catch (e) {
        setStatus('error', `${GAMES[view.game].title} could not be loaded: ${messageOf(e)}`);
        return;
      }
      app.controllers[view.game] = module.open(shell());
    }
    app.other = app.controllers[view.game];
    app.otherId = view.game;
  }
  showGame(view.game);
  app.other.applyView(view, error);
}

/** Stops whatever the other game's controller runs and gives the page back to Bait. */
function leaveOtherGame() {
  app.other?.leave();
  app.other = null;
  app.otherId = null;
  showGame('bait');
}

/** Shows the elements of game `id` (marked `data-game`) and hides the others'. */
function showGame(id) {
  for (const el of document.querySelectorAll('[data-game]')) el.hidden = el.dataset.game !== id;
  $('game').value = id;
}

/** A handler that goes to the other game's controller when one is on show, else to Bait's. */
function routed(name, baitHandler) {
  return (...args) => (app.other ? app.other[name](...args) : baitHandler(...args));
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
    location.hash = `v=1&game=${encodeURIComponent(select.value)}`;
  });
}

// ---------- levels ----------

async function loadLevelIndex() {
  const index = await (await fetch('levels/index.json')).json();
  const levels = index.levels.filter((l) => l.game === app.game.id);
  const texts = await Promise.all(levels.map(async (l) => (await fetch(`levels/${l.file}`)).text()));
  app.levels = levels.map((l, i) => ({ ...l, text: normalizeLevel(texts[i]) }));
  const select = $('level');
  select.replaceChildren();
  for (const level of app.levels) {
    const option = document.createElement('option');
    option.value = level.id;
    option.textContent = level.title;
    select.append(option);
  }
  const custom = document.createElement('option');
  custom.value = 'custom';
  custom.textContent = 'Custom level (pasted, edited or from a link)';
  select.append(custom);
}

/** Level text with Windows line ends and trailing empty lines removed. */
function normalizeLevel(text) {
  return text.replace(/\r\n?/g, '\n').replace(/\n+$/, '');
}

/** Makes `text` the current level (it must be valid) and resets the game. */
function loadLevel(text) {
  const session = new wasm.GameSession(app.game.id, text);
  app.session?.free();
  app.session = session;
  app.levelText = text;
  const shipped = app.levels.find((l) => l.text === text);
  $('level').value = shipped ? shipped.id : 'custom';
  $('level-description').textContent = shipped
    ? shipped.description
    : 'A level of your own. Share it with the link in the address bar.';
  clearSearch();
  redraw();
  updateMoves();
}

function chooseLevel() {
  const id = $('level').value;
  const level = app.levels.find((l) => l.id === id);
  if (!level) return;
  halt();
  loadLevel(level.text);
  settingsChanged();
  setStatus('idle', idleWords());
}

// ---------- the agent ----------

function searchMessage(extra) {
  return { state: app.session.encode(), view: app.view, seed: app.view.seed, ...extra };
}

function planIsCurrent() {
  return app.plan && app.plan.atMoves + app.plan.index === app.session.moves() && app.plan.index < app.plan.actions.length;
}

/** Runs a plan search from the current state; resolves to true when a plan is ready. */
async function think(token) {
  setStatus('thinking', `${algoName()} is thinking…`);
  let message;
  try {
    app.pace = app.view.pace; // steps a second; 0: full speed
    message = await app.client.request({ type: 'plan', ...searchMessage({ pace: app.pace }) }, (progress) => {
      if (token !== app.runToken) return;
      showSearch(progress);
      redraw();
    });
  } catch (error) {
    return searchFailed(error, token);
  } finally {
    if (token === app.runToken) app.pace = 0;
  }
  if (token !== app.runToken) return false;
  showSearch(message);
  const { status } = message.progress;
  // Depth-limited DFS without a win in reach walks towards its best leaf, then plans again.
  const partial = app.view.algo === 'dls' && status === 'exhausted';
  if ((status === 'solved' || partial) && message.plan.length > 0) {
    app.plan = { actions: message.plan, index: 0, atMoves: app.session.moves() };
    redraw();
    return true;
  }
  redraw();
  const expanded = message.progress.expanded.toLocaleString('en-US');
  if (status === 'exhausted') {
    const bound = app.view.algo === 'dls' ? ` within depth ${app.view.depth}` : '';
    setStatus('idle', `${algoName()} searched every state${bound} (${expanded} expanded) and found no plan.`);
  } else if (status === 'limit_reached') {
    setStatus('idle', `${algoName()} reached its ${message.progress.limit} limit after ${expanded} expansions with no plan.`);
  } else {
    setStatus('idle', `${algoName()} found no plan.`);
  }
  return false;
}

function searchFailed(error, token) {
  if (error instanceof SearchStopped) return false;
  if (token === app.runToken || error instanceof WorkerRestarted) {
    setStatus('error', error instanceof WorkerRestarted ? `${capitalize(error.message)}.` : `The search failed: ${messageOf(error)}`);
  }
  return false;
}

/** Asks the worker for one action under the time budget; resolves to the action or null. */
async function actOnce(token) {
  const sent = performance.now();
  let message;
  try {
    message = await app.client.request({
      type: 'act',
      ...searchMessage({ stream: app.session.moves(), budgetMs: app.view.budgetMs }),
    });
  } catch (error) {
    searchFailed(error, token);
    return null;
  }
  const roundTripMs = performance.now() - sent;
  metrics.acts.push({ budgetMs: app.view.budgetMs, thinkMs: message.thinkMs, roundTripMs });
  if (token !== app.runToken) return null;
  showSearch(message);
  return { action: message.action ?? app.game.noop, roundTripMs };
}

/**
 * Shows the outcome if the game is over, or stops the agent if the level can no longer be won
 * (rather than let it wander until the tick limit); returns whether the run should end.
 */
function finishIfOver() {
  const words = outcomeWords();
  if (words) {
    halt();
    setStatus(words[0], words[1]);
    return true;
  }
  if (app.session.cannotWin()) {
    halt();
    setStatus('idle', `Stuck after ${app.session.moves()} moves: the level can no longer be won (${app.game.stuckReason}). Press Undo or Reset.`);
    return true;
  }
  return false;
}

function delayMs() {
  return 1000 / Number($('speed').value);
}

async function play() {
  if (app.editor.active) return;
  if (app.held) {
    app.held = false;
    app.client.pace(app.pace);
    $('play').textContent = 'Pause';
    setStatus('thinking', `${algoName()} is thinking…`);
    return;
  }
  if (app.running && app.pace > 0) {
    holdSearch();
    return;
  }
  if (app.running) {
    pause();
    return;
  }
  if (outcomeWords()) {
    setStatus(outcomeWords()[0], `${outcomeWords()[1]} Press Reset to play again.`);
    return;
  }
  const token = startRun();
  if (app.view.mode === 'plan') {
    while (token === app.runToken) {
      if (!planIsCurrent() && !(await think(token))) {
        if (token === app.runToken) endRun();
        return;
      }
      // One announcement per plan: the moves themselves show on the board and in data-moves.
      setStatus('playing', `Playing ${algoName()}'s plan of ${app.plan.actions.length} moves.`);
      while (token === app.runToken && planIsCurrent()) {
        const action = app.plan.actions[app.plan.index];
        app.plan.index += 1;
        app.session.apply(action);
        redraw();
        updateMoves();
        if (finishIfOver()) return;
        await sleep(delayMs());
      }
      if (token === app.runToken && app.view.algo !== 'dls') {
        endRun();
        setStatus('idle', `${algoName()}'s plan is played out without a win.`);
        return;
      }
    }
  } else {
    setStatus('playing', `${algoName()} is playing, with ${app.view.budgetMs} ms to think before each move.`);
    while (token === app.runToken) {
      const answer = await actOnce(token);
      if (!answer || token !== app.runToken) break;
      app.session.apply(answer.action);
      redraw();
      updateMoves();
      if (finishIfOver()) return;
      await sleep(Math.max(0, delayMs() - answer.roundTripMs));
    }
    if (token === app.runToken) endRun();
  }
}

/** Holds the paced plan under way: it keeps its frontier, Step advances it, Play resumes it. */
function holdSearch() {
  app.held = true;
  app.client.pace(0);
  $('play').textContent = 'Play';
  setStatus('idle', `${algoName()}'s search is paused: Step takes it one step further, Play resumes it, Stop ends it.`);
}

/** Plays a single agent move (searching first if needed); advances a held search by one step. */
async function step() {
  if (app.held) {
    app.client.pace(0, 1);
    return;
  }
  if (app.editor.active || outcomeWords()) return;
  if (app.running) pause();
  const token = startRun();
  if (app.view.mode === 'plan') {
    if (!planIsCurrent() && !(await think(token))) {
      if (token === app.runToken) endRun();
      return;
    }
    if (token !== app.runToken) return;
    const action = app.plan.actions[app.plan.index];
    app.plan.index += 1;
    app.session.apply(action);
  } else {
    setStatus('thinking', `${algoName()} is thinking about move ${app.session.moves() + 1}…`);
    const answer = await actOnce(token);
    if (!answer || token !== app.runToken) return;
    app.session.apply(answer.action);
  }
  redraw();
  updateMoves();
  if (!finishIfOver()) {
    endRun();
    setStatus('idle', `Paused after move ${app.session.moves()}.`);
  }
}

function startRun() {
  app.running = true;
  app.runToken += 1;
  $('play').textContent = 'Pause';
  return app.runToken;
}

function endRun() {
  app.running = false;
  app.pace = 0;
  app.held = false;
  $('play').textContent = 'Play';
}

/** Ends any run and any search (without waiting). */
function halt() {
  app.runToken += 1;
  endRun();
  if (app.client?.busy) app.client.stop().then((ms) => metrics.stops.push(ms));
}

function pause() {
  halt();
  setStatus('idle', `Paused after move ${app.session.moves()}.`);
}

async function stop() {
  const wasSearching = app.client.busy;
  app.runToken += 1;
  endRun();
  if (wasSearching) {
    const ms = await app.client.stop();
    metrics.stops.push(ms);
  }
  redraw();
  setStatus('idle', wasSearching ? `Stopped ${algoName()}.` : `Stopped after move ${app.session.moves()}.`);
}

function reset() {
  halt();
  app.session.reset();
  clearSearch();
  redraw();
  setStatus('idle', idleWords());
}

// ---------- a person playing ----------

function humanMove(action) {
  if (app.editor.active) return;
  if (app.running || app.client.busy) halt();
  if (outcomeWords()) {
    setStatus(outcomeWords()[0], `${outcomeWords()[1]} Press Z to undo or Reset to play again.`);
    return;
  }
  const planned = planIsCurrent() && app.plan.actions[app.plan.index] === action;
  app.session.apply(action);
  if (planned) app.plan.index += 1;
  redraw();
  updateMoves();
  if (!finishIfOver()) setStatus('idle', `You moved ${app.game.actions[action].name.toLowerCase()}: ${app.session.moves()} moves.`);
}

function undo() {
  if (app.editor.active) return;
  halt();
  if (!app.session.undo()) {
    setStatus('idle', 'Nothing to undo.');
    return;
  }
  if (app.plan && app.plan.index > 0 && app.plan.atMoves + app.plan.index - 1 === app.session.moves()) app.plan.index -= 1;
  redraw();
  updateMoves();
  setStatus('idle', `Undone: ${app.session.moves()} moves.`);
}

function onKey(event) {
  if (app.editor.active) {
    if (event.target === app.board.canvas && !event.altKey && !event.metaKey && app.editor.key(event)) event.preventDefault();
    return;
  }
  handleKey(event, { undo, play, step, stop, reset }, (e) => {
    const action = app.game.keys[e.key];
    if (action === undefined) return false;
    e.preventDefault();
    humanMove(action);
    return true;
  });
}

// ---------- the editor and pasted levels ----------

function validate(text) {
  const problem = wasm.validateLevel(app.game.id, text);
  return problem ?? null;
}

function editorChanged(text, problem) {
  if (problem) {
    setStatus('error', `The edited level is not valid: ${problem.message}`);
    return;
  }
  loadLevel(text);
  settingsChanged();
  setStatus('idle', 'Editing: the level is valid.');
}

function toggleEditor() {
  const button = $('edit-toggle');
  if (app.editor.active) {
    app.editor.close();
    button.setAttribute('aria-pressed', 'false');
    button.textContent = 'Edit level';
    $('editor').hidden = true;
    if (app.editor.problem) loadLevel(app.levelText);
    redraw();
    setStatus('idle', idleWords());
  } else {
    halt();
    app.session.reset();
    button.setAttribute('aria-pressed', 'true');
    button.textContent = 'Done editing';
    $('editor').hidden = false;
    app.editor.open(app.levelText);
    app.board.canvas.focus();
  }
}

function loadPasted() {
  const text = normalizeLevel($('paste-text').value);
  const problem = text ? validate(text) : { message: 'the text is empty: paste the rows of a level' };
  if (problem) {
    $('paste-error').textContent = problem.message;
    setStatus('error', `The pasted level is not valid: ${problem.message}`);
    return;
  }
  $('paste-error').textContent = '';
  $('paste').hidden = true;
  halt();
  loadLevel(text);
  settingsChanged();
  setStatus('idle', `Pasted level loaded. ${idleWords()}`);
}

// ---------- theme ----------

const THEMES = ['auto', 'light', 'dark'];

function applyTheme(theme) {
  if (theme === 'auto') delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = theme;
  const button = $('theme');
  button.textContent = `Theme: ${theme}`;
  button.setAttribute('aria-label', `Colour theme: ${theme === 'auto' ? 'automatic' : theme}`);
  try {
    localStorage.setItem('searchlab-theme', theme);
  } catch {
    // storage may be unavailable (private mode); the theme still applies
  }
  app.board?.themeChanged();
  app.other?.themeChanged();
}

function savedTheme() {
  try {
    const theme = localStorage.getItem('searchlab-theme');
    return THEMES.includes(theme) ? theme : 'auto';
  } catch {
    return 'auto';
  }
}

// ---------- start ----------

function wire() {
  fillGamePicker();
  $('play').addEventListener('click', routed('play', play));
  $('step').addEventListener('click', routed('step', step));
  $('stop').addEventListener('click', routed('stop', stop));
  $('reset').addEventListener('click', routed('reset', reset));
  $('undo').addEventListener('click', routed('undo', undo));
  $('speed').addEventListener('input', () => {
    $('speed-value').textContent = `${$('speed').value} moves/s`;
  });
  $('pace').addEventListener('change', () => {
    // A paced search under way takes a new pace at once (full speed waits for the next search:
    // a paced search steps in ticks, not in timed slices).
    const pace = Number($('pace').value);
    if (app.pace > 0 && pace > 0) {
      app.pace = pace;
      if (!app.held) app.client.pace(pace);
    }
  });
  $('level').addEventListener('change', chooseLevel);
  const settings = [
    $('algo'), ...PARAM_INPUTS.map((k) => $(`p-${k}`)), ...WEIGHT_INPUTS.map($), $('p-seed'), $('pace'),
    ...document.querySelectorAll('input[name="mode"]'),
  ];
  for (const el of settings) {
    el.addEventListener('change', settingsChanged);
  }
  $('algo').addEventListener('change', () => {
    // Each algorithm starts in its natural mode: planners plan, anytime searches act.
    const mode = ['mcts', 'rhea'].includes($('algo').value) ? 'act' : 'plan';
    for (const radio of document.querySelectorAll('input[name="mode"]')) radio.checked = radio.value === mode;
    settingsChanged();
  });
  $('reseed').addEventListener('click', () => {
    $('p-seed').value = String(wasm.freshSeed());
    settingsChanged();
  });
  $('copy-link').addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(location.href);
      setStatus(statusEl.dataset.state === 'error' ? 'idle' : statusEl.dataset.state, 'Link copied to the clipboard.');
    } catch {
      setStatus('idle', 'Could not reach the clipboard: copy the address bar instead.');
    }
  });
  $('paste-open').addEventListener('click', () => {
    $('paste').hidden = false;
    $('paste-text').focus();
  });
  $('paste-cancel').addEventListener('click', () => {
    $('paste').hidden = true;
  });
  $('paste-load').addEventListener('click', loadPasted);
  $('edit-toggle').addEventListener('click', toggleEditor);
  $('theme').addEventListener('click', () => {
    const current = document.documentElement.dataset.theme ?? 'auto';
    applyTheme(THEMES[(THEMES.indexOf(current) + 1) % THEMES.length]);
  });
  document.addEventListener('keydown', routed('key', onKey));
  window.addEventListener('hashchange', () => {
    if (location.hash.replace(/^#/, '') !== app.lastLink) applyLink();
  });
}

async function start() {
  applyTheme(savedTheme());
  try {
    await Promise.all([init(), loadLevelIndex()]);
  } catch (error) {
    setStatus('error', `SearchLab could not start: ${messageOf(error)}`);
    return;
  }
  app.board = new Board($('board'), app.game.renderer);
  app.editor = new Editor({
    game: app.game,
    board: app.board,
    elements: { palette: $('palette'), width: $('edit-width'), height: $('edit-height'), status: $('editor-status') },
    validate,
    onChange: editorChanged,
  });
  app.client = new SearchClient({
    onRestart: routed('workerRestarted', (reason) => {
      endRun();
      setStatus('error', `${capitalize(reason)}. You can press Play again.`);
    }),
  });
  wire();
  await applyLink();
  metrics.interactiveMs = performance.now();
  document.documentElement.dataset.ready = 'true';
}

start();
