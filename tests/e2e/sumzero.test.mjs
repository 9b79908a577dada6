// End-to-end tests of Sum to zero on the playground in Debian's Chromium (playwright-core): a link
// opens the game and MCTS plays it to the end with a fixed seed, replaying the wasm API's own
// choices, with the optimum and the regret shown; a person plays with the keyboard, a click and
// the buttons, with undo; a malformed link names its field; a link reopens the position. Run with
// `node --test tests/e2e/` after `./dev.sh build`. Screenshots go to a temporary folder printed at
// the start.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import {
  browserSuite, openPage, setSpeed, status, typeInto, waitForState,
} from './harness.mjs';

const suite = browserSuite();

function linkSumZero(rest) {
  return `${suite.server.url}#v=1&game=sumzero&${rest}`;
}

async function text(page, testid) {
  return (await page.textContent(`[data-testid=${testid}]`)).trim();
}

/** The values of the fields `testids`, by testid. */
async function values(page, testids) {
  return Object.fromEntries(await Promise.all(testids.map(async (id) => [id, await page.inputValue(`[data-testid=${id}]`)])));
}

/** Opens the Sum to zero link `rest` in `page` and resolves to its status once it is ready. */
async function reopen(page, rest) {
  await page.goto(linkSumZero(rest));
  await page.reload();
  await page.waitForFunction(() => document.documentElement.dataset.ready === 'true' ||
    document.querySelector('[data-testid=status]').dataset.state === 'error');
  return status(page);
}

/** The board's test hooks: the next move's points and the arrow keys' move. */
function boardHooks(page) {
  return page.$eval('[data-testid=board-sumzero]', (canvas) => ({
    chips: JSON.parse(canvas.dataset.chips),
    cursor: Number(canvas.dataset.cursor),
  }));
}

/**
 * The game the page's own wasm module plays from `moves` with the agent of `view`: each move a
 * fresh search job with the link's seed and the moves since the start as its stream, stepped to
 * its end, as the worker runs it. Resolves to { text, sum, reward, regrets }.
 */
function playedByTheApi(page, view, moves) {
  return page.evaluate(async ({ view, moves }) => {
    const wasm = await import('/pkg/searchlab.js');
    await wasm.default();
    const session = new wasm.GameSession('sumzero', moves);
    const regrets = [];
    while (!session.isTerminal()) {
      const job = new wasm.SearchJob(session.encode(), view, view.seed, session.moves());
      while (job.step(1000).status === 'running');
      regrets.push(job.thinking().regret);
      session.apply(job.bestAction());
      job.free();
    }
    const board = session.view();
    return { text: board.text, sum: board.sum, reward: board.reward, regrets };
  }, { view, moves });
}

test('a link opens Sum to zero, and MCTS plays to the end beside the optimum, as the API replays it', async () => {
  const { page, problems } = await openPage(suite.browser.context, linkSumZero('algo=mcts&uct=1.41&iterations=40&seed=7'));
  let s = await status(page);
  assert.deepEqual([s.state, s.moves], ['idle', 0], s.text);
  assert.deepEqual(await values(page, ['game', 'sumzero-algo', 'sumzero-uct', 'sumzero-iterations', 'sumzero-seed']), {
    game: 'sumzero', 'sumzero-algo': 'mcts', 'sumzero-uct': '1.41', 'sumzero-iterations': '40', 'sumzero-seed': '7',
  });
  assert.equal(await page.locator('[data-testid=board-sumzero]').isVisible(), true);
  assert.equal(await page.locator('[data-testid=board]').isVisible(), false);
  assert.match(await text(page, 'sumzero-lesson'), /^What it teaches: .*optimum.*regret/);
  assert.match(page.url(), /#v=1&game=sumzero&algo=mcts&uct=1\.41&iterations=40&seed=7$/);
  // The controls come from the parameter table: its label, range and help.
  const iterations = page.getByRole('spinbutton', { name: 'Playouts per move' });
  assert.equal(await iterations.getAttribute('max'), '1000000');
  assert.match(await iterations.getAttribute('title'), /MCTS playouts before each move.*Default: 1,000\./);

  await setSpeed(page, 30);
  await page.click('[data-testid=play]');
  s = await waitForState(page, ['over', 'error'], 60000);
  await page.screenshot({ path: path.join(suite.shots, 'sumzero-over.png') });
  assert.equal(s.state, 'over', s.text);
  assert.equal(s.moves, 10);
  const expected = await playedByTheApi(page, { game: 'sumzero', algo: 'mcts', uct: 1.41, iterations: 40, moves: '', seed: 7 }, '');
  assert.equal(await text(page, 'sumzero-line'), expected.text, 'the page played the API\'s choices');
  assert.ok(s.text.startsWith(`Over: the sum ended at ${expected.sum}, reward ${expected.reward.toFixed(3)}`), s.text);
  assert.equal(await text(page, 'sumzero-reward'), expected.reward.toFixed(3));
  assert.equal(new URL(page.url()).hash, `#v=1&game=sumzero&algo=mcts&uct=1.41&iterations=40&moves=${encodeURIComponent(expected.text)}&seed=7`);
  const given = expected.regrets.reduce((a, b) => a + b, 0);
  assert.equal(await text(page, 'sumzero-given-away'), `${given.toFixed(3)} over 10 moves`);

  // The last decision stays in view: the optimum, the choice and its regret, every move judged.
  assert.match(await text(page, 'sumzero-thinking-who'), /^MCTS \(40 playouts, K 1\.41\), about turn 1 \(sum -?\d+\):$/);
  assert.match(await text(page, 'sumzero-optimal'), /^\d\.\d{3} \(the sum can end (on 0|\d+ from 0)\)$/);
  const regret = expected.regrets[9];
  assert.equal(await text(page, 'sumzero-regret'), regret === 0 ? '0 (optimal)' : regret.toFixed(3));
  assert.equal(await text(page, 'sumzero-playouts'), '40');
  const rows = await page.$$eval('[data-testid=sumzero-actions] tbody tr', (trs) => trs.map((tr) => ({
    chosen: tr.classList.contains('best'),
    optimal: tr.classList.contains('optimal'),
    cells: [...tr.cells].map((td) => td.textContent),
  })));
  assert.equal(rows.length, 4, 'one row a move');
  assert.equal(rows.filter((r) => r.chosen).length, 1);
  assert.ok(rows.some((r) => r.optimal), 'an optimal move is marked');
  for (const row of rows) {
    assert.match(row.cells[1], /^\d\.\d{3}$/, JSON.stringify(row));
    assert.equal(row.optimal, row.cells[2] === '0', 'the optimal moves are those without regret');
  }
  const visits = rows.reduce((sum, row) => sum + Number(row.cells[3].replace(/\D/g, '') || 0), 0);
  assert.equal(visits, 40, 'every playout passes one first move');
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: path.join(suite.shots, 'sumzero-over-dark.png') });
  assert.deepEqual(problems, []);
  await page.close();
});

