// Othello on the playground: a person plays by clicking a square (or with the arrow keys and
// Enter) against an agent of either colour, or two agents play each other; each side's agent
// thinks in the search worker under its own budget, and the page shows live what it thinks
// (depth, evaluation, principal variation, nodes searched and cut off). A move list steps
// through the game; undo takes moves back. The shell opens this controller when the view's game
// is Othello and routes the shared controls (play, step, stop, reset, undo, keys) to it.
//
// Nothing from a link or a pasted position is ever inserted as HTML (textContent only).

import { Board } from '../board.js';
import * as render from './render.js';
import { AgentRuns, sleep } from '../agent-runs.js';
import { handleKey } from '../keys.js';
import { Sides, describe, playerReads, OPTION_WORDS } from './sides.js';
import { clearThinking, showThinking, pvSteps, valueWords } from './thinking.js';
import { PLAYERS } from './params.js';
import { showMoveList } from './move-list.js';
import { movePositions, thinkingValue, valueText } from './hint-values.js';
import { needsANumber, seedIn } from '../fields.js';
import { guardTextBox, within } from '../limits.js';
import { grouped } from '../numbers.js';

const $ = (id) => document.getElementById(id);

const COLOURS = ['Black', 'White'];
const SIDES = ['black', 'white'];

/** Opens the Othello controller (see AgentRuns for what `shell` holds). */
export function open(shell) {
  return new OthelloGame(shell);
}

class OthelloGame extends AgentRuns {
  constructor(shell) {
    super(shell);
    /** Moves ahead of the board when stepping back through the game (the next one last). */
    this.ahead = [];
    this.board = new Board($('board-othello'), render);
    // Each side's agent settings: labels, ranges, defaults, help and options from Rust's table.
    this.table = this.wasm.parameterTable('othello');
    this.sides = new Sides($('othello-sides'), this.table, this.wasm.limits().othello, () => this.settingsChanged());
    this.cursor = 19; // d3, a first move for Black
    this.thought = null; // { message, atMoves }: the last thinking shown
    this.hint = null; // { square, atMoves, values }: the move the agent advised the person to play, and each legal move's value
    this.wire();
  }

  // ---------- wiring ----------

  wire() {
    const canvas = this.board.canvas;
    canvas.addEventListener('click', (event) => {
      const cell = this.board.cellAt(event);
      canvas.focus();
      if (cell) {
        this.cursor = cell.y * 8 + cell.x;
        this.humanMove(this.cursor);
      }
    });
    // The keyboard's square shows while the board has the focus.
    canvas.addEventListener('focus', () => this.session && this.redraw());
    canvas.addEventListener('blur', () => this.session && this.redraw());
    $('othello-first').addEventListener('click', () => this.goTo(0));
    $('othello-back').addEventListener('click', () => this.goTo(this.session.moves() - 1));
    $('othello-forward').addEventListener('click', () => this.goTo(this.session.moves() + 1));
    $('othello-last').addEventListener('click', () => this.goTo(this.session.moves() + this.ahead.length));
    $('othello-position-load').addEventListener('click', () => this.loadPosition());
    guardTextBox($('othello-position'), 'a position', (words) => this.positionFailed(words));
    $('othello-start').addEventListener('click', () => this.setPosition(null, 'X'));
    $('othello-hint').addEventListener('click', () => this.askHint());
    $('othello-seed').addEventListener('change', () => this.settingsChanged());
    $('othello-reseed').addEventListener('click', () => {
      $('othello-seed').value = String(this.wasm.freshSeed());
      this.settingsChanged();
    });
  }

  // ---------- status ----------

  /** The side playing `player` (0 Black, 1 White). */
  sideOf(player) {
    return this.view[SIDES[player]];
  }

  who(player) {
    const side = this.sideOf(player);
    return side.human ? `${COLOURS[player]} (you)` : `${COLOURS[player]} (${describe(side, this.table)})`;
  }

