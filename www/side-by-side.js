// Side by side: two to four panes on the same level or position, each with its own algorithm and
// parameters, its own board with the search's overlay and its own statistics, all driven by the
// one search timeline (timeline.js) by step count: at step k every pane shows its own recorded
// run at step k, and a run that ended earlier stays at its last step. A summary table compares
// the runs: for a puzzle's plans (Bait) expanded, generated, peak frontier, plan length, optimal
// or not, time; for a game's move (Othello, 2048, Sum to zero) the best move and its value in
// place of the plan's length and optimality. Each pane's markers are on the one timeline, named
// by their pane. A link with panes starts their runs as it opens.
//
// One component in the shell for every game: a game takes part by giving its controller a
// `sideBySideHost()` (see `open`), which says how to draw a pane's board and overlay, which
// algorithms there are and how a pane's agent sits in the game's view. The panes are the link's
// `compare` key, parsed and checked in Rust (src/share/compare.rs).
//
// A run searches the position on show when it starts; the panes keep showing that position (and
// the plans drawn from it) if a person moves afterwards.
//
// Workers: each pane has a search worker of its own (a SearchClient with its own watchdog, so at
// most four, one per pane), which keeps that pane's recorded run for the timeline's queries. The
// panes' searches are queued, one after another, rather than run at once: the machine's cores are
// not shared between them, so each pane's time is its own search's, and the page keeps a core.
//
// Nothing from a link is inserted as HTML (textContent only).

import { SearchClient, SearchStopped } from './search-client.js';
import { TimelineFeed } from './timeline-feed.js';
import { Board } from './board.js';
import { makeSlot, controlsIn, fieldOf, keysOf, showNumber, exactNumberIn, SHOWN_DECIMALS } from './param-controls.js';
import { numberIn } from './fields.js';
import { statText } from './stats.js';
import { grouped } from './numbers.js';

/** Most and fewest panes (the link's limits, src/share/compare.rs). */
export const MAX_PANES = 4;
export const MIN_PANES = 2;
/** A step beyond any run: a worker clamps it to the run's length. */
const LAST_STEP = Number.MAX_SAFE_INTEGER;

const el = (tag, props = {}, ...children) => {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
};

export class SideBySide {
  /**
   * `root` is the panel's (empty) element, `toggle` the "Side by side" button; `timeline` the
   * shared SearchTimeline; `statusEl` the status line.
   */
  constructor({ root, toggle, timeline, statusEl, messageOf }) {
    this.root = root;
    this.toggle = toggle;
    this.timeline = timeline;
    this.statusEl = statusEl;
    this.messageOf = messageOf;
    this.host = null; // the controller's side-by-side host while open
    this.panes = [];
    this.runs = 0; // side-by-side runs begun (each is one timeline "run")
    this.running = null; // the run under way: its number
    this.build();
    this.timeline.subscribe((event) => {
      if (event.owner === this) this.showStep(event);
    });
    this.toggle.setAttribute('aria-pressed', 'false');
  }

  build() {
    this.panesEl = el('div', { className: 'sbs-panes' });
    this.addButton = el('button', { type: 'button', textContent: 'Add a pane' });
    this.addButton.dataset.testid = 'sbs-add';
    this.addButton.addEventListener('click', () => this.addPane());
    this.runButton = el('button', { type: 'button', textContent: 'Run side by side' });
    this.runButton.dataset.testid = 'sbs-run';
    this.runButton.addEventListener('click', () => this.run());
    this.stopButton = el('button', { type: 'button', textContent: 'Stop the panes' });
    this.stopButton.dataset.testid = 'sbs-stop';
    this.stopButton.addEventListener('click', () => this.stop());
    this.summary = el('table', { className: 'sbs-summary' });
    this.summary.dataset.testid = 'sbs-summary';
    this.summary.dataset.state = 'idle';
    const caption = el('caption', { textContent: 'Side by side: each pane\'s run to its end' });
    this.summaryHead = el('tr');
    this.summaryBody = el('tbody');
    this.summary.append(caption, el('thead', {}, this.summaryHead), this.summaryBody);
    this.note = el('p', { className: 'sbs-note' });
    this.root.append(
      el('h2', { textContent: 'Side by side' }),
      el('div', { className: 'row', role: 'group' }, this.runButton, this.stopButton, this.addButton),
      this.panesEl,
      this.summary,
      this.note,
    );
    this.root.hidden = true;
  }

