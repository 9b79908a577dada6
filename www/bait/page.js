// Bait on the playground: six teaching levels, a pasted level or one drawn in the editor
// (level-panel.js). A planner (DFS, depth-limited DFS, BFS, A*, weighted A*) searches to the end
// and then plays its plan, showing live the cells its states touched, its frontier and its best
// plan so far; slowed to a pace, Pause holds its search and Step advances it one expansion at a
// time. MCTS and RHEA act under GVGAI's 40 ms budget, with each root action's value and visits,
// or plan by committing to one move after another (each searched for its iterations), then play.
// A person plays with the arrow keys, WASD or swipes on the board, with undo. The shell opens
// this controller when the view's game is Bait and routes the shared controls (play, step, stop,
// reset, undo, keys) to it.
//
// Nothing from a link or a pasted level is ever inserted as HTML (textContent only).

import { Board } from '../board.js';
import * as render from './render.js';
import { ACTIONS, NOOP, KEYS, lostReason, STUCK_REASON } from './game.js';
import { ALGORITHMS, OPTION_WORDS } from './params.js';
import { LevelPanel, disableRunControls } from './level-panel.js';
import { RulesPanel } from './rules-panel.js';
import { loadLevels } from './levels.js';
import { AgentRuns, sleep } from '../agent-runs.js';
import { handleKey } from '../keys.js';
import { listenForSwipes } from '../swipe.js';
import { labelOf, needsANumber, seedIn } from '../fields.js';
import { ParamControls, sameValue } from '../param-controls.js';
import { statText, showRootActions, movesText } from '../stats.js';
import { flatView, nestedView } from './kbfe-fields.js';
import { grouped, valueText } from '../numbers.js';

const $ = (id) => document.getElementById(id);

/** The page's own levels, every one listed before the controller opens, each text null until its
 * file is read: readLevel(level) resolves once a level's text is in (a view waits for its level's),
 * readAllLevels() once every one's is. */
const { levels: LEVELS, read: readLevel, readAll: readAllLevels } = await loadLevels();

/** Opens the Bait controller (see AgentRuns for what `shell` holds). */
export function open(shell) {
  return new BaitGame(shell);
}

