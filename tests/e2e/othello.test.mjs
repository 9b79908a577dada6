// End-to-end tests of Othello on the playground in Debian's Chromium (playwright-core): two
// agents play a whole game and the page reports the result, a person plays by click and by
// keyboard with undo, a share link opens a position and steps through its moves, an agent
// switches to the exact solver, the solver shows its progress, Stop ends a long search, and
// malformed links open the default view with the error. Run with `node --test tests/e2e/` after `./dev.sh build`. Screenshots go
// to a temporary folder printed at the start.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import {
  browserSuite, openPage, setSpeed, status, typeInto, waitForState,
} from './harness.mjs';

const suite = browserSuite();

function linkOthello(rest) {
  return `${suite.server.url}#v=1&game=othello&${rest}`;
}

/** The board canvas's test hooks: layout, keyboard square, squares a person may play. */
function boardHooks(page) {
  return page.$eval('[data-testid=board-othello]', (canvas) => ({
    layout: JSON.parse(canvas.dataset.layout),
    cursor: Number(canvas.dataset.cursor),
    legal: canvas.dataset.legal ? canvas.dataset.legal.split(',').map(Number) : [],
  }));
}

/** Clicks the centre of square `index` (a1 = 0, h8 = 63). */
async function clickSquare(page, index) {
  const { layout } = await boardHooks(page);
  const box = await page.locator('[data-testid=board-othello]').boundingBox();
  await page.mouse.click(
    box.x + layout.ox + layout.cell * ((index % 8) + 0.5),
    box.y + layout.oy + layout.cell * (Math.floor(index / 8) + 0.5),
  );
}

async function text(page, testid) {
  return (await page.textContent(`[data-testid=${testid}]`)).trim();
}

async function discs(page) {
  return [Number(await text(page, 'othello-black-discs')), Number(await text(page, 'othello-white-discs'))];
}

function waitForMoves(page, moves, timeout = 30000) {
  return page.waitForFunction(
    (n) => Number(document.querySelector('[data-testid=status]').dataset.moves) === n &&
      ['idle', 'won', 'lost', 'draw', 'over'].includes(document.querySelector('[data-testid=status]').dataset.state),
    moves,
    { timeout },
  );
}

test('two agents play a whole game, and the page reports the result and steps through it', async () => {
  const { page, problems } = await openPage(suite.browser.context,
    linkOthello('black=alphabeta:depth=2:eval=course&white=minimax:depth=1:eval=strong&seed=3'));
  assert.equal(await page.inputValue('[data-testid=game]'), 'othello');
  assert.equal(await page.locator('[data-testid=board-othello]').isVisible(), true);
  assert.equal(await page.locator('[data-testid=board]').isVisible(), false);
  assert.match((await status(page)).text, /Black \(Alpha-beta, depth 2, course heuristic\) is to move/);
  await setSpeed(page, 30);
  await page.click('[data-testid=play]');
  const s = await waitForState(page, ['over', 'error'], 120000);
  await page.screenshot({ path: path.join(suite.shots, 'othello-agents-over.png') });
  assert.equal(s.state, 'over', s.text);
  const [black, white] = await discs(page);
  const winner = await page.$eval('[data-testid=status]', (el) => el.dataset.winner);
  const expected = black === white ? `Draw, ${black}–${white}.` :
    `${black > white ? 'Black' : 'White'} wins ${Math.max(black, white)}–${Math.min(black, white)}.`;
  assert.ok(s.text.startsWith(expected), `${s.text} (discs ${black}–${white})`);
  assert.equal(winner, black === white ? 'draw' : black > white ? 'black' : 'white');
  assert.ok(s.moves >= 30, `a whole game (${s.moves} moves)`);
  assert.equal(await text(page, 'othello-turn'), 'game over');
  // The agents' thinking was shown, with alpha-beta's cutoffs counted.
  assert.match(await text(page, 'othello-nodes'), /^\d/);
  // The link holds the game; step-through goes back to the start and forward again.
  assert.match(page.url(), /&moves=([a-h][1-8]|pass)(,([a-h][1-8]|pass))+&black=alphabeta:depth=2:eval=course:solve=0&white=minimax:depth=1:eval=strong:solve=0&seed=3$/);
  await page.click('[data-testid=othello-first]');
  assert.deepEqual(await discs(page), [2, 2]);
  assert.equal(await page.$eval('[data-testid=othello-ply]', (el) => el.dataset.ply), '0');
  assert.match(page.url(), /&at=0&/);
  await page.focus('[data-testid=board-othello]');
  await page.keyboard.press(']');
  assert.equal(await page.$eval('[data-testid=othello-ply]', (el) => el.dataset.ply), '1');
  assert.equal((await discs(page))[0], 4, 'Black\'s first move turned a disc');
  await page.click('[data-testid=othello-last]');
  assert.deepEqual(await discs(page), [black, white]);
  assert.equal((await status(page)).state, 'over');
  assert.deepEqual(problems, []);
  await page.close();
});