  /** Whether panes are on show. */
  get isOpen() {
    return this.host !== null;
  }

  /** The toggle applies to the game on show only if its controller offers a host. */
  setAvailable(available) {
    this.toggle.disabled = !available;
    if (!available) this.close();
  }

  /**
   * Shows the panes `views` (each a full view of the host's game, as the link's `compare` gives
   * them) for `host`, and with `run` starts their runs (a link's panes do). The host is
   * { game, table (the parameter table), words (a choice's option words by key), algorithms
   * ({ key: { name } }), renderer (the game's render module), position() (the position on show:
   * { state (encoded, what a pane searches), board (its board view) } and whatever the host's
   * overlayOf needs of it), overlayOf(message, position) (a search's snapshot or a recorded step
   * as the board's overlay, `position` the one the run searched), panesChanged(views) (to write
   * the link) } and, where the game differs from a puzzle's plan:
   * - agentOf(view), withAgent(view, agent): a pane's agent ({ algo, and a field per parameter
   *   of the table }) in the game's view and back (left out: the view itself holds them);
   * - request(view, position): what the worker is asked ({ type: 'plan', pace: 0 } when left out; a game
   *   asks for a move: { type: 'act', stream, budgetMs, progress: true });
   * - provesShortest(view): its solved plan is a shortest one (plans only);
   * - bestOf(message) (games that search for a move): { move, value } in words, '–' unknown;
   * - hasFrontier: false when no algorithm of the game keeps a frontier;
   * - describe(agent): the agent in words (left out: its algorithm's name and parameters).
   */
  open(host, views, { run = false } = {}) {
    if (this.host !== host) this.close();
    this.host = host;
    this.root.hidden = false;
    this.toggle.setAttribute('aria-pressed', 'true');
    this.showColumns();
    const same = views.length === this.panes.length && views.every((v, i) => sameView(v, this.panes[i].view));
    if (!same) {
      this.stop();
      this.disposePanes();
      for (const view of views.slice(0, MAX_PANES)) this.panes.push(this.makePane(view));
      this.clearResults();
    }
    this.update();
    if (run && this.running === null) this.run();
  }

  /** Whether the host's panes search for a move (the summary shows the best move and value). */
  get forMoves() {
    return typeof this.host?.bestOf === 'function';
  }

  agentOf(view) {
    return this.host.agentOf ? this.host.agentOf(view) : view;
  }

  withAgent(view, agent) {
    return this.host.withAgent ? this.host.withAgent(view, agent) : { ...view, ...agent };
  }

  /** The summary table's columns: a plan's length and optimality, or a move and its value. */
  showColumns() {
    const [third, fourth] = this.forMoves ? ['Best move', 'Value'] : ['Plan length', 'Optimal'];
    this.summaryHead.replaceChildren(...['Pane', 'Algorithm', 'Expanded', 'Generated', 'Peak frontier', third, fourth, 'Time']
      .map((title) => el('th', { scope: 'col', textContent: title })));
  }

  /** Hides the panes, ends their searches and their workers. */
  close() {
    if (!this.host) return;
    this.stop();
    this.disposePanes();
    if (this.timeline.owner === this) this.timeline.clear();
    this.host = null;
    this.root.hidden = true;
    this.toggle.setAttribute('aria-pressed', 'false');
  }

  disposePanes() {
    for (const pane of this.panes) {
      pane.feed.cancel();
      pane.client.dispose();
      pane.el.remove();
    }
    this.panes = [];
  }

  /**
   * The host's own settings changed to `base`: every pane takes them (the level, the node limit,
   * the seed...) and keeps its algorithm and that algorithm's parameters; runs of searches that
   * changed are dropped.
   */
  rebase(base) {
    let changed = false;
    for (const pane of this.panes) {
      const view = this.withAgent({ ...base, compare: [] }, ownAgent(this.host.table, this.agentOf(pane.view)));
      changed ||= !sameView(view, pane.view);
      pane.view = view;
    }
    if (changed) {
      this.stop();
      this.clearResults();
    }
  }

