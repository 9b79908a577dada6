// Sum to zero on the playground, the toy game on which the course's GVGAI planning note teaches
// UCT: ten turns adding ±2t or ±3t to a sum that should end at 0. A person plays with the keys 1
// to 4, the move buttons, a click on the number line or its arrow keys and Enter, with undo; the
// agent (MCTS for exactly its playouts, or the exhaustive optimum) thinks in the search worker,
// and every choice it makes is set beside the exact optimum: each move's best reachable reward,
// the regret of its choice, MCTS's visits and means (thinking.js). The shell opens this
// controller when the view's game is Sum to zero and routes the shared controls to it.
//
// The link holds the agent, its parameters, the moves played and the seed; a link's moves are
// the session's start (Reset returns there). Nothing from a link is ever inserted as HTML.

import { Board } from '../board.js';
import * as render from './render.js';
import { AgentRuns, sleep } from '../agent-runs.js';
import { handleKey } from '../keys.js';
import { seedIn } from '../fields.js';
import { ParamControls, sameValue } from '../param-controls.js';
import { statText } from '../stats.js';
import { ALGORITHMS, ACTIONS } from './params.js';
import { clearThinking, showThinking, stepThinking, reward } from './thinking.js';
import { grouped } from '../numbers.js';

const $ = (id) => document.getElementById(id);
const { signed } = render;

/** The controller the shell opens with `open`. */
class SumZeroGame extends AgentRuns {
  constructor(shell) {
    super(shell);
    this.board = new Board($('board-sumzero'), render);
    // MCTS's parameters: labels, ranges, defaults, help and which agent reads them, from Rust.
    this.params = new ParamControls('sumzero', this.wasm.parameterTable('sumzero'));
    this.cursor = 0; // the move the arrow keys point at
    this.thought = null; // { message, atMoves }: the last thinking shown
    this.given = []; // the agent's moves this game: { atMoves, regret }
    this.buttons = ACTIONS.map((action) => {
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'quiet';
      button.dataset.testid = `sumzero-move-${action.index}`;
      button.dataset.action = String(action.index);
      button.setAttribute('aria-keyshortcuts', action.key);
      button.addEventListener('click', () => this.humanMove(action.index));
      return button;
    });
    $('sumzero-moves').append(...this.buttons);
    for (const [value, algo] of Object.entries(ALGORITHMS)) {
      const option = document.createElement('option');
      option.value = value;
      option.textContent = algo.name;
      $('sumzero-algo').append(option);
    }
    this.wire();
  }

  wire() {
    for (const el of [$('sumzero-algo'), ...this.params.controls(), $('sumzero-seed')]) {
      el.addEventListener('change', () => this.settingsChanged());
    }
    $('sumzero-reseed').addEventListener('click', () => {
      $('sumzero-seed').value = String(this.wasm.freshSeed());
      this.settingsChanged();
    });
    $('sumzero-ask').addEventListener('click', () => this.askAgent());
    const canvas = this.board.canvas;
    canvas.addEventListener('click', (event) => {
      const hit = this.board.cellAt(event);
      canvas.focus();
      if (hit) {
        this.cursor = hit.action;
        this.humanMove(hit.action);
      }
    });
    canvas.addEventListener('focus', () => this.session && this.redraw());
    canvas.addEventListener('blur', () => this.session && this.redraw());
  }

  // ---------- words ----------

  agentName() {
    return ALGORITHMS[this.view.algo].name.split(' ')[0];
  }

  /** "MCTS (1,000 playouts)" or "Exhaustive". */
  agentWords() {
    const name = this.agentName();
    return this.view.algo === 'mcts' ? `${name} (${grouped(this.view.iterations)} playouts, K ${grouped(this.view.uct, { maximumFractionDigits: 3 })})` : name;
  }

  /** "turn 8 (sum 2)" for the position on the board. */
  where() {
    const view = this.session.view();
    return `turn ${view.turn} (sum ${view.sum})`;
  }

  idleWords() {
    if (this.isOver()) return this.overWords();
    return `Your move at ${this.where()}: keys 1 to 4 or the buttons. Play lets ${this.agentName()} play to the end, Step plays one move.`;
  }

  overWords() {
    const view = this.session.view();
    const given = this.givenAway();
    const agent = given.moves ? ` ${this.agentName()}'s ${given.moves} ${given.moves === 1 ? 'move' : 'moves'} gave away ${reward(given.total)}.` : '';
    return `Over: the sum ended at ${view.sum}, reward ${reward(view.reward)} (1 − ${Math.abs(view.sum)}/225).${agent}`;
  }

