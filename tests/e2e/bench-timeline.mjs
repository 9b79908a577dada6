// Scrub latency of the search timeline in Chromium (`./dev.sh figures timeline`, after
// `./dev.sh build`): BFS records 1,000,000 steps on a Bait level whose key is walled in (so the
// search runs to its node limit), then the slider is moved to SCRUBS steps spread over the run;
// each time, the page records the time from the slider's `input` event to the board redrawn with
// the view at that step (metrics.scrubs), and this script the time to the next animation frame
// after it. Then a fast drag: DRAG_INPUTS inputs DRAG_GAP_MS apart, to show how many views the
// coalescing actually asks for and how long the last one takes to show.
// Not a test: it asserts nothing and is not picked up by `node --test`.

import { openPage, waitForState, linkFor } from './harness.mjs';
import { WALLED_WAREHOUSE, quantile, fmt, load, runBench } from './bench-harness.mjs';

const STEPS = 1_000_000;
const SCRUBS = 60;
const DRAG_INPUTS = 100;
const DRAG_GAP_MS = 5;

async function main({ server, browser }) {
  const loadBefore = load();
  const url = server.url + linkFor(WALLED_WAREHOUSE, `algo=bfs&mode=plan&max-nodes=${STEPS}&seed=1`);
  const { page, problems } = await openPage(browser.context, url);
  const started = Date.now();
  await page.click('[data-testid=step]');
  const s = await waitForState(page, ['idle', 'error'], 600_000);
  const searchS = (Date.now() - started) / 1000;
  await page.waitForFunction(() => document.querySelector('[data-testid=timeline]')?.dataset.following === 'true'
    && !document.querySelector('[data-testid=timeline]').closest('[hidden]'));
  await page.waitForFunction(() => document.querySelector('[data-testid=timeline]').dataset.memoryBytes !== '');
  const recorded = await page.$eval('[data-testid=timeline]', (el) => Number(el.dataset.length));
  const bytes = await page.$eval('[data-testid=timeline]', (el) => Number(el.dataset.memoryBytes));
  const full = await page.textContent('[data-testid=timeline-full]');
  const memory = await page.evaluate(() => performance.memory?.usedJSHeapSize ?? null);
  console.log(`# status: ${s.text}`);
  console.log(`# recorded ${recorded.toLocaleString('en-US')} steps in ${searchS.toFixed(1)} s (search and recording)${full ? `; ${full}` : ''}`);
  console.log(`# the recording: ${(bytes / 1e6).toFixed(1)} MB, ${(bytes / recorded).toFixed(1)} bytes a step`);

  // Scrubs one at a time: the page's own timing (input to redrawn board) and to the next frame.
  const result = await page.evaluate(async ({ scrubs, length }) => {
    const slider = document.querySelector('[data-testid=timeline]');
    const metrics = window.searchlabMetrics;
    const frames = [];
    let seed = 12345;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    for (let i = 0; i < scrubs; i += 1) {
      const step = Math.floor(next() * length);
      const before = metrics.scrubs.length;
      const t0 = performance.now();
      slider.value = String(step);
      slider.dispatchEvent(new Event('input', { bubbles: true }));
      await new Promise((resolve) => {
        const check = () => (metrics.scrubs.length > before ? resolve() : setTimeout(check, 0));
        check();
      });
      await new Promise((resolve) => requestAnimationFrame(resolve));
      frames.push(performance.now() - t0);
    }
    return { drawn: metrics.scrubs.slice(-scrubs), frames };
  }, { scrubs: SCRUBS, length: recorded });
  const drawn = result.drawn.map((d) => d.ms);

  // A fast drag: many inputs in a row; the coalescing asks only for the latest step.
  const drag = await page.evaluate(async ({ inputs, gap, length }) => {
    const slider = document.querySelector('[data-testid=timeline]');
    const metrics = window.searchlabMetrics;
    const before = metrics.scrubs.length;
    let step = Math.floor(length / 4);
    for (let i = 0; i < inputs; i += 1) {
      step += 997;
      slider.value = String(step);
      slider.dispatchEvent(new Event('input', { bubbles: true }));
      await new Promise((resolve) => setTimeout(resolve, gap));
    }
    const t0 = performance.now();
    await new Promise((resolve) => {
      const check = () => (metrics.scrubs.at(-1)?.step === step ? resolve() : setTimeout(check, 0));
      check();
    });
    return { views: metrics.scrubs.length - before, lastMs: metrics.scrubs.at(-1).ms, waitedAfterLast: performance.now() - t0 };
  }, { inputs: DRAG_INPUTS, gap: DRAG_GAP_MS, length: recorded });

  console.log(`# load average before: ${loadBefore}; after: ${load()} (2 cores, shared)`);
  console.log(`scrub latency, slider input to redrawn board, ${SCRUBS} scrubs over ${recorded.toLocaleString('en-US')} steps: median ${fmt(quantile(drawn, 0.5))}, p95 ${fmt(quantile(drawn, 0.95))}, worst ${fmt(Math.max(...drawn))}`);
  console.log(`  to the next animation frame: median ${fmt(quantile(result.frames, 0.5))}, worst ${fmt(Math.max(...result.frames))}`);
  console.log(`fast drag, ${DRAG_INPUTS} inputs ${DRAG_GAP_MS} ms apart: ${drag.views} views drawn; the last step drawn ${fmt(drag.lastMs)} after its input`);
  if (memory !== null) console.log(`# page JS heap after recording: ${(memory / 1e6).toFixed(1)} MB (the timeline itself lives in the worker's wasm memory)`);
  if (problems.length) console.log(`# page problems: ${problems.join('; ')}`);
}

runBench(main);