  /** Words for the position on the board when nothing runs. */
  idleWords() {
    if (this.isOver()) return this.resultWords();
    const player = this.session.playerToMove();
    const side = this.sideOf(player);
    if (this.ahead.length) {
      return `Move ${this.session.moves()} of ${this.session.moves() + this.ahead.length}. ${COLOURS[player]} to move: play a move here to start a new line, or step on with ] .`;
    }
    if (side.human) {
      const legal = this.session.legalActions();
      if (legal.length === 1 && legal[0] === render.PASS) return `${COLOURS[player]} has no move and must pass: press Play.`;
      return `Your move (${COLOURS[player]}): click a square with a dot, or use the arrow keys and Enter.`;
    }
    return `${this.who(player)} is to move: press Play to let the agents play, or Step for one move.`;
  }

  discs() {
    const cells = this.session.view().cells;
    let black = 0;
    let white = 0;
    for (const cell of cells) {
      if (cell === render.BLACK) black += 1;
      else if (cell === render.WHITE) white += 1;
    }
    return { black, white, empty: 64 - black - white };
  }

  /** "Black wins 40–24." with the empty squares, if any, going to the winner. */
  resultWords() {
    const { black, white, empty } = this.discs();
    const winner = this.session.outcome();
    if (winner === 'draw') return `Draw, ${black}–${white}.`;
    const [won, lost] = winner === 'black' ? [black, white] : [white, black];
    const name = winner === 'black' ? 'Black' : 'White';
    const rest = empty ? ` The ${empty} empty ${empty === 1 ? 'square goes' : 'squares go'} to the winner: ${won + empty}–${lost}.` : '';
    return `${name} wins ${won}–${lost}.${rest}`;
  }

  /** Shows the result: won, lost or draw for the one person playing, else over. */
  showResult(extra = '') {
    const winner = this.session.outcome();
    const humans = SIDES.filter((side) => this.view[side].human);
    let state = 'over';
    if (humans.length === 1) state = winner === 'draw' ? 'draw' : (winner === humans[0] ? 'won' : 'lost');
    this.setStatus(state, `${this.resultWords()}${extra}`);
    this.shell.statusEl.dataset.winner = winner;
  }

  showIdle() {
    if (this.isOver()) this.showResult();
    else this.setStatus('idle', this.idleWords());
  }

  // ---------- settings and the share link ----------

  /** Shows the view of a link (or the default view and the link's error). */
  applyView(view, error) {
    this.halt();
    const panes = view.compare ?? [];
    this.view = { ...view, compare: [] };
    this.sides.fill(view);
    $('othello-seed').value = String(view.seed);
    $('othello-position').value = view.board ? `${view.board} ${view.side}` : '';
    $('othello-position-error').textContent = '';
    this.newSession();
    this.openLinkPanes(panes);
    if (error) {
      this.setStatus('error', `This link could not be opened, so the default Othello view is shown. ${error}`);
    } else {
      this.writeLink();
      this.showIdle();
    }
  }

  /** The view with the moves of the whole line (played and ahead) and the board's place in it. */
  linkView(view = this.view) {
    const played = Array.from(this.session.history());
    const moves = [...played, ...[...this.ahead].reverse()];
    return this.withPanes({ ...view, moves, at: this.ahead.length ? played.length : null });
  }

  // ---------- side by side (the shell's side-by-side.js) ----------

  /** What side by side needs of Othello: a pane is an agent for the side to move (kept on both
   * sides of the pane's view, so that it plays whichever side is to move when the pane runs),
   * asked for its move as Play asks; the summary shows its move and value. */
  sideBySideHost() {
    const agentOf = (view) => view[SIDES[this.session.playerToMove() ?? 0]];
    this.sbsHost ??= {
      game: 'othello',
      table: this.table,
      words: OPTION_WORDS,
      algorithms: Object.fromEntries(Object.entries(PLAYERS).filter(([key]) => key !== 'human')),
      renderer: render,
      position: () => ({
        state: this.session.encode(),
        board: this.session.view(),
        player: this.session.playerToMove(),
        moves: this.session.moves(),
        empty: this.discs().empty,
      }),
      overlayOf: (message, position) => (position.player === undefined ? {} : { pv: pvSteps(message.plan ?? [], position.player) }),
      agentOf,
      withAgent: (view, agent) => {
        const side = { ...agentOf(view), ...agent, human: false };
        return { ...view, black: side, white: { ...side } };
      },
      request: (view, position) => {
        const side = agentOf(view);
        const timed = side.budget === 'time' && position.empty > side.solve && playerReads(this.table, side.algo, 'budget');
        return { type: 'act', stream: position.moves, budgetMs: timed ? side.ms : null, progress: true };
      },
      bestOf: (message) => {
        const move = message.action ?? message.plan?.[0];
        return { move: move === undefined || move === null ? '–' : render.squareName(move), value: message.thinking ? valueWords(message.thinking) : '–' };
      },
      hasFrontier: false,
      describe: (agent) => describe(agent, this.table),
      panesChanged: () => this.writeLink(),
    };
    return this.sbsHost;
  }

