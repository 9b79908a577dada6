// Any VGDL game on the playground: one of the games we ship (www/vgdl/games/, listed by Rust's
// `vgdlShippedGames`) or the user's own rules, pasted, opened from a file or dropped into the
// "Game rules" editor, with line and column errors beside it (the user's text is kept). A person
// plays with the arrow keys or WASD, with undo; the planners (DFS, depth-limited DFS, BFS, A* with
// the interpreter's lower bound) search in the worker and their plan is played out; MCTS, RHEA and KB Fast-Evo MCTS think
// before every move (act mode) or plan by committing to one move after another (plan mode), as on
// Bait's page, KB Fast-Evo's knowledge shown above the statistics (kbfe-view.js) and on the board. The search
// timeline, the MCTS tree, RHEA's population and side by side work as for every game
// (agent-runs.js, side-by-side.js).
//
// The link holds the game (a shipped one by name, `vgdl=crates&lvl=1`, or the rules, packed by
// Rust, and the level), the moves played, the agent, its mode, the seed and the panes side by
// side; Rust reads, writes and checks it.

import { Board } from '../board.js';
import * as render from './render.js';
import { AgentRuns, sleep } from '../agent-runs.js';
import { handleKey } from '../keys.js';
import { seedIn } from '../fields.js';
import { count, maxTextBytes, oversize, tooLongWords } from '../limits.js';
import { ParamControls, sameValue } from '../param-controls.js';
import { statText } from '../stats.js';
import { ALGORITHMS, ACTIONS, MOVE_KEYS, OPTION_WORDS } from './params.js';
import { KbfeView } from '../kbfe-view.js';
import { flatView, nestedView } from '../bait/kbfe-fields.js';
import { buildRoom } from './room.js';
import { LevelPaint } from './level-paint.js';
import { grouped } from '../numbers.js';

const $ = (id) => document.getElementById(id);
/** The game picker's value for the user's own rules. */
const OWN = '';

function setStat(name, value) {
  document.querySelector(`[data-vgdl-stat="${name}"]`).textContent = statText(value);
}

/** "line 3, column 5: message" as the editors show it, `what` naming the text. */
function problemWords(what, problem) {
  return `${what}, line ${problem.line}, column ${problem.column}: ${problem.message}`;
}

class VgdlGame extends AgentRuns {
  constructor(shell) {
    super(shell);
    buildRoom();
    this.shipped = this.wasm.vgdlShippedGames();
    this.board = new Board($('board-vgdl'), render);
    this.params = new ParamControls('vgdl', this.wasm.parameterTable('vgdl'), { words: OPTION_WORDS });
    this.kbfe = new KbfeView($('vgdl-kbfe-panel'), $('vgdl-kbfe-rollout-panel'));
    this.kbfe.onBoardToggle = () => {
      this.overlay.kbfe = this.kbfe.boardKnowledge();
      this.redraw();
    };
    this.paint = new LevelPaint(this.board, { palette: $('vgdl-palette'), toggle: $('vgdl-paint'), levelBox: $('vgdl-level-text') }, () => this.playEditors());
    this.plan = null; // { actions, index, atMoves }
    this.overlay = {};
    for (const game of this.shipped) $('vgdl-game').append(new Option(game.title, game.name));
    $('vgdl-game').append(new Option('Your own rules', OWN));
    for (const [value, algo] of Object.entries(ALGORITHMS)) $('vgdl-algo').append(new Option(algo.name, value));
    this.wire();
  }

