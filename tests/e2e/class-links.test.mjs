// Issue 18's links, touch play, Othello hint and editor fixes in Chromium: `lvl=bridge` opens
// Bridge (and a link refused for another field the first level, every level listed); a Bait link with moves opens at the position after them; a 2048 link with moves
// reopens the very board; a swipe on the Bait board moves the avatar; the Othello hint writes a
// value on every legal square and rings the best move; the editor's undo and redo bring painted cells back and forth; a level without a
// door is not called valid; Play, Step and Undo are disabled while editing; a time budget is
// flagged beside Play with a switch to a node budget. A tap beside the
// avatar steps towards it.
// Run with `node --test tests/e2e/class-links.test.mjs` after `./dev.sh build`.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { browserSuite, openPage, status, waitForState } from './harness.mjs';

const suite = browserSuite();

async function open(link) {
  return openPage(suite.browser.context, `${suite.server.url}#${link}`);
}

const avatar = (page) => page.getAttribute('[data-testid=board]', 'data-avatar');
const levelShown = (page) => page.$eval('[data-testid=level]', (el) => el.value);

test('lvl=bridge opens Bridge, and the link names it', async () => {
  const { page, problems } = await open('v=1&game=bait&lvl=bridge&algo=bfs&seed=1');
  assert.equal(await levelShown(page), 'bridge');
  assert.equal((await status(page)).state, 'idle');
  assert.match(page.url(), /#v=1&game=bait&lvl=bridge&algo=bfs&/);
  assert.doesNotMatch(page.url(), /level=/);
  assert.deepEqual(problems, []);
  await page.close();
});

test('an unknown lvl is refused with the names of the shipped levels', async () => {
  const { page } = await open('v=1&game=bait&lvl=bridges');
  const s = await status(page);
  assert.equal(s.state, 'error');
  assert.match(s.text, /field 'lvl': unknown level 'bridges' \(expected first-steps, .* or warehouse\)/);
  await page.close();
});

test('a link naming a level that is refused for another field opens the first level, every level listed', async () => {
  // The page reads the named level's file first and the others later: the default view's level too.
  const { page } = await open('v=1&game=bait&lvl=warehouse&algo=nope');
  await page.waitForFunction(() => document.querySelector('[data-testid=level]').value === 'first-steps');
  const s = await status(page);
  assert.equal(s.state, 'error');
  assert.match(s.text, /field 'algo'/);
  assert.equal(await page.locator('[data-testid=level] option').count(), 7, 'six levels and a custom one');
  await page.close();
});

test('a Bait link with moves opens at the position after them, and moves write the link', async () => {
  // First steps: the avatar starts at column 1, row 1; two steps right take it to column 3.
  const { page, problems } = await open('v=1&game=bait&lvl=first-steps&algo=bfs&seed=1&moves=RR');
  assert.equal(await avatar(page), '3,1');
  assert.equal((await status(page)).moves, 2);
  assert.match(page.url(), /&moves=RR(&|$)/);
  // The page writes the link after it has drawn the move: wait for it rather than read it at once.
  await page.keyboard.press('ArrowDown');
  await page.waitForFunction(() => /&moves=RRD(&|$)/.test(location.hash));
  await page.keyboard.press('z');
  await page.waitForFunction(() => /&moves=RR(&|$)/.test(location.hash));
  await page.click('[data-testid=reset]');
  await page.waitForFunction(() => !/moves=/.test(location.hash));
  assert.deepEqual(problems, []);
  await page.close();
  const bad = await open('v=1&game=bait&lvl=first-steps&moves=RRx');
  assert.match((await status(bad.page)).text, /field 'moves': move 3: 'x' is not a move/);
  await bad.page.close();
});

test('a 2048 link with moves reopens the same board', async () => {
  const { page, problems } = await open('v=1&game=2048&algo=greedy&seed=77');
  const board = '[data-testid=board-2048]';
  for (const key of ['ArrowLeft', 'ArrowUp', 'ArrowRight', 'ArrowDown', 'ArrowLeft', 'ArrowUp', 'ArrowLeft', 'ArrowDown']) {
    await page.keyboard.press(key);
  }
  const played = (await status(page)).moves;
  assert.ok(played >= 4, `only ${played} of the moves changed the board`);
  const cells = await page.getAttribute(board, 'data-cells');
  const score = await page.textContent('[data-testid=g2048-score]');
  const link = page.url().split('#')[1];
  assert.match(link, new RegExp(`&seed=77&moves=[URDL]{${played}}(&|$)`));
  await page.close();
  const again = await open(link);
  assert.equal(await again.page.getAttribute(board, 'data-cells'), cells);
  assert.equal(await again.page.textContent('[data-testid=g2048-score]'), score);
  assert.equal((await status(again.page)).moves, played);
  assert.deepEqual([...problems, ...again.problems], []);
  await again.page.close();
});

test('a swipe on the Bait board moves the avatar, and so does a tap', async () => {
  const { page, problems } = await open('v=1&game=bait&lvl=first-steps&algo=bfs&seed=1');
  assert.equal(await avatar(page), '1,1');
  const swipe = (dx, dy) => page.$eval('[data-testid=board]', (canvas, [dx, dy]) => {
    const box = canvas.getBoundingClientRect();
    const x = box.left + box.width / 2;
    const y = box.top + box.height / 2;
    const init = { pointerId: 7, pointerType: 'touch', isPrimary: true, bubbles: true };
    canvas.dispatchEvent(new PointerEvent('pointerdown', { ...init, clientX: x, clientY: y }));
    canvas.dispatchEvent(new PointerEvent('pointerup', { ...init, clientX: x + dx, clientY: y + dy }));
  }, [dx, dy]);
  await swipe(80, 10);
  assert.equal(await avatar(page), '2,1');
  await swipe(-10, -90); // up, into the wall: a move that bumps
  assert.equal((await status(page)).moves, 2);
  assert.equal(await avatar(page), '2,1');
  // A tap (a press that hardly travels) on a cell of the 7×5 level steps towards it.
  const tap = (x, y) => page.$eval('[data-testid=board]', (canvas, [x, y]) => {
    const box = canvas.getBoundingClientRect();
    const cell = Math.floor(Math.min(box.width / 7, box.height / 5));
    const at = {
      clientX: box.left + (box.width - cell * 7) / 2 + cell * (x + 0.5),
      clientY: box.top + (box.height - cell * 5) / 2 + cell * (y + 0.5),
    };
    const init = { pointerId: 8, pointerType: 'touch', isPrimary: true, bubbles: true, ...at };
    canvas.dispatchEvent(new PointerEvent('pointerdown', init));
    canvas.dispatchEvent(new PointerEvent('pointerup', { ...init, clientX: at.clientX + 3 }));
  }, [x, y]);
  await tap(4, 1); // the key, two cells to the right
  assert.equal(await avatar(page), '3,1');
  await tap(3, 1); // the avatar's own cell: no move
  assert.equal((await status(page)).moves, 3);
  assert.equal(await avatar(page), '3,1');
  assert.deepEqual(problems, []);
  await page.close();
});

test('the Othello hint rings a legal move, values every legal square and says it in words', async () => {
  // After f5 d6 Black's moves differ in value (the opening's four are equal by symmetry).
  const { page, problems } = await open('v=1&game=othello&black=human&white=alphabeta:depth=3&seed=1&moves=f5,d6');
  const board = '[data-testid=board-othello]';
  const legal = (await page.getAttribute(board, 'data-legal')).split(',');
  await page.click('[data-testid=othello-hint]');
  await page.waitForFunction((sel) => document.querySelector(sel).dataset.hint !== '', board, { timeout: 20000 });
  const hint = await page.getAttribute(board, 'data-hint');
  assert.ok(legal.includes(hint), `hint ${hint} among the legal moves ${legal}`);
  const words = await page.textContent('[data-testid=othello-hint-text]');
  assert.match(words, /^Hint for Black: .* would play [a-h][1-8] \(ringed on the board\)\. Each legal square shows the move's value for you \(searched to depth 3, in discs\)\.$/);
  // A value on every legal square; the ringed move's is the best (a full-window search to the
  // hint's depth values each move as the hint's own alpha-beta does).
  const values = JSON.parse(await page.getAttribute(board, 'data-hint-values'));
  assert.deepEqual(Object.keys(values).sort(), [...legal].sort());
  const number = (text) => Number(text.replace('−', '-'));
  for (const text of Object.values(values)) assert.match(text, /^[+−]?\d+(\.\d)?$/);
  const best = Math.max(...Object.values(values).map(number));
  assert.equal(number(values[hint]), best, `the ringed ${hint} has the best value in ${JSON.stringify(values)}`);
  assert.ok(new Set(Object.values(values)).size > 1, `values that tell the moves apart: ${JSON.stringify(values)}`);
  // Drawn: the value pill's colour at the centre of each legal square, in both themes.
  for (const theme of ['light', 'dark']) {
    while ((await page.evaluate(() => document.documentElement.dataset.theme)) !== theme) await page.click('#theme');
    const pills = await page.evaluate(({ sel, squares }) => {
      const canvas = document.querySelector(sel);
      const { ox, oy, cell } = JSON.parse(canvas.dataset.layout);
      const ratio = canvas.width / canvas.clientWidth;
      const bg = getComputedStyle(document.documentElement).getPropertyValue('--othello-value-bg').trim();
      const ctx = canvas.getContext('2d');
      // A pixel just left of the text, inside the pill.
      return { bg, px: squares.map((sq) => Array.from(ctx.getImageData(Math.round((ox + (sq % 8 + 0.5) * cell - cell * 0.17) * ratio),
        Math.round((oy + (Math.floor(sq / 8) + 0.5) * cell - cell * 0.15) * ratio), 1, 1).data).slice(0, 3)) };
    }, { sel: board, squares: legal.map(Number) });
    const hex = pills.bg.match(/[0-9a-f]{2}/gi).map((h) => parseInt(h, 16));
    for (const px of pills.px) assert.deepEqual(px, hex, `${theme}: the value pill at every legal square`);
  }
  assert.equal((await status(page)).state, 'idle');
  assert.deepEqual(problems, []);
  await page.close();
});

test('the editor undoes and redoes strokes and keeps Play, Step and Undo disabled', async () => {
  const { page, problems } = await open('v=1&game=bait&lvl=first-steps&algo=bfs&seed=1');
  await page.click('[data-testid=edit-toggle]');
  for (const id of ['play', 'step', 'undo']) assert.equal(await page.isDisabled(`[data-testid=${id}]`), true, id);
  assert.equal(await page.isDisabled('[data-testid=edit-undo]'), true);
  // A wall on the floor cell at column 2, row 1 (the cursor starts in the corner).
  await page.focus('[data-testid=board]');
  for (const key of ['ArrowDown', 'ArrowRight', 'ArrowRight', 'w']) await page.keyboard.press(key);
  await page.waitForFunction(() => /level=wwwwwww\/wAw\.k\.w\//.test(location.hash));
  await page.click('[data-testid=edit-undo]');
  await page.waitForFunction(() => /lvl=first-steps/.test(location.hash));
  assert.equal(await levelShown(page), 'first-steps');
  await page.focus('[data-testid=board]');
  await page.keyboard.press('Control+Shift+Z');
  await page.waitForFunction(() => /level=wwwwwww\/wAw\.k\.w\//.test(location.hash));
  await page.keyboard.press('Control+Z');
  await page.waitForFunction(() => /lvl=first-steps/.test(location.hash));
  await page.click('[data-testid=edit-toggle]');
  for (const id of ['play', 'step', 'undo']) assert.equal(await page.isDisabled(`[data-testid=${id}]`), false, id);
  assert.deepEqual(problems, []);
  await page.close();
});

test('a level without a door is not called valid, and the editor says what is missing', async () => {
  const { page, problems } = await open('v=1&game=bait&lvl=first-steps&algo=bfs&seed=1');
  await page.click('[data-testid=edit-toggle]');
  await page.focus('[data-testid=board]');
  // Floor over the door at column 5, row 3.
  for (const key of ['ArrowDown', 'ArrowDown', 'ArrowDown', 'ArrowRight', 'ArrowRight', 'ArrowRight', 'ArrowRight', 'ArrowRight', '.']) {
    await page.keyboard.press(key);
  }
  const editor = page.locator('[data-testid=editor-status]');
  assert.equal(await editor.getAttribute('data-valid'), 'false');
  assert.match(await editor.textContent(), /cannot be won: it has no door \(g\)/);
  assert.doesNotMatch(await editor.textContent(), /Valid/);
  // The door back: valid again.
  await page.keyboard.press('g');
  assert.equal(await editor.getAttribute('data-valid'), 'true');
  await waitForState(page, ['idle']);
  assert.deepEqual(problems, []);
  await page.close();
});

test('a time budget is flagged beside Play, and one click switches the link to a node budget', async () => {
  const { page, problems } = await open('v=1&game=bait&lvl=first-steps&algo=mcts&mode=act&seed=1');
  const note = '[data-testid=time-budget-note]';
  await page.waitForSelector(note, { state: 'visible' });
  assert.match(await page.textContent(note), /a time budget does not replay exactly/);
  // No move acted yet: the parameter table's default iterations per move.
  assert.match(await page.textContent('[data-testid=to-node-budget]'), /Use 1,000 iterations per move/);
  await page.click('[data-testid=to-node-budget]');
  await page.waitForFunction(() => /mode=plan/.test(location.hash) && /plan-iterations=1000/.test(location.hash));
  assert.equal(await page.isVisible(note), false, 'plan mode replays exactly: no note');
  // A planner never shows it.
  const bfs = await open('v=1&game=bait&lvl=first-steps&algo=bfs&seed=1');
  await bfs.page.waitForSelector('[data-testid=play]');
  assert.equal(await bfs.page.isVisible(note), false);
  assert.deepEqual(problems, []);
  assert.deepEqual(bfs.problems, []);
});
