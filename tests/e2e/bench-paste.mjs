// How long the page stops answering when a person pastes 10 MB into Bait's level box, for
// BENCHMARKS.md (after `./dev.sh build`).
//   `node tests/e2e/bench-paste.mjs [WWW] [RUNS] [BYTES]`: WWW is the folder to serve (default
// this repository's www/; give the www/ of another commit, with a pkg/ built, for the figure
// before a change); RUNS pastes (default 5), each in a fresh tab; BYTES the size of the paste
// (default 10 MB; 0 pastes nothing, for the frame gaps the machine shows anyway).
// A real paste: the text goes to the clipboard, the level box takes the focus and Chromium gets
// Ctrl+V, so the page's paste handler and the browser's own insertion both run as they do for a
// person. The page counts animation frames meanwhile; the figure is the longest gap between two
// frames from the key press until 5 s later (a frame every 16.7 ms when nothing blocks), and the
// long tasks (over 50 ms) Chromium reports in that time. Median and worst of the runs.
// Not a test: it is not picked up by `node --test`.

import path from 'node:path';
import { ROOT, startServer, launchBrowser } from './harness.mjs';

const root = path.resolve(process.argv[2] ?? ROOT);
const runs = Number(process.argv[3] ?? 5);
const BYTES = Number(process.argv[4] ?? 10 * 1024 * 1024);

/** In the page: starts counting frames and long tasks. */
function startWatching() {
  window.benchFrames = [];
  window.benchLongTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.benchLongTasks.push(entry.duration);
  }).observe({ type: 'longtask' });
  const frame = (t) => {
    window.benchFrames.push(t);
    if (window.benchFrames.length < 100000) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

/** In the page: the longest gap between frames after `since` (ms), and the long tasks' total. */
function watched(since) {
  const frames = window.benchFrames.filter((t) => t >= since);
  let gap = 0;
  for (let i = 1; i < frames.length; i += 1) gap = Math.max(gap, frames[i] - frames[i - 1]);
  // The first frame after the key press counts from the press itself.
  if (frames.length) gap = Math.max(gap, frames[0] - since);
  const long = window.benchLongTasks.reduce((a, b) => a + b, 0);
  return { gap, long, frames: frames.length };
}

async function onePaste(context, url) {
  const page = await context.newPage();
  await page.goto(url);
  await page.waitForFunction(() => document.documentElement.dataset.ready === 'true');
  await page.evaluate((bytes) => navigator.clipboard.writeText('w'.repeat(bytes)), BYTES);
  await page.click('[data-testid=paste-open]');
  await page.focus('[data-testid=paste-text]');
  await page.evaluate(startWatching);
  await page.waitForTimeout(500);
  const since = await page.evaluate(() => performance.now());
  await page.keyboard.press('Control+V');
  await page.waitForTimeout(5000);
  const result = await page.evaluate(watched, since);
  result.boxChars = await page.$eval('[data-testid=paste-text]', (el) => el.value.length);
  result.message = await page.textContent('[data-testid=paste-error]');
  await page.close();
  return result;
}

const server = await startServer(root);
const browser = await launchBrowser();
await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
const results = [];
try {
  for (let run = 0; run < runs; run += 1) {
    const result = await onePaste(browser.context, server.url);
    console.log(`run ${run + 1}: longest frame gap ${result.gap.toFixed(0)} ms, long tasks ${result.long.toFixed(0)} ms, ` +
      `${result.boxChars.toLocaleString('en-US')} characters in the box; message: ${result.message || '(none)'}`);
    results.push(result);
  }
} finally {
  await browser.close();
  await server.close();
}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const gaps = results.map((r) => r.gap);
console.log(`${root}: ${BYTES.toLocaleString('en-US')}-byte paste, ${runs} runs: longest frame gap median ${median(gaps).toFixed(0)} ms, worst ` +
  `${Math.max(...gaps).toFixed(0)} ms; long tasks median ${median(results.map((r) => r.long)).toFixed(0)} ms`);