  wire() {
    // Each algorithm starts in its natural mode: planners plan, anytime agents act.
    $('vgdl-algo').addEventListener('change', () => checkMode(ALGORITHMS[$('vgdl-algo').value].planner ? 'plan' : 'act'));
    for (const el of [$('vgdl-algo'), ...this.params.controls(), $('vgdl-seed'), ...modeInputs()]) {
      el.addEventListener('change', () => this.settingsChanged());
    }
    $('vgdl-reseed').addEventListener('click', () => {
      $('vgdl-seed').value = String(this.wasm.freshSeed());
      this.settingsChanged();
    });
    $('vgdl-game').addEventListener('change', () => {
      const name = $('vgdl-game').value;
      if (name === OWN) {
        $('vgdl-rules').focus();
        this.setStatus('idle', 'Paste, open or drop a VGDL game into "Game rules", then press "Play these rules".');
        return;
      }
      this.applyView({ ...this.view, vgdl: name, rules: null, level: null, lvl: 0, moves: [] }, null, { keepPanes: true });
    });
    $('vgdl-level').addEventListener('change', () => {
      this.applyView({ ...this.view, level: null, lvl: Number($('vgdl-level').value), moves: [] }, null, { keepPanes: true });
    });
    $('vgdl-rules-load').addEventListener('click', () => this.playEditors());
    $('vgdl-level-load').addEventListener('click', () => this.playEditors());
    $('vgdl-rules-file').addEventListener('change', (event) => {
      const [file] = event.target.files;
      if (file) this.readFile(file);
      event.target.value = '';
    });
    const rules = $('vgdl-rules');
    rules.addEventListener('dragover', (event) => event.preventDefault());
    rules.addEventListener('drop', (event) => {
      const [file] = event.dataTransfer?.files ?? [];
      if (!file) return;
      event.preventDefault();
      this.readFile(file);
    });
    rules.addEventListener('paste', (event) => {
      const text = event.clipboardData?.getData('text') ?? '';
      const size = oversize(text);
      if (size) {
        event.preventDefault();
        this.rulesError(tooLongWords('The pasted text', size, 'a game file'));
      }
    });
  }

  /** Reads a dropped or opened file into the rules editor and plays it. */
  async readFile(file) {
    if (file.size > maxTextBytes()) {
      this.rulesError(tooLongWords(`The file ${file.name}`, `${count(file.size)} bytes long`, 'a game file'));
      return;
    }
    const text = await file.text();
    const size = oversize(text);
    if (size) {
      this.rulesError(tooLongWords(`The file ${file.name}`, size, 'a game file'));
      return;
    }
    $('vgdl-rules').value = text;
    this.playEditors();
  }

  rulesError(text) {
    $('vgdl-rules-error').textContent = text;
  }

  /** Plays the game in the editors: the rules in "Game rules" on the level in the level box.
   * Unchanged rules keep the game on show (a shipped game keeps its name in the link); changed
   * ones make it the user's own. A problem is shown beside the box at fault, its line selected,
   * and nothing changes; the text is kept. */
  playEditors() {
    const rules = $('vgdl-rules').value;
    const level = $('vgdl-level-text').value;
    for (const [text, id, what] of [[rules, 'vgdl-rules-error', 'The game rules'], [level, 'vgdl-level-error', 'The level']]) {
      const size = oversize(text);
      if (size) {
        $(id).textContent = tooLongWords(what, size, 'a game file or level');
        return;
      }
    }
    const problem = this.wasm.vgdlCheck(rules, level);
    this.rulesError('');
    $('vgdl-level-error').textContent = '';
    if (problem) {
      if (problem.field === 'rules') this.showProblem('vgdl-rules', 'Game rules', problem);
      else this.showProblem('vgdl-level-text', 'Level', problem);
      this.setStatus('error', `The ${problem.field === 'rules' ? 'game rules' : 'level'} could not be read: see beside it.`);
      return;
    }
    const keep = { keepPanes: true };
    if (rules === this.rules) this.applyView({ ...this.view, level, moves: [] }, null, keep);
    else this.applyView({ ...this.view, vgdl: null, rules, level, lvl: 0, moves: [] }, null, keep);
  }

  /** Shows `problem` beside the text box `id` and selects its line there. */
  showProblem(id, what, problem) {
    const box = $(id);
    $(`${id === 'vgdl-rules' ? 'vgdl-rules' : 'vgdl-level'}-error`).textContent = problemWords(what, problem);
    const lines = box.value.split('\n');
    const start = lines.slice(0, problem.line - 1).reduce((n, l) => n + l.length + 1, 0);
    const end = start + (lines[problem.line - 1]?.length ?? 0);
    box.focus();
    box.setSelectionRange(start, end);
  }

  // ---------- words ----------

  algoName() {
    return ALGORITHMS[this.view.algo].name;
  }

  title() {
    return this.shippedGame()?.title ?? 'Your game';
  }

  shippedGame() {
    if (this.view.rules) return null;
    return this.shipped.find((g) => g.name === this.view.vgdl) ?? this.shipped[0];
  }

  idleWords() {
    if (this.isOver()) return this.overWords();
    return `${this.title()}: move with the arrow keys or WASD, or press Play to let ${this.algoName()} play.`;
  }

