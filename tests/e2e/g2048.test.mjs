// End-to-end tests of 2048 on the playground in Debian's Chromium (playwright-core): share links,
// a person playing with keys and swipes, hints, auto-play in the worker, and the batch mode on a
// pool of workers. Run with `node --test tests/e2e/` after `./dev.sh build`. Screenshots go to a
// temporary folder printed at the start.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import {
  browserSuite, openPage, setSpeed, status, typeInto, waitForState,
} from './harness.mjs';

const suite = browserSuite();

function link2048(rest) {
  return `${suite.server.url}#v=1&game=2048&${rest}`;
}

/** Swipes across the 2048 board with the mouse (pointer events) by (dx, dy) css pixels. */
async function swipe(page, dx, dy) {
  const box = await page.locator('[data-testid=board-2048]').boundingBox();
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx, y + dy, { steps: 4 });
  await page.mouse.up();
}

/** Pixels of a canvas close to the theme's accent colour (the histogram's bars). */
function accentPixels(page, testid) {
  return page.$eval(`[data-testid=${testid}]`, (canvas) => {
    const accent = getComputedStyle(document.documentElement).getPropertyValue('--accent').trim();
    const n = Number.parseInt(accent.replace('#', ''), 16);
    const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
    const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
    let count = 0;
    for (let i = 0; i < data.length; i += 4) {
      if (Math.abs(data[i] - r) < 12 && Math.abs(data[i + 1] - g) < 12 && Math.abs(data[i + 2] - b) < 12) count += 1;
    }
    return count;
  });
}

