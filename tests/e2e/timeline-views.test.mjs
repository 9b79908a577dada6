// The views beside the search timeline in Chromium: an MCTS iteration phase by phase at a
// chosen step (its path's first node, the root, has one more visit after the backup), RHEA's
// population at a step as a table, and Othello's thinking (depth, cutoffs, the alpha-beta window)
// at a scrubbed step.
// Run with `node --test tests/e2e/timeline-views.test.mjs` after `./dev.sh build`.

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

const SLIDER = { role: 'slider', name: 'Search timeline' };

async function timelineLength(page) {
  await page.waitForFunction(() => Number(document.querySelector('[data-testid=timeline]')?.dataset.length) > 0);
  return page.$eval('[data-testid=timeline]', (el) => Number(el.dataset.length));
}

async function scrubTo(page, step) {
  await page.getByRole(SLIDER.role, { name: SLIDER.name }).fill(String(step));
}

const number = (text) => Number(text.replace(/,/g, ''));

test('an MCTS iteration phase by phase: selection, expansion, rollout, and a backup that adds one visit to each node of its path', async () => {
  const rows = await levelRows('open-field');
  const url = suite.server.url + linkFor(rows, 'algo=mcts&mode=act&budget-ms=150&seed=3');
  const { page, problems } = await openPage(suite.browser.context, url);
  await page.click('[data-testid=step]');
  await waitForState(page, ['idle', 'won', 'lost'], 30000);
  const length = await timelineLength(page);
  assert.ok(length >= 20, `MCTS recorded ${length} iterations`);
  await page.getByRole('checkbox', { name: 'Show tree' }).check();
  const phases = page.getByRole('group', { name: 'Phases' });
  const k = Math.floor(length / 2);
  await scrubTo(page, k);
  await page.waitForFunction((n) => document.querySelector('[data-testid=mcts-phase]').textContent.includes(`step ${n.toLocaleString('en-US')}`)
    || document.querySelector('[data-testid=mcts-phase]').dataset.phase !== 'selection', k, { timeout: 5000 });
  await phases.getByRole('button', { name: 'Selection' }).click();
  const said = page.getByTestId('mcts-phase');
  assert.match(await said.textContent(), new RegExp(`^Selection \\(step ${k.toLocaleString('en-US')}\\): UCT walked from the root`));
  assert.equal(await phases.getByRole('button', { name: 'Selection' }).getAttribute('aria-pressed'), 'true');
  const table = page.getByTestId('mcts-iteration');
  const rowsNow = () => table.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.cells].map((c) => c.textContent)));
  const selection = await rowsNow();
  assert.equal(selection[0][0], 'Root');
  assert.equal(number(selection[0][2]), k - 1, 'the root had k − 1 visits before the iteration of step k');
  assert.equal(selection[0][4], '–', 'no backup yet');
  // The arrow keys on the phase buttons go on, phase by phase.
  await page.keyboard.press('ArrowRight');
  assert.equal(await said.getAttribute('data-phase'), 'expansion');
  assert.match(await said.textContent(), /^Expansion: (added the node .+ at depth \d+|no node added)/);
  await page.keyboard.press('ArrowRight');
  assert.match(await said.textContent(), /^Rollout: \d+ random moves? from depth \d+ to depth \d+; reward -?[\d.]+/);
  await page.keyboard.press('ArrowRight');
  assert.equal(await said.getAttribute('data-phase'), 'backup');
  const backup = await rowsNow();
  assert.ok(backup.length >= selection.length, 'the backup lists every node of the path');
  assert.equal(number(backup[0][4]), k, 'the root\'s N grew by one');
  for (const row of backup) assert.equal(number(row[4]), number(row[2]) + 1, `${row[0]}: N grows by one`);
  assert.match(await said.textContent(), new RegExp(`the root's N went from ${(k - 1).toLocaleString('en-US')} to ${k.toLocaleString('en-US')}`));
  // The tree marks the nodes the backup changed that it shows (the root at least).
  const marked = await page.$eval('[data-testid=mcts-tree]', (el) => JSON.parse(el.dataset.marked ?? '[]'));
  assert.ok(marked.includes(0), `the root is marked: ${marked}`);
  await page.screenshot({ path: path.join(suite.shots, 'timeline-mcts-phases.png'), fullPage: true });
  // Another step: the table follows the timeline, in the phase on show.
  await scrubTo(page, 5);
  await page.waitForFunction(() => /went from 4 to 5/.test(document.querySelector('[data-testid=mcts-phase]').textContent), null, { timeout: 5000 });
  assert.deepEqual(problems, []);
  await page.close();
});

test('RHEA\'s population at a step: a table of population-size individuals with their actions and fitness', async () => {
  const rows = await levelRows('open-field');
  const url = suite.server.url + linkFor(rows, 'algo=rhea&mode=act&budget-ms=150&seed=3');
  const { page, problems } = await openPage(suite.browser.context, url);
  await page.click('[data-testid=step]');
  await waitForState(page, ['idle', 'won', 'lost'], 30000);
  const length = await timelineLength(page);
  assert.ok(length >= 30, `RHEA recorded ${length} evaluations`);
  const size = Number(await page.inputValue('[data-testid=p-population]'));
  assert.ok(size >= 2, `population ${size}`);
  const table = page.getByRole('table', { name: /^Generation \d+: \d+ individuals, best first$/ });
  for (const k of [length, Math.floor(length / 2)]) {
    await scrubTo(page, k);
    await page.waitForFunction((n) => document.querySelector('[data-testid=rhea-population]').dataset.step === String(n), k, { timeout: 5000 });
    const individuals = await table.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.cells].map((c) => c.textContent)));
    assert.equal(individuals.length, size, `step ${k}: population size`);
    const fitness = individuals.map((row) => Number(row[2]));
    assert.ok(fitness.every(Number.isFinite), `step ${k}: fitness ${fitness}`);
    assert.deepEqual([...fitness].sort((a, b) => b - a), fitness, 'best first');
    for (const row of individuals) assert.match(row[1], /^[←→↓↑·]( [←→↓↑·])*$/, 'actions as arrows');
    assert.match(await page.getByTestId('rhea-generation').textContent(), new RegExp(`At step ${k.toLocaleString('en-US')}: generation \\d+, completed at step`));
  }
  await scrubTo(page, 1);
  await page.waitForFunction(() => document.querySelector('[data-testid=rhea-population]').hidden, null, { timeout: 5000 });
  assert.match(await page.getByTestId('rhea-generation').textContent(), /No population yet at step 1/);
  assert.deepEqual(problems, []);
  await page.close();
});