  overWords() {
    const view = this.session.view();
    const moves = this.session.moves();
    const end = view.outcome === 'won' ? 'Won' : 'Lost';
    return `${end} after ${moves} ${moves === 1 ? 'move' : 'moves'}, score ${view.score}.`;
  }

  showIdle(prefix = '') {
    this.setStatus(this.isOver() ? 'over' : 'idle', `${prefix}${this.idleWords()}`);
  }

  // ---------- settings and the share link ----------

  /** Shows `view` (a link's, or the page's own after a change of game, level or rules); a link's
   * panes open side by side and run, while with `keepPanes` the panes on show take the new game
   * and level and keep their agents. */
  applyView(view, error, { keepPanes = false } = {}) {
    this.halt();
    const panes = view.compare ?? [];
    this.view = { ...view, compare: [], seed: view.seed ?? this.wasm.freshSeed() };
    const shipped = this.shippedGame();
    this.rules = this.view.rules ?? shipped.rules;
    const level = this.view.level ?? shipped.levels[this.view.lvl] ?? shipped.levels[0];
    $('vgdl-game').value = shipped ? shipped.name : OWN;
    $('vgdl-about').textContent = shipped ? shipped.about : 'A game of your own rules.';
    const levels = $('vgdl-level');
    // Named by the number the link (`lvl`), its errors, the command line and GVGAI count from 0.
    levels.replaceChildren(...(shipped ? shipped.levels.map((_, i) => new Option(`Level ${i}`, String(i))) : []));
    if (this.view.level) levels.append(new Option('Your level', 'own'));
    levels.value = this.view.level ? 'own' : String(this.view.lvl);
    levels.disabled = !shipped;
    $('vgdl-rules').value = this.rules;
    $('vgdl-level-text').value = level;
    $('vgdl-algo').value = this.view.algo;
    this.params.fill(flatView(this.view));
    checkMode(this.view.mode ?? (ALGORITHMS[this.view.algo].planner ? 'plan' : 'act'));
    $('vgdl-seed').value = String(this.view.seed);
    this.showRelevantControls();
    this.newSession(level, this.view.moves ?? []);
    if (keepPanes && this.sideBySideOpen()) this.shell.sideBySide.rebase(this.view);
    else this.openLinkPanes(panes);
    if (error) {
      this.setStatus('error', `This link could not be opened, so the default VGDL game is shown. ${error}`);
      return;
    }
    const problem = this.writeLink();
    if (problem) this.rulesError(`The game is played, but the link cannot carry it: ${problem}`);
    this.showIdle();
  }

  /** The link's view: `view` with the moves played and the panes on show. */
  linkView(view = this.view) {
    return this.withPanes({ ...view, moves: this.session ? [...this.session.history()] : [] });
  }

  /** Shows the chosen algorithm's description and only the settings it and its mode read: the
   * run mode for anytime agents, their iterations per move when they plan, their time per action
   * when they act. */
  showRelevantControls() {
    const algo = $('vgdl-algo').value;
    const { planner } = ALGORITHMS[algo];
    $('vgdl-algo-description').textContent = ALGORITHMS[algo].text;
    this.params.show(algo);
    if (algo !== 'kbfe') this.kbfe.clear();
    $('vgdl-mode').hidden = planner;
    const mode = planner ? 'plan' : checkedMode();
    const perMove = this.params.slot('plan-iterations');
    perMove.hidden = perMove.hidden || mode !== 'plan';
    this.params.slot('budget-ms').hidden = mode === 'plan';
  }

  settingsChanged() {
    this.showRelevantControls();
    const algo = $('vgdl-algo').value;
    const mode = ALGORITHMS[algo].planner ? 'plan' : checkedMode();
    const flat = { ...flatView(this.view), algo, mode, ...this.params.read(), seed: seedIn($('vgdl-seed')) };
    const view = nestedView(flat);
    let problem = this.params.problem(flat, $('vgdl-seed'));
    if (!problem) {
      if (this.sideBySideOpen()) this.shell.sideBySide.rebase(view);
      problem = this.writeLink(view);
    }
    if (problem) {
      this.setStatus('error', problem);
      return;
    }
    const was = flatView(this.view);
    if (['algo', 'mode', ...this.params.fields(), 'seed'].some((k) => !sameValue(flat[k], was[k]))) {
      this.halt();
      this.dropPlan();
    }
    this.view = view;
    this.showIdle();
  }