  /** Side by side opens with minimax and alpha-beta at the same depth for the side to move (the
   * side's own agent, if an agent plays it, gives the evaluation and depth). */
  sideBySidePanes() {
    const player = this.session.playerToMove();
    if (player === undefined) {
      this.setStatus('error', 'Side by side compares agents on a position with a side to move; this game is over.');
      return null;
    }
    const side = this.sideOf(player);
    const depth = side.human || side.budget !== 'depth' ? 4 : side.depth;
    const agent = { algo: 'minimax', eval: side.human ? 'course' : side.eval, budget: 'depth', depth, solve: 0 };
    const host = this.sideBySideHost();
    const base = { ...this.linkView(), compare: [] };
    return [host.withAgent(base, agent), host.withAgent(base, { ...agent, algo: 'alphabeta' })];
  }

  settingsChanged() {
    this.sides.showRelevant();
    const view = { ...this.view, ...this.sides.read(this.view) };
    view.seed = seedIn($('othello-seed'));
    for (const side of SIDES) {
      const bad = Object.keys(view[side]).find((key) => Number.isNaN(view[side][key]));
      if (bad) {
        this.setStatus('error', `${COLOURS[SIDES.indexOf(side)]}: ${needsANumber(this.sides.input(side, bad))}`);
        return;
      }
    }
    if (Number.isNaN(view.seed)) {
      this.setStatus('error', 'The seed needs a whole number from 0 up.');
      return;
    }
    if (this.sideBySideOpen()) this.shell.sideBySide.rebase({ ...this.linkView(view), compare: [] });
    const problem = this.writeLink(view);
    if (problem) {
      this.setStatus('error', problem);
      return;
    }
    this.halt();
    this.view = view;
    this.clearThinking();
    this.redraw();
    this.showIdle();
  }

  /** Reads the pasted position (`BOARD SIDE` in the FFO notation) and starts from it. */
  loadPosition() {
    if (!within($('othello-position').value, 'a position', (words) => this.positionFailed(words))) return;
    const text = $('othello-position').value.trim().replace(/\s+/g, ' ');
    const problem = text ? this.wasm.validateLevel('othello', text) : { message: 'the text is empty: paste 64 characters X, O or -, a space and X or O' };
    if (problem) {
      $('othello-position-error').textContent = problem.message;
      this.setStatus('error', `The position is not valid: ${problem.message}`);
      return;
    }
    if (text === 'start') {
      this.setPosition(null, 'X');
      return;
    }
    const [board, side] = text.split(' ');
    this.setPosition(board, side);
  }

  /** Says why the text in (or on its way to) the position box was not taken. */
  positionFailed(words) {
    $('othello-position-error').textContent = words;
    this.setStatus('error', words);
  }

  setPosition(board, side) {
    $('othello-position-error').textContent = '';
    $('othello-position').value = board ? `${board} ${side}` : '';
    this.halt();
    this.view = { ...this.view, board, side, moves: [], at: null };
    this.newSession();
    const problem = this.writeLink();
    if (problem) this.setStatus('error', problem);
    else this.showIdle();
  }

  // ---------- the board ----------

  /** A session from the view's position with its moves, showing the move `at`. */
  newSession() {
    const level = this.view.board ? `${this.view.board} ${this.view.side}` : 'start';
    const session = new this.wasm.GameSession('othello', level);
    this.session?.free();
    this.session = session;
    for (const move of this.view.moves) session.apply(move);
    this.ahead = [];
    const at = this.view.at ?? this.view.moves.length;
    while (session.moves() > at) {
      const history = session.history();
      this.ahead.push(history[history.length - 1]);
      session.undo();
    }
    this.clearThinking();
    this.afterChange();
  }

  /** Refreshes the counters, the move list and the link, and redraws (the board last: the move
   * list reads the page's layout after its changes, and the board's size then needs no second
   * layout). */
  afterChange() {
    this.updateGame();
    this.renderMoves();
    this.redraw();
  }