  showIdle(prefix = '') {
    this.setStatus(this.isOver() ? 'over' : 'idle', `${prefix}${this.idleWords()}`);
  }

  /** What the agent's moves so far gave away: { total, moves }. */
  givenAway() {
    const moves = this.session.moves();
    const kept = this.given.filter((g) => g.atMoves < moves);
    return { total: kept.reduce((sum, g) => sum + g.regret, 0), moves: kept.length };
  }

  // ---------- settings and the share link ----------

  applyView(view, error) {
    this.halt();
    const panes = view.compare ?? [];
    view = { ...view, compare: [] };
    this.view = view;
    $('sumzero-algo').value = view.algo;
    this.params.fill(view);
    $('sumzero-seed').value = String(view.seed);
    this.showRelevantControls();
    this.newSession(view.moves);
    this.openLinkPanes(panes);
    if (error) {
      this.setStatus('error', `This link could not be opened, so the default Sum to zero view is shown. ${error}`);
    } else {
      this.writeLink();
      this.showIdle();
    }
  }

  /** The view with the moves on the board. */
  linkView(view = this.view) {
    return this.withPanes({ ...view, moves: this.session.view().text });
  }

  // ---------- side by side (the shell's side-by-side.js) ----------

  /** What side by side needs of Sum to zero: each pane's agent is asked for a move on the
   * position on show, as Play asks; the summary shows its move and what it gives away beside
   * the exact optimum. */
  sideBySideHost() {
    this.sbsHost ??= {
      game: 'sumzero',
      table: this.params.table,
      algorithms: ALGORITHMS,
      renderer: render,
      position: () => ({ state: this.session.encode(), board: this.session.view(), moves: this.session.moves() }),
      overlayOf: (message) => (message.thinking ? { thinking: message.thinking } : {}),
      request: (view, position) => ({ type: 'act', stream: position.moves, budgetMs: null, progress: true }),
      bestOf: (message) => {
        const move = message.action ?? message.plan?.[0];
        const t = message.thinking;
        const known = t && t.choiceValue !== null && t.choiceValue !== undefined;
        return {
          move: move === undefined || move === null ? '–' : this.treeActionName(move),
          value: known ? `best reward after it ${reward(t.choiceValue)}, regret ${reward(t.regret)}` : '–',
        };
      },
      hasFrontier: false,
      panesChanged: () => this.writeLink(),
    };
    return this.sbsHost;
  }

  /** Side by side opens with MCTS at two exploration constants (the view's and a tenth of it). */
  sideBySidePanes() {
    return [{ ...this.view, algo: 'mcts' }, { ...this.view, algo: 'mcts', uct: this.view.uct / 10 }];
  }

  showRelevantControls() {
    const algo = $('sumzero-algo').value;
    $('sumzero-algo-description').textContent = ALGORITHMS[algo].text;
    this.params.show(algo);
  }

  /** Reads the settings; a change to the agent's ends its run and drops its thinking. */
  settingsChanged() {
    this.showRelevantControls();
    const view = { ...this.view, algo: $('sumzero-algo').value, ...this.params.read(), seed: seedIn($('sumzero-seed')) };
    let problem = this.params.problem(view, $('sumzero-seed'));
    if (!problem) {
      if (this.sideBySideOpen()) this.shell.sideBySide.rebase(view);
      problem = this.writeLink(view);
    }
    if (problem) {
      this.setStatus('error', problem);
      return;
    }
    if (['algo', ...this.params.fields(), 'seed'].some((k) => !sameValue(view[k], this.view[k]))) {
      this.halt();
      this.clearThinking();
    }
    this.view = view;
    this.redraw();
    this.showIdle();
  }

  // ---------- the board ----------

  /** A session from the moves text `moves` (the start of the game; '' for the very start). */
  newSession(moves) {
    const session = new this.wasm.GameSession('sumzero', moves ?? '');
    this.session?.free();
    this.session = session;
    this.startOver();
  }

  /** A game from its start: nothing given away yet, nothing thought, the board anew. */
  startOver() {
    this.given = [];
    this.clearThinking();
    this.afterChange();
  }

  clearThinking(why) {
    this.clearTimeline();
    this.thought = null;
    clearThinking(why);
  }

