// The batch mode's pool of workers: each worker (worker.js, with its own wasm instance) plays
// whole games, one at a time, and the pool hands out game indices until the batch is done.
//
// Batch games budget each move in work units, not time, so every game replays from its seed
// whatever the machine and however many workers share it. A worker silent for too long is
// replaced and its game played again from the start (same seed, same game).

/** Workers in the pool: one per core, at most this many. */
export const MAX_WORKERS = 8;

/** The pool's patience, in milliseconds. */
export const LIMITS = {
  /** A playing worker reports at least this often (it reports every 250 ms). */
  silenceMs: 10000,
  /** Loading the wasm module in a new worker may take this long. */
  loadMs: 15000,
};

/** How many workers a batch of `games` games uses on this machine. */
export function poolSize(games) {
  const cores = navigator.hardwareConcurrency || 2;
  return Math.max(1, Math.min(cores, MAX_WORKERS, games));
}

export class BatchPool {
  /**
   * Plays `view.games` games of the batch `view` describes. `onProgress(report)` hears about
   * games in play, `onGame(report)` about each finished game, `onDone()` once all are finished,
   * `onError(message)` if a game cannot be played (the batch then stops).
   */
  constructor({ view, onProgress, onGame, onDone, onError, limits = {} }) {
    this.view = view;
    this.callbacks = { onProgress, onGame, onDone, onError };
    this.limits = { ...LIMITS, ...limits };
    this.next = 0;
    this.finished = 0;
    this.nextId = 1;
    this.stopped = false;
    this.slots = [];
    this.size = poolSize(view.games);
    for (let i = 0; i < this.size; i += 1) this.slots.push(this.spawn());
    this.timer = setInterval(() => this.watch(), 500);
  }

  spawn() {
    const slot = {
      worker: new Worker(new URL('../worker.js', import.meta.url), { type: 'module' }),
      ready: false,
      game: null, // { id, index }
      heard: performance.now(),
    };
    slot.worker.onmessage = (event) => this.receive(slot, event.data);
    slot.worker.onerror = (event) => {
      event.preventDefault();
      this.replace(slot);
    };
    return slot;
  }

  /** Ends a stuck or crashed worker and starts a fresh one, which replays the same game. */
  replace(slot) {
    if (this.stopped) return;
    slot.worker.terminate();
    const index = slot.game?.index;
    const fresh = this.spawn();
    fresh.retry = index;
    this.slots[this.slots.indexOf(slot)] = fresh;
  }

  watch() {
    const now = performance.now();
    for (const slot of this.slots) {
      const patience = slot.ready ? this.limits.silenceMs : this.limits.loadMs;
      if ((slot.game || !slot.ready) && now - slot.heard > patience) this.replace(slot);
    }
  }

  receive(slot, message) {
    if (this.stopped) return;
    slot.heard = performance.now();
    if (message.type === 'ready') {
      slot.ready = true;
      this.assign(slot);
      return;
    }
    if (message.type === 'fatal') {
      this.fail(message.message);
      return;
    }
    if (!slot.game || message.id !== slot.game.id) return;
    switch (message.type) {
      case 'progress':
        this.callbacks.onProgress?.(message.report);
        break;
      case 'done':
        slot.game = null;
        this.finished += 1;
        this.callbacks.onGame?.(message.report);
        if (this.finished === this.view.games) {
          this.dispose();
          this.callbacks.onDone?.();
        } else {
          this.assign(slot);
        }
        break;
      case 'error':
        this.fail(message.message);
        break;
      case 'crashed':
        // The same game would trap again from its seed: the batch stops rather than loop.
        this.fail('the search engine crashed');
        break;
      default:
        break;
    }
  }

  /** Gives `slot` the game it must replay, else the next unplayed one, if any is left. */
  assign(slot) {
    let index = slot.retry;
    slot.retry = undefined;
    if (index === undefined) {
      if (this.next >= this.view.games) return;
      index = this.next;
      this.next += 1;
    }
    slot.game = { id: this.nextId++, index };
    slot.heard = performance.now();
    slot.worker.postMessage({ type: 'batch', id: slot.game.id, view: this.view, index });
  }

  fail(message) {
    this.dispose();
    this.callbacks.onError?.(message);
  }

  /** Ends every worker at once; nothing is reported after this. */
  dispose() {
    this.stopped = true;
    clearInterval(this.timer);
    for (const slot of this.slots) slot.worker.terminate();
  }
}