test('a person plays by click and by keyboard against an agent, with undo', async () => {
  const { page, problems } = await openPage(suite.browser.context,
    linkOthello('black=human&white=alphabeta:depth=3:eval=course&seed=5'));
  let s = await status(page);
  assert.equal(s.state, 'idle', s.text);
  assert.match(s.text, /Your move \(Black\)/);
  assert.deepEqual((await boardHooks(page)).legal, [19, 26, 37, 44]);
  await clickSquare(page, 0); // a1: not a legal move
  assert.match((await status(page)).text, /a1 is not a legal move/);
  await clickSquare(page, 37); // f5
  await waitForMoves(page, 2);
  s = await status(page);
  assert.match(s.text, /Your move \(Black\)/);
  assert.match(await text(page, 'othello-thinking-who'), /White \(Alpha-beta, depth 3, course heuristic\)/);
  assert.match(await text(page, 'othello-depth'), /3 plies/);
  assert.ok(Number((await text(page, 'othello-cutoffs')).replace(/,/g, '')) > 0, 'alpha-beta cut something off');
  assert.match(await text(page, 'othello-pruning'), /cutoffs skipped \d+ moves/);
  assert.match(await text(page, 'othello-value'), /for Black \(the course's heuristic\)/);

  // The keyboard: arrows move the square, Enter plays it.
  await page.focus('[data-testid=board-othello]');
  const hooks = await boardHooks(page);
  const target = hooks.legal[0];
  const keys = [];
  const dx = (target % 8) - (hooks.cursor % 8);
  const dy = Math.floor(target / 8) - Math.floor(hooks.cursor / 8);
  for (let i = 0; i < Math.abs(dx); i += 1) keys.push(dx > 0 ? 'ArrowRight' : 'ArrowLeft');
  for (let i = 0; i < Math.abs(dy); i += 1) keys.push(dy > 0 ? 'ArrowDown' : 'ArrowUp');
  for (const key of keys) await page.keyboard.press(key);
  assert.equal((await boardHooks(page)).cursor, target);
  await page.keyboard.press('Enter');
  await waitForMoves(page, 4);
  await page.screenshot({ path: path.join(suite.shots, 'othello-human.png') });
  const moves = await page.$$eval('[data-testid=othello-moves] li button', (bs) => bs.map((b) => b.textContent));
  assert.equal(moves.length, 4);
  assert.equal(moves[0], 'f5');
  assert.equal(moves[2], `${'abcdefgh'[target % 8]}${Math.floor(target / 8) + 1}`);

  // Undo takes back the agent's reply and the person's move.
  await page.keyboard.press('z');
  assert.equal((await status(page)).moves, 2);
  await page.click('[data-testid=undo]');
  s = await status(page);
  assert.equal(s.moves, 0);
  assert.match(s.text, /Undone/);
  assert.match(page.url(), /game=othello&black=human&white=alphabeta/);
  assert.deepEqual(problems, []);
  await page.close();
});

/** A position of a seeded random game with `empties` empty squares, as FFO text, played by the
 * page's own wasm module. */
function randomPosition(page, empties) {
  return page.evaluate(async (wanted) => {
    const wasm = await import('/pkg/searchlab.js');
    await wasm.default();
    const session = new wasm.GameSession('othello', 'start');
    let i = 0;
    while (64 - session.view().cells.filter((c) => c !== 0).length > wanted) {
      const legal = session.legalActions();
      session.apply(legal[(i * 7 + 3) % legal.length]);
      i += 1;
    }
    const board = Array.from(session.view().cells, (c) => '-XO'[c]).join('');
    return { board, side: session.playerToMove() === 0 ? 'X' : 'O', legal: Array.from(session.legalActions()) };
  }, empties);
}

test('a link with a position opens it, and the agent turns exact near the end', async () => {
  const { page, problems } = await openPage(suite.browser.context, linkOthello('seed=1'));
  const position = await randomPosition(page, 12);
  assert.ok(position.legal.length > 1, JSON.stringify(position));
  const mover = position.side === 'X' ? 'black' : 'white';
  const other = mover === 'black' ? 'white' : 'black';
  const first = position.legal[0];
  const name = `${'abcdefgh'[first % 8]}${Math.floor(first / 8) + 1}`;
  const link = linkOthello(`board=${position.board}&side=${position.side}&moves=${name}&at=0` +
    `&${mover}=mtdf:ms=500:eval=strong:solve=14&${other}=human&seed=2`);
  await page.goto(link);
  await page.reload();
  await page.waitForFunction(() => document.documentElement.dataset.ready === 'true');
  let s = await status(page);
  assert.equal(s.state, 'idle', s.text);
  const [black, white] = await discs(page);
  assert.equal(black, [...position.board].filter((c) => c === 'X').length);
  assert.equal(white, [...position.board].filter((c) => c === 'O').length);
  assert.equal(await text(page, 'othello-turn'), mover === 'black' ? 'Black' : 'White');
  assert.equal(await page.$eval('[data-testid=othello-ply]', (el) => el.dataset.total), '1');
  assert.equal(await page.$eval('[data-testid=othello-ply]', (el) => el.dataset.ply), '0');
  assert.match(page.url(), new RegExp(`board=${position.board}&side=${position.side}&moves=${name}&at=0&`));
  await page.click('[data-testid=othello-forward]');
  assert.equal(await page.$eval('[data-testid=othello-ply]', (el) => el.dataset.ply), '1');
  await page.click('[data-testid=othello-back]');

  // The agent to move solves the position exactly.
  await page.click('[data-testid=step]');
  await waitForMoves(page, 1);
  assert.match(await text(page, 'othello-value'), /^exact: (Black wins by \d+|White wins by \d+|a draw)$/);
  assert.match(await text(page, 'othello-depth'), /exact: 12 empty squares/);
  await page.screenshot({ path: path.join(suite.shots, 'othello-exact.png') });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: path.join(suite.shots, 'othello-exact-dark.png') });
  s = await status(page);
  assert.notEqual(s.state, 'error', s.text);
  assert.deepEqual(problems, []);
  await page.close();
});

