// The search worker: owns its own wasm instance and runs one search at a time in slices.
//
// Between slices it yields to its event loop, so a `stop` (or a newer request) is read within one
// slice, and it posts progress so the page can draw the search live. It measures time with
// performance.now(); the Rust core never reads a clock.
//
// Messages in:  { type: 'plan', id, state, view, seed, pace?, record? }
//                 (pace: steps a second, to watch the search; left out or 0, full speed)
//               { type: 'act', id, state, view, seed, stream, budgetMs, progress?, record? }
//                 (budgetMs null: no deadline, the search runs until it finishes or is stopped;
//                  record: keep the run's timeline under the request's id, see below)
//               { type: 'timeline', id, run, step, markers? }   (the view of run `run` at `step`)
//               { type: 'tree', id, run, step, maxDepth, maxNodes }  (its MCTS tree at `step`)
//               { type: 'iteration', id, run, step }  (its MCTS iteration of `step`, phase by phase)
//               { type: 'population', id, run, step }  (RHEA's last population at `step`)
//               { type: 'batch', id, view, index }        (one game of a batch, to its end)
//               { type: 'pace', id, pace, advance }   (a paced plan: new pace, 0 holds it;
//                                                      plus `advance` steps at once)
//               { type: 'stop', id }
// Messages out: { type: 'ready' } once, or { type: 'fatal', message } if wasm cannot load;
//               { type: 'progress', id, ...snapshot }             (plan, and act when asked,
//                                                                  every PROGRESS_MS)
//               { type: 'done', id, ...snapshot }                 (plan finished or hit a limit)
//               { type: 'acted', id, action, thinkMs, ...snapshot }
//               { type: 'stopped', id, ...snapshot }
//               { type: 'error', id, message }
//               { type: 'crashed', id }   (the wasm module trapped: this worker is spent)
//               { type: 'progress', id, report } and then { type: 'done', id, report }   (batch)
//               { type: 'timeline', id, run, ...TimelineView, thinking?, markers?, memoryBytes? }
//                 (thinking: what an Othello agent thought, or KB Fast-Evo knew, at the step; markers and the
//                  recording's size in bytes when asked for markers)
//               { type: 'tree', id, run, step, nodes }
//               { type: 'iteration', id, run, step, iteration }   (IterationView, or null at step 0)
//               { type: 'population', id, run, step, population } (PopulationView, or null)
// A snapshot is { progress, stats, plan, heat, frontier, rootActions, thinking, elapsedMs }
// (thinking: what a two-player agent thinks, undefined for other games), plus, for a recorded
// run, timelineLength and timelineFull (the step where recording stopped, or null); a batch
// report is BatchGame.step's (index, seed, moves, score, maxTile, work, over).
//
// Recorded runs: the timelines of the last KEPT_TIMELINES recorded requests stay here, under
// their request's id, after their search ends (older ones are freed). Queries about them
// (`timeline`, `tree`, `iteration`, `population`) never cancel the running search: they are answered at once, between its slices,
// except during an act under a deadline, which they would make late: they wait for its answer.

import init, { SearchJob, BatchGame } from './pkg/searchlab.js';
import { wasmUrl } from './wasm-module.js';

const PROGRESS_MS = 100;
const PLAN_SLICE_MS = 8;
const ACT_SLICE_MS = 2;
/** Batch games run alone in their worker, so their slices may be longer. */
const BATCH_SLICE_MS = 16;
/** A batch game reports its moves and score this often. */
const BATCH_PROGRESS_MS = 250;
/** A paced plan steps and posts its progress this often. */
const PACE_TICK_MS = 50;
/** A held plan still posts its progress this often, so the page's watchdog hears from it. */
const HELD_PROGRESS_MS = 1000;
/** Stop an act this long before its deadline, to leave time to answer: GVGAI's sample agents
 * keep the same 5 ms (sampleMCTS's remainingLimit), which absorbs a slice the OS delays. */
const ACT_MARGIN_MS = 5;

/** Recorded runs whose timelines stay answerable; the oldest is freed beyond this. */
const KEPT_TIMELINES = 4;

let current = null; // { id, cancelled, timed? }
/** Timeline queries that wait for the timed act under way to answer. */
const waiting = [];

/** Timelines of recorded runs by request id, oldest first. */
const timelines = new Map();

const channel = new MessageChannel();
let wake = null;
channel.port1.onmessage = () => wake && wake();
/** Lets queued messages (stop, new requests) run; much faster than setTimeout(0). */
function yieldToEvents() {
  return new Promise((resolve) => {
    wake = resolve;
    channel.port2.postMessage(0);
  });
}

/** What the page draws: progress and counters, the best plan, the heat map, the frontier;
 * for a recorded run (`timeline`), how many steps its timeline holds and where it filled up. */
