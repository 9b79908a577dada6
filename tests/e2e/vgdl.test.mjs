// End-to-end tests of VGDL games on the playground in Debian's Chromium (playwright-core): a link
// opens a shipped game by name, BFS solves the level and the plan is played to a win; a game file
// with a mistake pasted into "Game rules" is refused with its line named and the text kept; a link
// carries a game's own rules and level; a link with a bad field names it. Run with
// `node --test tests/e2e/vgdl.test.mjs` after `./dev.sh build`.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  browserSuite, openPage, setSpeed, status, waitForState, ROOT,
} from './harness.mjs';

const suite = browserSuite();

const game = (file) => readFileSync(path.join(ROOT, 'vgdl', 'games', file), 'utf8');

async function text(page, testid) {
  return (await page.textContent(`[data-testid=${testid}]`)).trim();
}

test('a shipped game opens by link, BFS solves it and its plan is played to a win', async () => {
  const { page, problems } = await openPage(suite.browser.context, `${suite.server.url}#v=1&game=vgdl&vgdl=keys&lvl=0&algo=bfs&seed=1`);
  try {
    assert.equal(await page.isVisible('[data-testid=board-vgdl]'), true);
    assert.equal(await page.inputValue('[data-testid=vgdl-game]'), 'keys');
    const legend = await page.$$eval('#vgdl-legend li', (items) => items.map((li) => li.dataset.sprite));
    assert.deepEqual(legend, ['ground', 'stone', 'key', 'gate', 'goal', 'seeker']);
    await setSpeed(page, 30);
    await page.click('[data-testid=play]');
    const end = await waitForState(page, ['over', 'error']);
    assert.equal(end.state, 'over', end.text);
    assert.match(end.text, /^Won after 7 moves, score 6\./);
    assert.equal(end.moves, 7);
    assert.equal(await text(page, 'vgdl-plan-length'), '7');
    assert.equal(await page.getAttribute('[data-testid=board-vgdl]', 'data-outcome'), 'won');
    assert.match(await page.getAttribute('[data-testid=board-vgdl]', 'aria-label'), /score 6, won/);
    const link = await page.evaluate(() => location.hash);
    assert.match(link, /&vgdl=keys&lvl=0&moves=RDRRRRD&algo=bfs/);
    assert.deepEqual(problems, []);
  } finally {
    await page.close();
  }
});

test('a game file with a mistake names its line and keeps the text', async () => {
  const { page, problems } = await openPage(suite.browser.context, `${suite.server.url}#v=1&game=vgdl&seed=1`);
  try {
    const broken = game('crates.txt').replace('crate > Passive', 'crate > Pushable');
    await page.fill('[data-testid=vgdl-rules]', broken);
    await page.click('[data-testid=vgdl-rules-load]');
    const error = await text(page, 'vgdl-rules-error');
    assert.match(error, /^Game rules, line 5, column \d+: .*Pushable/);
    assert.equal(await page.inputValue('[data-testid=vgdl-rules]'), broken);
    // The game on show is still the one before.
    assert.equal(await page.inputValue('[data-testid=vgdl-game]'), 'crates');
    // Fixed (and changed), the text plays as the user's own game, carried in the link.
    await page.fill('[data-testid=vgdl-rules]', broken.replace('Pushable', 'Passive').replace('scoreChange=1', 'scoreChange=2'));
    await page.click('[data-testid=vgdl-rules-load]');
    assert.equal(await text(page, 'vgdl-rules-error'), '');
    assert.equal(await page.inputValue('[data-testid=vgdl-game]'), '');
    assert.match(await page.evaluate(() => location.hash), /&rules=BasicGame%0A/);
    assert.deepEqual(problems, []);
  } finally {
    await page.close();
  }
});

test("GVGAI's own game opened from a file plays on its own level", async () => {
  const folder = path.join(ROOT, '..', '..', 'shared', 'vgdl', 'zenpuzzle');
  const level = readFileSync(path.join(folder, 'zenpuzzle_lvl0.txt'), 'utf8');
  const { page, problems } = await openPage(suite.browser.context, `${suite.server.url}#v=1&game=vgdl&seed=1`);
  try {
    await page.fill('[data-testid=vgdl-level-text]', level);
    await page.setInputFiles('[data-testid=vgdl-rules-file]', path.join(folder, 'zenpuzzle.vgdl.txt'));
    await page.waitForFunction(() => document.querySelector('[data-testid=vgdl-game]').value === '');
    assert.equal(await text(page, 'vgdl-rules-error'), '');
    const rows = level.replace(/\n$/, '').split('\n');
    const label = await page.getAttribute('[data-testid=board-vgdl]', 'aria-label');
    assert.match(label, new RegExp(`board, ${rows[0].length} by ${rows.length} cells`));
    const legend = await page.$$eval('#vgdl-legend li', (items) => items.map((li) => li.dataset.sprite));
    assert.ok(legend.includes('walked') && legend.includes('avatar'), legend.join(', '));
    await page.focus('[data-testid=board-vgdl]');
    await page.keyboard.press('ArrowRight');
    assert.equal((await status(page)).moves, 1);
    assert.match(await page.evaluate(() => location.hash), /&rules=.*&level=.*&moves=R&/);
    assert.deepEqual(problems, []);
  } finally {
    await page.close();
  }
});

test("a link carries a game's own rules and level; a bad field is named", async () => {
  const rules = encodeURIComponent(game('trail.txt'));
  const level = encodeURIComponent('A..\n...\n');
  const { page, problems } = await openPage(suite.browser.context, `${suite.server.url}#v=1&game=vgdl&rules=${rules}&level=${level}&algo=astar&seed=3`);
  try {
    assert.equal(await page.inputValue('[data-testid=vgdl-game]'), '');
    assert.equal(await page.inputValue('[data-testid=vgdl-level-text]'), 'A..\n...\n');
    await setSpeed(page, 30);
    await page.click('[data-testid=play]');
    const end = await waitForState(page, ['over', 'error']);
    assert.match(end.text, /^Won after 5 moves/);
    await page.goto(`${suite.server.url}#v=1&game=vgdl&vgdl=crates&lvl=7`);
    await page.waitForFunction(() => document.querySelector('[data-testid=status]').dataset.state === 'error');
    assert.match((await status(page)).text, /field 'lvl': crates has levels 0 to 2, not 7/);
    assert.deepEqual(problems, []);
  } finally {
    await page.close();
  }
});