  redraw() {
    const overlay = {};
    const player = this.session.playerToMove();
    if (player !== undefined && this.sideOf(player).human && !this.running) {
      overlay.legal = Array.from(this.session.legalActions());
      overlay.mover = player + 1;
    }
    const last = this.session.lastMove();
    if (last) {
      overlay.last = last.action;
      overlay.flipped = last.flipped;
    }
    if (document.activeElement === this.board.canvas) overlay.cursor = this.cursor;
    const thought = this.thought;
    if (thought && thought.atMoves === this.session.moves() && !this.ahead.length && player !== undefined) {
      overlay.pv = pvSteps(thought.message.plan ?? [], player);
    }
    const shown = this.hint && this.hint.atMoves === this.session.moves() && !this.ahead.length ? this.hint : null;
    const hint = shown ? shown.square : null;
    overlay.hint = hint;
    overlay.values = shown?.values ?? [];
    if (this.isOver() && !this.ahead.length) overlay.result = this.resultWords().split('.')[0];
    this.board.show(this.session.view(), overlay);
    // For tests and tools: where the squares are (css pixels from the canvas's corner), the
    // keyboard's square and the squares a person may play.
    const { canvas, layout } = this.board;
    if (layout) canvas.dataset.layout = JSON.stringify({ ox: layout.ox, oy: layout.oy, cell: layout.cell });
    canvas.dataset.cursor = String(this.cursor);
    canvas.dataset.legal = (overlay.legal ?? []).join(',');
    canvas.dataset.hint = hint === null ? '' : String(hint);
    canvas.dataset.hintValues = JSON.stringify(Object.fromEntries(overlay.values.map(({ square, text }) => [square, text])));
    if (hint === null) $('othello-hint-text').textContent = '';
  }

  updateGame() {
    const { black, white, empty } = this.discs();
    const set = (name, value) => {
      document.querySelector(`[data-othello-stat="${name}"]`).textContent = String(value);
    };
    set('black', black);
    set('white', white);
    set('empty', empty);
    const player = this.session.playerToMove();
    set('turn', player === undefined ? 'game over' : COLOURS[player]);
    this.shell.statusEl.dataset.moves = String(this.session.moves());
    const ply = $('othello-ply');
    const total = this.session.moves() + this.ahead.length;
    ply.textContent = `Move ${this.session.moves()} of ${total}`;
    ply.dataset.ply = String(this.session.moves());
    ply.dataset.total = String(total);
  }

  /** The move list: the moves played (the last one current) and the moves ahead (dimmed). */
  renderMoves() {
    const played = Array.from(this.session.history());
    const startColour = this.view.board && this.view.side === 'O' ? 1 : 0;
    showMoveList($('othello-moves'), { played, ahead: [...this.ahead].reverse(), startColour, goTo: (ply) => this.goTo(ply) });
  }

  // ---------- moves ----------

  /** Plays `action` (legal here) on the board; a move off the line ahead drops that line. */
  applyMove(action) {
    this.session.apply(action);
    if (this.ahead.length && this.ahead[this.ahead.length - 1] === action) this.ahead.pop();
    else this.ahead = [];
    this.afterChange();
    this.writeLink();
  }

  /** Shows the position after `ply` moves of the line (step-through). */
  goTo(ply) {
    const total = this.session.moves() + this.ahead.length;
    const target = Math.max(0, Math.min(total, ply));
    if (target === this.session.moves()) return;
    this.halt();
    while (this.session.moves() > target) {
      const history = this.session.history();
      this.ahead.push(history[history.length - 1]);
      this.session.undo();
    }
    while (this.session.moves() < target) this.session.apply(this.ahead.pop());
    this.afterChange();
    this.writeLink();
    this.showIdle();
  }

