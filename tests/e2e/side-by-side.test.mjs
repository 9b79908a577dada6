// Side by side in Chromium: a link with two panes (BFS and A*) on a Bait level opens both panes;
// run, each ends with the counts the single view's run of the same algorithm shows (run in the
// same test), the summary table shows them, and the one timeline drives both panes by step count
// (a run that ended earlier stays at its last step). The toggle and the panes' controls are
// reachable from the keyboard.
// Run with `node --test tests/e2e/side-by-side.test.mjs` after `./dev.sh build`.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ROOT, browserSuite, openPage, waitForState, linkFor } from './harness.mjs';

const suite = browserSuite();

async function levelRows(name) {
  const text = await readFile(path.join(ROOT, 'levels', `${name}.txt`), 'utf8');
  return text.replace(/\n+$/, '').split('\n');
}

const number = (text) => Number(text.replace(/,/g, ''));

/** The single view's run of `algo`: Step plans (and plays one move); its final statistics. */
async function singleRun(rows, algo) {
  const { page, problems } = await openPage(suite.browser.context, suite.server.url + linkFor(rows, `algo=${algo}&mode=plan&seed=1`));
  await page.click('[data-testid=step]');
  await waitForState(page, ['idle', 'won'], 30000);
  const stat = async (name) => number(await page.textContent(`[data-stat=${name}]`));
  const counts = { expanded: await stat('expanded'), generated: await stat('generated'), plan: await stat('plan') };
  assert.deepEqual(problems, []);
  await page.close();
  return counts;
}

/** A pane's statistics as shown (step, expanded, generated, plan). */
function paneStats(page, n) {
  return page.$eval(`[data-testid=sbs-pane-${n}]`, (el) => {
    const get = (key) => el.querySelector(`[data-pane-stat=${key}]`).textContent;
    return { step: get('step'), expanded: get('expanded'), generated: get('generated'), plan: get('plan') };
  }).then((s) => Object.fromEntries(Object.entries(s).map(([k, v]) => [k, number(v)])));
}

async function waitForPaneStep(page, n, step) {
  await page.waitForFunction(([pane, k]) => document.querySelector(`[data-testid=sbs-pane-${pane}]`)?.dataset.step === String(k), [n, step], { timeout: 5000 });
}

/** The summary table's rows: { pane: { expanded, generated, peak-frontier, plan, optimal, time } }. */
function summary(page) {
  return page.$$eval('[data-testid=sbs-summary] tbody tr', (rows) => rows.map((row) => Object.fromEntries(
    [...row.children].map((cell) => [cell.dataset.col, cell.textContent]),
  )));
}