  /** The panes' views (for the link). */
  views() {
    return this.panes.map((pane) => pane.view);
  }

  // ---------- a pane ----------

  makePane(view) {
    const pane = { view: { ...view, compare: [] }, run: null, length: 0, live: null, final: null, failed: null };
    pane.client = new SearchClient({ onRestart: (reason) => this.paneFailed(pane, reason) });
    pane.feed = new TimelineFeed({
      ask: ({ step }) => (pane.run === null ? Promise.resolve(null) : pane.client.timelineView('pane', pane.run, step)),
      deliver: (reply) => this.drawPane(pane, reply, false),
      failed: (error) => this.paneFailed(pane, this.messageOf(error)),
    });
    pane.el = el('section', { className: 'sbs-pane panel' });
    pane.title = el('h3');
    pane.algo = el('select');
    for (const [key, algo] of Object.entries(this.host.algorithms)) pane.algo.append(el('option', { value: key, textContent: algo.name }));
    pane.algo.value = this.agentOf(view).algo;
    pane.algoLabel = el('label', { className: 'inline' }, 'Algorithm ', pane.algo);
    pane.algo.addEventListener('change', () => this.paneEdited(pane));
    pane.params = el('div', { className: 'sbs-params' });
    pane.remove = el('button', { type: 'button', className: 'quiet', textContent: 'Remove' });
    pane.remove.addEventListener('click', () => this.removePane(pane));
    pane.canvas = el('canvas', { className: 'sbs-board', tabIndex: 0 });
    pane.canvas.setAttribute('role', 'img');
    pane.board = new Board(pane.canvas, this.host.renderer);
    pane.stats = el('dl', { className: 'stats sbs-stats' });
    pane.statEls = {};
    const result = this.forMoves ? [['move', 'Best move'], ['value', 'Value']] : [['plan', 'Plan length']];
    for (const [key, label] of [['step', 'Step'], ['expanded', 'Expanded'], ['generated', 'Generated'], ['frontier', 'Frontier'], ...result, ['status', 'Status']]) {
      pane.statEls[key] = el('dd', { textContent: '–' });
      pane.statEls[key].dataset.paneStat = key;
      pane.stats.append(el('div', {}, el('dt', { textContent: label }), pane.statEls[key]));
    }
    pane.markers = el('p', { className: 'sbs-markers' });
    pane.el.append(pane.title, el('div', { className: 'row' }, pane.algoLabel, pane.remove), pane.params, pane.canvas, pane.stats, pane.markers);
    this.panesEl.append(pane.el);
    this.fillParams(pane);
    return pane;
  }

  /** The pane's parameter controls: its algorithm's own rows of the parameter table. */
  fillParams(pane) {
    const { table, words } = this.host;
    const agent = this.agentOf(pane.view);
    pane.inputs = [];
    const slots = [];
    for (const key of keysOf(table, agent.algo)) {
      const param = table.find((p) => p.key === key);
      const slot = makeSlot(param, { words: words?.[key] });
      const controls = controlsIn(slot);
      const value = agent[fieldOf(key)];
      if (param.kind === 'floats') controls.forEach((c, i) => { c.value = String(value[i]); });
      else if (param.kind === 'float') showNumber(controls[0], value);
      else controls[0].value = String(value);
      for (const control of controls) control.addEventListener('change', () => this.paneEdited(pane));
      pane.inputs.push({ param, controls });
      slots.push(slot);
    }
    pane.params.replaceChildren(...slots);
  }

  /** A person changed a pane's algorithm or a parameter: the pane's run is gone, the link
   * changes. */
  paneEdited(pane) {
    const before = this.agentOf(pane.view);
    const agent = { ...before, algo: pane.algo.value };
    for (const { param, controls } of pane.inputs) {
      if (!param.algos.includes(agent.algo)) continue;
      if (param.kind === 'floats') agent[fieldOf(param.key)] = controls.map(numberIn);
      else agent[fieldOf(param.key)] = param.kind === 'choice' ? controls[0].value : exactNumberIn(controls[0]);
    }
    const algoChanged = agent.algo !== before.algo;
    pane.view = this.withAgent(pane.view, agent);
    if (algoChanged) this.fillParams(pane);
    this.edited();
  }