/** Presses Stop while an agent thinks about the first move; checks that the page says so, no move
 * was played and the node count stays still. */
async function stopAndCheckStill(page) {
  await page.click('[data-testid=stop]');
  const s = await waitForState(page, ['idle'], 5000);
  assert.match(s.text, /Stopped/);
  assert.equal(s.moves, 0);
  const nodes = await text(page, 'othello-nodes');
  await page.waitForTimeout(300);
  assert.equal(await text(page, 'othello-nodes'), nodes);
}

test('the exact solver counts its positions as it goes, and Stop ends it', async () => {
  const { page, problems } = await openPage(suite.browser.context, linkOthello('seed=1'));
  const position = await randomPosition(page, 24);
  assert.ok(position.legal.length > 1, JSON.stringify(position));
  const mover = position.side === 'X' ? 'black' : 'white';
  const other = mover === 'black' ? 'white' : 'black';
  await page.goto(linkOthello(`board=${position.board}&side=${position.side}` +
    `&${mover}=solver&${other}=human&seed=2`));
  await page.reload();
  await page.waitForFunction(() => document.documentElement.dataset.ready === 'true');
  await page.click('[data-testid=step]');
  await waitForState(page, ['thinking']);
  await page.waitForFunction(() =>
    /solving 24 empty squares/.test(document.querySelector('[data-testid=othello-depth]').textContent) &&
    Number(document.querySelector('[data-testid=othello-nodes]').textContent.replace(/,/g, '')) > 1000000,
  null, { timeout: 30000 });
  await page.screenshot({ path: path.join(suite.shots, 'othello-solving.png') });
  await stopAndCheckStill(page);
  assert.deepEqual(problems, []);
  await page.close();
});