  /** Whether the agent plans to the end before playing (planners, and anytime agents in plan
   * mode) rather than thinking before every move. */
  plans() {
    return ALGORITHMS[this.view.algo].planner || this.view.mode === 'plan';
  }

  // ---------- side by side (the shell's side-by-side.js) ----------

  /** What side by side needs of a VGDL game: its algorithms and parameter table, the board and
   * the overlay of a search, which algorithms prove a plan shortest, the link. Every pane plans
   * (anytime agents commit to a move after their iterations), as Rust reads a link's panes. */
  sideBySideHost() {
    this.sbsHost ??= {
      game: 'vgdl',
      table: this.params.table,
      words: OPTION_WORDS,
      algorithms: ALGORITHMS,
      // KB Fast-Evo's settings: flat in the panes' controls, nested in the view.
      agentOf: flatView,
      withAgent: (view, agent) => nestedView({ ...flatView(view), ...agent, mode: 'plan' }),
      renderer: render,
      position: () => ({ state: this.session.encode(), board: { ...this.session.view(), looks: this.looks } }),
      // The plan's path is traced on the session, so it is drawn only while the session is at
      // the position the run searched.
      overlayOf: (message, position) => ({
        heat: message.heat,
        path: message.plan?.length && this.session.encode() === position.state ? this.session.pathOf(message.plan) : undefined,
      }),
      // BFS and A* (its bound is admissible) find a shortest plan.
      provesShortest: (view) => view.algo === 'bfs' || view.algo === 'astar',
      panesChanged: () => this.writeLink(),
    };
    return this.sbsHost;
  }

  /** Side by side opens with the view's algorithm beside BFS (or A* beside BFS), all planning. */
  sideBySidePanes() {
    const other = this.view.algo === 'bfs' ? 'astar' : 'bfs';
    return [{ ...this.view, mode: 'plan' }, { ...this.view, algo: other, mode: 'plan' }];
  }

  // ---------- the board ----------

  /** A session on `level` of the rules on show, with `moves` played. */
  newSession(level, moves) {
    const session = new this.wasm.GameSession('vgdl', this.wasm.vgdlStart(this.rules, level));
    for (const move of moves) session.apply(move);
    this.session?.free();
    this.session = session;
    const info = this.wasm.vgdlGameInfo(this.rules);
    const ground = render.groundNames(info.mapping);
    this.looks = session.view().types.map((type) => render.lookOf(type, { groundNames: ground }));
    const lookByName = new Map(session.view().types.map((type, id) => [type.name, this.looks[id]]));
    this.paint.setMapping(info.mapping, (name) => lookByName.get(name));
    this.showMapping(info.mapping);
    this.showLegend(session.view().types);
    this.dropPlan();
    this.afterChange();
  }

  showMapping(mapping) {
    $('vgdl-mapping').replaceChildren(...mapping.map((entry) => {
      const row = document.createElement('tr');
      const char = document.createElement('td');
      const code = document.createElement('code');
      code.textContent = entry.char === ' ' ? '(space)' : entry.char;
      char.append(code);
      const types = document.createElement('td');
      types.textContent = entry.types.join(', ');
      row.append(char, types);
      return row;
    }));
  }

  /** The legend: every sprite type a level can hold, drawn as on the board: those a LevelMapping
   * character places, and every type without subtypes (an effect may create it) but GVGAI's
   * default `wall` and `avatar` (the first two types) when no LevelMapping character places them. */
  showLegend(types) {
    const parents = new Set(types.map((type) => type.parent).filter(Boolean));
    const shown = (type, id) => type.chars !== '' || (!parents.has(type.name) && id >= 2);
    const items = types
      .map((type, id) => ({ type, id, look: this.looks[id] }))
      .filter(({ type, id, look }) => look.shape !== 'none' && shown(type, id));
    this.legend = items;
    $('vgdl-legend').replaceChildren(...items.map(({ type, look }) => {
      const li = document.createElement('li');
      li.dataset.sprite = type.name;
      const swatch = document.createElement('canvas');
      swatch.width = 24;
      swatch.height = 24;
      swatch.className = 'vgdl-swatch';
      swatch.setAttribute('aria-hidden', 'true');
      const chars = type.chars ? `, placed by ${[...type.chars].map((c) => `'${c}'`).join(' ')}` : '';
      li.append(swatch, ` ${type.name} (${type.class}${look.ground ? ', the ground' : ''}${chars})`);
      return li;
    }));
    this.drawLegend();
  }