  addPane() {
    if (this.panes.length >= MAX_PANES) return;
    const last = this.panes[this.panes.length - 1];
    this.panes.push(this.makePane(last.view));
    this.edited();
    this.panes[this.panes.length - 1].algo.focus();
  }

  removePane(pane) {
    if (this.panes.length <= MIN_PANES) return;
    pane.feed.cancel();
    pane.client.dispose();
    pane.el.remove();
    this.panes = this.panes.filter((p) => p !== pane);
    this.edited();
  }

  /** The panes changed: results are dropped (they were other searches'), the link is written. */
  edited() {
    this.stop();
    this.clearResults();
    this.update();
    this.host.panesChanged(this.views());
  }

  update() {
    this.panes.forEach((pane, i) => {
      const name = `Pane ${i + 1}`;
      const { algo } = this.agentOf(pane.view);
      pane.title.textContent = `${name}: ${this.host.algorithms[algo]?.name ?? algo}`;
      pane.el.dataset.testid = `sbs-pane-${i + 1}`;
      pane.el.setAttribute('aria-label', name);
      pane.algo.setAttribute('aria-label', `${name} algorithm`);
      pane.remove.setAttribute('aria-label', `Remove pane ${i + 1}`);
      pane.remove.disabled = this.panes.length <= MIN_PANES;
      pane.canvas.setAttribute('aria-label', `${name}'s board with its search`);
      for (const { param, controls } of pane.inputs) {
        controls.forEach((c, j) => c.setAttribute('aria-label', `${name} ${param.label}${controls.length > 1 ? ` ${j + 1}` : ''}`));
      }
    });
    this.addButton.disabled = this.panes.length >= MAX_PANES;
    this.runButton.disabled = this.running !== null;
    this.stopButton.disabled = this.running === null;
  }

  clearResults() {
    for (const pane of this.panes) {
      pane.feed.cancel();
      Object.assign(pane, { run: null, length: 0, live: null, final: null, failed: null, markerList: [] });
      pane.markers.textContent = '';
      this.drawPane(pane, null, false);
    }
    this.position = null;
    if (this.timeline.owner === this) this.timeline.clear();
    this.summaryBody.replaceChildren();
    this.summary.dataset.state = 'idle';
    this.note.textContent = '';
  }

  // ---------- running ----------

  /** Runs every pane's search from the position on show, one after another (see the top). */
  async run() {
    if (!this.host || this.running !== null) return;
    this.clearResults();
    const run = `side by side ${++this.runs}`;
    this.running = run;
    this.update();
    this.timeline.begin(run, this);
    this.summary.dataset.state = 'running';
    this.position = this.host.position();
    const { state } = this.position;
    for (const [i, pane] of this.panes.entries()) {
      if (this.running !== run) break;
      this.setStatus('thinking', `Side by side: pane ${i + 1} of ${this.panes.length} (${this.nameOf(pane)}) is searching…`);
      try {
        const ask = this.host.request?.(pane.view, this.position) ?? { type: 'plan', pace: 0 };
        const message = await pane.client.request(
          { ...ask, state, view: pane.view, seed: pane.view.seed, record: true },
          (progress) => this.progressed(run, pane, progress),
        );
        this.progressed(run, pane, message);
        pane.final = message;
        await this.paneMarkers(run, pane);
      } catch (error) {
        if (!(error instanceof SearchStopped) && !pane.failed) pane.failed = this.messageOf(error);
      }
      this.showSummary();
    }
    if (this.running !== run) return;
    this.running = null;
    this.timeline.finish(this.length(), null);
    this.summary.dataset.state = 'done';
    this.update();
    this.showStep({ step: this.timeline.step, following: this.timeline.following, live: false });
    const failed = this.panes.filter((p) => p.failed).length;
    this.setStatus(failed ? 'error' : 'idle', failed
      ? `Side by side: ${failed} of ${this.panes.length} panes failed (their panes say why).`
      : `Side by side: ${this.panes.length} panes searched; the timeline shows them step by step.`);
  }

