// Side by side in Chromium: a link with two panes (BFS and A*) on a Bait level opens both panes
// and starts their runs; each ends with the counts the single view's run of the same algorithm
// shows (run in the same test), the summary table shows them, each pane's markers are on the one
// timeline, and the timeline drives both panes by step count (a run that ended earlier stays at
// its last step); a move played afterwards leaves the panes on the position searched. The toggle
// and the panes' controls are reachable from the keyboard. Othello: minimax and alpha-beta at the
// same depth find the same move and value, alpha-beta with fewer nodes; 2048: two panes run.
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

/** The summary table's `done` (every pane's run ended). */
async function waitForSummary(page, timeout = 60000) {
  await page.waitForFunction(() => document.querySelector('[data-testid=sbs-summary]').dataset.state === 'done', null, { timeout });
}

/** What pane `n`'s board shows: { position (encoded), overlay (the overlays drawn) }. */
function paneBoard(page, n) {
  return page.$eval(`[data-testid=sbs-pane-${n}] canvas`, (c) => ({ position: c.dataset.position, overlay: c.dataset.overlay }));
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

  // The link starts the panes' runs: nobody presses "Run side by side".
  await waitForSummary(page);
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
  // Each pane's markers, named by their pane, on the one timeline.
  const markers = await page.$$eval('[data-testid=sbs-pane-1], [data-testid=sbs-pane-2]', (panes) => panes.map((p) => Number(p.dataset.markers)));
  assert.ok(markers.every((m) => m > 0), `each pane has markers: ${markers}`);
  for (const n of [1, 2]) {
    assert.match(await page.textContent(`[data-testid=sbs-pane-${n}] .sbs-markers`), /plan found/i);
  }

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

  // A move played after the run: the panes stay on the position searched (their board is that
  // position's), and the plan, traced on the game, is no longer drawn from the moved position.
  await slider.fill(String(length));
  await waitForPaneStep(page, 1, p1.step);
  const before = await paneBoard(page, 1);
  assert.match(before.overlay, /path/, 'the plan is drawn at the end of the run');
  await page.locator('#board').focus();
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction(() => document.querySelector('[data-testid=status]').dataset.moves === '1', null, { timeout: 5000 });
  await slider.fill(String(both));
  await waitForPaneStep(page, 1, both);
  await slider.fill(String(length));
  await waitForPaneStep(page, 1, p1.step);
  const after = await paneBoard(page, 1);
  assert.equal(after.position, before.position, 'pane 1 still shows the position its run searched');
  assert.doesNotMatch(after.overlay, /path/, 'no plan traced from the moved position');

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

test('an Othello side-by-side link: minimax and alpha-beta at the same depth agree on the move and value, alpha-beta with fewer nodes', async () => {
  // After f5 and d6, Black is to move: the panes are Black's agents; White stays the link's.
  const url = `${suite.server.url}#v=1&game=othello&moves=f5,d6&black=human&white=mtdf:ms=1000:eval=strong:solve=0&seed=4`
    + '&compare=minimax:depth=4:eval=course;alphabeta:depth=4:eval=course;alphabeta_tt:depth=4:eval=course';
  const { page, problems } = await openPage(suite.browser.context, url);
  assert.equal(await page.getByRole('button', { name: 'Side by side', exact: true }).getAttribute('aria-pressed'), 'true');
  assert.equal(await page.locator('.sbs-pane').count(), 3);
  assert.equal(await page.getByRole('combobox', { name: 'Pane 2 algorithm' }).inputValue(), 'alphabeta');
  await waitForSummary(page, 120000);
  const heads = await page.$$eval('[data-testid=sbs-summary] thead th', (cells) => cells.map((c) => c.textContent));
  assert.deepEqual(heads.slice(5, 7), ['Best move', 'Value'], 'a game\'s summary shows the move and its value, not a plan');
  const [minimax, alphabeta, table] = await summary(page);
  assert.ok(minimax.algorithm.startsWith('Minimax'), minimax.algorithm);
  assert.match(minimax.move, /^[a-h][1-8]$/);
  assert.notEqual(minimax.value, '–');
  assert.equal(alphabeta.move, minimax.move, 'alpha-beta finds minimax\'s move');
  assert.equal(alphabeta.value, minimax.value, 'alpha-beta finds minimax\'s value');
  assert.equal(table.value, minimax.value, 'alpha-beta with a table finds minimax\'s value');
  assert.ok(number(alphabeta.expanded) < number(minimax.expanded), `alpha-beta (${alphabeta.expanded}) searches fewer nodes than minimax (${minimax.expanded})`);
  assert.match(minimax['peak-frontier'], /n\/a/);
  assert.match(await page.evaluate(() => location.hash), /&compare=minimax:depth=4:eval=course:solve=0;alphabeta:depth=4:eval=course:solve=0;alphabeta_tt:depth=4:eval=course:solve=0$/);
  // The toggle closes side by side (the link drops the panes) and opens it again with minimax
  // beside alpha-beta at one depth for the side to move.
  const toggle = page.getByRole('button', { name: 'Side by side', exact: true });
  await toggle.click();
  assert.doesNotMatch(await page.evaluate(() => location.hash), /compare=/);
  await toggle.click();
  assert.equal(await page.getByRole('combobox', { name: 'Pane 1 algorithm' }).inputValue(), 'minimax');
  assert.equal(await page.getByRole('combobox', { name: 'Pane 2 algorithm' }).inputValue(), 'alphabeta');
  assert.match(await page.evaluate(() => location.hash), /&compare=minimax:depth=4:eval=course:solve=0;alphabeta:depth=4:eval=course:solve=0$/);
  await page.getByRole('button', { name: 'Run side by side' }).click();
  await waitForSummary(page);
  const again = await summary(page);
  assert.equal(again[0].move, minimax.move);
  assert.deepEqual(problems, []);
  await page.close();
});

test('a 2048 side-by-side link runs expectimax and MCTS on the same board', async () => {
  const url = `${suite.server.url}#v=1&game=2048&algo=mcts&budget-ms=300&seed=42&compare=expectimax:depth=2;mcts:uct=1`;
  const { page, problems } = await openPage(suite.browser.context, url);
  assert.equal(await page.locator('.sbs-pane').count(), 2);
  await waitForSummary(page);
  const rows = await summary(page);
  assert.equal(rows.length, 2);
  for (const row of rows) {
    assert.match(row.move, /(Up|Down|Left|Right)/i, `${row.algorithm}: ${row.move}`);
    assert.notEqual(row.value, '–');
    assert.ok(number(row.expanded) > 0);
  }
  assert.ok(Number(await page.getByRole('slider', { name: 'Search timeline' }).getAttribute('data-length')) > 0);
  assert.deepEqual(problems, []);
  await page.close();
});

test('a Sum to zero side-by-side link runs MCTS with two exploration constants', async () => {
  const url = `${suite.server.url}#v=1&game=sumzero&algo=mcts&iterations=200&seed=3&compare=mcts:uct=0.1;mcts:uct=2`;
  const { page, problems } = await openPage(suite.browser.context, url);
  assert.equal(await page.locator('.sbs-pane').count(), 2);
  await waitForSummary(page);
  const rows = await summary(page);
  assert.deepEqual(rows.map((row) => row.algorithm), ['MCTS (uct 0.1, iterations 200)', 'MCTS (uct 2, iterations 200)']);
  for (const row of rows) {
    assert.equal(number(row.expanded) > 0, true);
    assert.match(row.value, /regret/);
  }
  assert.deepEqual(problems, []);
  await page.close();
});
