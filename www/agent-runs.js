// What the 2048 and Othello controllers share: a run token for letting an agent move (every
// Play, Step, hint or Stop takes a new one, so answers to an older request are ignored), the
// Play/Pause button, stopping the search worker, asking it for a move with progress, reporting
// failures in words, the status line and the share link. Subclasses provide session (the wasm
// game session), view (the settings) and wasm; linkView(view) may add what the link needs
// beyond the settings.

import { SearchStopped, WorkerRestarted } from './search-client.js';

const $ = (id) => document.getElementById(id);

export class AgentRuns {
  /** `shell` is what main.js shares: { client, metrics, messageOf(error), ... }. */
  constructor(shell) {
    this.shell = shell;
    this.running = false;
    this.token = 0;
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
    if (playing) $('play').textContent = 'Pause';
    return this.token;
  }

  endRun() {
    this.running = false;
    $('play').textContent = 'Play';
  }

  /** Ends any run and any search (without waiting). */
  halt() {
    this.token += 1;
    this.endRun();
    if (this.shell.client.busy) this.shell.client.stop().then((ms) => this.shell.metrics.stops.push(ms));
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
   * Asks the worker for the move in the current state, under `budgetMs` (null: the agent's own
   * limits), calling `onProgress(progress)` while the run is current. Resolves to the worker's
   * answer, or null when the run was superseded meanwhile.
   */
  async requestMove(token, { budgetMs, game, onProgress }) {
    const sent = performance.now();
    const message = await this.shell.client.request({
      type: 'act',
      state: this.session.encode(),
      view: this.view,
      seed: this.view.seed,
      stream: this.session.moves(),
      budgetMs,
      progress: true,
    }, (progress) => {
      if (token === this.token) onProgress(progress);
    });
    const roundTripMs = performance.now() - sent;
    this.shell.metrics.acts.push({ budgetMs, thinkMs: message.thinkMs, roundTripMs, game });
    return token === this.token ? { ...message, roundTripMs } : null;
  }

  /** Says why a request failed, unless the user stopped it or a newer run took over. */
  failed(error, token) {
    if (error instanceof SearchStopped) return;
    if (token === this.token || error instanceof WorkerRestarted) {
      const text = error instanceof WorkerRestarted ? `${capitalize(error.message)}.` : `The agent failed: ${this.shell.messageOf(error)}`;
      this.setStatus('error', text);
    }
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