test('a person plays with the keys, a click and the buttons, with undo', async () => {
  const { page, problems } = await openPage(suite.browser.context, linkSumZero('seed=1'));
  assert.match((await status(page)).text, /^Your move at turn 10 \(sum 0\)/);
  await page.focus('[data-testid=board-sumzero]');
  await page.keyboard.press('3'); // +3t at turn 10
  let s = await status(page);
  assert.equal(s.moves, 1);
  assert.match(s.text, /^You added \+30\. Your move at turn 9 \(sum 30\)/);
  assert.equal(await text(page, 'sumzero-sum'), '30');
  assert.match(page.url(), /&moves=%2B30&seed=1$/);

  // The arrow keys walk the points left to right (-27, -18, +18, +27 at turn 9); Enter plays.
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  assert.equal((await boardHooks(page)).cursor, 3, 'the leftmost point: -3t');
  await page.keyboard.press('ArrowRight');
  assert.equal((await boardHooks(page)).cursor, 1, 'then -2t');
  await page.keyboard.press('Enter');
  assert.equal(await text(page, 'sumzero-line'), '+30 -18');

  // A click on a point, and a button.
  const { chips } = await boardHooks(page);
  const box = await page.locator('[data-testid=board-sumzero]').boundingBox();
  const minus = chips.find((c) => c.action === 3);
  await page.mouse.click(box.x + minus.x, box.y + minus.y);
  assert.equal(await text(page, 'sumzero-line'), '+30 -18 -24');
  await page.getByRole('button', { name: '1: +14, add +14 (+2t at turn 7)' }).click();
  s = await status(page);
  assert.equal(s.moves, 4);
  assert.equal(await text(page, 'sumzero-sum'), '2');
  assert.match(await page.getAttribute('[data-testid=board-sumzero]', 'aria-label'), /the sum is 2 after \+30 −18 −24 \+14\. Turn 6: 1 adds \+12/);
  await page.screenshot({ path: path.join(suite.shots, 'sumzero-person.png') });

  await page.keyboard.press('z');
  assert.equal((await status(page)).moves, 3);
  await page.click('[data-testid=undo]');
  s = await status(page);
  assert.equal(s.moves, 2);
  assert.match(s.text, /^Undone: back to turn 8 \(sum 12\)/);
  assert.match(page.url(), /&moves=%2B30%20-18&seed=1$/);
  assert.deepEqual(problems, []);
  await page.close();
});

test('a malformed Sum to zero link opens the default view with an error naming the field', async () => {
  const { page } = await openPage(suite.browser.context, linkSumZero('iterations=0&seed=3'));
  const s = await status(page);
  assert.match(s.text, /field 'iterations'/);
  assert.deepEqual({ state: s.state, ...await values(page, ['game', 'sumzero-iterations']) },
    { state: 'error', game: 'sumzero', 'sumzero-iterations': '1000' }, 'the default view');
  await page.screenshot({ path: path.join(suite.shots, 'sumzero-bad-link.png') });
  assert.match((await reopen(page, 'moves=%2B20%20%2B7')).text, /field 'moves': column 5: \+7 is not a move at turn 9/);
  assert.match((await reopen(page, 'algo=bfs')).text, /field 'algo'.*bfs/);
  assert.match((await reopen(page, 'uct=-1')).text, /field 'uct'/);
  assert.match((await reopen(page, 'depth=3')).text, /field 'depth'/);
  // An emptied field is named by its label.
  assert.equal((await reopen(page, 'seed=3')).state, 'idle');
  await typeInto(page, 'sumzero-iterations', '');
  await waitForState(page, ['error']);
  assert.equal((await status(page)).text, "'Playouts per move' needs a whole number.");
  await page.close();
});

