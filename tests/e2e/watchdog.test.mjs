// The page's worker protocol and watchdog (www/search-client.js), in Node with a scripted fake
// Worker: a silent, crashed or stop-deaf worker is terminated and replaced, and the caller told;
// queries about recorded runs are answered beside a request, superseded per channel, and watched.

import { test, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { CRASHED, SearchClient, SearchStopped, WorkerRestarted } from '../../www/search-client.js';

/** A Worker whose replies the test scripts through `FakeWorker.script(worker, message)`. */
class FakeWorker {
  static instances = [];
  static script = () => {};

  constructor() {
    this.posted = [];
    this.terminated = false;
    FakeWorker.instances.push(this);
    setTimeout(() => this.reply({ type: 'ready' }), 0);
  }

  reply(data) {
    if (!this.terminated) this.onmessage?.({ data });
  }

  postMessage(message) {
    this.posted.push(message);
    FakeWorker.script(this, message);
  }

  terminate() {
    this.terminated = true;
  }
}
globalThis.Worker = FakeWorker;

const LIMITS = { silenceMs: 150, actGraceMs: 100, stopMs: 80, loadMs: 1000 };

function client() {
  const restarts = [];
  const c = new SearchClient({ onRestart: (reason) => restarts.push(reason), limits: LIMITS });
  return { c, restarts };
}

const PLAN = { type: 'plan', state: '{}', view: {}, seed: 1 };

beforeEach(() => {
  FakeWorker.instances = [];
  FakeWorker.script = () => {};
});

test('progress reaches the caller and the final message resolves the request', async () => {
  FakeWorker.script = (worker, m) => {
    if (m.type !== 'plan') return;
    setTimeout(() => worker.reply({ type: 'progress', id: m.id, n: 1 }), 5);
    setTimeout(() => worker.reply({ type: 'progress', id: m.id + 100, n: 99 }), 6); // stale
    setTimeout(() => worker.reply({ type: 'done', id: m.id, n: 2 }), 10);
  };
  const { c, restarts } = client();
  const seen = [];
  const done = await c.request(PLAN, (p) => seen.push(p.n));
  assert.equal(done.n, 2);
  assert.deepEqual(seen, [1]);
  assert.deepEqual(restarts, []);
  assert.equal(c.busy, false);
  c.dispose();
});

test('a silent worker is replaced and the request fails with the reason', async () => {
  const { c, restarts } = client();
  await assert.rejects(c.request(PLAN), WorkerRestarted);
  assert.equal(restarts.length, 1);
  assert.match(restarts[0], /stopped responding/);
  assert.equal(FakeWorker.instances.length, 2);
  assert.ok(FakeWorker.instances[0].terminated);
  c.dispose();
});

test('a crashed worker is replaced', async () => {
  FakeWorker.script = (worker, m) => {
    if (m.type === 'plan') setTimeout(() => worker.onerror({ preventDefault() {} }), 5);
  };
  const { c, restarts } = client();
  await assert.rejects(c.request(PLAN), WorkerRestarted);
  assert.deepEqual(restarts, [CRASHED]);
  assert.equal(FakeWorker.instances.length, 2);
  c.dispose();
});

test('a worker whose wasm module trapped is replaced, whichever request it served', async () => {
  FakeWorker.script = (worker, m) => {
    // A stale id: a trap spends the module whatever request it came from.
    if (m.type === 'plan') setTimeout(() => worker.reply({ type: 'crashed', id: m.id + 100 }), 5);
  };
  const { c, restarts } = client();
  await assert.rejects(c.request(PLAN), (error) => error instanceof WorkerRestarted && error.message === CRASHED);
  assert.deepEqual(restarts, [CRASHED]);
  assert.equal(FakeWorker.instances.length, 2);
  assert.ok(FakeWorker.instances[0].terminated);
  c.dispose();
});

test('a stop is confirmed, and the request ends as stopped', async () => {
  FakeWorker.script = (worker, m) => {
    if (m.type === 'stop') setTimeout(() => worker.reply({ type: 'stopped', id: m.id }), 3);
  };
  const { c, restarts } = client();
  const pending = c.request(PLAN);
  const ms = await c.stop();
  await assert.rejects(pending, SearchStopped);
  assert.ok(ms >= 0);
  assert.deepEqual(restarts, []);
  assert.equal(FakeWorker.instances.length, 1);
  c.dispose();
});

test('a request that ends just as Stop is pressed confirms the stop', async () => {
  // The act's answer crosses the stop message: the worker replies 'acted', never 'stopped'.
  FakeWorker.script = (worker, m) => {
    if (m.type === 'act') setTimeout(() => worker.reply({ type: 'acted', id: m.id, action: 2 }), 5);
  };
  const { c, restarts } = client();
  const pending = c.request({ type: 'act', state: '{}', view: {}, seed: 1, budgetMs: 40 });
  await new Promise((resolve) => setTimeout(resolve, 1));
  const ms = await c.stop();
  assert.equal((await pending).action, 2);
  assert.ok(ms >= 0);
  assert.equal(c.busy, false);
  assert.deepEqual(restarts, []);
  c.dispose();
});

test('a worker that ignores Stop is ended and replaced', async () => {
  FakeWorker.script = (worker, m) => {
    // Keeps posting progress, so only the stop limit can catch it.
    if (m.type === 'plan') {
      const beat = setInterval(() => (worker.terminated ? clearInterval(beat) : worker.reply({ type: 'progress', id: m.id })), 10);
    }
  };
  const { c, restarts } = client();
  const pending = c.request(PLAN);
  await new Promise((resolve) => setTimeout(resolve, 30));
  await c.stop();
  await assert.rejects(pending, WorkerRestarted);
  assert.match(restarts[0], /did not stop in time/);
  assert.equal(FakeWorker.instances.length, 2);
  c.dispose();
});

test('an act may not overrun its budget by more than the grace', async () => {
  const { c, restarts } = client();
  const t0 = performance.now();
  await assert.rejects(c.request({ type: 'act', budgetMs: 50 }), WorkerRestarted);
  assert.ok(performance.now() - t0 >= 150, 'not before budget + grace');
  assert.equal(restarts.length, 1);
  c.dispose();
});

test('timeline queries: answered beside a running request; a newer query on a channel supersedes the older', async () => {
  FakeWorker.script = (worker, m) => {
    if (m.type === 'plan') setTimeout(() => worker.reply({ type: 'done', id: m.id }), 60);
    if (m.type === 'timeline') setTimeout(() => worker.reply({ type: 'timeline', id: m.id, run: m.run, step: m.step }), 10);
    if (m.type === 'tree') setTimeout(() => worker.reply({ type: 'error', id: m.id, message: 'the tree view is for MCTS' }), 5);
  };
  const { c, restarts } = client();
  const plan = c.request(PLAN);
  const older = c.timelineView('board', 1, 10);
  const newer = c.timelineView('board', 1, 20);
  const other = c.timelineView('other', 1, 30, { markers: true });
  assert.equal(await older, null, 'superseded');
  assert.equal((await newer).step, 20);
  assert.equal((await other).step, 30);
  assert.equal(FakeWorker.instances[0].posted.find((m) => m.type === 'timeline' && m.step === 30).markers, true);
  await assert.rejects(c.tree('board', 1, 5, 4, 100), /the tree view is for MCTS/);
  assert.equal(c.busy, true, 'the plan runs on');
  await plan;
  assert.deepEqual(restarts, []);
  c.dispose();
});

test('a query the worker never answers restarts it, and a restart fails the queries still waiting', async () => {
  const { c, restarts } = client();
  await new Promise((resolve) => setTimeout(resolve, 20));
  await assert.rejects(c.timelineView('board', 1, 10), WorkerRestarted);
  assert.match(restarts[0], /stopped answering/);
  assert.equal(FakeWorker.instances.length, 2);
  c.dispose();
});
