// 2048 on the playground: a person plays with the arrow keys, WASD or swipes (with undo); the
// agent gives hints (its value of each move) or plays under a time budget per move in the search
// worker; the batch panel (batch-panel.js) plays many seeded games across a pool of workers and
// draws histograms of the largest tiles and the scores. The shell opens this controller when the
// view's game is 2048 and routes the shared controls (play, step, stop, reset, undo, keys) to it.
//
// Spawns come from the session's own generator, seeded by the link's seed: a game replays from its
// seed and its moves. Nothing from a link is ever inserted as HTML (textContent only).

import { Board } from '../board.js';
import * as render from './render.js';
import { AgentRuns, sleep } from '../agent-runs.js';
import { handleKey } from '../keys.js';
import { BatchPanel } from './batch-panel.js';
import { seedIn } from '../fields.js';
import { listenForSwipes } from '../swipe.js';
import { ParamControls, fieldOf, sameValue } from '../param-controls.js';
import { ALGORITHMS, OPTION_WORDS, BATCH_ONLY } from './params.js';
import { statText, fillTable, movesText } from '../stats.js';
import { grouped } from '../numbers.js';

const $ = (id) => document.getElementById(id);

const SLIDE_MS = 120;
/** Most moves a link holds: one letter each, well inside the link's 8192 bytes with the rest. */
const MAX_LINK_MOVES = 7000;

/** The think time of a hint or an auto-played move of `view`, or null when it has a fixed
 * amount of work per move instead (`hintNodes`: the search stops there, and replays exactly). */
function timeBudgetOf(view) {
  return view.hintNodes > 0 ? null : view.budgetMs;
}

/** Opens the 2048 controller (see AgentRuns for what `shell` holds). */
export function open(shell) {
  return new Game2048(shell);
}

class Game2048 extends AgentRuns {
  constructor(shell) {
    super(shell);
    this.board = new Board($('board-2048'), render);
    // The agents' and the batch's parameters: labels, ranges, defaults, help and options from
    // Rust's table.
    const table = this.wasm.parameterTable('2048');
    this.params = new ParamControls('2048', table, { words: OPTION_WORDS, idPrefix: 'g2048-' });
    /** The settings the agent thinks with: changing one drops its hint and ends its run. */
    this.agentFields = ['algo', ...table.filter((p) => !BATCH_ONLY.includes(p.key)).map((p) => fieldOf(p.key))];
    this.batch = new BatchPanel({ metrics: shell.metrics, table, onStart: () => this.halt() });
    this.animation = null;
    this.hint = null; // { values, best, atMoves }
    this.announced2048 = false;
    this.wire();
  }

  // ---------- wiring ----------

  wire() {
    for (const el of [$('g2048-algo'), ...this.params.controls(), $('g2048-seed')]) {
      el.addEventListener('change', () => this.settingsChanged());
    }
    $('hint').addEventListener('click', () => this.askHint());
    $('g2048-to-node-budget').addEventListener('click', () => this.toNodeBudget());
    $('g2048-new-game').addEventListener('click', () => {
      $('g2048-seed').value = String(this.wasm.freshSeed());
      this.settingsChanged();
    });
    // Directions in the engine's order: 0 up, 1 right, 2 down, 3 left.
    const directions = { up: 0, right: 1, down: 2, left: 3 };
    listenForSwipes(this.board.canvas, (direction) => this.humanMove(directions[direction]));
  }

  /** Ends everything this controller runs (the page switches to another game). */
  leave() {
    super.leave();
    this.batch.stop();
  }

  // ---------- status and statistics ----------

  setStat(name, value) {
    document.querySelector(`[data-g2048-stat="${name}"]`).textContent = statText(value);
  }

  updateStats() {
    this.setStat('score', this.session.score());
    this.setStat('moves', this.session.moves());
    this.setStat('tile', this.maxTile());
    this.shell.statusEl.dataset.moves = String(this.session.moves());
  }

  maxTile() {
    const e = Math.max(0, ...this.session.view().cells);
    return e === 0 ? 0 : 2 ** e;
  }

  agentName() {
    return ALGORITHMS[this.view.algo].name;
  }

  idleWords() {
    const agent = this.agentName();
    const hint = this.view.algo === 'random' ? 'Hint shows a random move' : `Hint asks ${agent} for its value of each move`;
    return `Your move: arrow keys, WASD or swipe. ${hint}; Play lets ${agent} play.`;
  }