  humanMove(square) {
    if (this.isOver()) {
      this.showResult(' Press Undo or Reset to play again.');
      return;
    }
    const player = this.session.playerToMove();
    if (!this.sideOf(player).human) {
      this.setStatus(this.shell.statusEl.dataset.state === 'thinking' ? 'thinking' : 'idle',
        `It is ${this.who(player)}'s move, not yours: press Play or Step, or make ${COLOURS[player]} a person in the settings.`);
      return;
    }
    if (!Array.from(this.session.legalActions()).includes(square)) {
      this.setStatus('idle', `${render.squareName(square)} is not a legal move for ${COLOURS[player]}: the dots show where it can play.`);
      return;
    }
    this.halt();
    this.applyMove(square);
    this.clearThinking();
    this.redraw();
    if (this.isOver()) {
      this.showResult();
      return;
    }
    const next = this.session.playerToMove();
    const legal = this.session.legalActions();
    const mustPass = legal.length === 1 && legal[0] === render.PASS;
    if (!this.sideOf(next).human || mustPass) {
      // The agent answers at once (and a person without a move passes).
      this.run();
    } else {
      this.setStatus('idle', `You played ${render.squareName(square)}. ${this.idleWords()}`);
    }
  }

  undo() {
    this.halt();
    if (this.session.moves() === 0) {
      this.setStatus('idle', 'Nothing to undo.');
      return;
    }
    // Back to the last position where a person is to move (one move when agents play both).
    const anyHuman = this.view.black.human || this.view.white.human;
    do {
      this.session.undo();
    } while (anyHuman && this.session.moves() > 0 && !this.sideOf(this.session.playerToMove()).human);
    this.ahead = [];
    this.clearThinking();
    this.afterChange();
    this.writeLink();
    this.setStatus('idle', `Undone: back to move ${this.session.moves()}. ${this.idleWords()}`);
  }

  reset() {
    this.halt();
    this.session.reset();
    this.ahead = [];
    this.clearThinking();
    this.afterChange();
    this.writeLink();
    this.showIdle();
  }

  /** Handles a key press (the shell passes every keydown): the shared keys and the board's own. */
  key(event) {
    if (this.timelineKey(event)) return;
    handleKey(event, this, (e) => this.boardKey(e));
  }

  /** The keys of Othello's own: arrows move the cursor, Enter plays it, [ and ] step the game. */
  boardKey(event) {
    const arrows = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    const onBoard = event.target === this.board.canvas;
    if (arrows[event.key] && (onBoard || !(event.target instanceof HTMLButtonElement))) {
      event.preventDefault();
      const [dx, dy] = arrows[event.key];
      const x = Math.max(0, Math.min(7, (this.cursor % 8) + dx));
      const y = Math.max(0, Math.min(7, Math.floor(this.cursor / 8) + dy));
      this.cursor = y * 8 + x;
      this.board.canvas.focus();
      this.redraw();
      return true;
    }
    switch (event.key) {
      case 'Enter':
        if (!onBoard) return false;
        event.preventDefault();
        this.humanMove(this.cursor);
        return true;
      case 'h':
      case 'H':
        this.askHint();
        return true;
      case '[':
        this.goTo(this.session.moves() - 1);
        return true;
      case ']':
        this.goTo(this.session.moves() + 1);
        return true;
      default:
        return false;
    }
  }

  // ---------- the agents ----------

  clearThinking() {
    this.clearTimeline();
    this.thought = null;
    clearThinking();
  }

  /** What the agent thought at a step of its timeline: its thinking as the live run showed it
   * then (depth, value, cutoffs), principal variation and MCTS's moves. */
  showTimelineView(view) {
    const live = this.timelineThought;
    if (!live) return;
    const message = { ...view, elapsedMs: null };
    this.thought = { message, atMoves: live.atMoves };
    showThinking(message, `${live.who} at step ${grouped(view.step)} of its search:`);
    this.redraw();
  }

  usesTree() {
    const player = this.session.playerToMove();
    return player !== undefined && this.sideOf(player).algo === 'mcts';
  }

  treeActionName(action) {
    return render.squareName(action);
  }

  /** Shows what `player`'s agent thinks (live while it thinks, and its answer). */
  showThinking(message, player) {
    if (!message.thinking) return;
    this.thought = { message, atMoves: this.session.moves() };
    const who = `${this.who(player)}, about move ${this.session.moves() + 1}`;
    this.timelineThought = { message, atMoves: this.thought.atMoves, who };
    showThinking(message, `${who}:`);
  }

  /** The agent that advises a person playing `player`: the opponent's agent, or the default
   * agent when people play both sides. */
  adviserOf(player) {
    const opponent = this.sideOf(1 - player);
    return opponent.human ? this.wasm.defaultViewFor('othello')[SIDES[1 - player]] : opponent;
  }