test('a 2048 link opens the 2048 view, and a person plays with keys and swipes, with undo', async () => {
  const { page, problems } = await openPage(suite.browser.context, link2048('algo=expectimax&depth=2&seed=11'));
  let s = await status(page);
  assert.equal(s.state, 'idle', s.text);
  assert.equal(s.moves, 0);
  assert.equal(await page.inputValue('[data-testid=game]'), '2048');
  assert.equal(await page.inputValue('[data-testid=g2048-algo]'), 'expectimax');
  assert.equal(await page.inputValue('[data-testid=g2048-seed]'), '11');
  assert.equal(await page.locator('[data-testid=board-2048]').isVisible(), true);
  assert.equal(await page.locator('[data-testid=board]').isVisible(), false);
  assert.match(page.url(), /#v=1&game=2048&algo=expectimax&depth=2&budget-ms=1000&games=20&batch-nodes=100&seed=11$/);

  await page.focus('[data-testid=board-2048]');
  for (const key of ['ArrowLeft', 'ArrowUp', 'ArrowRight', 'ArrowDown', 'a', 'w', 'd', 's']) {
    await page.keyboard.press(key);
  }
  s = await status(page);
  assert.ok(s.moves >= 4, `keys moved the tiles (${s.moves} moves: ${s.text})`);
  const byKeys = s.moves;
  for (const [dx, dy] of [[160, 0], [-160, 0], [0, 160], [0, -160]]) {
    await swipe(page, dx, dy);
    if ((await status(page)).moves > byKeys) break;
  }
  s = await status(page);
  assert.equal(s.moves, byKeys + 1, `a swipe moved the tiles: ${s.text}`);
  await page.screenshot({ path: path.join(suite.shots, '2048-played.png') });
  await page.keyboard.press('z');
  assert.equal((await status(page)).moves, byKeys, 'undo takes the swipe back');
  await page.click('[data-testid=undo]');
  assert.equal((await status(page)).moves, byKeys - 1);

  // The game picker switches to Bait and back; the link follows.
  await page.selectOption('[data-testid=game]', 'bait');
  // Bait's controller has written its view (the picker writes only the game), so it is on show.
  await page.waitForFunction(() => /game=bait&.*seed=\d+/.test(location.hash));
  await waitForState(page, ['idle']);
  assert.equal(await page.locator('[data-testid=board]').isVisible(), true);
  assert.equal(await page.locator('[data-testid=board-2048]').isVisible(), false);
  await page.selectOption('[data-testid=game]', '2048');
  await page.waitForFunction(() => /game=2048&algo=mcts&.*seed=\d+$/.test(location.hash));
  assert.equal((await status(page)).moves, 0);
  assert.deepEqual(problems, []);
  await page.close();
});

test('a hint shows the agent\'s value of each move', async () => {
  const { page, problems } = await openPage(suite.browser.context, link2048('algo=expectimax&depth=2&seed=4'));
  await page.click('[data-testid=hint]');
  await page.waitForFunction(() => /^Hint:/.test(document.querySelector('[data-testid=status]').textContent), null, { timeout: 30000 });
  assert.equal(await page.locator('[data-testid=g2048-values]').isVisible(), true);
  const rows = await page.$$eval('[data-testid=g2048-values] tbody tr', (trs) => trs.map((tr) => ({
    action: Number(tr.dataset.action),
    best: tr.classList.contains('best'),
    value: tr.cells[1].textContent,
  })));
  assert.equal(rows.length, 4, 'one row per move');
  const valued = rows.filter((r) => /\d/.test(r.value));
  assert.ok(valued.length >= 2, `the legal moves have values: ${JSON.stringify(rows)}`);
  assert.equal(rows.filter((r) => r.best).length, 1);
  assert.ok(valued.some((r) => r.best), 'the best move is a valued one');
  await page.screenshot({ path: path.join(suite.shots, '2048-hint.png') });
  assert.equal((await status(page)).moves, 0, 'a hint does not move');
  assert.deepEqual(problems, []);
  await page.close();
});

/** The hint's table as text, after a hint on `page`. */
async function hintValues(page) {
  await page.click('[data-testid=hint]');
  await page.waitForFunction(() => /^Hint:/.test(document.querySelector('[data-testid=status]').textContent), null, { timeout: 30000 });
  return page.$$eval('[data-testid=g2048-values] tbody tr', (trs) => trs.map((tr) => Array.from(tr.cells, (c) => c.textContent).join(' ')));
}

test('a time budget is flagged beside Play, and one click gives hints a work budget that replays exactly', async () => {
  const { page, problems } = await openPage(suite.browser.context, link2048('algo=mcts&seed=4'));
  const note = '[data-testid=g2048-time-budget-note]';
  await page.waitForSelector(note, { state: 'visible' });
  assert.match(await page.textContent(note), /think for a time budget: they do not replay exactly/);
  // No hint yet: the batch's work per move.
  assert.equal(await page.textContent('[data-testid=g2048-to-node-budget]'), 'Use 100 playouts per move instead');
  await page.click('[data-testid=g2048-to-node-budget]');
  await page.waitForFunction(() => /&hint-nodes=100&/.test(location.hash));
  assert.equal(await page.isVisible(note), false, 'a work budget replays exactly: no note');
  const link = page.url();
  const first = await hintValues(page);
  assert.equal(await page.textContent('[data-g2048-stat=work]'), '100 playouts');
  // The same link in a new tab: the very same values and visits.
  const again = await openPage(suite.browser.context, link);
  assert.deepEqual(await hintValues(again.page), first);
  // Expectimax offers its expansions, and never shows the note with a work budget set.
  const exp = await openPage(suite.browser.context, link2048('algo=expectimax&depth=2&seed=4'));
  await exp.page.waitForSelector(note, { state: 'visible' });
  assert.equal(await exp.page.textContent('[data-testid=g2048-to-node-budget]'), 'Use 100 expansions per move instead');
  const greedy = await openPage(suite.browser.context, link2048('algo=greedy&seed=4'));
  assert.equal(await greedy.page.isVisible(note), false, 'greedy answers at once');
  for (const p of [problems, again.problems, exp.problems, greedy.problems]) assert.deepEqual(p, []);
  for (const p of [page, again.page, exp.page, greedy.page]) await p.close();
});

test('MCTS auto-plays under a small time budget, and the score and the moves advance', async () => {
  const { page, problems } = await openPage(suite.browser.context, link2048('algo=mcts&spawns=branched&budget-ms=30&seed=21'));
  assert.equal(await page.inputValue('[data-testid=g2048-spawns]'), 'branched', 'the link sets the tree over spawns');
  await setSpeed(page, 30);
  await page.click('[data-testid=play]');
  await waitForState(page, ['playing']);
  await page.waitForFunction(() => Number(document.querySelector('[data-testid=status]').dataset.moves) >= 10, null, { timeout: 60000 });
  await page.screenshot({ path: path.join(suite.shots, '2048-autoplay.png') });
  await page.click('[data-testid=stop]');
  const s = await waitForState(page, ['idle', 'over'], 5000);
  assert.ok(s.moves >= 10, s.text);
  const score = Number((await page.textContent('[data-testid=g2048-score]')).replace(/,/g, ''));
  assert.ok(score > 0, `the score advanced (${score})`);
  const acts = await page.evaluate(() => window.searchlabMetrics.acts.filter((a) => a.game === '2048'));
  assert.ok(acts.length >= 10);
  // The moves stop with the agent.
  await page.waitForTimeout(300);
  assert.equal((await status(page)).moves, s.moves);
  assert.match(page.url(), /&algo=mcts&uct=[\d.]+&spawns=branched&/);
  await page.selectOption('[data-testid=g2048-spawns]', 'averaged');
  await page.waitForFunction(() => /&spawns=averaged&/.test(location.hash));
  assert.equal(await page.inputValue('[data-testid=g2048-tree-depth]'), '0', 'no depth limit by default');
  await typeInto(page, 'g2048-tree-depth', '1');
  await page.waitForFunction(() => /&spawns=averaged&tree-depth=1&/.test(location.hash));
  await typeInto(page, 'g2048-budget', '');
  await waitForState(page, ['error']);
  assert.equal((await status(page)).text, "'Think time per move (ms)' needs a whole number.");
  assert.deepEqual(problems, []);
  await page.close();
});

test('a malformed 2048 link opens the default 2048 view with an error naming the field', async () => {
  const { page } = await openPage(suite.browser.context, link2048('algo=minimax&seed=3'));
  let s = await status(page);
  assert.equal(s.state, 'error');
  assert.match(s.text, /field 'algo'.*minimax/);
  assert.equal(await page.inputValue('[data-testid=game]'), '2048');
  assert.equal(await page.inputValue('[data-testid=g2048-algo]'), 'mcts');
  await page.screenshot({ path: path.join(suite.shots, '2048-bad-link.png') });
  await page.goto(link2048('depth=0'));
  await page.reload();
  await waitForState(page, ['error']);
  s = await status(page);
  assert.match(s.text, /field 'depth'/);
  await page.goto(link2048('level=www'));
  await page.reload();
  await waitForState(page, ['error']);
  assert.match((await status(page)).text, /field 'level'.*unknown field/);
  await page.close();
});

test('a batch of games finishes on a pool of workers and draws the histograms', async () => {
  const { page, problems } = await openPage(suite.browser.context, link2048('algo=mcts&uct=0.5&spawns=branched&tree-depth=3&games=4&batch-nodes=2&seed=5'));
  assert.match(await page.textContent('[data-testid=g2048-batch-command]'),
    /searchlab 2048 play --algo mcts --uct 0.5 --spawns branched --tree-depth 3 --iterations 2 --games 4 --seed 5$/);
  const before = await accentPixels(page, 'hist-tiles');
  await page.click('[data-testid=g2048-batch-run]');
  await page.waitForFunction(() => document.querySelector('[data-testid=batch-status]').dataset.state !== 'running', null, { timeout: 90000 });
  const batch = await page.$eval('[data-testid=batch-status]', (el) => ({ state: el.dataset.state, finished: Number(el.dataset.finished), text: el.textContent }));
  assert.equal(batch.state, 'done', batch.text);
  assert.equal(batch.finished, 4);
  const metrics = await page.evaluate(() => window.searchlabMetrics.batch);
  console.log(`# batch: ${metrics.games.length} games on ${metrics.workers} workers: ${batch.text}`);
  assert.deepEqual(metrics.games.map((g) => g.index).sort(), [0, 1, 2, 3]);
  for (const game of metrics.games) {
    assert.equal(game.over, true);
    assert.ok(game.moves > 0 && game.score > 0 && game.maxTile >= 4, JSON.stringify(game));
    assert.ok(game.work <= 2 * game.moves, 'each move keeps to its work budget');
  }
  assert.equal(before, 0, 'no bars before the batch');
  assert.ok(await accentPixels(page, 'hist-tiles') > 100, 'the largest-tile histogram has bars');
  assert.ok(await accentPixels(page, 'hist-scores') > 100, 'the score histogram has bars');
  await page.locator('[data-testid=hist-scores]').scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(suite.shots, '2048-batch.png'), fullPage: true });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: path.join(suite.shots, '2048-batch-dark.png'), fullPage: true });
  assert.deepEqual(problems, []);
  await page.close();
});