  drawLegend() {
    const swatches = $('vgdl-legend').querySelectorAll('canvas');
    this.legend?.forEach(({ look }, i) => {
      const ctx = swatches[i].getContext('2d');
      ctx.clearRect(0, 0, 24, 24);
      ctx.fillStyle = this.board.colors.floor;
      ctx.fillRect(0, 0, 24, 24);
      render.drawSprite(ctx, look, 0, 0, 24, this.board.colors);
    });
  }

  themeChanged() {
    super.themeChanged();
    this.drawLegend();
    this.paint.drawPalette();
  }

  dropPlan() {
    this.plan = null;
    this.overlay = {};
    this.clearTimeline();
  }

  afterChange() {
    const view = this.session.view();
    setStat('score', view.score);
    setStat('moves', this.session.moves());
    setStat('outcome', view.outcome);
    setStat('resources', view.resources.length ? view.resources.map((r) => `${r.name} ${r.amount}`).join(', ') : '–');
    this.shell.statusEl.dataset.moves = String(this.session.moves());
    this.redraw();
  }

  redraw() {
    const view = this.session.view();
    const overlay = { ...this.overlay };
    const planned = this.plan && this.plan.atMoves + this.plan.index === this.session.moves()
      ? this.plan.actions.slice(this.plan.index)
      : this.overlay.planPreview;
    if (planned && planned.length) overlay.path = this.session.pathOf(planned);
    this.board.show({ ...view, looks: this.looks }, overlay);
    const canvas = this.board.canvas;
    canvas.setAttribute('aria-label', render.describe(view, this.title()));
    canvas.dataset.outcome = view.outcome;
  }

  // ---------- the search ----------

  showSearch(message) {
    const { progress, elapsedMs } = message;
    setStat('expanded', progress.expanded);
    setStat('generated', progress.generated);
    setStat('frontier', progress.frontier ?? '–');
    setStat('elapsed', elapsedMs !== null && elapsedMs !== undefined ? `${elapsedMs.toFixed(1)} ms` : '–');
    setStat('plan', message.plan && message.plan.length ? message.plan.length : '–');
    this.overlay = { heat: message.heat, planPreview: message.plan };
    // KB Fast-Evo's knowledge (its search's `thinking`, live or at the timeline's step), also
    // drawn on the board (board.js, as on every grid board).
    if (this.view.algo === 'kbfe') {
      this.kbfe.show(message.thinking, (action) => ACTIONS[action]?.name ?? String(action), elapsedMs === null);
      this.overlay.kbfe = this.kbfe.boardKnowledge(message.thinking);
    }
  }

  showTimelineView(view) {
    this.showSearch({ ...view, elapsedMs: null });
    this.redraw();
  }

  usesTree() {
    return this.view.algo === 'mcts' || this.view.algo === 'kbfe';
  }

  usesPopulation() {
    return this.view.algo === 'rhea';
  }

  treeActionName(action) {
    return ACTIONS[action]?.name ?? String(action);
  }

  populationActionName(action) {
    return ACTIONS[action]?.arrow ?? String(action);
  }

  /** Plans from the position on show; resolves to whether a plan to play was found. */
  async think(token) {
    this.setStatus('thinking', `${this.algoName()} is searching…`);
    let message;
    try {
      message = await this.requestPlan(token, {
        pace: 0,
        onProgress: (progress) => {
          this.showSearch(progress);
          this.redraw();
        },
      });
    } catch (error) {
      this.failed(error, token, 'The search');
      return false;
    }
    if (!message) return false;
    this.showSearch(message);
    const { status } = message.progress;
    // DLS's plan is partial; an anytime agent's committed plan that lost is played too.
    const partial = (this.view.algo === 'dls' || !ALGORITHMS[this.view.algo].planner) && status === 'exhausted';
    if ((status === 'solved' || partial) && message.plan.length > 0) {
      this.plan = { actions: [...message.plan], index: 0, atMoves: this.session.moves() };
      this.redraw();
      return true;
    }
    this.redraw();
    const expanded = grouped(message.progress.expanded);
    this.setStatus('idle', status === 'limit_reached'
      ? `${this.algoName()} reached its ${message.progress.limit} limit after ${expanded} expansions with no plan.`
      : `${this.algoName()} searched every state (${expanded} expanded) and found no plan.`);
    return false;
  }