  /** The "Hint" button and H: asks the adviser for the person's best move here (its own budget
   * and settings) and for each legal move's value, then rings the move on the board, writes the
   * values on the squares and says it in words. */
  async askHint() {
    if (this.isOver()) {
      this.showResult(' There is no move to hint at.');
      return;
    }
    const player = this.session.playerToMove();
    if (!this.sideOf(player).human) {
      this.setStatus('idle', `A hint is for a person, and ${this.who(player)} is to move. ${this.idleWords()}`);
      return;
    }
    if (this.running) this.halt();
    const adviser = this.adviserOf(player);
    const view = { ...this.view, [SIDES[player]]: adviser };
    const token = this.startRun(false);
    const name = describe(adviser, this.table);
    this.setStatus('thinking', `${name} is looking for a hint for ${COLOURS[player]}…`);
    const answer = await this.moveOf(token, this.think(token, view), name);
    if (!answer) return;
    let valued;
    try {
      valued = await this.moveValues(token, adviser, answer, player, name);
    } catch (error) {
      if (token === this.token) this.endRun();
      this.failed(error, token, 'Valuing the moves');
      return;
    }
    if (token !== this.token) return;
    this.endRun();
    const square = answer.action;
    this.hint = { square, atMoves: this.session.moves(), values: valued?.values ?? [] };
    this.redraw();
    const words = square === render.PASS
      ? `Hint for ${COLOURS[player]}: pass, there is no other move.`
      : `Hint for ${COLOURS[player]}: ${name} would play ${render.squareName(square)} (ringed on the board).${valued ? ` ${valued.words}` : ''}`;
    $('othello-hint-text').textContent = words;
    this.setStatus('idle', words);
  }

  /**
   * Each legal move's value for `player` as the adviser sees it: MCTS's root statistics, or, for
   * a searching adviser, a search of the position after each move (and its forced replies) to
   * the hint's depth less those plies, so the values are those of a full-window search to the
   * hint's depth. Resolves to { values: [{ square, text, value }], words }, or null when the
   * adviser gives no values (random, a single move) or run `token` was superseded; rejects
   * when a search fails or is stopped.
   */
  async moveValues(token, adviser, answer, player, name) {
    const t = answer.thinking;
    const positions = movePositions(this.session);
    if (!t || positions.length < 2 || adviser.algo === 'random' || t.onlyMove) return null;
    const values = [];
    if (t.algo === 'mcts' && !t.exact) {
      const stats = new Map(Array.from(answer.rootActions ?? []).map((stat) => [stat.index, stat.value]));
      for (const { square } of positions) {
        const value = stats.get(square);
        values.push({ square, value: value ?? null, text: value === undefined ? '–' : valueText(value, 'playouts') });
      }
      return { values, words: 'Each legal square shows MCTS\'s mean final disc difference for you over the playouts through that move.' };
    }
    const depth = Math.max(1, t.depth);
    let units = null;
    for (const [i, position] of positions.entries()) {
      this.setStatus('thinking', `${name} is valuing your moves: ${i + 1} of ${positions.length}…`);
      let value;
      if (position.final !== undefined) {
        value = [position.final, 'discs'];
      } else {
        // The exact solver takes the position after the move itself (it has fewer empty squares).
        const side = t.exact ? adviser : { ...adviser, budget: 'depth', depth: Math.max(1, depth - position.plies) };
        // Unrecorded and without progress: the timeline keeps the hint's own search.
        const message = await this.shell.client.request({
          type: 'act', state: position.state, stream: this.session.moves() + position.plies, budgetMs: null,
          progress: false, seed: this.view.seed, view: { ...this.view, black: side, white: side },
        }, () => {});
        if (token !== this.token) return null;
        value = thinkingValue(message.thinking, player);
      }
      if (value) units = units ?? value[1];
      values.push({ square: position.square, value: value ? value[0] : null, text: value ? valueText(...value) : '–' });
    }
    const how = t.exact ? 'solved exactly, in discs' : `searched to depth ${depth}${units === 'course' ? ', in the course\'s heuristic' : ', in discs'}`;
    return { values, words: `Each legal square shows the move's value for you (${how}).` };
  }