test('a link reopens the position and the settings, and the exhaustive agent plays the optimum', async () => {
  const { page, problems } = await openPage(suite.browser.context, linkSumZero('algo=mcts&uct=0.5&iterations=25&seed=9'));
  for (const key of ['4', '1', '2']) await page.keyboard.press(key);
  // The page writes the link once it has played the third move (its move is drawn after the key).
  await page.waitForFunction(() => /moves=-30%20%2B18%20-16&/.test(location.hash), null, { timeout: 5000 }).catch(() => {});
  const link = page.url();
  assert.match(link, /&algo=mcts&uct=0\.5&iterations=25&moves=-30%20%2B18%20-16&seed=9$/);
  const other = await suite.browser.context.newPage();
  await other.goto(link);
  await other.waitForFunction(() => document.documentElement.dataset.ready === 'true');
  const s = await status(other);
  assert.deepEqual([s.state, s.moves], ['idle', 0], `the link's moves are the start: ${s.text}`);
  assert.equal(await text(other, 'sumzero-line'), '-30 +18 -16');
  assert.equal(await text(other, 'sumzero-sum'), '-28');
  assert.equal(await text(other, 'sumzero-turn'), '7');
  assert.deepEqual(await values(other, ['sumzero-uct', 'sumzero-iterations', 'sumzero-seed']),
    { 'sumzero-uct': '0.5', 'sumzero-iterations': '25', 'sumzero-seed': '9' });
  assert.equal(other.url(), link);
  // Reset returns to the link's position.
  await other.keyboard.press('1');
  await other.click('[data-testid=reset]');
  assert.equal(await text(other, 'sumzero-line'), '-30 +18 -16');
  // A step from the link plays the API's choice there.
  const expected = await playedByTheApi(other, { game: 'sumzero', algo: 'mcts', uct: 0.5, iterations: 25, moves: '-30 +18 -16', seed: 9 }, '-30 +18 -16');
  await other.click('[data-testid=step]');
  await other.waitForFunction(() => Number(document.querySelector('[data-testid=status]').dataset.moves) === 1);
  assert.equal(await text(other, 'sumzero-line'), expected.text.split(' ').slice(0, 4).join(' '));
  await other.close();

  // The exhaustive agent reads no parameters, and its choices give nothing away.
  await page.selectOption('[data-testid=sumzero-algo]', 'exhaustive');
  await page.waitForFunction(() => /&algo=exhaustive&moves=/.test(location.hash));
  assert.equal(await page.locator('[data-testid=sumzero-uct]').isVisible(), false);
  assert.equal(await page.locator('[data-testid=sumzero-iterations]').isVisible(), false);
  await setSpeed(page, 30);
  await page.click('[data-testid=play]');
  const end = await waitForState(page, ['over', 'error'], 30000);
  assert.equal(end.state, 'over', end.text);
  assert.match(end.text, /Exhaustive's 7 moves gave away 0\.000\./);
  assert.equal(await text(page, 'sumzero-regret'), '0 (optimal)');
  assert.equal(await text(page, 'sumzero-playouts'), 'none (exact)');
  assert.deepEqual(problems, []);
  await page.close();
});

test('a million playouts show their progress live, and Stop ends them at once', async () => {
  const { page, problems } = await openPage(suite.browser.context, linkSumZero('iterations=1000000&seed=2'));
  await page.click('[data-testid=step]');
  await waitForState(page, ['thinking']);
  const playouts = async () => Number((await text(page, 'sumzero-playouts')).replace(/,/g, ''));
  await page.waitForFunction(() => Number(document.querySelector('[data-testid=sumzero-playouts]').textContent.replace(/,/g, '')) > 5000, null, { timeout: 20000 });
  assert.match(await text(page, 'sumzero-thinking-who'), /^MCTS \(1,000,000 playouts, K 1\.414\), about turn 10 \(sum 0\):$/);
  assert.equal(await page.locator('[data-testid=sumzero-actions] tbody tr').count(), 4, 'the moves are judged while it thinks');
  await page.screenshot({ path: path.join(suite.shots, 'sumzero-thinking.png') });
  await page.click('[data-testid=stop]');
  const s = await waitForState(page, ['idle'], 2000);
  assert.match(s.text, /^Stopped MCTS\./);
  assert.equal(s.moves, 0, 'a stopped search plays nothing');
  const still = await playouts();
  await page.waitForTimeout(300);
  assert.equal(await playouts(), still, 'the search really ended');
  assert.deepEqual(problems, []);
  await page.close();
});
