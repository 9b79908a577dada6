// The rules panels and the legends in Chromium: every game shows a short rules panel; Bait's lists
// each tile with a picture drawn by the board's own drawing code, in the theme's colours; the
// legends name every overlay, the MCTS bars included.
// Run with `node --test tests/e2e/rules.test.mjs` after `./dev.sh build`.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { browserSuite, openPage } from './harness.mjs';

const suite = browserSuite();

const GAMES = {
  bait: { link: 'v=1&game=bait&lvl=first-steps&algo=bfs&seed=1', title: 'Rules of Bait', words: /key.*door.*\+5/s },
  2048: { link: 'v=1&game=2048&algo=greedy&seed=1', title: 'Rules of 2048', words: /merge.*a 2 \(nine times in\s+ten\) or a 4/s },
  othello: { link: 'v=1&game=othello&seed=1', title: 'Rules of Othello', words: /Black moves first.*passes/s },
  sumzero: { link: 'v=1&game=sumzero&seed=1', title: 'Rules of Sum to zero', words: /\+2t, −2t, \+3t or −3t/ },
};

test('every game shows its rules panel, open in the normal layout and left out in class mode', async () => {
  for (const [game, { link, title, words }] of Object.entries(GAMES)) {
    const { page, problems } = await openPage(suite.browser.context, `${suite.server.url}#${link}`);
    const rules = page.locator(`[data-testid=rules-${game}]`);
    assert.equal(await rules.isVisible(), true, game);
    assert.equal(await rules.locator('summary').textContent(), title);
    assert.match(await rules.textContent(), words);
    assert.equal(await rules.evaluate((el) => el.open), true, `${game}: open in the normal layout`);
    const others = await page.$$eval('details.rules', (all, id) => all.filter((el) => el.dataset.testid !== id && !el.hidden).length, `rules-${game}`);
    assert.equal(others, 0, `${game}: no other game's rules`);
    await page.click('[data-testid=class-mode]');
    assert.equal(await rules.isVisible(), false, `${game}: left out in class mode`);
    assert.deepEqual(problems, []);
    await page.close();
  }
});

test("Bait's rules picture each tile in the board's colours, in both themes", async () => {
  const { page, problems } = await openPage(suite.browser.context, `${suite.server.url}#${GAMES.bait.link}`);
  const items = page.locator('[data-testid=bait-tiles] li');
  const names = await items.locator('strong').allTextContents();
  for (const tile of ['Avatar (A)', 'Key (k)', 'Door (g)', 'Floor (.)', 'Wall (w)', 'Box (1)', 'Hole (0)', 'Mushroom (m)']) {
    assert.ok(names.includes(tile), `${tile} in ${names}`);
  }
  assert.match(await items.filter({ hasText: 'Hole (0)' }).textContent(), /kills you.*box pushed in fills it/);
  for (const theme of ['light', 'dark']) {
    while ((await page.evaluate(() => document.documentElement.dataset.theme)) !== theme) await page.click('#theme');
    // Each tile's picture is drawn (not blank), and the floor's and the wall's corners are the
    // theme's floor and wall colours, as the board draws them.
    const pictures = await page.$$eval('[data-testid=bait-tiles] li', (lis) => {
      const css = (name) => getComputedStyle(document.documentElement).getPropertyValue(`--${name}`).trim();
      return {
        floor: css('floor'),
        wall: css('wall'),
        tiles: lis.map((li) => {
          const canvas = li.querySelector('canvas');
          const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
          const colours = new Set();
          for (let i = 0; i < data.length; i += 4) colours.add(`${data[i]},${data[i + 1]},${data[i + 2]},${data[i + 3]}`);
          const at = (x, y) => Array.from(canvas.getContext('2d').getImageData(x, y, 1, 1).data.slice(0, 3));
          return { name: li.querySelector('strong').textContent, colours: colours.size, corner: at(3, 3) };
        }),
      };
    });
    const rgb = (hex) => hex.match(/[0-9a-f]{2}/gi).map((h) => parseInt(h, 16));
    for (const tile of pictures.tiles) assert.ok(tile.colours > 1, `${theme}: ${tile.name} is drawn`);
    assert.deepEqual(pictures.tiles.find((t) => t.name === 'Floor (.)').corner, rgb(pictures.floor), `${theme}: floor`);
    assert.deepEqual(pictures.tiles.find((t) => t.name === 'Wall (w)').corner, rgb(pictures.wall), `${theme}: wall`);
  }
  assert.deepEqual(problems, []);
  await page.close();
});

test('the legends name every overlay, the MCTS bars included', async () => {
  const { page, problems } = await openPage(suite.browser.context, `${suite.server.url}#${GAMES.bait.link}`);
  const legend = async (testid) => page.textContent(`[data-testid=${testid}]`);
  const bait = await legend('legend');
  for (const words of [/Expanded/, /Frontier/, /Best plan/, /MCTS, RHEA: a bar from the avatar towards each move, thicker = more visits/, /cursor/, /crossed eyes/]) {
    assert.match(bait, words);
  }
  assert.match(await legend('legend-2048'), /Hint pills.*veil/s);
  assert.match(await legend('legend-othello'), /legal move.*last move.*line expected.*Hint: each move's value for you.*keyboard's square/s);
  assert.match(await legend('legend-sumzero'), /reachable.*agent's choice/s);
  assert.deepEqual(problems, []);
  await page.close();
});