  /** Asks the worker for the move of the side to move (as `view` sets the sides); resolves to
   * { action, roundTripMs }. */
  async think(token, view = this.view) {
    const player = this.session.playerToMove();
    const side = view[SIDES[player]];
    // The exact solver has no deadline whatever the budget: it runs in steps, posting progress
    // (its node count) as it goes, until it has solved the position or is stopped.
    const exactNow = this.discs().empty <= side.solve;
    const timed = side.budget === 'time' && !exactNow && playerReads(this.table, side.algo, 'budget');
    const message = await this.requestMove(token, {
      budgetMs: timed ? side.ms : null,
      game: 'othello',
      view,
      onProgress: (progress) => {
        this.showThinking(progress, player);
        this.redraw();
      },
    });
    if (!message) return null;
    this.showThinking(message, player);
    return { action: message.action, roundTripMs: message.roundTripMs, thinking: message.thinking, rootActions: message.rootActions };
  }

  async play() {
    if (this.running) {
      this.pause();
      return;
    }
    if (this.isOver()) {
      this.showResult(' Press Undo or Reset to play again.');
      return;
    }
    if (this.view.black.human && this.view.white.human) {
      this.setStatus('idle', `People play both sides: ${this.idleWords()}`);
      return;
    }
    this.run();
  }

  /** Lets the agents move (and a person without a move pass) until a person is to move or the
   * game ends. */
  async run() {
    const token = this.startRun(true);
    while (token === this.token) {
      if (this.isOver()) {
        this.endRun();
        this.redraw();
        this.showResult();
        return;
      }
      const player = this.session.playerToMove();
      const legal = Array.from(this.session.legalActions());
      if (this.sideOf(player).human) {
        if (legal.length === 1 && legal[0] === render.PASS) {
          this.setStatus('playing', `${COLOURS[player]} has no move and passes.`);
          await sleep(this.speedDelayMs());
          if (token !== this.token) return;
          this.applyMove(render.PASS);
          continue;
        }
        this.endRun();
        this.redraw();
        this.setStatus('idle', this.idleWords());
        return;
      }
      const answer = await this.agentMove(token, player);
      if (!answer || !this.playAgentMove(player, answer.action)) return;
      this.setStatus('playing', `${COLOURS[player]} played ${render.squareName(answer.action)}.`);
      await sleep(Math.max(0, this.speedDelayMs() - answer.roundTripMs));
    }
  }

  /**
   * Asks `player`'s agent for its move in run `token`, saying so in the status; resolves to the
   * answer, or to null when the run was stopped, failed or found no move (the status says which).
   */
  async agentMove(token, player) {
    this.setStatus('thinking', `${this.who(player)} is thinking about move ${this.session.moves() + 1}…`);
    return this.moveOf(token, this.think(token), this.who(player));
  }

  /** One agent move (searching first), then pause. */
  async step() {
    if (this.isOver()) return;
    const player = this.session.playerToMove();
    if (this.sideOf(player).human) {
      this.halt();
      this.setStatus('idle', `Step lets an agent move, and a person plays ${COLOURS[player]}. ${this.idleWords()}`);
      return;
    }
    const token = this.startRun(false);
    const answer = await this.agentMove(token, player);
    if (!answer) return;
    this.endRun();
    if (!this.playAgentMove(player, answer.action)) return;
    this.redraw();
    if (this.isOver()) this.showResult();
    else this.setStatus('idle', `${COLOURS[player]} played ${render.squareName(answer.action)}. ${this.idleWords()}`);
  }

  /** Plays an agent's answer; a move the session refuses (a bug) ends the run with the reason. */
  playAgentMove(player, action) {
    try {
      this.applyMove(action);
      return true;
    } catch (error) {
      this.halt();
      this.setStatus('error', `${this.who(player)} answered ${render.squareName(action)}, which the game refused: ${this.shell.messageOf(error)}`);
      return false;
    }
  }

  pause() {
    this.halt();
    this.redraw();
    this.setStatus('idle', `Paused after move ${this.session.moves()}. ${this.idleWords()}`);
  }

  async stop() {
    const wasSearching = await this.stopSearch();
    this.redraw();
    if (this.isOver()) this.showResult();
    else this.setStatus('idle', wasSearching ? `Stopped the agent. ${this.idleWords()}` : `Stopped after move ${this.session.moves()}.`);
  }
}