test('Othello\'s thinking at a scrubbed step: depth and cutoffs as the search had them then', async () => {
  const url = `${suite.server.url}#v=1&game=othello&black=alphabeta:nodes=6000:eval=course&white=human&seed=1`;
  const { page, problems } = await openPage(suite.browser.context, url);
  await page.click('[data-testid=step]');
  await page.waitForFunction(() => document.querySelector('[data-testid=status]').dataset.moves === '1', null, { timeout: 30000 });
  const length = await timelineLength(page);
  await page.waitForFunction(() => document.querySelector('[data-testid=othello-depth]').textContent !== '–');
  const live = { depth: await page.textContent('[data-testid=othello-depth]'), cutoffs: await page.textContent('[data-testid=othello-cutoffs]') };
  const markers = await page.$$eval('.timeline-marker', (els) => els.map((el) => el.textContent));
  // One step before the end the search had finished every depth it finishes: the same depth.
  await scrubTo(page, length - 1);
  await page.waitForFunction(() => /at step/.test(document.querySelector('#othello-thinking-who').textContent), null, { timeout: 5000 });
  assert.equal(await page.textContent('[data-testid=othello-depth]'), live.depth, `depth at step ${length - 1}`);
  assert.notEqual(await page.textContent('[data-testid=othello-cutoffs]'), '–');
  // Early on, a shallower depth and fewer cutoffs, not '–'.
  await scrubTo(page, 40);
  await page.waitForFunction(() => /at step 40 /.test(document.querySelector('#othello-thinking-who').textContent), null, { timeout: 5000 });
  const early = { depth: await page.textContent('[data-testid=othello-depth]'), cutoffs: await page.textContent('[data-testid=othello-cutoffs]') };
  assert.notEqual(early.cutoffs, '–', 'cutoffs are recorded');
  assert.ok(number(early.cutoffs) <= number(live.cutoffs), `${early.cutoffs} ≤ ${live.cutoffs}`);
  assert.notEqual(early.depth, live.depth, `depth at step 40 (${early.depth}) is not the final one; markers ${markers}`);
  assert.deepEqual(problems, []);
  await page.close();
});

test('Othello alpha-beta scrubbed: the window of the node at each step changes, and cutoffs are marked and counted', async () => {
  const url = `${suite.server.url}#v=1&game=othello&black=alphabeta:depth=4:eval=course&white=human&seed=1`;
  const { page, problems } = await openPage(suite.browser.context, url);
  await page.click('[data-testid=step]');
  await page.waitForFunction(() => document.querySelector('[data-testid=status]').dataset.moves === '1', null, { timeout: 30000 });
  const length = await timelineLength(page);
  assert.ok(length > 100, `alpha-beta recorded ${length} steps`);
  const at = async (step) => {
    await scrubTo(page, step);
    await page.waitForFunction((k) => new RegExp(`at step ${k.toLocaleString('en-US')} `).test(document.querySelector('#othello-thinking-who').textContent), step, { timeout: 5000 });
    return { window: await page.textContent('[data-testid=othello-window]'), cutoffs: await page.textContent('[data-testid=othello-cutoffs]') };
  };
  assert.equal((await at(0)).window, '–', 'no node visited at step 0');
  assert.equal((await at(1)).window, 'ply 0: α −∞, β +∞', 'the root has the full window');
  const windows = new Set();
  for (const k of [2, 3, 5, 40, Math.floor(length / 2), length - 2]) {
    const shown = await at(k);
    assert.match(shown.window, /^ply [0-4]: α (−∞|[+−]?\d[\d,]*), β (\+∞|[+−]?\d[\d,]*)$/, `window at step ${k}`);
    windows.add(shown.window);
  }
  assert.ok(windows.size >= 3, `the window changes as the search moves: ${[...windows].join(' | ')}`);
  // The first cutoff is marked: jump to it from the start, one cutoff more than a step before.
  await at(0);
  let marker = '';
  for (let i = 0; i < 30 && !/first cutoff/.test(marker); i++) {
    await page.getByRole('button', { name: /^Next marker/ }).click();
    await page.waitForFunction(() => /Last marker/.test(document.querySelector('.timeline-marker').textContent));
    marker = await page.textContent('.timeline-marker');
  }
  const found = /first cutoff at depth (\d+) \(step ([\d,]+)\)/.exec(marker);
  assert.ok(found, `a cutoff marker: ${marker}`);
  const step = number(found[2]);
  const cut = await at(step);
  const before = await at(step - 1);
  assert.ok(number(cut.cutoffs) > number(before.cutoffs), `the marked step ${step} cuts off (${before.cutoffs} then ${cut.cutoffs})`);
  assert.deepEqual(problems, []);
  await page.close();
});