test('a side-by-side link runs BFS and A* in two panes with the single view\'s counts, driven by one timeline', async () => {
  const rows = await levelRows('bridge');
  const bfs = await singleRun(rows, 'bfs');
  const astar = await singleRun(rows, 'astar');
  assert.ok(astar.expanded < bfs.expanded, `A* (${astar.expanded}) expands fewer states than BFS (${bfs.expanded}) on Bridge`);

  const url = suite.server.url + linkFor(rows, 'algo=bfs&mode=plan&seed=1&compare=bfs;astar');
  const { page, problems } = await openPage(suite.browser.context, url);
  const toggle = page.getByRole('button', { name: 'Side by side', exact: true });
  assert.equal(await toggle.getAttribute('aria-pressed'), 'true', 'the link opens side by side');
  assert.equal(await page.locator('.sbs-pane').count(), 2);
  assert.equal(await page.getByRole('combobox', { name: 'Pane 1 algorithm' }).inputValue(), 'bfs');
  assert.equal(await page.getByRole('combobox', { name: 'Pane 2 algorithm' }).inputValue(), 'astar');
  assert.match(await page.evaluate(() => location.hash), /&compare=bfs;astar:heuristic=state$/, 'the page writes the link back with every parameter of each pane');

  await page.getByRole('button', { name: 'Run side by side' }).click();
  await page.waitForFunction(() => document.querySelector('[data-testid=sbs-summary]').dataset.state === 'done', null, { timeout: 60000 });
  const table = await summary(page);
  assert.equal(table.length, 2);
  for (const [row, single, name] of [[table[0], bfs, 'BFS'], [table[1], astar, 'A*']]) {
    assert.ok(row.algorithm.startsWith(name), row.algorithm);
    assert.equal(number(row.expanded), single.expanded, `${name} expands as in the single view`);
    assert.equal(number(row.generated), single.generated, `${name} generates as in the single view`);
    assert.equal(number(row.plan), single.plan, `${name}'s plan as in the single view`);
    assert.equal(row.optimal, 'yes', `${name}'s plan is a shortest one`);
    assert.ok(number(row['peak-frontier']) > 0);
    assert.match(row.time, /^[\d.]+ ms$/);
  }

  // The timeline's length is the longer run's; at its end each pane shows its own final counts.
  const slider = page.getByRole('slider', { name: 'Search timeline' });
  const length = Number(await slider.getAttribute('data-length'));
  const p1 = await paneStats(page, 1);
  const p2 = await paneStats(page, 2);
  assert.equal(p1.expanded, bfs.expanded);
  assert.equal(p2.expanded, astar.expanded);
  assert.equal(length, Math.max(p1.step, p2.step));
  assert.ok(p2.step < p1.step, 'A*\'s run is the shorter one');

  // Lockstep: at a step both runs reach, both panes show that step; past A*'s end, A* stays there.
  const both = Math.floor(p2.step / 2);
  await slider.fill(String(both));
  await waitForPaneStep(page, 1, both);
  await waitForPaneStep(page, 2, both);
  assert.equal((await paneStats(page, 1)).expanded, both, 'BFS expands one state a step');
  assert.equal((await paneStats(page, 2)).expanded, both, 'A* expands one state a step');
  const past = Math.floor((p2.step + p1.step) / 2);
  await slider.fill(String(past));
  await waitForPaneStep(page, 1, past);
  await waitForPaneStep(page, 2, p2.step);
  assert.equal((await paneStats(page, 2)).expanded, astar.expanded, 'A* stays at its last step');
  assert.equal((await paneStats(page, 2)).plan, astar.plan);
  await page.screenshot({ path: path.join(suite.shots, 'side-by-side.png'), fullPage: true });

  // Keyboard: from the toggle, Tab reaches every pane's controls and the run button.
  await toggle.focus();
  const reached = new Set();
  for (let i = 0; i < 40; i += 1) {
    await page.keyboard.press('Tab');
    reached.add(await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent));
  }
  for (const name of ['Pane 1 algorithm', 'Pane 2 algorithm', 'Pane 2 Heuristic', 'Run side by side']) {
    assert.ok(reached.has(name), `Tab reaches ${name}: ${[...reached].join(' | ')}`);
  }
  // The toggle works from the keyboard: Enter closes side by side (the link drops the panes) and
  // opens it again.
  await toggle.focus();
  await page.keyboard.press('Enter');
  assert.equal(await toggle.getAttribute('aria-pressed'), 'false');
  assert.equal(await page.locator('[data-testid=side-by-side-panel]').isVisible(), false);
  assert.doesNotMatch(await page.evaluate(() => location.hash), /compare=/);
  await page.keyboard.press('Enter');
  assert.equal(await toggle.getAttribute('aria-pressed'), 'true');
  assert.equal(await page.locator('.sbs-pane').count(), 2);
  assert.match(await page.evaluate(() => location.hash), /&compare=bfs;astar/);
  assert.deepEqual(problems, []);
});

test('a side-by-side link the parser refuses names the field and the pane', async () => {
  const rows = await levelRows('first-steps');
  const url = suite.server.url + linkFor(rows, 'compare=bfs;wastar:weight=0');
  const { page, problems } = await openPage(suite.browser.context, url);
  const s = await waitForState(page, ['error']);
  assert.match(s.text, /field 'compare': pane 2: weight: must be between 1 and 100, got 0/);
  assert.equal(await page.getByRole('button', { name: 'Side by side', exact: true }).getAttribute('aria-pressed'), 'false');
  assert.deepEqual(problems, []);
});