function snapshot(job, progress, elapsedMs, timeline) {
  const shot = {
    progress,
    elapsedMs,
    plan: job.plan(),
    heat: job.heat(),
    frontier: job.frontier(),
    rootActions: job.rootActions(),
    thinking: job.thinking(),
  };
  if (timeline) {
    shot.timelineLength = timeline.length();
    shot.timelineFull = timeline.fullAt() ?? null;
  }
  return shot;
}

/** Makes `job`'s search a recorded run when `message.record` asks for it: its timeline is kept
 * under the message's id (the oldest kept one freed beyond KEPT_TIMELINES). */
function keepTimeline(message, job) {
  if (!message.record) return null;
  const timeline = job.timeline();
  timelines.set(message.id, timeline);
  for (const [id, old] of timelines) {
    if (timelines.size <= KEPT_TIMELINES) break;
    old.free();
    timelines.delete(id);
  }
  return timeline;
}

/** The kept timeline of run `run`, or an Error saying it is gone. */
function timelineOf(run) {
  const timeline = timelines.get(run);
  if (!timeline) throw new Error(`the timeline of run ${run} is no longer kept (the worker keeps the last ${KEPT_TIMELINES} recorded runs)`);
  return timeline;
}

/** The message types that ask about a kept timeline. */
const TIMELINE_QUERIES = new Set(['timeline', 'tree', 'iteration', 'population']);

/** Answers a query about a kept timeline (TIMELINE_QUERIES), at once. */
function answerTimeline(message) {
  try {
    const timeline = timelineOf(message.run);
    const { id, run, step } = message;
    if (message.type === 'tree') {
      const nodes = timeline.tree(step, message.maxDepth, message.maxNodes);
      post({ type: 'tree', id, run, step, nodes });
    } else if (message.type === 'iteration') {
      post({ type: 'iteration', id, run, step, iteration: timeline.iteration(step) ?? null });
    } else if (message.type === 'population') {
      post({ type: 'population', id, run, step, population: timeline.population(step) ?? null });
    } else {
      const view = timeline.viewAt(step);
      const reply = { type: 'timeline', id, run, ...view };
      const thinking = timeline.thinkingAt(step);
      if (thinking !== undefined) reply.thinking = thinking;
      if (message.markers) {
        reply.markers = timeline.markers();
        reply.memoryBytes = timeline.memoryBytes();
      }
      post(reply);
    }
  } catch (error) {
    post({ type: 'error', id: message.id, message: String(error?.message ?? error) });
  }
}

function transferables(message) {
  return ['plan', 'heat', 'frontier'].filter((k) => message[k]).map((k) => message[k].buffer);
}

function post(message) {
  self.postMessage(message, transferables(message));
}

/** Steps `job` in slices of about `sliceMs` until it finishes, is cancelled or reaches `deadline`. */
async function runSlices(task, job, sliceMs, deadline, onProgress) {
  let units = 32;
  let progress = null;
  const start = performance.now();
  let lastPost = start;
  for (;;) {
    const before = performance.now();
    if (deadline !== null) {
      const remaining = deadline - before;
      if (remaining <= 0) break;
      units = Math.max(1, Math.min(units, Math.floor(units * (remaining / sliceMs))));
    }
    progress = job.step(units);
    const after = performance.now();
    const took = Math.max(after - before, 0.05);
    units = Math.max(1, Math.min(1_000_000, Math.round(units * Math.min(4, sliceMs / took))));
    if (progress.status !== 'running') break;
    if (onProgress && after - lastPost >= PROGRESS_MS) {
      lastPost = after;
      onProgress(progress, after - start);
    }
    await yieldToEvents();
    if (task.cancelled) break;
  }
  return { progress, elapsedMs: performance.now() - start };
}

/**
 * Steps `job` at about `task.pace` units a second (expansions, playouts or evaluated plans), plus
 * `task.advance` units at once, posting progress after every step, until it finishes or is
 * cancelled: a search slowed down to be watched. A `pace` message changes both while it runs
 * (pace 0 holds the search; advance 1 takes a single step).
 */
async function runPaced(task, job, onProgress) {
  const start = performance.now();
  let last = start;
  let lastPost = start;
  let credit = 0;
  let progress = null;
  while (!task.cancelled) {
    await new Promise((resolve) => setTimeout(resolve, PACE_TICK_MS));
    if (task.cancelled) break;
    const now = performance.now();
    credit += (task.pace * (now - last)) / 1000;
    last = now;
    const steps = Math.floor(credit) + task.advance;
    credit -= Math.floor(credit);
    task.advance = 0;
    if (steps > 0) {
      progress = job.step(steps);
      if (progress.status !== 'running') break;
    } else if (now - lastPost < HELD_PROGRESS_MS) {
      continue;
    }
    lastPost = now;
    onProgress(progress ?? job.step(0), now - start);
  }
  return { progress: progress ?? job.step(0), elapsedMs: performance.now() - start };
}

