// Lesson step to ready (`node tests/e2e/bench-lessons.mjs` after `./dev.sh build`): how long a
// lesson step's link takes to show its board, in Chromium. Ready: the lesson panel shows the step
// and the game's controller has written the step's view into the address bar, then one animation
// frame (the board drawn). Two figures: opened in a new tab (from navigation start, the wasm
// module and the game loaded: each lesson's first step) and followed in an open page (a hash
// change, as Next does: every step of every lesson, after one warm-up round). A new tab is timed
// by the page itself, from its first script on (an init script that checks every frame and logs
// the time), and the script waits for that log line: nothing of Playwright's runs in the page
// while it starts (waiting with page.waitForFunction injects Playwright's script into the page
// as it loads, and timed the moment the script got the answer, not the moment the step was ready). Prints the load
// average, the median and the worst, and for the new tabs the median CPU time their main thread
// spent until ready (see openStep) and the median time of each stage the shell
// marks (performance.mark 'searchlab:…': wasm module ready, lesson read, game controller open,
// view applied) beside the document's own (DOM interactive, DOMContentLoaded), and how many files
// a new tab asked for until its view was applied. Not a test: it asserts nothing and is not picked up by
// `node --test`.
//
// `node tests/e2e/bench-lessons.mjs --against DIR [ROUNDS]`: instead, the new-tab figure (with its stages) only,
// for this build's www/ and the www/ in DIR (another build, pkg/ included), alternated tab by tab
// for ROUNDS rounds of every lesson (default 3), so that both see the same machine load; it also
// prints the median of the differences between the two builds' tabs of the same lesson and round,
// of the ready time and of the main thread's busy time (CPU time: see openStep), and in how many
// pairs this build's was the smaller.
// `--only NAME,NAME` (before or after the rest) times only the lessons named.

import { loadavg } from 'node:os';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { startServer, launchBrowser, openPage, ROOT } from './harness.mjs';

/** What the page logs once the step is ready, before the milliseconds. */
const READY_LOG = 'searchlab-bench: ready after ';

const readJson = (file) => JSON.parse(readFileSync(path.join(ROOT, 'lessons', file), 'utf8'));
/** The lessons timed: every shipped lesson, or those `--only NAME,NAME` names. */
const only = process.argv.indexOf('--only');
const NAMES = readJson('index.json').lessons.filter((name) => only < 0 || process.argv[only + 1].split(',').includes(name));
const STEPS = NAMES.flatMap((name) => readJson(`${name}.json`).steps.map((_, i) => [name, i + 1]));

/** In the page: resolves to ms from `t0` until step `step` of lesson `name` is ready. */
function readyAfter([name, step, t0]) {
  return new Promise((resolve) => {
    const check = () => {
      const panel = document.querySelector('[data-testid=lesson-panel]');
      const progress = document.querySelector('[data-testid=lesson-progress]');
      if (panel?.dataset.lesson === name && progress.dataset.step === String(step) && location.hash.includes('game=')) {
        requestAnimationFrame(() => resolve(performance.now() - t0));
      } else {
        requestAnimationFrame(check);
      }
    };
    check();
  });
}

const summary = (times) => {
  const sorted = [...times].sort((a, b) => a - b);
  return `${sorted.length} steps, median ${sorted[Math.floor(sorted.length / 2)].toFixed(1)} ms, worst ${sorted.at(-1).toFixed(1)} ms`;
};

const server = await startServer();
const browser = await launchBrowser();
console.log(`load average ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);

/** Opens lesson `name`'s first step in a new tab of `url`; resolves to { page, ms, busyMs }: ms
 * from navigation start until the step is ready, as the page timed it, and the time the tab's
 * main thread spent running tasks until then, counted in the thread's CPU time (Chromium's
 * Performance metrics, TaskDuration in thread ticks): on a loaded machine the ready time mostly
 * measures the wait for a core, the busy time what the page asks of it. */
async function openStep(url, name) {
  const page = await browser.context.newPage();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
  await page.addInitScript(`(${readyAfter})(${JSON.stringify([name, 1, 0])}).then((ms) => console.log('${READY_LOG}' + ms));`);
  const logged = page.waitForEvent('console', { predicate: (msg) => msg.text().startsWith(READY_LOG), timeout: 30000 });
  await page.goto(`${url}#v=1&lesson=${name}&step=1`, { waitUntil: 'commit' });
  const ms = Number((await logged).text().slice(READY_LOG.length));
  const { metrics } = await cdp.send('Performance.getMetrics');
  const busyMs = 1000 * metrics.find((metric) => metric.name === 'TaskDuration').value;
  await cdp.detach();
  return { page, ms, busyMs };
}