  /** The markers of `pane`'s ended run: in its own list, and on the one timeline named
   * by their pane ("Pane 2: plan found"). */
  async paneMarkers(run, pane) {
    let end;
    try {
      end = await pane.client.timelineView('pane markers', pane.run, LAST_STEP, { markers: true });
    } catch (error) {
      pane.markers.textContent = `No markers: ${this.messageOf(error)}.`;
      return;
    }
    if (this.running !== run || !end?.markers) return;
    pane.markerList = end.markers;
    pane.markers.textContent = end.markers.length
      ? `Markers: ${end.markers.map((m) => `${m.label} at step ${statText(m.step)}`).join('; ')}.`
      : 'No markers in this run.';
    pane.el.dataset.markers = String(end.markers.length);
    if (this.timeline.owner !== this) return;
    const all = this.panes.flatMap((p, i) => (p.markerList ?? []).map((m) => ({ ...m, label: `Pane ${i + 1}: ${m.label}` })));
    this.timeline.setMarkers(all.sort((a, b) => a.step - b.step), null);
  }

  /** A pane's progress or its answer: the timeline grows to the longest run so far. */
  progressed(run, pane, message) {
    if (this.running !== run) return;
    pane.run = message.id;
    pane.length = message.timelineLength ?? 0;
    pane.live = message;
    if (this.timeline.owner !== this) return; // the single view took the timeline
    this.timeline.grow(this.length(), null);
    if (this.timeline.showsLive()) this.drawPane(pane, message, true);
  }

  /** The timeline's length: the longest pane's run. */
  length() {
    return Math.max(0, ...this.panes.map((pane) => pane.length));
  }

  /** Ends the panes' searches (their runs so far stay on the timeline). */
  stop() {
    if (this.running === null) return;
    this.running = null;
    for (const pane of this.panes) if (pane.client.busy) pane.client.stop();
    if (this.timeline.owner === this) this.timeline.finish(this.length(), null);
    this.summary.dataset.state = 'stopped';
    this.update();
    this.setStatus('idle', 'Side by side: stopped.');
  }

  paneFailed(pane, reason) {
    pane.failed = reason;
    pane.statEls.status.textContent = `failed: ${reason}`;
  }

  // ---------- showing ----------

  /** A step chosen on the timeline: every pane at that step of its own run (or its last). */
  showStep({ step, following, live }) {
    for (const pane of this.panes) {
      if (pane.run === null) continue;
      if (live && following && pane.live) this.drawPane(pane, pane.live, true);
      else pane.feed.want({ step: Math.min(step, pane.length) });
    }
  }

  /** Draws a pane's board with `message`'s overlay and its statistics (null: the position). */
  drawPane(pane, message, live) {
    const position = this.position ?? this.host.position();
    const overlay = message ? this.host.overlayOf(message, position) : {};
    pane.board.show(position.board, overlay);
    // For tests and tools: the position drawn (encoded) and the overlays drawn on it.
    pane.canvas.dataset.position = position.state;
    pane.canvas.dataset.overlay = Object.keys(overlay).filter((key) => overlay[key] !== undefined).join(',');
    const s = pane.statEls;
    if (!message) {
      for (const key of Object.keys(s)) s[key].textContent = '–';
      pane.el.dataset.step = '';
      return;
    }
    const { progress } = message;
    const step = live ? message.timelineLength : message.step;
    s.step.textContent = statText(step ?? 0);
    s.expanded.textContent = statText(progress.expanded);
    s.generated.textContent = statText(progress.generated);
    s.frontier.textContent = this.host.hasFrontier === false ? 'n/a' : statText(progress.frontier ?? '–');
    if (this.forMoves) {
      const { move, value } = this.host.bestOf(message);
      s.move.textContent = move;
      s.value.textContent = value;
    } else {
      s.plan.textContent = message.plan?.length ? statText(message.plan.length) : '–';
    }
    s.status.textContent = pane.failed ? `failed: ${pane.failed}` : progress.status.replace('_', ' ');
    pane.el.dataset.step = String(step ?? 0);
    pane.el.dataset.expanded = String(progress.expanded);
  }