  /** What MCTS thought at a step of its timeline: its visits and means then, beside the same
   * exact optimum. */
  showTimelineView(view) {
    const live = this.timelineThought;
    if (!live) return;
    const message = { ...view, elapsedMs: null, thinking: stepThinking(live.message.thinking, view.rootActions) };
    this.thought = { message, atMoves: live.atMoves };
    showThinking(message, `${live.who} at step ${grouped(view.step)} of its search:`);
    this.redraw();
  }

  usesTree() {
    return this.view.algo === 'mcts';
  }

  treeActionName(action) {
    return ACTIONS[action] ? `${ACTIONS[action].key}: ${ACTIONS[action].name}` : String(action);
  }

  /** Redraws, refreshes the statistics and the move buttons, and keeps the cursor on a move. */
  afterChange() {
    const view = this.session.view();
    this.redraw();
    const set = (name, value) => {
      document.querySelector(`[data-sumzero-stat="${name}"]`).textContent = statText(value);
    };
    set('sum', view.sum);
    set('turn', view.turn ?? 'over');
    set('reward', view.reward === null ? '–' : reward(view.reward));
    set('reach', `±${view.reach}`);
    set('line', view.text || '–');
    const given = this.givenAway();
    set('given', given.moves ? `${reward(given.total)} over ${given.moves} ${given.moves === 1 ? 'move' : 'moves'}` : '–');
    this.shell.statusEl.dataset.moves = String(this.session.moves());
    const next = view.remaining[0];
    this.buttons.forEach((button, i) => {
      button.disabled = !next;
      button.textContent = next ? `${ACTIONS[i].key}: ${signed(next.amounts[i])}` : `${ACTIONS[i].key}: ${ACTIONS[i].name}`;
      // The name starts with the visible text, so speech input can say what it sees.
      button.setAttribute('aria-label', next ? `${button.textContent}, add ${signed(next.amounts[i])} (${ACTIONS[i].name} at turn ${next.turn})` : `${button.textContent}, the game is over`);
    });
  }

  redraw() {
    const view = this.session.view();
    const overlay = {};
    if (document.activeElement === this.board.canvas && view.alive) overlay.cursor = this.cursor;
    if (this.thought && this.thought.atMoves === this.session.moves()) overlay.thinking = this.thought.message.thinking;
    this.board.show(view, overlay);
    const { canvas, layout } = this.board;
    canvas.setAttribute('aria-label', render.describe(view));
    // For tests and tools: where the next move's points are (css pixels from the canvas's corner)
    // and the one the arrow keys point at.
    const chips = layout ? layout.chips.map((c) => ({ action: c.action, x: Math.round(c.x), y: Math.round(c.y) })) : [];
    canvas.dataset.chips = JSON.stringify(chips);
    canvas.dataset.cursor = String(this.cursor);
  }

  // ---------- moves ----------

  /** Plays `action` (legal here) and shows it. */
  applyMove(action) {
    this.session.apply(action);
    this.afterChange();
    this.writeLink();
  }

  humanMove(action) {
    if (this.running || this.shell.client.busy) this.halt();
    if (this.isOver()) {
      this.setStatus('over', `${this.overWords()} Press Z to undo or Reset to play again.`);
      return;
    }
    const amount = this.session.view().remaining[0].amounts[action];
    this.given = this.given.filter((g) => g.atMoves < this.session.moves());
    this.applyMove(action);
    this.clearThinking();
    this.redraw();
    this.showIdle(`You added ${signed(amount)}. `);
  }

  undo() {
    this.halt();
    if (!this.session.undo()) {
      this.setStatus('idle', 'Nothing to undo.');
      return;
    }
    this.clearThinking();
    this.afterChange();
    this.writeLink();
    this.setStatus('idle', `Undone: back to ${this.where()}. ${this.idleWords()}`);
  }

  reset() {
    this.halt();
    this.session.reset();
    this.startOver();
    this.writeLink();
    this.showIdle();
  }

