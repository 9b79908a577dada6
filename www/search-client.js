// The page's side of the worker protocol (see worker.js), with a watchdog.
//
// One request runs at a time; each carries an id, and replies with another id are stale and
// dropped. The watchdog terminates and respawns a worker that stays silent too long (a stuck
// slice), that crashes (a wasm trap it reports, or an uncaught error), or that does not confirm a
// stop quickly; the caller is told why. Requests carry the state and the settings, so a fresh
// worker needs nothing back from the page: the user's level and settings stay as they were.
//
// Queries about recorded runs (`timelineView`, `tree`, `iteration`, `population`) run beside the request: the worker
// answers them between slices. Each belongs to a channel (one per consumer, e.g. a board), and a
// newer query on the same channel supersedes an unanswered older one: the older resolves to null
// and its reply, when it comes, is dropped.

/** The watchdog's patience, in milliseconds. */
export const DEFAULT_LIMITS = {
  /** A plan request must post progress at least this often. */
  silenceMs: 3000,
  /** An act may overrun its budget by this much before the worker counts as stuck. */
  actGraceMs: 1500,
  /** A stop not confirmed within this time ends the worker. */
  stopMs: 400,
  /** Loading the wasm module in a new worker may take this long. */
  loadMs: 15000,
};

/** Why the worker was replaced after a crash, in the words the page shows (never a stack trace). */
export const CRASHED = 'the search engine crashed and was restarted; your level and settings are kept';

export class WorkerRestarted extends Error {}
export class SearchStopped extends Error {}

export class SearchClient {
  /**
   * `onRestart(reason)` is told whenever the watchdog replaces the worker; `limits` overrides
   * some of DEFAULT_LIMITS. A `deferred` client starts its worker only at `start()` or its first
   * message, so a page can load what it shows first without the worker's own copy of the wasm
   * module competing for the network and the CPU.
   */
  constructor({ onRestart, limits = {}, deferred = false }) {
    this.onRestart = onRestart;
    this.limits = { ...DEFAULT_LIMITS, ...limits };
    this.nextId = 1;
    this.active = null; // { id, resolve, reject, onProgress, limitMs, heard }
    this.queries = new Map(); // id -> { resolve, reject, channel, sentAt }
    this.channels = new Map(); // channel -> id of its latest query
    this.heardAt = 0; // when the worker last sent anything
    this.worker = null; // until spawned
    this.timer = setInterval(() => this.watch(), Math.min(100, this.limits.stopMs / 4));
    if (!deferred) this.spawn();
  }

  /** Starts the worker if it has not started yet. */
  start() {
    if (!this.worker) this.spawn();
  }

  /** Posts `message` to the worker, started first if need be. */
  post(message) {
    this.start();
    this.worker.postMessage(message);
  }

  /** Ends the worker and the watchdog. */
  dispose() {
    clearInterval(this.timer);
    this.worker?.terminate();
  }

  spawn() {
    this.worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
    this.ready = false;
    this.spawnedAt = performance.now();
    this.worker.onmessage = (event) => this.receive(event.data);
    this.worker.onerror = (event) => {
      event.preventDefault();
      this.restart(CRASHED);
    };
    this.worker.onmessageerror = () => this.restart('the search worker sent an unreadable message');
  }

  /** Ends the current worker, fails the active request with `reason`, starts a fresh worker. */
  restart(reason) {
    this.worker.terminate();
    const active = this.active;
    this.active = null;
    // The recorded runs were the old worker's: queries about them cannot be answered.
    const queries = [...this.queries.values()];
    this.queries.clear();
    this.channels.clear();
    for (const query of queries) query.reject(new WorkerRestarted(reason));
    this.spawn();
    if (active) {
      active.reject(new WorkerRestarted(reason));
      active.stopped?.();
    }
    this.onRestart(reason);
  }

  watch() {
    if (!this.worker) return;
    const now = performance.now();
    if (!this.ready && now - this.spawnedAt > this.limits.loadMs) {
      this.spawnedAt = now;
      this.restart('the search worker did not start');
      return;
    }
    // A query may wait for a timed act to answer (the worker defers it): while a request runs,
    // its own limit watches the worker; after it, a query gets silenceMs from the last message.
    if (this.ready && !this.active) {
      for (const query of this.queries.values()) {
        if (now - Math.max(query.sentAt, this.readyAt, this.heardAt) > this.limits.silenceMs) {
          this.restart('the search worker stopped answering and was restarted');
          return;
        }
      }
    }
    const active = this.active;
    if (!active || !this.ready) return;
    if (active.stopRequestedAt !== undefined && now - active.stopRequestedAt > this.limits.stopMs) {
      this.restart('the search did not stop in time, so its worker was restarted');
    } else if (now - Math.max(active.heard, this.readyAt) > active.limitMs) {
      this.restart('the search worker stopped responding and was restarted');
    }
  }

