// What every game's controller shares about letting an agent move: a run token (every Play,
// Step, hint or Stop takes a new one, so answers to an older request are ignored), the Play/Pause
// button, stopping the search worker, asking it for a move or a plan with progress, reporting
// failures in words, the status line and the share link. Subclasses set session (the wasm game
// session), view (the settings) and board (the Board they draw on); linkView(view) may add what
// the link needs beyond the settings. Every controller the shell opens is one of these (see
// games.js for the interface).
//
// Every plan and act is recorded (`record: true`): its progress grows the search timeline
// (shell.timeline, shared by the games), and a step chosen on the timeline is shown through the
// controller's own drawing (`showTimelineView(view)`, the same path as the live search); an MCTS
// run also fills the tree view (shell.tree) and its iteration phase by phase when "Show tree" is
// on (`usesTree()`, `treeActionName(action)`), an RHEA run the population view
// (shell.population; `usesPopulation()`, `populationActionName(action)`).

import { SearchStopped, WorkerRestarted } from './search-client.js';
import { TimelineFeed } from './timeline-feed.js';

const $ = (id) => document.getElementById(id);

/** The tree view's collapse: at most this deep below the root, and this many nodes. */
const TREE_MAX_DEPTH = 4;
const TREE_MAX_NODES = 160;
/** A step beyond any run: the worker clamps it to the run's length. */
const LAST_STEP = Number.MAX_SAFE_INTEGER;
/** Controllers made so far: each queries the worker on channels of its own. */
let controllers = 0;

export class AgentRuns {
  /**
   * `shell` is what the shell shares: { wasm (the wasm module), client (the search worker's
   * SearchClient), statusEl, writeLink(fragment), metrics, messageOf(error) }.
   */
  constructor(shell) {
    this.shell = shell;
    this.wasm = shell.wasm;
    this.view = null;
    this.session = null;
    this.running = false;
    this.token = 0;
    this.timeline = shell.timeline;
    this.tree = shell.tree;
    this.population = shell.population;
    this.liveShow = null; // how the request under way shows its progress
    this.lastLive = null; // its latest progress message
    this.markersAt = -1; // the timeline length when the markers were last asked for
    this.timelineMoves = 0; // the moves played when the search of the timeline's run began
    controllers += 1;
    const channel = `controller ${controllers}`;
    this.viewFeed = new TimelineFeed({
      ask: ({ run, step, markers }) => this.shell.client.timelineView(`${channel}:view`, run, step, { markers }),
      deliver: (view, want) => this.timelineViewArrived(view, want),
      failed: (error) => this.timelineFailed(error),
    });
    this.treeFeed = new TimelineFeed({
      ask: ({ run, step }) => this.shell.client.tree(`${channel}:tree`, run, step, TREE_MAX_DEPTH, TREE_MAX_NODES),
      deliver: (reply, want) => {
        if (this.ownsTimeline(want.run)) this.tree.show(reply.nodes, (action) => this.treeActionName(action), reply.step);
      },
      // Without a tree the timeline still works: the tree's panel says why.
      failed: (error, want) => {
        if (!(error instanceof WorkerRestarted) && this.ownsTimeline(want.run)) this.tree.showProblem(`No tree to show: ${this.shell.messageOf(error)}.`);
      },
    });
    this.iterationFeed = new TimelineFeed({
      ask: ({ run, step }) => this.shell.client.iteration(`${channel}:iteration`, run, step),
      deliver: (reply, want) => {
        if (this.ownsTimeline(want.run)) this.tree.showIteration(reply.iteration, (action) => this.treeActionName(action));
      },
      failed: () => {}, // the tree's own query says what went wrong
    });
    this.populationFeed = new TimelineFeed({
      ask: ({ run, step }) => this.shell.client.population(`${channel}:population`, run, step),
      deliver: (reply, want) => {
        if (this.ownsTimeline(want.run)) this.population.show(reply.population, (action) => this.populationActionName(action), reply.step);
      },
      failed: (error, want) => {
        if (!(error instanceof WorkerRestarted) && this.ownsTimeline(want.run)) this.population.showProblem(`No population to show: ${this.shell.messageOf(error)}.`);
      },
    });
    this.endChannel = `${channel}:end`;
    this.timeline.subscribe((event) => {
      if (event.owner === this) this.timelineMoved(event);
    });
  }

  /** Ends everything this controller runs (the page switches to another game). */
  leave() {
    this.halt();
    this.clearTimeline();
  }