  overWords() {
    const moves = this.session.moves();
    return `Game over after ${moves} ${moves === 1 ? 'move' : 'moves'}: score ${grouped(this.session.score())}, largest tile ${this.maxTile()}.`;
  }

  // ---------- settings and the share link ----------

  /** Shows the view of a link (or the default view and the link's error). */
  applyView(view, error) {
    this.halt();
    const panes = view.compare ?? [];
    this.view = { ...view, compare: [] };
    this.fillControls();
    this.batch.setView(this.view);
    this.newSession();
    // The link's moves (replayed and checked by Rust when it was read: the spawns come from the
    // seed) bring the game back to the board it showed.
    if (!error && view.moves?.length) {
      for (const action of view.moves) this.session.apply(action);
      this.redraw();
      this.updateStats();
    }
    this.openLinkPanes(panes);
    if (error) {
      this.setStatus('error', `This link could not be opened, so the default 2048 view is shown. ${error}`);
    } else {
      this.writeLink();
      this.setStatus('idle', this.idleWords());
    }
  }

  fillControls() {
    $('g2048-algo').value = this.view.algo;
    this.params.fill(this.view);
    $('g2048-seed').value = String(this.view.seed);
    this.showRelevantControls();
  }

  showRelevantControls() {
    const algo = $('g2048-algo').value;
    $('g2048-algo-description').textContent = ALGORITHMS[algo].text;
    this.params.show(algo);
    for (const key of ['budget-ms', 'hint-nodes', 'batch-nodes']) this.params.slot(key).hidden = !ALGORITHMS[algo].thinks;
    this.showTimeBudgetNote(algo);
  }

  /** Beside Play, for an agent that thinks under the time budget: its hints and moves do not
   * replay exactly, and one click gives them a fixed amount of work per move instead. */
  showTimeBudgetNote(algo) {
    const input = this.params.slot('hint-nodes').querySelector('input');
    const timed = ALGORITHMS[algo].thinks && Number(input.value) === 0;
    $('g2048-time-budget-note').hidden = !timed;
    if (timed) {
      const unit = algo === 'mcts' ? 'playouts' : 'expansions';
      $('g2048-to-node-budget').textContent = `Use ${grouped(this.nodeBudget(algo))} ${unit} per move instead`;
    }
  }

  /** The work per move equivalent to the time budget: that of the last hint or move of this
   * algorithm, else the batch's work per move, within the parameter's range. */
  nodeBudget(algo) {
    const param = this.params.param('hint-nodes');
    const measured = this.lastWork?.algo === algo ? this.lastWork.count : 0;
    const fallback = Number(this.params.slot('batch-nodes').querySelector('input').value) || param.max;
    return Math.min(param.max, Math.max(1, measured > 0 ? measured : fallback));
  }

  /** Switches hints and auto-play to `nodeBudget()` work per move (the link follows). */
  toNodeBudget() {
    this.params.slot('hint-nodes').querySelector('input').value = String(this.nodeBudget($('g2048-algo').value));
    this.settingsChanged();
  }

  readControls() {
    const seed = seedIn($('g2048-seed'));
    // A new seed starts a new game: the moves played belong to the old one.
    const moves = seed === this.view.seed ? this.playedMoves() : [];
    return { ...this.view, algo: $('g2048-algo').value, ...this.params.read(), seed, moves };
  }

  /** The moves played, for the link: none for a game longer than a link holds (its seed alone
   * then starts it again). */
  playedMoves() {
    const moves = this.session ? Array.from(this.session.history()) : [];
    return moves.length <= MAX_LINK_MOVES ? moves : [];
  }

  /** Puts the moves played in the link (after a move, an undo or a reset). */
  movesChanged() {
    this.view = { ...this.view, moves: this.playedMoves() };
    this.writeLink(this.view);
  }