  receive(message) {
    this.heardAt = performance.now();
    if (message.type === 'ready') {
      this.ready = true;
      this.readyAt = performance.now();
      return;
    }
    if (message.type === 'crashed') {
      // Whichever request it was serving, the worker's wasm memory is spent.
      this.restart(CRASHED);
      return;
    }
    if (message.type === 'fatal') {
      const active = this.active;
      this.active = null;
      if (active) {
        active.reject(new Error(message.message));
        active.stopped?.();
      }
      for (const query of this.queries.values()) query.reject(new Error(message.message));
      this.queries.clear();
      this.channels.clear();
      return;
    }
    if (this.queries.has(message.id)) {
      this.answer(message);
      return;
    }
    const active = this.active;
    if (!active || message.id !== active.id) return; // stale
    active.heard = performance.now();
    switch (message.type) {
      case 'progress':
        active.onProgress?.(message);
        break;
      case 'done':
      case 'acted':
        // A request that ends on its own just as Stop is pressed also confirms the stop.
        this.active = null;
        active.resolve(message);
        active.stopped?.();
        break;
      case 'stopped':
        this.active = null;
        // Where the search stood when it stopped, as a last progress message (a recorded run's
        // timeline ends there).
        if (message.progress) active.onProgress?.(message);
        active.reject(new SearchStopped('stopped'));
        active.stopped?.();
        break;
      case 'error':
        this.active = null;
        active.reject(new Error(message.message));
        active.stopped?.();
        break;
      default:
        break;
    }
  }

  /** Settles query `message.id` with its reply (an `error` rejects it). */
  answer(message) {
    const query = this.queries.get(message.id);
    this.queries.delete(message.id);
    if (this.channels.get(query.channel) === message.id) this.channels.delete(query.channel);
    if (message.type === 'error') query.reject(new Error(message.message));
    else query.resolve(message);
  }

  /** Sends query `message` on `channel`, superseding that channel's unanswered query (which
   * resolves to null); resolves to the worker's reply. */
  query(channel, message) {
    const older = this.channels.get(channel);
    if (older !== undefined) {
      this.queries.get(older)?.resolve(null);
      this.queries.delete(older);
    }
    const id = this.nextId++;
    this.channels.set(channel, id);
    return new Promise((resolve, reject) => {
      this.queries.set(id, { resolve, reject, channel, sentAt: performance.now() });
      this.post({ ...message, id });
    });
  }

  /**
   * The view of recorded run `run` (the id of a request sent with `record: true`) at `step`, with
   * its markers when `markers`: resolves to { step, progress, plan, heat, frontier, rootActions,
   * last, markers?, memoryBytes? (with the markers) }, to null when a newer query on `channel` superseded it; rejects when the
   * worker no longer keeps the run.
   */
  timelineView(channel, run, step, { markers = false } = {}) {
    return this.query(channel, { type: 'timeline', run, step, markers });
  }

  /** The MCTS tree of recorded run `run` at `step` (at most `maxDepth` deep, `maxNodes` nodes):
   * resolves to { step, nodes }, or to null when superseded on `channel`. */
  tree(channel, run, step, maxDepth, maxNodes) {
    return this.query(channel, { type: 'tree', run, step, maxDepth, maxNodes });
  }

  /** The MCTS iteration of step `step` of recorded run `run`, phase by phase: resolves to
   * { step, iteration } (an IterationView, null at step 0), or to null when superseded. */
  iteration(channel, run, step) {
    return this.query(channel, { type: 'iteration', run, step });
  }

  /** RHEA's last population at `step` of recorded run `run`: resolves to { step, population }
   * (a PopulationView, null before the first), or to null when superseded. */
  population(channel, run, step) {
    return this.query(channel, { type: 'population', run, step });
  }

  /** Whether a request is running. */
  get busy() {
    return this.active !== null;
  }

  /**
   * Sends a request (`plan` or `act`); resolves with the final message, rejects with
   * SearchStopped, WorkerRestarted or an Error carrying the engine's message. Its progress
   * messages (the last one where a stopped search stood) and its answer carry its `id`: the run,
   * when it is recorded (`record: true`).
   */
  request(message, onProgress) {
    if (this.active) this.cancelQuietly();
    const id = this.nextId++;
    // An act with a budget may overrun it by the grace; anything else must keep posting progress.
    const timed = message.type === 'act' && message.budgetMs !== null && message.budgetMs !== undefined;
    const limitMs = timed ? message.budgetMs + this.limits.actGraceMs : this.limits.silenceMs;
    return new Promise((resolve, reject) => {
      this.active = { id, resolve, reject, onProgress, limitMs, heard: performance.now() };
      this.post({ ...message, id });
    });
  }

  cancelQuietly() {
    const active = this.active;
    this.active = null;
    this.post({ type: 'stop', id: active.id });
    active.reject(new SearchStopped('replaced'));
  }

  /** Sets the pace of the running paced plan (steps a second; 0 holds it) and has it take
   * `advance` steps at once. */
  pace(pace, advance = 0) {
    if (this.active) this.post({ type: 'pace', id: this.active.id, pace, advance });
  }

  /** Stops the running request; resolves with the milliseconds until the worker confirmed. */
  stop() {
    const active = this.active;
    if (!active) return Promise.resolve(0);
    const t0 = performance.now();
    active.stopRequestedAt = t0;
    return new Promise((resolve) => {
      active.stopped = () => resolve(performance.now() - t0);
      this.post({ type: 'stop', id: active.id });
    });
  }
}
