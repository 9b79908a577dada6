// What every game's controller shares about letting an agent move: a run token (every Play,
// Step, hint or Stop takes a new one, so answers to an older request are ignored), the Play/Pause
// button, stopping the search worker, asking it for a move or a plan with progress, reporting
// failures in words, the status line and the share link. Subclasses set session (the wasm game
// session), view (the settings) and board (the Board they draw on); linkView(view) may add what
// the link needs beyond the settings. Every controller the shell opens is one of these (see
// games.js for the interface).

import { SearchStopped, WorkerRestarted } from './search-client.js';

const $ = (id) => document.getElementById(id);

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
  }

  /** Ends everything this controller runs (the page switches to another game). */
  leave() {
    this.halt();
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
    return this.shell.client.request({
      state: this.session.encode(),
      view: this.view,
      seed: this.view.seed,
      ...request,
    }, onProgress && ((progress) => {
      if (token === this.token) onProgress(progress);
    }));
  }

  /**
   * Asks the worker for the move in the current state, under `budgetMs` (null: the agent's own
   * limits), calling `onProgress(progress)`, if given, while the run is current (without it the
   * worker posts no progress). Resolves to the worker's answer, or null when the run was
   * superseded meanwhile.
   */
  async requestMove(token, { budgetMs, game, onProgress }) {
    const sent = performance.now();
    const message = await this.ask(token, {
      type: 'act',
      stream: this.session.moves(),
      budgetMs,
      progress: Boolean(onProgress),
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

  /** The search worker was replaced by the watchdog. */
  workerRestarted(reason) {
    this.endRun();
    this.setStatus('error', `${capitalize(reason)}. You can press Play again.`);
  }
}

export function capitalize(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