  settingsChanged() {
    this.showRelevantControls();
    const view = this.readControls();
    let problem = this.params.problem(view, $('g2048-seed'));
    if (!problem) {
      if (this.sideBySideOpen()) this.shell.sideBySide.rebase(view);
      problem = this.writeLink(view);
    }
    if (problem) {
      this.setStatus('error', problem);
      return;
    }
    const previous = this.view;
    this.view = view;
    this.batch.setView(view);
    if (view.seed !== previous.seed) {
      this.halt();
      this.newSession();
      this.setStatus('idle', `A new game from seed ${view.seed}. ${this.idleWords()}`);
    } else if (this.agentFields.some((k) => !sameValue(view[k], previous[k]))) {
      this.halt();
      this.clearHint();
      this.clearThinking();
      this.redraw();
      this.setStatus(this.isOver() ? 'over' : 'idle', this.isOver() ? this.overWords() : this.idleWords());
    } else if (this.shell.statusEl.dataset.state === 'error') {
      this.setStatus('idle', this.idleWords());
    }
  }

  /** The link holds the panes while side by side is open. */
  linkView(view) {
    return this.withPanes(view);
  }

  // ---------- side by side (the shell's side-by-side.js) ----------

  /** What side by side needs of 2048: each pane's agent is asked for a move on the board on
   * show, under the think time of a hint; the summary shows its move and that move's value. */
  sideBySideHost() {
    this.sbsHost ??= {
      game: '2048',
      table: this.params.table,
      words: OPTION_WORDS,
      algorithms: ALGORITHMS,
      renderer: render,
      position: () => ({ state: this.session.encode(), board: this.session.view(), moves: this.session.moves() }),
      overlayOf: (message) => {
        const { values, best } = moveValues(message);
        return { hint: { values, best, label: formatValue } };
      },
      request: (view, position) => ({ type: 'act', stream: position.moves, budgetMs: timeBudgetOf(view), progress: true }),
      bestOf: (message) => {
        const { values, best } = moveValues(message);
        return {
          move: best === null ? '–' : this.treeActionName(best),
          value: best === null || values[best] === null ? '–' : formatValue(values[best]),
        };
      },
      hasFrontier: false,
      panesChanged: () => this.writeLink(),
    };
    return this.sbsHost;
  }

  /** Side by side opens with expectimax beside MCTS, the view's settings for both. */
  sideBySidePanes() {
    return [{ ...this.view, algo: 'expectimax' }, { ...this.view, algo: 'mcts' }];
  }

  // ---------- the board ----------

  newSession() {
    const session = this.wasm.GameSession.fromSeed('2048', this.view.seed);
    this.session?.free();
    this.session = session;
    this.announced2048 = false;
    this.animation = null;
    this.clearHint();
    this.clearThinking();
    this.redraw();
    this.updateStats();
  }

  redraw() {
    const overlay = { over: this.isOver() };
    if (this.hint && this.hint.atMoves === this.session.moves()) {
      overlay.hint = { values: this.hint.values, best: this.hint.best, label: formatValue };
    }
    if (this.animation) {
      overlay.motion = this.animation.trace;
      overlay.t = this.animation.t;
      overlay.over = false;
    }
    const view = this.session.view();
    this.board.show(view, overlay);
    // For tests and tools: the tiles' exponents, row by row.
    this.board.canvas.dataset.cells = Array.from(view.cells).join(',');
  }

  themeChanged() {
    super.themeChanged();
    this.batch.themeChanged();
  }

  /** Animates the last move over `durationMs` (none when the person prefers reduced motion). */
  animate(durationMs) {
    const trace = this.session.lastMove();
    const still = matchMedia('(prefers-reduced-motion: reduce)').matches;
    if (!trace || still || durationMs <= 0) {
      this.animation = null;
      this.redraw();
      return;
    }
    const animation = { trace, t: 0, start: performance.now() };
    this.animation = animation;
    const frame = (now) => {
      if (this.animation !== animation) return;
      animation.t = Math.min(1, (now - animation.start) / durationMs);
      if (animation.t >= 1) this.animation = null;
      this.redraw();
      if (this.animation === animation) requestAnimationFrame(frame);
    };
    this.redraw();
    requestAnimationFrame(frame);
  }

  /** Plays `action` on the board (it must be legal) and shows it. */
  applyMove(action, durationMs) {
    this.session.apply(action);
    this.animate(durationMs);
    this.updateStats();
    this.movesChanged();
  }

  /** Shows the end of the game or the first 2048 tile; returns whether the game is over. */
  afterMove() {
    if (this.isOver()) {
      this.halt();
      this.redraw();
      this.setStatus('over', this.overWords());
      return true;
    }
    if (!this.announced2048 && this.maxTile() >= 2048) {
      this.announced2048 = true;
      this.setStatus(this.shell.statusEl.dataset.state, `2048! The 2048 tile after ${movesText(this.session.moves())}. The game goes on: how far can it get?`);
    }
    return false;
  }