  // ---------- the search timeline ----------

  /** Shows `view` (a recorded run's view at a step: progress, plan, heat, frontier, rootActions,
   * step, last) as the live search would be shown. Each game draws it its own way. */
  showTimelineView(_view) {}

  /** Whether the agent of the run under way is MCTS (the tree view applies). */
  usesTree() {
    return false;
  }

  /** An action's name on the tree view's edges. */
  treeActionName(action) {
    return String(action);
  }

  /** Whether the agent of the run under way is RHEA (the population view applies). */
  usesPopulation() {
    return false;
  }

  /** An action's name in the population view (an arrow or a letter). */
  populationActionName(action) {
    return this.treeActionName(action);
  }

  /** Asks for what the views beside the board show at `step` of run `run`: the MCTS tree and
   * its iteration (when "Show tree" is on), RHEA's population. */
  wantSideViews(run, step) {
    if (this.tree.shown) {
      this.treeFeed.want({ run, step });
      this.iterationFeed.want({ run, step });
    }
    if (this.population.shown) this.populationFeed.want({ run, step });
  }

  ownsTimeline(run) {
    return this.timeline.owner === this && this.timeline.run === run;
  }

  /** Hides the timeline and the tree if they show one of this controller's runs. */
  clearTimeline() {
    this.viewFeed.cancel();
    this.treeFeed.cancel();
    this.iterationFeed.cancel();
    this.populationFeed.cancel();
    if (this.timeline.owner !== this) return;
    this.timeline.clear();
    this.tree.setAvailable(false);
    this.population.setAvailable(false);
  }

  /** A progress message or the answer of a recorded request: grows the timeline, begun at the
   * first one. Returns whether the board should show it (the timeline follows the live run). */
  trackRun(message) {
    if (message.timelineLength === undefined) return true;
    if (!this.ownsTimeline(message.id)) {
      this.viewFeed.cancel();
      this.treeFeed.cancel();
      this.iterationFeed.cancel();
      this.populationFeed.cancel();
      this.markersAt = -1;
      this.timelineMoves = this.session.moves();
      this.timeline.begin(message.id, this);
      this.tree.setAvailable(this.usesTree());
      this.population.setAvailable(this.usesPopulation());
    }
    this.lastLive = message;
    this.timeline.grow(message.timelineLength, message.timelineFull);
    if (this.timeline.showsLive()) this.wantSideViews(message.id, message.timelineLength);
    return this.timeline.showsLive();
  }

  /** The recorded request `run` ended (answered, stopped or failed): the timeline takes its final
   * length and markers, and the board shows the step on the slider again. */
  async runEnded(run) {
    if (!this.ownsTimeline(run)) return;
    const following = this.timeline.following;
    if (!following) this.viewFeed.want({ run, step: this.timeline.step, markers: false });
    let end;
    try {
      end = await this.shell.client.timelineView(this.endChannel, run, LAST_STEP, { markers: true });
    } catch (error) {
      this.timelineFailed(error);
      return;
    }
    if (!end || !this.ownsTimeline(run)) return;
    this.timeline.setMarkers(end.markers, end.memoryBytes);
    this.markersAt = end.step;
    this.timeline.finish(end.step, this.timeline.fullAt);
    // Following, the board shows the run's answer already, unless it ended without one (stopped).
    if (this.timeline.following && !this.isLiveAt(run, end.step)) this.timelineViewArrived(end, { run, step: end.step });
    this.wantSideViews(run, this.timeline.step);
  }

  /** A step was chosen on the timeline: the live search, or the view at that step. */
  timelineMoved({ run, step, following, live, at }) {
    if ((live && following) || (following && this.isLiveAt(run, step))) {
      // The live run, or its answer: shown as it came (with its time), not rebuilt.
      this.viewFeed.cancel();
      if (this.lastLive) this.liveShow?.(this.lastLive);
    } else {
      const markers = this.markersAt !== this.timeline.length;
      if (markers) this.markersAt = this.timeline.length;
      this.viewFeed.want({ run, step, markers, at });
    }
    this.wantSideViews(run, step);
  }

  /** Whether the last message of run `run` shown live (progress or answer) was at `step`, and
   * can be shown again as it came. */
  isLiveAt(run, step) {
    return this.liveShow !== null && this.lastLive?.id === run && this.lastLive.timelineLength === step;
  }