test('Stop ends a long minimax search, and its counters stop', async () => {
  const { page, problems } = await openPage(suite.browser.context,
    linkOthello('black=minimax:depth=9:eval=course&white=human&seed=1'));
  await page.click('[data-testid=step]');
  await waitForState(page, ['thinking']);
  await page.waitForFunction(() => Number(document.querySelector('[data-testid=othello-nodes]').textContent.replace(/,/g, '')) > 20000, null, { timeout: 30000 });
  await page.screenshot({ path: path.join(suite.shots, 'othello-thinking.png') });
  assert.equal(await text(page, 'othello-cutoffs'), '0', 'minimax cuts nothing off');
  await stopAndCheckStill(page);
  assert.deepEqual(problems, []);
  await page.close();
});

test('a malformed Othello link opens the default Othello view with an error naming the field', async () => {
  const { page } = await openPage(suite.browser.context, linkOthello('board=XO&side=X'));
  let s = await status(page);
  assert.equal(s.state, 'error');
  assert.match(s.text, /field 'board': expected 64 characters, found 2/);
  assert.equal(await page.inputValue('[data-testid=game]'), 'othello');
  assert.equal(await page.inputValue('[data-testid=othello-black-player]'), 'human');
  assert.deepEqual(await discs(page), [2, 2]);
  // The inputs stop at what a link on the page takes (Rust's limits().othello), below the agents'
  // own ranges (an hour per move, 2^53 - 1 nodes, 30 empty squares).
  for (const [key, max] of [['ms', '60000'], ['nodes', '1000000000'], ['solve', '24']]) {
    assert.equal(await page.getAttribute(`[data-testid=othello-black-${key}]`, 'max'), max, key);
  }
  await page.screenshot({ path: path.join(suite.shots, 'othello-bad-link.png') });
  for (const [rest, expected] of [
    ['white=alphabeta:depth=0', /field 'white': depth: must be between 1 and 60/],
    ['moves=f5,a1', /field 'moves': move 2 \(a1\) is not legal there/],
    ['white=mtdf:solve=25', /field 'white': solve: at most 24/],
  ]) {
    await page.goto(linkOthello(rest));
    await page.reload();
    await waitForState(page, ['error']);
    s = await status(page);
    assert.match(s.text, expected);
  }
  // An emptied field is named by its side and its label.
  await page.goto(linkOthello('white=alphabeta:depth=3'));
  await page.reload();
  await page.waitForFunction(() => document.documentElement.dataset.ready === 'true');
  await typeInto(page, 'othello-white-depth', '');
  await waitForState(page, ['error']);
  assert.equal((await status(page)).text, "White: 'Depth (plies)' needs a number.");
  await page.close();
});
