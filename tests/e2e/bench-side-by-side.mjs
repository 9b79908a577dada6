// How the page answers input while side by side runs four panes (`./dev.sh figures side-by-side`,
// after `./dev.sh build`): a link with four panes (BFS, DFS, MCTS and RHEA, planning)
// on the Warehouse level with its key walled in, so every search runs to its node limit (A*'s bound would prove the key out of reach at once); Run,
// then, while the panes' searches are under way, a key press every GAP_MS through Chromium's
// input pipeline (Playwright's keyboard). The page times each: from the event's own timestamp
// (when the browser took the input) to the first animation frame after the page's handlers ran,
// the time a person waits to see any answer. Reported: the p95 and the median of the round trips
// taken while the panes ran. Not a test: it asserts nothing and is not picked up by `node --test`.

import { openPage, linkFor } from './harness.mjs';
import { WALLED_WAREHOUSE, quantile, fmt, load, runBench } from './bench-harness.mjs';

const MAX_NODES = 1_000_000;
const GAP_MS = 40;
const PANES = 'bfs;dfs;mcts;rhea';

async function main({ server, browser }) {
  const loadBefore = load();
  const url = server.url + linkFor(WALLED_WAREHOUSE, `algo=bfs&mode=plan&max-nodes=${MAX_NODES}&seed=1&compare=${PANES}`);
  const { page, problems } = await openPage(browser.context, url);
  // The echo: each keydown's time from input to the next frame after the page handled it.
  await page.evaluate(() => {
    window.benchEchoes = [];
    document.addEventListener('keydown', (event) => {
      const running = document.querySelector('[data-testid=sbs-summary]').dataset.state === 'running';
      requestAnimationFrame(() => window.benchEchoes.push({ ms: performance.now() - event.timeStamp, running }));
    });
  });
  // The link started the panes' runs as it opened.
  const started = Date.now();
  await page.focus('[data-testid=sbs-summary]');
  let presses = 0;
  while (await page.$eval('[data-testid=sbs-summary]', (el) => el.dataset.state === 'running')) {
    await page.keyboard.press('Shift');
    presses += 1;
    await page.waitForTimeout(GAP_MS);
  }
  const runS = (Date.now() - started) / 1000;
  const echoes = await page.evaluate(() => window.benchEchoes.filter((e) => e.running).map((e) => e.ms));
  const rows = await page.$$eval('[data-testid=sbs-summary] tbody tr', (trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent).join(' | ')));
  console.log(`# load average before: ${loadBefore}; after: ${load()} (2 cores, shared)`);
  console.log(`# four panes (${PANES}), ${MAX_NODES.toLocaleString('en-US')} nodes each, ran for ${runS.toFixed(1)} s (queued, one worker per pane)`);
  for (const row of rows) console.log(`#   ${row}`);
  console.log(`input to next frame while the panes ran, ${echoes.length} key presses (of ${presses}) ${GAP_MS} ms apart: median ${fmt(quantile(echoes, 0.5))}, p95 ${fmt(quantile(echoes, 0.95))}, worst ${fmt(Math.max(...echoes))}`);
  if (problems.length) console.log(`# page problems: ${problems.join('; ')}`);
}

runBench(main);