  timelineViewArrived(view, want) {
    if (!this.ownsTimeline(want.run)) return;
    if (view.markers) this.timeline.setMarkers(view.markers, view.memoryBytes);
    if (this.timeline.showsLive()) return;
    this.showTimelineView(view);
    if (want.at !== undefined) this.shell.metrics.scrubs.push({ step: view.step, ms: performance.now() - want.at });
  }

  /** "Show tree" was switched on (or off) by a person. */
  treeToggled(shown) {
    if (shown && this.timeline.owner === this && this.timeline.run !== null) {
      this.wantSideViews(this.timeline.run, this.timeline.step);
    }
  }

  timelineFailed(error) {
    if (error instanceof WorkerRestarted) return; // workerRestarted says so
    this.clearTimeline();
    this.setStatus('error', `The search timeline failed: ${this.shell.messageOf(error)}`);
  }

  /** Takes the timeline's keys (see timeline.js) if they apply; returns whether it did. */
  timelineKey(event) {
    return this.timeline.owner === this && this.timeline.globalKey(event);
  }

  /** The colour theme changed: the board takes its colours. */
  themeChanged() {
    this.board.themeChanged();
  }

  /** Shows `text` in the status line, in `state` (idle, thinking, playing, over, error). */
  setStatus(state, text) {
    const el = this.shell.statusEl;
    el.dataset.state = state;
    el.textContent = text;
    el.dataset.moves = String(this.session ? this.session.moves() : 0);
    delete el.dataset.winner;
  }

  /** Whether the game is over. */
  isOver() {
    return this.session.isTerminal();
  }

  /** The settings as the share link holds them (these settings by default). */
  linkView(view) {
    return view;
  }

  // ---------- side by side (the shell's side-by-side.js) ----------
  // A controller that offers `sideBySideHost()` (kept as this.sbsHost) and `sideBySidePanes()`
  // (the views the "Side by side" button opens; null, with the status saying why, for none)
  // takes part.

  /** Whether this controller's panes are on show. */
  sideBySideOpen() {
    return this.sbsHost !== undefined && this.shell.sideBySide?.host === this.sbsHost && this.shell.sideBySide.isOpen;
  }

  closeSideBySide() {
    if (this.sideBySideOpen()) this.shell.sideBySide.close();
  }

  /** A link's panes: opened and their runs started; none closes side by side. */
  openLinkPanes(panes) {
    if (panes.length) this.shell.sideBySide.open(this.sideBySideHost(), panes, { run: true });
    else this.closeSideBySide();
  }

  /** The "Side by side" button: opens the panes or closes them, and writes the link. */
  toggleSideBySide() {
    if (this.sideBySideOpen()) {
      this.closeSideBySide();
    } else {
      const panes = this.sideBySidePanes();
      if (!panes) return;
      this.halt();
      this.shell.sideBySide.open(this.sideBySideHost(), panes);
    }
    this.writeLink(this.view);
  }

  /** `view` with the panes on show (none while side by side is closed), for the link. */
  withPanes(view) {
    return { ...view, compare: this.sideBySideOpen() ? this.shell.sideBySide.views() : [] };
  }

  /** Puts `view` into the page's link; returns why it could not, or null. */
  writeLink(view = this.view) {
    try {
      this.shell.writeLink(this.wasm.formatShareLink(this.linkView(view)));
      return null;
    } catch (error) {
      return this.shell.messageOf(error);
    }
  }

  /** Starts a run (a Play loop when `playing`, else one request) and returns its token. */
  startRun(playing) {
    this.running = playing;
    this.token += 1;
    if (playing) this.showPausable(true);
    return this.token;
  }

  endRun() {
    this.running = false;
    this.showPausable(false);
  }

  /** The Play button reads Pause while pressing it would pause something. */
  showPausable(pausable) {
    $('play').textContent = pausable ? 'Pause' : 'Play';
  }

  /**
   * The start of Play: Pause while a run is under way; once the game is over, nothing but the
   * words `overWords()` in the status; else a new Play run. Returns the new run's token, or null
   * when none started.
   */
  startPlay(overWords) {
    if (this.running) {
      this.pause();
      return null;
    }
    if (this.isOver()) {
      this.setStatus('over', `${overWords()} Press Reset to play again.`);
      return null;
    }
    return this.startRun(true);
  }

  /** Ends any run and any search (without waiting). */
  halt() {
    this.token += 1;
    this.endRun();
    if (this.shell.client.busy) this.shell.client.stop().then((ms) => this.shell.metrics.stops.push(ms));
  }