async function plan(message) {
  const task = { id: message.id, cancelled: false, pace: message.pace ?? 0, advance: 0 };
  current = task;
  const job = new SearchJob(message.state, message.view, message.seed, 0, Boolean(message.record));
  try {
    const timeline = keepTimeline(message, job);
    const onProgress = (p, ms) => {
      if (current === task) post({ type: 'progress', id: task.id, ...snapshot(job, p, ms, timeline) });
    };
    const { progress, elapsedMs } = task.pace > 0
      ? await runPaced(task, job, onProgress)
      : await runSlices(task, job, PLAN_SLICE_MS, null, onProgress);
    const type = task.cancelled ? 'stopped' : 'done';
    post({ type, id: task.id, ...snapshot(job, progress, elapsedMs, timeline) });
  } finally {
    job.free();
    if (current === task) current = null;
  }
}

async function act(message) {
  const start = performance.now();
  const timed = message.budgetMs !== null && message.budgetMs !== undefined;
  const task = { id: message.id, cancelled: false, timed };
  current = task;
  const deadline = timed ? start + message.budgetMs - ACT_MARGIN_MS : null;
  const job = new SearchJob(message.state, message.view, message.seed, message.stream, Boolean(message.record));
  let timeline = null;
  const onProgress = message.progress
    ? (p, ms) => {
      if (current === task) post({ type: 'progress', id: task.id, ...snapshot(job, p, ms, timeline) });
    }
    : null;
  try {
    timeline = keepTimeline(message, job);
    const sliceMs = timed ? ACT_SLICE_MS : PLAN_SLICE_MS;
    const { progress, elapsedMs } = await runSlices(task, job, sliceMs, deadline, onProgress);
    const action = job.bestAction();
    const thinkMs = performance.now() - start;
    const type = task.cancelled ? 'stopped' : 'acted';
    post({ type, id: task.id, action: action ?? null, thinkMs, ...snapshot(job, progress ?? job.step(0), elapsedMs, timeline) });
  } finally {
    job.free();
    if (current === task) current = null;
    for (const query of waiting.splice(0)) answerTimeline(query);
  }
}

/** Plays one batch game to its end in slices, reporting its moves and score as it goes. */
async function batch(message) {
  const task = { id: message.id, cancelled: false };
  current = task;
  const game = new BatchGame(message.view, message.index);
  try {
    let units = 8;
    let lastPost = performance.now();
    let report = game.step(0);
    while (!report.over) {
      const before = performance.now();
      report = game.step(units);
      const after = performance.now();
      const took = Math.max(after - before, 0.05);
      units = Math.max(1, Math.min(1_000_000, Math.round(units * Math.min(4, BATCH_SLICE_MS / took))));
      if (after - lastPost >= BATCH_PROGRESS_MS) {
        lastPost = after;
        post({ type: 'progress', id: task.id, report });
      }
      await yieldToEvents();
      if (task.cancelled) break;
    }
    post({ type: task.cancelled ? 'stopped' : 'done', id: task.id, report });
  } finally {
    game.free();
    if (current === task) current = null;
  }
}

/**
 * Whether `error` is a trap of the wasm module (a memory access out of bounds, the `unreachable`
 * a Rust panic ends in): its memory can no longer be trusted, so the page must replace this
 * worker rather than send it another request.
 */
function isTrap(error) {
  return error instanceof WebAssembly.RuntimeError;
}

async function handle(message) {
  try {
    if (TIMELINE_QUERIES.has(message.type)) answerTimeline(message);
    else if (message.type === 'plan') await plan(message);
    else if (message.type === 'act') await act(message);
    else if (message.type === 'batch') await batch(message);
  } catch (error) {
    // A trap is reported without its words (the page says it in its own); a JsError from the
    // API carries a readable message, never a stack trace.
    if (isTrap(error)) post({ type: 'crashed', id: message.id });
    else post({ type: 'error', id: message.id, message: String(error?.message ?? error) });
  }
}

let ready = false;
const queue = [];

self.onmessage = (event) => {
  const message = event.data;
  if (message.type === 'stop') {
    if (current && current.id === message.id) current.cancelled = true;
    else post({ type: 'stopped', id: message.id });
    return;
  }
  if (TIMELINE_QUERIES.has(message.type)) {
    if (!ready) queue.push(message);
    else if (current?.timed) waiting.push(message);
    else answerTimeline(message);
    return;
  }
  if (message.type === 'pace') {
    if (current && current.id === message.id && 'pace' in current) {
      current.pace = message.pace;
      current.advance += message.advance;
    }
    return;
  }
  // A newer request replaces whatever is running.
  if (current) current.cancelled = true;
  if (ready) handle(message);
  else queue.push(message);
};

init({ module_or_path: wasmUrl }).then(
  () => {
    ready = true;
    self.postMessage({ type: 'ready' });
    for (const message of queue.splice(0)) handle(message);
  },
  (error) => self.postMessage({ type: 'fatal', message: `could not load the search engine: ${error?.message ?? error}` }),
);