  /** The next move of the plan for the position on show, if there is one. */
  plannedMove() {
    const plan = this.plan;
    if (!plan || plan.atMoves + plan.index !== this.session.moves() || plan.index >= plan.actions.length) return null;
    return plan.actions[plan.index];
  }

  /** One move of the agent: the plan's next (planning first if needed), or MCTS's or RHEA's
   * answer; resolves to the action or null. */
  async agentAction(token) {
    if (this.plans()) {
      if (this.plannedMove() === null && !(await this.think(token))) return null;
      return token === this.token ? this.plannedMove() : null;
    }
    let message;
    try {
      message = await this.requestMove(token, { budgetMs: this.view.budgetMs, game: 'vgdl', onProgress: (p) => this.showSearch(p) });
    } catch (error) {
      this.failed(error, token, 'The search');
      return null;
    }
    if (!message) return null;
    this.showSearch(message);
    return message.action ?? 4;
  }

  applyMove(action) {
    if (this.plannedMove() === action) this.plan.index += 1;
    else this.plan = null;
    this.session.apply(action);
    this.afterChange();
    this.writeLink();
  }

  async play() {
    const token = this.startPlay(() => this.overWords());
    if (token === null) return;
    while (token === this.token) {
      if (this.isOver()) break;
      if (this.plans()) {
        if (this.plannedMove() === null && !(await this.think(token))) {
          if (token === this.token) this.endRun();
          return;
        }
        if (token !== this.token) return;
        this.setStatus('playing', `${this.algoName()}'s plan of ${this.plan.actions.length} moves is playing…`);
      } else {
        this.setStatus('playing', `${this.algoName()} is playing…`);
      }
      const action = await this.agentAction(token);
      if (action === null || token !== this.token) {
        if (token === this.token) this.endRun();
        return;
      }
      this.applyMove(action);
      await sleep(this.speedDelayMs());
    }
    if (token === this.token) {
      this.endRun();
      this.showIdle();
    }
  }

  async step() {
    if (this.isOver()) return;
    if (this.running) this.halt();
    const token = this.startRun(false);
    const action = await this.agentAction(token);
    if (action === null || token !== this.token) return;
    this.endRun();
    this.applyMove(action);
    this.showIdle(`${this.algoName()} moved ${ACTIONS[action].name}. `);
  }

  async stop() {
    const wasSearching = await this.stopSearch();
    this.redraw();
    this.showIdle(wasSearching ? `Stopped ${this.algoName()}. ` : '');
  }

  humanMove(action) {
    if (this.running || this.shell.client.busy) this.halt();
    if (this.isOver()) {
      this.setStatus('over', `${this.overWords()} Press Z to undo or Reset to play again.`);
      return;
    }
    this.applyMove(action);
    this.showIdle();
  }

  undo() {
    this.halt();
    if (!this.session.undo()) {
      this.setStatus('idle', 'Nothing to undo.');
      return;
    }
    this.plan = null;
    this.afterChange();
    this.writeLink();
    this.showIdle('Undone. ');
  }

  reset() {
    this.halt();
    this.session.reset();
    this.dropPlan();
    this.afterChange();
    this.writeLink();
    this.showIdle();
  }

  key(event) {
    if (this.timelineKey(event)) return;
    handleKey(event, this, (e) => {
      const action = MOVE_KEYS[e.key];
      if (action === undefined) return false;
      e.preventDefault();
      this.humanMove(action);
      return true;
    });
  }
}

/** The run-mode radio buttons. */
function modeInputs() {
  return document.querySelectorAll('input[name="vgdl-mode"]');
}

/** The run mode checked ('plan' or 'act'). */
function checkedMode() {
  return document.querySelector('input[name="vgdl-mode"]:checked')?.value ?? 'act';
}

function checkMode(mode) {
  for (const input of modeInputs()) input.checked = input.value === mode;
}

/** Opens the VGDL controller (see AgentRuns for what `shell` holds). */
export function open(shell) {
  return new VgdlGame(shell);
}
