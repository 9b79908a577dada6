// A crash of the search worker in Debian's Chromium (playwright-core): a real wasm trap during a
// search, and an uncaught error in the worker, each become one plain sentence in the status (no
// stack trace), the worker is replaced, the user's level and settings stay on the page, and the
// next Play runs a search in the fresh worker. Run with `node --test tests/e2e/` after
// `./dev.sh build`.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { browserSuite, openPage, status, waitForState } from './harness.mjs';

const suite = browserSuite();

/** A custom level and settings that differ from every default. */
const CUSTOM = 'v=1&game=bait&level=wwwwww/wA..gw/wk...w/wwwwww&algo=wastar&weight=2.5&mode=plan&seed=11';
const CRASHED = /^The search engine crashed and was restarted; your level and settings are kept\./;

/** The page's search worker once it has loaded its wasm module, other than `old`. */
async function searchWorker(page, old = null) {
  for (;;) {
    const worker = page.workers().find((w) => w !== old);
    if (worker) {
      const loaded = await worker.evaluate(async () => {
        const wasm = await import(new URL('./pkg/searchlab.js', self.location.href));
        return typeof wasm.SearchJob === 'function';
      }).catch(() => false);
      if (loaded) return worker;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** What the page shows of the user's level and settings. */
async function settings(page) {
  return {
    // The moves played (the link's `moves`, issue 18) are the game, not a setting.
    url: page.url().replace(/&moves=[A-Z]*/, ''),
    level: await page.inputValue('[data-testid=level]'),
    algo: await page.inputValue('[data-testid=algo]'),
  };
}

/** Whether `worker` has ended (Playwright reports a terminated worker as closed). */
function closed(worker) {
  return new Promise((resolve) => worker.once('close', () => resolve(true)));
}

test('a wasm trap in a search and an uncaught error in the worker restart it, keeping the level and settings', async () => {
  const { page, problems } = await openPage(suite.browser.context, `${suite.server.url}#${CUSTOM}`);
  const kept = await settings(page);
  assert.equal(kept.level, 'custom');
  assert.equal(kept.algo, 'wastar');
  assert.match(kept.url, /weight=2\.5/);

  // The next search's first step calls into the module with a handle whose pointer lies past its
  // memory: a real trap (RuntimeError: memory access out of bounds), inside the worker's task.
  const first = await searchWorker(page);
  await first.evaluate(async () => {
    const wasm = await import(new URL('./pkg/searchlab.js', self.location.href));
    const step = wasm.SearchJob.prototype.step;
    wasm.SearchJob.prototype.step = function trap(units) {
      const forged = Object.create(wasm.SearchJob.prototype);
      forged.__wbg_ptr = 0xfffffff0;
      return step.call(forged, units);
    };
  });
  const firstClosed = closed(first);
  await page.click('[data-testid=play]');
  let s = await waitForState(page, ['error', 'won', 'lost']);
  assert.equal(s.state, 'error');
  assert.match(s.text, CRASHED);
  assert.doesNotMatch(s.text, /RuntimeError|memory access|\bat\b.*:\d+/);
  assert.equal(await firstClosed, true, 'the trapped worker was ended');
  assert.deepEqual(await settings(page), kept);
  assert.equal(await page.textContent('[data-testid=play]'), 'Play');

  // The fresh worker plans the level to its win.
  const second = await searchWorker(page, first);
  await page.click('[data-testid=play]');
  s = await waitForState(page, ['won', 'lost', 'error']);
  assert.equal(s.state, 'won', s.text);
  assert.deepEqual(problems, []);

  // An error no task catches (the worker's 'error' event) while nothing runs: the same words.
  const secondClosed = closed(second);
  await second.evaluate(() => {
    setTimeout(() => {
      throw new WebAssembly.RuntimeError('unreachable');
    }, 0);
  });
  await page.waitForFunction((p) => new RegExp(p).test(document.querySelector('[data-testid=status]').textContent), CRASHED.source);
  s = await status(page);
  assert.equal(s.state, 'error');
  assert.match(s.text, /kept\. You can press Play again\.$/);
  assert.equal(await secondClosed, true);
  assert.deepEqual(await settings(page), kept);

  await searchWorker(page, second);
  await page.click('[data-testid=reset]');
  await page.click('[data-testid=play]');
  s = await waitForState(page, ['won', 'lost', 'error']);
  assert.equal(s.state, 'won', s.text);
  await page.close();
});