class BaitGame extends AgentRuns {
  constructor(shell) {
    super(shell);
    this.levelText = '';
    this.viewWanted = null; // the view applyView was last given (it waits while its level's file is read)
    this.plan = null; // { actions: Uint32Array, index, atMoves }: the plan being played
    this.overlay = {}; // what the last search showed: heat, frontier, planPreview, rootActions,
    // and atStep when it is a step of the timeline rather than the live search
    this.pace = 0; // steps a second of the paced plan under way (0: none, or full speed)
    this.held = false; // the paced plan under way is held: Step advances it, Play resumes it
    this.board = new Board($('board'), render);
    // The agents' parameters: labels, ranges, defaults, help and options from Rust's table.
    this.params = new ParamControls('bait', this.wasm.parameterTable('bait'), { words: OPTION_WORDS, idPrefix: 'p-' });
    /** View fields whose change ends the agent's run and its search. */
    this.agentFields = ['algo', 'mode', ...this.params.fields(), 'seed'];
    this.levelPanel = new LevelPanel(this, LEVELS, readLevel);
    this.firstViewShown = false; // see afterFirstView
    this.kbfe = null; // KB Fast-Evo's view, once loaded (see kbfeView)
    this.kbfeLoading = null; // a promise of it, once asked
    this.rules = new RulesPanel($('bait-tiles'), () => this.board.colors);
    matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => this.rules.draw());
    this.wire();
  }

  /** Once the first view is on show (its board drawn at the next frame), what it did not need:
   * the rules' pictures, the other levels' files and the level editor, after that frame. */
  afterFirstView() {
    if (this.firstViewShown) return;
    this.firstViewShown = true;
    requestAnimationFrame(() => setTimeout(() => {
      this.rules.draw();
      this.levelPanel.loadEditor();
      // Once every level's text is in, the level on show may turn out to be one of ours (a link's rows).
      readAllLevels().then(() => this.levelPanel.show(this.levelText),
        (reason) => this.setStatus('error', `Bait's levels: ${this.shell.messageOf(reason)}`));
    }, 0));
  }

  /** The board and the rules' tiles take the theme's colours. */
  themeChanged() {
    super.themeChanged();
    this.rules.draw();
  }

  // ---------- wiring ----------

  wire() {
    const settings = [
      ...this.params.controls(), $('p-seed'), $('pace'), ...document.querySelectorAll('input[name="mode"]'),
    ];
    for (const el of settings) el.addEventListener('change', () => this.settingsChanged());
    $('algo').addEventListener('change', () => {
      // Each algorithm starts in its natural mode: planners plan, anytime searches act.
      checkMode(ALGORITHMS[$('algo').value].mode);
      this.settingsChanged();
    });
    $('pace').addEventListener('change', () => {
      // A paced search under way takes a new pace at once (full speed waits for the next search:
      // a paced search steps in ticks, not in timed slices).
      const pace = Number($('pace').value);
      if (this.pace > 0 && pace > 0) {
        this.pace = pace;
        if (!this.held) this.shell.client.pace(pace);
      }
    });
    $('to-node-budget').addEventListener('click', () => this.toNodeBudget());
    $('reseed').addEventListener('click', () => {
      $('p-seed').value = String(this.wasm.freshSeed());
      this.settingsChanged();
    });
    // A swipe on the board moves the avatar; a tap on a cell moves it one step towards that cell
    // (the editor paints instead while it is open).
    const byName = Object.fromEntries(ACTIONS.map((action) => [action.name.toLowerCase(), action.index]));
    listenForSwipes(this.board.canvas, (direction) => this.humanMove(byName[direction]), (event) => {
      const cell = this.levelPanel.editing ? null : this.board.cellAt(event);
      const { avatarX, avatarY } = this.session.view();
      if (!cell || (cell.x === avatarX && cell.y === avatarY)) return;
      const [dx, dy] = [cell.x - avatarX, cell.y - avatarY];
      this.humanMove(byName[Math.abs(dx) >= Math.abs(dy) ? (dx > 0 ? 'right' : 'left') : (dy > 0 ? 'down' : 'up')]);
    });
  }

  // ---------- status ----------

  setStatus(state, text) {
    super.setStatus(state, text);
    this.updateMoves();
  }

  /** The status line's move count and the statistics' moves and score. */
  updateMoves() {
    const moves = this.session ? this.session.moves() : 0;
    this.shell.statusEl.dataset.moves = String(moves);
    setStat('moves', moves);
    setStat('score', this.session ? this.session.score() : 0);
  }

  algoName() {
    return ALGORITHMS[this.view.algo].name;
  }

  /** [state, words] for a finished game, or null while it goes on. */
  outcomeWords() {
    const outcome = this.session.outcome();
    const moves = this.session.moves();
    const plural = moves === 1 ? 'move' : 'moves';
    if (outcome === 'won') return ['won', `Won in ${moves} ${plural} (score ${this.session.score()}).`];
    if (outcome === 'lost') return ['lost', `Lost after ${moves} ${plural}: ${lostReason(this.session.view())}.`];
    return null;
  }

  idleWords() {
    return `Ready. Press Play to let ${this.algoName()} ${this.view.mode === 'plan' ? 'plan' : 'act'}, or move with the arrow keys or a swipe on the board.`;
  }

  /** The outcome if the game is over, else the words for a game ready to play. */
  showIdle() {
    const [state, words] = this.outcomeWords() ?? ['idle', this.idleWords()];
    this.setStatus(state, words);
  }

  /** Says that the game is over, with `advice`. */
  showOver(advice) {
    const [state, words] = this.outcomeWords();
    this.setStatus(state, `${words} ${advice}`);
  }

  // ---------- drawing ----------

  redraw() {
    if (this.levelPanel.editing) return;
    const overlay = { ...this.overlay };
    if (overlay.atStep) {
      // A step of the timeline: its best plan so far, drawn from where the search began (not
      // drawn once moves have been played since).
      if (overlay.planPreview && this.timelineMoves === this.session.moves()) overlay.path = this.session.pathOf(overlay.planPreview);
    } else if (this.plan && this.plan.atMoves + this.plan.index === this.session.moves()) {
      overlay.path = this.session.pathOf(this.plan.actions.subarray(this.plan.index));
    } else if (this.overlay.planPreview) {
      overlay.path = this.session.pathOf(this.overlay.planPreview);
    }
    const view = this.session.view();
    this.board.show(view, overlay);
    // For tests and tools: the avatar's column and row, and what the overlay holds (the heat
    // map's total, the frontier's cells, the cells of the path drawn).
    const canvas = this.board.canvas;
    canvas.dataset.avatar = `${view.avatarX},${view.avatarY}`;
    canvas.dataset.heat = String(sum(overlay.heat));
    canvas.dataset.frontierCells = String(overlay.frontier ? overlay.frontier.filter((n) => n > 0).length : 0);
    canvas.dataset.path = String(overlay.path ? overlay.path.length : 0);
  }

  /** Shows a search's progress: its counters, heat map, frontier, best plan and root actions
   * (`elapsedMs` null for a step of the timeline, whose time was not recorded). */
  showSearch(message) {
    const { progress, elapsedMs } = message;
    setStat('expanded', progress.expanded);
    setStat('generated', progress.generated);
    setStat('frontier', progress.frontier ?? '–');
    const timed = elapsedMs !== null && elapsedMs !== undefined;
    setStat('rate', timed && elapsedMs > 0 ? Math.round((progress.expanded / elapsedMs) * 1000) : '–');
    setStat('elapsed', timed ? `${elapsedMs.toFixed(1)} ms` : '–');
    setStat('plan', message.plan && message.plan.length ? message.plan.length : '–');
    this.overlay = {
      heat: message.heat,
      frontier: message.frontier,
      planPreview: message.plan,
      rootActions: message.rootActions && message.rootActions.length ? message.rootActions : null,
    };
    const inWins = this.overlay.rootActions?.some((r) => Math.abs(r.value) >= 1e5) ?? false;
    showRootActions($('root-actions'), this.overlay.rootActions, message.plan, actionName, 2, (value) => valueText(value, inWins));
    $('root-actions-note').hidden = $('root-actions').hidden;
    // KB Fast-Evo's knowledge (its search's `thinking`, live or at the timeline's step), also
    // drawn on the board (board.js, as on every grid board).
    if (this.view.algo === 'kbfe') {
      const overlay = this.overlay;
      const show = () => {
        this.kbfe.show(message.thinking, actionName, elapsedMs === null);
        overlay.kbfe = this.kbfe.boardKnowledge(message.thinking);
      };
      if (this.kbfe) {
        show();
      } else {
        // While the view loads, the search's latest message waits for it (an older one gives way).
        this.kbfeView().then((kbfe) => {
          if (!kbfe || this.overlay !== overlay || this.view.algo !== 'kbfe') return;
          show();
          this.redraw();
        });
      }
    }
  }

  /** KB Fast-Evo's view (kbfe-view.js), loaded the first time the agent is chosen rather than
   * with the page: a link that opens on another agent draws its board without fetching it
   * (BENCHMARKS.md, "Lesson step to ready"). Resolves to the view, or to null with the reason in
   * the status line (asked again, it tries again). */
  kbfeView() {
    this.kbfeLoading ??= import('../kbfe-view.js').then(({ KbfeView }) => {
      this.kbfe = new KbfeView($('kbfe-panel'), $('kbfe-rollout-panel'));
      this.kbfe.onBoardToggle = () => {
        this.overlay.kbfe = this.kbfe.boardKnowledge();
        this.redraw();
      };
      return this.kbfe;
    }, (e) => {
      this.kbfeLoading = null;
      this.setStatus('error', `KB Fast-Evo's view could not be loaded: ${this.shell.messageOf(e)}`);
      return null;
    });
    return this.kbfeLoading;
  }

  /** The search as it was at a step of its timeline, drawn as the live search is. */
  showTimelineView(view) {
    this.showSearch({ ...view, elapsedMs: null });
    this.overlay.atStep = true;
    this.redraw();
  }

  usesTree() {
    return this.view.algo === 'mcts' || this.view.algo === 'kbfe';
  }

  treeActionName(action) {
    return actionName(action);
  }

  usesPopulation() {
    return this.view.algo === 'rhea';
  }

  /** An action as its arrow (· waits): a plan reads as a line of arrows. */
  populationActionName(action) {
    return ACTIONS[action].arrow;
  }

  clearSearch() {
    this.clearTimeline();
    this.plan = null;
    this.overlay = {};
    for (const name of ['expanded', 'generated', 'frontier']) setStat(name, 0);
    for (const name of ['rate', 'elapsed', 'plan']) setStat(name, '–');
    showRootActions($('root-actions'), null, null);
    $('root-actions-note').hidden = true;
  }

  // ---------- settings and the share link ----------

  /** Shows the view of a link (or the default view and the link's error). Returns a promise when
   * the view waits for its level's file or KB Fast-Evo's view (`kbfeAsked`: asked already): it
   * resolves once the view is on show, or another view has taken its place, or the file could
   * not be read (the status says why). */
  applyView(view, error, kbfeAsked = false) {
    this.halt();
    this.viewWanted = view;
    if (!error && view.level !== undefined && view.level !== null) {
      // The link parser reads the level's rows; whether they make a level is checked here.
      const problem = this.wasm.validateLevel('bait', view.level);
      if (problem) {
        error = `share link, field 'level': ${problem.message}`;
        view = { ...this.wasm.defaultViewFor('bait'), seed: this.wasm.freshSeed() };
      }
    }
    // A shipped level named by the link (`lvl`, checked by Rust), else the rows, else our first.
    const shipped = (view.lvl && LEVELS.find((level) => level.id === view.lvl))
      || (view.level === undefined || view.level === null ? LEVELS[0] : null);
    // Its file may still be on its way (not the one the page opened with): the view opens once it
    // is in, unless another view came first.
    if (shipped?.text === null) {
      const asked = this.viewWanted;
      return readLevel(shipped).then(() => this.viewWanted === asked && this.applyView(view, error), (reason) => {
        this.setStatus('error', `Bait's levels: ${this.shell.messageOf(reason)}`);
        this.afterFirstView();
      });
    }
    // KB Fast-Evo's view loads first, so the view opens with it as with any other agent (should it
    // fail to load, the view opens without it; a search asks for it again and says why it cannot).
    if (view.algo === 'kbfe' && !this.kbfe && !kbfeAsked) {
      const asked = this.viewWanted;
      return this.kbfeView().then(() => this.viewWanted === asked && this.applyView(view, error, true));
    }
    if (shipped) view = { ...view, level: shipped.text };
    // Edits under way that the new level replaces are set aside, and the status says so.
    const kept = this.levelPanel.closeEditorFor(view.level, 'The address bar opened another level while you were editing');
    const panes = view.compare ?? [];
    this.view = { ...view, compare: [] };
    this.fillControls(view);
    this.loadLevel(view.level);
    // The link's moves (replayed and checked by Rust when it was read) bring the game back to
    // where it was.
    for (const action of view.moves ?? []) this.session.apply(action);
    if (view.moves?.length) {
      this.redraw();
      this.updateMoves();
    }
    Object.assign(this.view, this.levelFields());
    this.openLinkPanes(panes);
    if (error) {
      this.setStatus('error', `This link could not be opened, so the default view is shown. ${error}${kept && ` ${kept}`}`);
    } else {
      this.writeLink(this.view);
      this.setStatus('idle', kept ? `${kept} ${this.idleWords()}` : this.idleWords());
    }
    this.afterFirstView();
  }

  fillControls(view) {
    $('algo').value = view.algo;
    this.params.fill(flatView(view));
    $('p-seed').value = String(view.seed);
    $('pace').value = String(view.pace);
    checkMode(view.mode);
    this.showRelevantControls();
  }

  /** Shows the description of the chosen algorithm and only the settings it and its mode read. */
  showRelevantControls() {
    const algo = $('algo').value;
    $('algo-description').textContent = ALGORITHMS[algo].text;
    this.params.show(algo);
    if (algo !== 'kbfe') this.kbfe?.clear();
    else this.kbfeView();
    const mode = document.querySelector('input[name="mode"]:checked')?.value ?? 'plan';
    for (const el of document.querySelectorAll('[data-mode]')) el.hidden = el.dataset.mode !== mode;
    // MCTS and RHEA read their iterations per move only when they plan.
    const perMove = this.params.slot('plan-iterations');
    perMove.hidden = perMove.hidden || mode !== 'plan';
    this.showTimeBudgetNote(algo, mode);
  }

  /** Beside Play, for MCTS and RHEA acting under a time budget: such a run does not replay
   * exactly, and one click switches to plan mode with the same work as a node budget. */
  showTimeBudgetNote(algo, mode) {
    const timed = ALGORITHMS[algo].mode === 'act' && mode === 'act';
    $('time-budget-note').hidden = !timed;
    if (timed) $('to-node-budget').textContent = `Use ${grouped(this.nodeBudget())} iterations per move instead`;
  }

  /** The iterations per move equivalent to the time budget: those of the last move acted on this
   * view's algorithm, else the parameter table's default, within the parameter's range. */
  nodeBudget() {
    const param = this.params.param('plan-iterations');
    const measured = this.lastActIterations?.algo === $('algo').value ? this.lastActIterations.count : 0;
    return measured > 0 ? Math.min(param.max, Math.max(param.min, measured)) : param.default;
  }

  /** Switches to plan mode with `nodeBudget()` iterations per move (the link follows). */
  toNodeBudget() {
    this.params.slot('plan-iterations').querySelector('input').value = String(this.nodeBudget());
    checkMode('plan');
    this.settingsChanged();
  }

  /** The settings as the controls show them (numbers checked by Rust when the link is written). */
  readControls() {
    const view = flatView(this.view);
    view.algo = $('algo').value;
    view.mode = document.querySelector('input[name="mode"]:checked').value;
    Object.assign(view, this.params.read());
    view.pace = Number($('pace').value);
    view.seed = seedIn($('p-seed'));
    return nestedView({ ...view, ...this.levelFields() });
  }

  /** The link's level fields: one of our levels by name (`lvl`), else its rows; and the moves
   * played. */
  levelFields() {
    const shipped = LEVELS.find((level) => level.text === this.levelText);
    const moves = this.session ? Array.from(this.session.history()) : [];
    return { lvl: shipped ? shipped.id : null, level: shipped ? null : this.levelText, moves };
  }

  /** Puts the moves played in the link (after a move, an undo or a reset). */
  movesChanged() {
    if (!this.view) return;
    this.view = { ...this.view, ...this.levelFields() };
    this.writeLink(this.view);
  }

  /** What is wrong with the numbers of `view`, in words, or null. */
  problemOfNumbers(view) {
    const blank = this.params.blank(flatView(view));
    if (blank?.param.key === 'weights') return `The leaf value weight '${labelOf(blank.input)}' needs a number.`;
    if (blank) return needsANumber(blank.input);
    return Number.isNaN(view.seed) ? needsANumber($('p-seed'), true) : null;
  }

  settingsChanged() {
    this.showRelevantControls();
    const view = this.readControls();
    let problem = this.problemOfNumbers(view);
    if (!problem) {
      if (this.sideBySideOpen()) this.shell.sideBySide.rebase(view);
      problem = this.writeLink(view);
    }
    if (problem) {
      this.setStatus('error', problem);
      return;
    }
    const [now, was] = [flatView(view), flatView(this.view)];
    const changedAgent = this.agentFields.some((k) => !sameValue(now[k], was[k]));
    this.view = view;
    if (changedAgent) {
      this.halt();
      this.clearSearch();
      this.redraw();
      this.showIdle();
    } else if (this.shell.statusEl.dataset.state === 'error') {
      this.setStatus('idle', this.idleWords());
    }
  }

  // ---------- side by side (the shell's side-by-side.js) ----------

  /** What side by side needs of Bait: its algorithms and parameter table, the board and the
   * overlay of a search, which algorithms prove a plan shortest, the link. */
  sideBySideHost() {
    this.sbsHost ??= {
      game: 'bait',
      table: this.params.table,
      words: OPTION_WORDS,
      algorithms: ALGORITHMS,
      // KB Fast-Evo's settings: flat in the panes' controls, nested in the view.
      agentOf: flatView,
      withAgent: (view, agent) => nestedView({ ...flatView(view), ...agent }),
      renderer: render,
      position: () => ({ state: this.session.encode(), board: this.session.view() }),
      // The plan's path is traced on the session, so it is drawn only while the session is at
      // the position the run searched (as the single view hides it once moves were played).
      overlayOf: (message, position) => ({
        heat: message.heat,
        frontier: message.frontier,
        path: message.plan?.length && this.session.encode() === position.state ? this.session.pathOf(message.plan) : undefined,
      }),
      // BFS, and A* with either of its admissible lower bounds, find a shortest plan.
      provesShortest: (view) => view.algo === 'bfs' || view.algo === 'astar',
      panesChanged: () => this.writeLink(this.view),
    };
    return this.sbsHost;
  }

  /** Side by side opens with the view's algorithm beside BFS or A*. */
  sideBySidePanes() {
    const other = this.view.algo === 'astar' ? 'bfs' : 'astar';
    return [this.view, { ...this.view, algo: other }];
  }

  /** The link holds the panes while side by side is open. */
  linkView(view) {
    return this.withPanes(view);
  }

  /** Makes `text` the current level (it must be valid) and resets the game. */
  loadLevel(text) {
    const session = new this.wasm.GameSession('bait', text);
    this.session?.free();
    this.session = session;
    this.levelText = text;
    this.levelPanel.show(text);
    this.clearSearch();
    this.redraw();
    this.updateMoves();
  }

  /** Makes `text` (valid) the current level, puts it in the link and says so in `words`. */
  levelChosen(text, words) {
    this.halt();
    this.loadLevel(text);
    this.settingsChanged();
    this.setStatus('idle', words);
  }

  // ---------- the agent ----------

  planIsCurrent() {
    return this.plan && this.plan.atMoves + this.plan.index === this.session.moves() && this.plan.index < this.plan.actions.length;
  }

  /** The next move of the plan, taken from it. */
  takePlanned() {
    const action = this.plan.actions[this.plan.index];
    this.plan.index += 1;
    return action;
  }

  /** Plays `action` and shows it. */
  playMove(action) {
    this.session.apply(action);
    this.redraw();
    this.updateMoves();
    this.movesChanged();
  }

  /** Runs a plan search from the current state; resolves to true when a plan is ready. */
  async think(token) {
    this.setStatus('thinking', `${this.algoName()} is thinking…`);
    let message;
    try {
      this.pace = this.view.pace; // steps a second; 0: full speed
      message = await this.requestPlan(token, {
        pace: this.pace,
        onProgress: (progress) => {
          this.showSearch(progress);
          this.redraw();
        },
      });
    } catch (error) {
      this.failed(error, token, 'The search');
      return false;
    } finally {
      if (token === this.token) this.pace = 0;
    }
    if (!message) return false;
    this.showSearch(message);
    const { status } = message.progress;
    // Depth-limited DFS without a win in reach walks towards its best leaf, then plans again;
    // MCTS and RHEA play a committed plan that ends in a loss or at the tick limit as it is.
    const anytime = ALGORITHMS[this.view.algo].mode === 'act';
    const partial = (this.view.algo === 'dls' || anytime) && status === 'exhausted';
    if ((status === 'solved' || partial) && message.plan.length > 0) {
      this.plan = { actions: message.plan, index: 0, atMoves: this.session.moves() };
      this.redraw();
      return true;
    }
    this.redraw();
    this.setStatus('idle', this.noPlanWords(message.progress));
    return false;
  }

  noPlanWords(progress) {
    const expanded = grouped(progress.expanded);
    if (progress.status === 'exhausted' && progress.expanded === 0) {
      // A*'s lower bound found no way to the key and the door from the start itself.
      return `No plan: the key or the door cannot be reached from here (${this.algoName()}'s lower bound proves it before expanding a state).`;
    }
    if (progress.status === 'exhausted') {
      const bound = this.view.algo === 'dls' ? ` within depth ${this.view.depth}` : '';
      return `${this.algoName()} searched every state${bound} (${expanded} expanded) and found no plan.`;
    }
    if (progress.status === 'limit_reached' && ALGORITHMS[this.view.algo].mode === 'act' && progress.limit === 'nodes') {
      const moves = this.overlay.planPreview?.length ?? 0;
      return `${this.algoName()} reached its node limit after ${expanded} expansions; its plan so far has ${moves} ${moves === 1 ? 'move' : 'moves'} (drawn on the board) and does not win yet.`;
    }
    if (progress.status === 'limit_reached') {
      return `${this.algoName()} reached its ${progress.limit} limit after ${expanded} expansions with no plan.`;
    }
    return `${this.algoName()} found no plan.`;
  }

  /** Asks the worker for one action under the time budget; resolves to { action, roundTripMs }
   * or null. */
  async actOnce(token) {
    let message;
    try {
      message = await this.requestMove(token, { budgetMs: this.view.budgetMs, game: 'bait' });
    } catch (error) {
      this.failed(error, token, 'The search');
      return null;
    }
    if (!message) return null;
    this.showSearch(message);
    this.lastActIterations = { algo: this.view.algo, count: message.progress?.expanded ?? 0 };
    if (!$('time-budget-note').hidden) this.showRelevantControls();
    return { action: message.action ?? NOOP, roundTripMs: message.roundTripMs };
  }

  /**
   * Shows the outcome if the game is over, or stops the agent if the level can no longer be won
   * (rather than let it wander until the tick limit); returns whether the run should end.
   */
  finishIfOver() {
    if (this.isOver()) {
      this.halt();
      this.showIdle();
      return true;
    }
    if (this.session.cannotWin()) {
      this.halt();
      this.setStatus('idle', `Stuck after ${movesText(this.session.moves())}: the level can no longer be won (${STUCK_REASON}). Press Undo or Reset.`);
      return true;
    }
    return false;
  }

  async play() {
    if (this.levelPanel.editing) return;
    if (this.held) {
      this.held = false;
      this.shell.client.pace(this.pace);
      this.showPausable(true);
      this.setStatus('thinking', `${this.algoName()} is thinking…`);
    } else if (this.running && this.pace > 0) {
      this.holdSearch();
    } else if (this.running) {
      this.pause();
    } else if (this.isOver()) {
      this.showOver('Press Reset to play again.');
    } else {
      const token = this.startRun(true);
      await (this.view.mode === 'plan' ? this.playPlans(token) : this.playActs(token));
    }
  }

  /** Plans and plays the plans until the game ends or the run is superseded. */
  async playPlans(token) {
    while (token === this.token) {
      if (!this.planIsCurrent() && !(await this.think(token))) {
        if (token === this.token) this.endRun();
        return;
      }
      // One announcement per plan: the moves themselves show on the board and in data-moves.
      this.setStatus('playing', `Playing ${this.algoName()}'s plan of ${movesText(this.plan.actions.length)}.`);
      while (token === this.token && this.planIsCurrent()) {
        this.playMove(this.takePlanned());
        if (this.finishIfOver()) return;
        await sleep(this.speedDelayMs());
      }
      if (token === this.token && this.view.algo !== 'dls') {
        this.endRun();
        this.setStatus('idle', `${this.algoName()}'s plan is played out without a win.`);
        return;
      }
    }
  }

  /** Acts under the time budget, move after move, until the game ends or the run is superseded. */
  async playActs(token) {
    this.setStatus('playing', `${this.algoName()} is playing, with ${this.view.budgetMs} ms to think before each move.`);
    while (token === this.token) {
      const answer = await this.actOnce(token);
      if (!answer || token !== this.token) break;
      this.playMove(answer.action);
      if (this.finishIfOver()) return;
      await sleep(Math.max(0, this.speedDelayMs() - answer.roundTripMs));
    }
    if (token === this.token) this.endRun();
  }

  /** Holds the paced plan under way: it keeps its frontier, Step advances it, Play resumes it. */
  holdSearch() {
    this.held = true;
    this.shell.client.pace(0);
    this.showPausable(false);
    this.setStatus('idle', `${this.algoName()}'s search is paused: Step takes it one step further, Play resumes it, Stop ends it.`);
  }

  /** Plays a single agent move (searching first if needed); advances a held search by one step. */
  async step() {
    if (this.held) {
      this.shell.client.pace(0, 1);
      return;
    }
    if (this.levelPanel.editing || this.isOver()) return;
    if (this.running) this.pause();
    const token = this.startRun(true);
    let action;
    if (this.view.mode === 'plan') {
      const ready = this.planIsCurrent() || (await this.think(token));
      if (ready && token === this.token) action = this.takePlanned();
    } else {
      this.setStatus('thinking', `${this.algoName()} is thinking about move ${this.session.moves() + 1}…`);
      const answer = await this.actOnce(token);
      if (answer && token === this.token) action = answer.action;
    }
    if (token !== this.token) return;
    if (action === undefined) {
      this.endRun();
      return;
    }
    this.playMove(action);
    if (!this.finishIfOver()) {
      this.endRun();
      this.setStatus('idle', `Paused after move ${this.session.moves()}.`);
    }
  }

  /** Leaving Bait: the run controls come back for the next game (the editor, if open, is
   * closed when a link shows Bait again). */
  leave() {
    super.leave();
    disableRunControls(false);
  }

  endRun() {
    super.endRun();
    this.pace = 0;
    this.held = false;
  }

  async stop() {
    const wasSearching = await this.stopSearch();
    this.redraw();
    this.setStatus('idle', wasSearching ? `Stopped ${this.algoName()}.` : `Stopped after move ${this.session.moves()}.`);
  }

  reset() {
    this.halt();
    this.session.reset();
    this.clearSearch();
    this.redraw();
    this.movesChanged();
    this.setStatus('idle', this.idleWords());
  }

  // ---------- a person playing ----------

  humanMove(action) {
    if (this.levelPanel.editing) return;
    if (this.running || this.shell.client.busy) this.halt();
    if (this.isOver()) {
      this.showOver('Press Z to undo or Reset to play again.');
      return;
    }
    const planned = this.planIsCurrent() && this.plan.actions[this.plan.index] === action;
    this.session.apply(action);
    if (planned) this.plan.index += 1;
    this.redraw();
    this.updateMoves();
    this.movesChanged();
    if (!this.finishIfOver()) this.setStatus('idle', `You moved ${ACTIONS[action].name.toLowerCase()}: ${movesText(this.session.moves())}.`);
  }

  undo() {
    if (this.levelPanel.editing) return;
    this.halt();
    if (!this.session.undo()) {
      this.setStatus('idle', 'Nothing to undo.');
      return;
    }
    if (this.plan && this.plan.index > 0 && this.plan.atMoves + this.plan.index - 1 === this.session.moves()) this.plan.index -= 1;
    this.redraw();
    this.updateMoves();
    this.movesChanged();
    this.setStatus('idle', `Undone: ${movesText(this.session.moves())}.`);
  }

  /** Handles a key press (the shell passes every keydown): the editor's keys while it is open,
   * else the shared keys and the arrows or WASD. */
  key(event) {
    if (this.levelPanel.editing) {
      this.levelPanel.editorKey(event);
      return;
    }
    if (this.timelineKey(event)) return;
    handleKey(event, this, (e) => {
      const action = KEYS[e.key];
      if (action === undefined) return false;
      e.preventDefault();
      this.humanMove(action);
      return true;
    });
  }
}

function sum(values) {
  return values ? values.reduce((total, n) => total + n, 0) : 0;
}

function setStat(name, value) {
  document.querySelector(`[data-stat="${name}"]`).textContent = statText(value);
}

function actionName(action) {
  return `${ACTIONS[action].arrow} ${ACTIONS[action].name}`;
}

function checkMode(mode) {
  for (const radio of document.querySelectorAll('input[name="mode"]')) radio.checked = radio.value === mode;
}