  /** The summary table: each pane's final counts, and whether its plan is a shortest one (or its
   * best move and value). */
  showSummary() {
    const provers = this.forMoves ? [] : this.panes.filter((p) => p.final?.progress.status === 'solved' && this.host.provesShortest(p.view));
    const shortest = provers.length ? provers[0].final.plan.length : null;
    const rows = this.panes.map((pane, i) => {
      const cells = [String(i + 1), this.nameOf(pane)];
      const f = pane.final;
      if (!f) {
        cells.push(...Array(6).fill('–'));
        if (pane.failed) cells[7] = `failed: ${pane.failed}`;
      } else {
        const frontier = this.host.hasFrontier === false ? 'n/a (no frontier)' : statText(f.progress.maxFrontier);
        cells.push(statText(f.progress.expanded), statText(f.progress.generated), frontier);
        if (this.forMoves) {
          const { move, value } = this.host.bestOf(f);
          cells.push(move, value);
        } else {
          const solved = f.progress.status === 'solved';
          const length = solved ? f.plan.length : null;
          let optimal = 'no plan';
          if (solved) optimal = shortest === null ? 'unknown' : length === shortest ? 'yes' : 'no';
          cells.push(length === null ? '–' : statText(length), optimal);
        }
        cells.push(`${f.elapsedMs.toFixed(1)} ms`);
      }
      const row = el('tr');
      row.dataset.pane = String(i + 1);
      const keys = ['pane', 'algorithm', 'expanded', 'generated', 'peak-frontier',
        ...(this.forMoves ? ['move', 'value'] : ['plan', 'optimal']), 'time'];
      cells.forEach((text, j) => {
        const cell = el(j === 0 ? 'th' : 'td', { textContent: text });
        if (j === 0) cell.scope = 'row';
        cell.dataset.col = keys[j];
        row.append(cell);
      });
      return row;
    });
    this.summaryBody.replaceChildren(...rows);
    if (this.forMoves) {
      this.note.textContent = 'Each pane searched the same position for a move: the value is its search\'s value of that move. Times are each pane\'s own search, run one after another.';
    } else {
      this.note.textContent = shortest === null
        ? 'Optimal: unknown until a pane that proves the shortest plan (BFS, A*) finds one.'
        : `Optimal: compared with the shortest plan, ${shortest} moves, proved by pane ${this.panes.indexOf(provers[0]) + 1} (${this.nameOf(provers[0])}). Times are each pane's own search, run one after another.`;
    }
  }

  /** A pane's algorithm with its parameters, as a person reads them. */
  nameOf(pane) {
    const { table, algorithms } = this.host;
    const agent = this.agentOf(pane.view);
    if (this.host.describe) return this.host.describe(agent);
    const params = keysOf(table, agent.algo).map((key) => {
      const value = agent[fieldOf(key)];
      const show = (x) => (typeof x === 'number' ? grouped(x, { maximumFractionDigits: SHOWN_DECIMALS }) : String(x));
      return `${key} ${Array.isArray(value) ? value.map(show).join(',') : show(value)}`;
    });
    const name = algorithms[agent.algo]?.name ?? agent.algo;
    return params.length ? `${name} (${params.join(', ')})` : name;
  }

  setStatus(state, text) {
    this.statusEl.dataset.state = state;
    this.statusEl.textContent = text;
  }

  /** The timeline's keys anywhere on the page while the panes own it; returns whether taken. */
  key(event) {
    return this.timeline.owner === this && this.timeline.globalKey(event);
  }
}

/** `agent`'s algorithm and that algorithm's own parameters (the rows of `table` it reads). */
function ownAgent(table, agent) {
  const own = { algo: agent.algo };
  for (const key of keysOf(table, agent.algo)) own[fieldOf(key)] = agent[fieldOf(key)];
  return own;
}

/** Whether two views ask for the same search (their panes aside). */
function sameView(a, b) {
  return JSON.stringify({ ...a, compare: [] }) === JSON.stringify({ ...b, compare: [] });
}