  /** The keys of the game's own: 1 to 4 play a move, the arrows move the number line's pointer
   * and Enter plays it, H asks the agent. */
  key(event) {
    if (this.timelineKey(event)) return;
    handleKey(event, this, (e) => {
      const action = ACTIONS.findIndex((a) => a.key === e.key);
      if (action >= 0) {
        e.preventDefault();
        this.humanMove(action);
        return true;
      }
      const onBoard = e.target === this.board.canvas;
      if ((e.key === 'ArrowLeft' || e.key === 'ArrowRight') && (onBoard || !(e.target instanceof HTMLButtonElement))) {
        e.preventDefault();
        const order = render.leftToRight(this.session.view());
        const at = Math.max(0, order.indexOf(this.cursor));
        this.cursor = order[Math.max(0, Math.min(order.length - 1, at + (e.key === 'ArrowRight' ? 1 : -1)))] ?? this.cursor;
        this.board.canvas.focus();
        this.redraw();
        return true;
      }
      if (e.key === 'Enter' && onBoard) {
        e.preventDefault();
        this.humanMove(this.cursor);
        return true;
      }
      if (e.key === 'h' || e.key === 'H') {
        this.askAgent();
        return true;
      }
      return false;
    });
  }

  // ---------- the agent ----------

  /** Asks the worker what the agent plays here, showing its thinking live; resolves to the
   * answer ({ action, roundTripMs, regret }) or null when the run was superseded. */
  async think(token) {
    const atMoves = this.session.moves();
    const who = `${this.agentWords()}, about ${this.where()}:`;
    const show = (message) => {
      if (!message.thinking) return;
      this.thought = { message, atMoves };
      this.timelineThought = { message, atMoves, who: who.replace(/:$/, '') };
      showThinking(message, who);
      this.redraw();
    };
    const message = await this.requestMove(token, { budgetMs: null, game: 'sumzero', onProgress: show });
    if (!message) return null;
    show(message);
    return { action: message.action, roundTripMs: message.roundTripMs, regret: message.thinking?.regret ?? 0 };
  }

  /** Asks for the agent's move in run `token`; resolves to the answer or null (the status says
   * why). */
  agentMove(token) {
    return this.moveOf(token, this.think(token), this.agentName());
  }

  /** One answer of the agent about the position on the board, the run ended; null when there
   * is none (the status says why). */
  async oneAnswer() {
    if (this.running) this.halt();
    const token = this.startRun(false);
    this.setStatus('thinking', `${this.agentWords()} is thinking about ${this.where()}…`);
    const answer = await this.agentMove(token);
    if (answer) this.endRun();
    return answer;
  }

  /** Plays the agent's answer and keeps what it gave away; returns the amount added. */
  playAgentMove(answer) {
    const amount = this.session.view().remaining[0].amounts[answer.action];
    const atMoves = this.session.moves();
    this.given = this.given.filter((g) => g.atMoves < atMoves);
    this.given.push({ atMoves, regret: answer.regret });
    this.applyMove(answer.action);
    // The panel keeps the decision just made; the board shows the next position.
    this.redraw();
    return amount;
  }

  async askAgent() {
    if (this.isOver()) {
      this.setStatus('over', `${this.overWords()} There is no move to ask about.`);
      return;
    }
    const answer = await this.oneAnswer();
    if (!answer) return;
    const amount = this.session.view().remaining[0].amounts[answer.action];
    this.setStatus('idle', `${this.agentName()} would add ${signed(amount)} here (${regretWords(answer.regret)}). ${this.idleWords()}`);
  }

  async play() {
    const token = this.startPlay(() => this.overWords());
    if (token === null) return;
    while (token === this.token) {
      this.setStatus('playing', `${this.agentWords()} is playing: thinking about ${this.where()}…`);
      const answer = await this.agentMove(token);
      if (!answer) return;
      this.playAgentMove(answer);
      if (this.isOver()) {
        this.endRun();
        this.showIdle();
        return;
      }
      await sleep(Math.max(0, this.speedDelayMs() - answer.roundTripMs));
    }
  }

  async step() {
    if (this.isOver()) return;
    const answer = await this.oneAnswer();
    if (!answer) return;
    const amount = this.playAgentMove(answer);
    this.showIdle(`${this.agentName()} added ${signed(amount)} (${regretWords(answer.regret)}). `);
  }

  pause() {
    this.halt();
    this.showIdle(`Paused after move ${this.session.moves()}. `);
  }

  async stop() {
    const wasSearching = await this.stopSearch();
    this.redraw();
    this.showIdle(wasSearching ? `Stopped ${this.agentName()}. ` : '');
  }
}

/** Opens the Sum to zero controller (see AgentRuns for what `shell` holds). */
export function open(shell) {
  return new SumZeroGame(shell);
}

/** A move's regret in words: "an optimal move" or "regret 0.040". */
function regretWords(regret) {
  return regret === 0 ? 'an optimal move' : `regret ${reward(regret)}`;
}