  // ---------- a person playing ----------

  humanMove(action) {
    if (this.running || this.shell.client.busy) this.halt();
    if (this.isOver()) {
      this.setStatus('over', `${this.overWords()} Press Z to undo or Reset to play again.`);
      return;
    }
    const name = render.ACTIONS[action].name.toLowerCase();
    if (!this.session.legalActions().includes(action)) {
      this.setStatus('idle', `Moving ${name} changes nothing, so it is not a move here.`);
      return;
    }
    this.applyMove(action, SLIDE_MS);
    if (!this.afterMove()) this.setStatus('idle', `You moved ${name}: ${movesText(this.session.moves())}.`);
  }

  undo() {
    this.halt();
    if (!this.session.undo()) {
      this.setStatus('idle', 'Nothing to undo.');
      return;
    }
    this.animation = null;
    this.redraw();
    this.updateStats();
    this.movesChanged();
    this.setStatus('idle', `Undone: ${movesText(this.session.moves())}.`);
  }

  reset() {
    this.halt();
    this.session.reset();
    this.announced2048 = false;
    this.animation = null;
    this.clearHint();
    this.clearThinking();
    this.redraw();
    this.updateStats();
    this.movesChanged();
    this.setStatus('idle', this.idleWords());
  }

  /** Handles a key press (the shell passes every keydown): the shared keys, the arrows, H for a hint. */
  key(event) {
    if (this.timelineKey(event)) return;
    handleKey(event, this, (e) => {
      const action = render.KEYS[e.key];
      if (action !== undefined) {
        e.preventDefault();
        this.humanMove(action);
        return true;
      }
      if (e.key === 'h' || e.key === 'H') {
        this.askHint();
        return true;
      }
      return false;
    });
  }

  // ---------- the agent: hints and auto-play ----------

  clearHint() {
    this.hint = null;
    fillTable($('g2048-values'), null);
  }

  /** The agent's thinking as it was at a step of its timeline, shown as the live thinking is. */
  showTimelineView(view) {
    this.showThinking({ ...view, elapsedMs: null }, this.timelineMoves);
    this.redraw();
  }

  usesTree() {
    return this.view.algo === 'mcts';
  }

  treeActionName(action) {
    const move = render.ACTIONS[action];
    return move ? `${move.arrow} ${move.name}` : `outcome ${action}`;
  }

  clearThinking() {
    this.clearTimeline();
    for (const name of ['work', 'depth']) this.setStat(name, '–');
    this.setStat('think', '–');
  }

  /** Shows what the agent thinks of each move (live while it thinks, and its final answer). */
  showThinking(message, atMoves = this.session.moves()) {
    const { progress, elapsedMs } = message;
    const work = this.view.algo === 'mcts' ? progress.iterations : progress.expanded;
    this.lastWork = { algo: this.view.algo, count: work };
    const unit = { mcts: 'playouts', expectimax: 'expanded' }[this.view.algo];
    this.setStat('work', unit ? `${grouped(work)} ${unit}` : '–');
    this.setStat('depth', this.view.algo === 'expectimax' ? progress.iterations : progress.maxDepth || '–');
    this.setStat('think', elapsedMs === null || elapsedMs === undefined ? '–' : `${Math.round(elapsedMs)} ms`);
    const { values, best } = moveValues(message);
    this.hint = { values, best, atMoves, visits: message.rootActions ?? [] };
    this.showValueTable();
  }

  showValueTable() {
    const meaning = ALGORITHMS[this.view.algo].value;
    $('g2048-values-caption').textContent = meaning
      ? `${this.agentName()}'s value of each move: ${meaning}`
      : 'The random agent has no values: it picks any legal move.';
    const legal = this.session.legalActions();
    fillTable($('g2048-values'), render.ACTIONS.map((action) => {
      const value = this.hint.values[action.index];
      const visits = this.hint.visits.find((r) => r.action === action.index)?.visits ?? 0;
      let valueText = value === null ? '—' : formatValue(value);
      if (!legal.includes(action.index)) valueText = 'not a move';
      return {
        action: action.index,
        best: action.index === this.hint.best,
        cells: [`${action.arrow} ${action.name}`, valueText, visits ? grouped(visits) : '—'],
      };
    }));
  }