  /** Pauses a Play run between moves. */
  pause() {
    this.halt();
    this.setStatus('idle', `Paused after move ${this.session.moves()}.`);
  }

  /** Ends any run and waits for the search to stop; resolves to whether one was running. */
  async stopSearch() {
    const wasSearching = this.shell.client.busy;
    this.token += 1;
    this.endRun();
    if (wasSearching) this.shell.metrics.stops.push(await this.shell.client.stop());
    return wasSearching;
  }

  /**
   * Sends `request` about the current state (its encoding, the settings and the seed go with it)
   * to the worker, calling `onProgress(progress)`, if given, while run `token` is current.
   * Resolves to the worker's last message.
   */
  ask(token, request, onProgress) {
    this.liveShow = onProgress ?? null;
    this.lastLive = null;
    let run = null;
    const answer = this.shell.client.request({
      state: this.session.encode(),
      view: this.view,
      seed: this.view.seed,
      record: true,
      ...request,
    }, (progress) => {
      run = progress.id;
      // A stopped run's last message comes after its token is gone: it still ends the timeline
      // it owns (and shows where the search stood, if the timeline follows it).
      if (token !== this.token && !this.ownsTimeline(progress.id)) return;
      if (this.trackRun(progress)) onProgress?.(progress);
    });
    return answer.then(
      (message) => {
        run = message.id;
        if (token === this.token) this.trackRun(message);
        this.runEnded(run);
        return message;
      },
      (error) => {
        if (run !== null) this.runEnded(run);
        throw error;
      },
    );
  }

  /**
   * Asks the worker for the move in the current state, under `budgetMs` (null: the agent's own
   * limits), calling `onProgress(progress)`, if given, while the run is current (without it the
   * worker posts no progress); `view` sets the agents (the controller's own by default).
   * Resolves to the worker's answer, or null when the run was
   * superseded meanwhile.
   */
  async requestMove(token, { budgetMs, game, onProgress, view = this.view }) {
    const sent = performance.now();
    const message = await this.ask(token, {
      type: 'act',
      stream: this.session.moves(),
      budgetMs,
      progress: Boolean(onProgress),
      view,
    }, onProgress);
    const roundTripMs = performance.now() - sent;
    this.shell.metrics.acts.push({
      budgetMs, thinkMs: message.thinkMs, roundTripMs, game, status: message.progress?.status,
    });
    return token === this.token ? { ...message, roundTripMs } : null;
  }

  /**
   * Asks the worker for a plan from the current state (a puzzle's search to its end), at `pace`
   * steps a second (0: full speed), calling `onProgress(progress)` while the run is current.
   * Resolves to the worker's last message, or null when the run was superseded meanwhile.
   */
  async requestPlan(token, { pace, onProgress }) {
    const message = await this.ask(token, { type: 'plan', pace }, onProgress);
    return token === this.token ? message : null;
  }

  /**
   * Waits for `thinking` (a request of run `token`, resolving to an answer with an `action`, or
   * null when the run was superseded); resolves to the answer, or to null when the run was
   * stopped or superseded, failed, or found no move (the status says which; `who` names the
   * agent).
   */
  async moveOf(token, thinking, who) {
    let answer;
    try {
      answer = await thinking;
    } catch (error) {
      if (token === this.token) this.endRun();
      this.failed(error, token);
      return null;
    }
    if (!answer || token !== this.token) return null;
    if (answer.action === null || answer.action === undefined) {
      this.endRun();
      this.setStatus('error', `${who} found no move.`);
      return null;
    }
    return answer;
  }

  /** Says why a request failed, unless the user stopped it, a newer run took over or the worker
   * was replaced (workerRestarted has said why); `subject` names what failed. */
  failed(error, token, subject = 'The agent') {
    if (error instanceof SearchStopped || error instanceof WorkerRestarted) return;
    if (token === this.token) this.setStatus('error', `${subject} failed: ${this.shell.messageOf(error)}`);
  }

  /** The pause between moves the speed control asks for. */
  speedDelayMs() {
    return 1000 / Number($('speed').value);
  }

  /** The search worker was replaced by the watchdog (with the recorded runs it kept). */
  workerRestarted(reason) {
    this.endRun();
    this.clearTimeline();
    this.setStatus('error', `${capitalize(reason)}. You can press Play again.`);
  }
}

export function capitalize(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