/** In the page: ms from navigation start to each stage of the start-up. */
function stages() {
  const [nav] = performance.getEntriesByType('navigation');
  const out = { 'DOM interactive': nav.domInteractive, DOMContentLoaded: nav.domContentLoadedEventEnd };
  for (const mark of performance.getEntriesByType('mark')) {
    if (mark.name.startsWith('searchlab:')) out[mark.name.slice('searchlab:'.length)] = mark.startTime;
  }
  return out;
}

/** In the page: how many files it asked for before its stage "view applied" (ready, at the
 * latest: `ms` from navigation start), the document aside: its resource timing entries (fetches
 * and module scripts, not the search worker's), without what the page starts once the view is on
 * show (the worker, side by side, Bait's other levels). */
function filesBefore(ms) {
  const applied = performance.getEntriesByName('searchlab:view-applied')[0]?.startTime ?? ms;
  return performance.getEntriesByType('resource').filter((entry) => entry.startTime <= Math.min(applied, ms)).length;
}

/** Lesson `name`'s first step in a new tab of `url`: { ms, busyMs, stages, files } (ms from
 * navigation start until the step is ready, the main thread's busy time until then, when each
 * stage came, and how many files the page asked for until the view was applied: the browser
 * fetches at most six at once from a server without HTTP/2, as the benchmark's is). */
async function openedIn(url, name) {
  const { page, ms, busyMs } = await openStep(url, name);
  const marks = await page.evaluate(stages);
  const files = await page.evaluate(filesBefore, ms);
  await page.close();
  return { ms, busyMs, stages: marks, files };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** The median time of each stage over the tabs' `marks`, in words. */
const stageSummary = (marks) => `  stages (median ms from navigation start): ${Object.keys(marks[0])
  .map((stage) => `${stage} ${median(marks.map((m) => m[stage] ?? NaN)).toFixed(0)}`).join(', ')}`;

const against = process.argv.indexOf('--against');
if (against > 0) {
  const other = await startServer(path.resolve(process.argv[against + 1]));
  const rounds = Number(process.argv[against + 2] ?? 3);
  const tabs = { 'this build': [], [process.argv[against + 1]]: [] };
  const urls = { 'this build': server.url, [process.argv[against + 1]]: other.url };
  for (let round = 0; round < rounds; round++) {
    for (const name of NAMES) {
      const order = Object.keys(urls);
      if (round % 2) order.reverse();
      for (const which of order) tabs[which].push(await openedIn(urls[which], name));
    }
  }
  for (const [which, list] of Object.entries(tabs)) {
    console.log(`${which}: opened in a new tab: ${summary(list.map((tab) => tab.ms))}`);
    console.log(`  main thread busy until ready: median ${median(list.map((tab) => tab.busyMs)).toFixed(1)} ms`);
    console.log(`  files asked for until the view was applied: median ${median(list.map((tab) => tab.files))}, most ${Math.max(...list.map((tab) => tab.files))}`);
    console.log(stageSummary(list.map((tab) => tab.stages)));
  }
  // The same lesson in the same round, one tab after the other: the difference leaves out which
  // lesson it was and most of the load's drift.
  const [mine, theirs] = Object.values(tabs);
  const differences = (key) => mine.map((tab, i) => tab[key] - theirs[i][key]);
  const fewer = (key) => differences(key).filter((d) => d < 0).length;
  console.log(`this build minus ${process.argv[against + 1]}, tab by tab: ready median ${median(differences('ms')).toFixed(1)} ms `
    + `(less in ${fewer('ms')} of ${mine.length}), main thread busy median ${median(differences('busyMs')).toFixed(1)} ms (less in ${fewer('busyMs')} of ${mine.length})`);
  console.log(`load average ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
  await browser.close();
  await server.close();
  await other.close();
  process.exit(0);
}

const opened = [];
for (const name of NAMES) opened.push(await openedIn(server.url, name));
console.log(`opened in a new tab: ${summary(opened.map((tab) => tab.ms))}`);
console.log(`  main thread busy until ready: median ${median(opened.map((tab) => tab.busyMs)).toFixed(1)} ms`);
console.log(`  files asked for until the view was applied: median ${median(opened.map((tab) => tab.files))}, most ${Math.max(...opened.map((tab) => tab.files))}`);
console.log(stageSummary(opened.map((tab) => tab.stages)));

const { page } = await openPage(browser.context, `${server.url}#v=1&game=bait`, {
  init: `window.searchlabLessonReady = ${readyAfter.toString()};`,
});
const followed = [];
for (let round = 0; round < 2; round++) {
  for (const [name, step] of STEPS) {
    const ms = await page.evaluate(([name, step]) => {
      const t0 = performance.now();
      location.hash = `v=1&lesson=${name}&step=${step}`;
      return window.searchlabLessonReady([name, step, t0]);
    }, [name, step]);
    if (round === 1) followed.push(ms);
  }
}
console.log(`followed in an open page: ${summary(followed)}`);
console.log(`load average ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
await browser.close();
await server.close();