  /** Asks the worker for the agent's move under the time budget, showing progress. */
  async think(token) {
    const message = await this.requestMove(token, {
      budgetMs: timeBudgetOf(this.view),
      game: '2048',
      onProgress: (progress) => {
        this.showThinking(progress);
        this.redraw();
      },
    });
    if (!message) return null;
    this.showThinking(message);
    return { action: message.action, roundTripMs: message.roundTripMs };
  }

  async askHint() {
    if (this.isOver()) {
      this.setStatus('over', `${this.overWords()} There is no move to hint at.`);
      return;
    }
    if (this.running) this.halt();
    const token = this.startRun(false);
    this.setStatus('thinking', `${this.agentName()} is thinking about a hint (${this.thinkTime()})…`);
    try {
      const answer = await this.think(token);
      if (!answer) return;
      this.endRun();
      this.redraw();
      this.showTimeBudgetNote(this.view.algo);
      const best = answer.action === null || answer.action === undefined ? null : render.ACTIONS[answer.action];
      this.setStatus('idle', best ? `Hint: ${this.agentName()} would move ${best.name.toLowerCase()} ${best.arrow}.` : `${this.agentName()} has no hint.`);
    } catch (error) {
      this.endRun();
      this.failed(error, token);
    }
  }

  thinkTime() {
    if (!ALGORITHMS[this.view.algo].value || this.view.algo === 'greedy') return 'at once';
    if (timeBudgetOf(this.view) === null) {
      return `for ${grouped(this.view.hintNodes)} ${this.view.algo === 'mcts' ? 'playouts' : 'expansions'}`;
    }
    return `up to ${this.view.budgetMs} ms`;
  }

  async play() {
    const token = this.startPlay(() => this.overWords());
    if (token === null) return;
    this.setStatus('playing', `${this.agentName()} is playing, thinking ${this.thinkTime()} before each move.`);
    while (token === this.token) {
      let answer;
      try {
        answer = await this.think(token);
      } catch (error) {
        this.failed(error, token);
        break;
      }
      if (!answer || token !== this.token || answer.action === null || answer.action === undefined) break;
      const delay = this.speedDelayMs();
      this.applyMove(answer.action, Math.min(SLIDE_MS, delay * 0.6));
      if (this.afterMove()) return;
      await sleep(Math.max(0, delay - answer.roundTripMs));
    }
    if (token === this.token) this.endRun();
  }

  async step() {
    if (this.isOver()) return;
    if (this.running) this.halt();
    const token = this.startRun(false);
    this.setStatus('thinking', `${this.agentName()} is thinking about move ${this.session.moves() + 1}…`);
    let answer;
    try {
      answer = await this.think(token);
    } catch (error) {
      this.endRun();
      this.failed(error, token);
      return;
    }
    if (!answer || token !== this.token || answer.action === null || answer.action === undefined) return;
    this.endRun();
    this.applyMove(answer.action, SLIDE_MS);
    if (!this.afterMove()) this.setStatus('idle', `Paused after move ${this.session.moves()}.`);
  }

  async stop() {
    const wasSearching = await this.stopSearch();
    this.redraw();
    this.setStatus(this.isOver() ? 'over' : 'idle', wasSearching ? `Stopped ${this.agentName()}.` : `Stopped after move ${this.session.moves()}.`);
  }

}

/**
 * A move's value, precise enough to tell close moves apart: 12.25 → "12.3", 14123.6 → "14,124",
 * 123456789 → "123.46M".
 */
/** Each move's value in a search's answer or progress (null: not valued), and its best move:
 * the answer's, else the best valued. */
function moveValues(message) {
  const values = [null, null, null, null];
  for (const row of message.rootActions ?? []) values[row.action] = row.value;
  let best = message.action ?? null;
  if (best === null) {
    const known = values.map((v, i) => [v, i]).filter(([v]) => v !== null);
    if (known.length) best = known.reduce((a, b) => (b[0] > a[0] ? b : a))[1];
  }
  return { values, best };
}

function formatValue(value) {
  const size = Math.abs(value);
  if (size >= 1e7) return `${(value / 1e6).toFixed(2)}M`;
  if (size >= 100) return grouped(Math.round(value));
  return value.toFixed(1);
}
