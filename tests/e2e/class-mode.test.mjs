// Class mode in Chromium: at 1024x768 and 1366x768, in both themes, every game shows its board,
// its statistics, its legend and the search timeline inside the viewport, with statistics of
// 20 px or more; the Class mode button writes `class=1` into the link and a link with it opens
// in class mode; the normal layout keeps the statistics inside the viewport at 1366x768.
// Run with `node --test tests/e2e/class-mode.test.mjs` after `./dev.sh build`.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { browserSuite, openPage } from './harness.mjs';

const suite = browserSuite();

/** Each game's link, with agents on both Othello sides so that Step runs a search. */
const GAMES = {
  bait: 'v=1&game=bait&algo=bfs&seed=1',
  2048: 'v=1&game=2048&algo=expectimax&seed=1',
  othello: 'v=1&game=othello&black=alphabeta&white=mtdf&seed=1',
  sumzero: 'v=1&game=sumzero&seed=1',
};
const SIZES = [[1024, 768], [1366, 768]];
/** Every game's statistics: the Bait panel's data-stat and the other games' own attributes. */
const STATS = '[data-stat], [data-g2048-stat], [data-othello-stat], [data-sumzero-stat]';

/** Opens `link` at `width`×`height` in `theme` and runs one search (Step), so the timeline shows. */
async function open(link, [width, height], theme) {
  const { page, problems } = await openPage(suite.browser.context, suite.server.url + '#' + link, {
    init: `localStorage.setItem('searchlab-theme', ${JSON.stringify(theme)})`,
  });
  await page.setViewportSize({ width, height });
  await page.click('[data-testid=step]');
  await page.getByRole('slider', { name: 'Search timeline' }).waitFor({ state: 'visible', timeout: 20000 });
  return { page, problems };
}

/** The bounding boxes of what a class must see, each { top, left, bottom, right } or null. */
function boxes(page) {
  return page.evaluate((statsSelector) => {
    const shown = (el) => el && el.getClientRects().length > 0;
    const box = (el) => {
      const r = el.getBoundingClientRect();
      return { top: r.top, left: r.left, bottom: r.bottom, right: r.right };
    };
    const board = [...document.querySelectorAll('#board-wrap canvas')].find(shown);
    const stats = [...document.querySelectorAll(statsSelector)].filter(shown);
    const legend = [...document.querySelectorAll('.legend')].find(shown);
    const timeline = document.querySelector('[aria-label="Search timeline"]');
    return {
      board: board ? box(board) : null,
      stats: stats.map(box),
      legend: legend ? box(legend) : null,
      timeline: shown(timeline) ? box(timeline) : null,
      statFonts: stats.map((el) => parseFloat(getComputedStyle(el).fontSize)),
      labelFonts: [...document.querySelectorAll('.stats dt')].filter(shown).map((el) => parseFloat(getComputedStyle(el).fontSize)),
    };
  }, STATS);
}

function assertInside(name, box, [width, height]) {
  assert.ok(box, `${name} is shown`);
  assert.ok(box.top >= 0 && box.left >= 0 && box.bottom <= height && box.right <= width,
    `${name} lies inside ${width}x${height}: ${JSON.stringify(box)}`);
}

for (const size of SIZES) {
  for (const theme of ['light', 'dark']) {
    test(`class mode at ${size.join('x')} (${theme}): board, statistics, legend and timeline fit, type of 20 px`, async () => {
      for (const [game, link] of Object.entries(GAMES)) {
        const { page, problems } = await open(`${link}&class=1`, size, theme);
        const seen = await boxes(page);
        assertInside(`${game}: the board`, seen.board, size);
        assert.ok(seen.stats.length >= 4, `${game}: its statistics are shown`);
        seen.stats.forEach((box, i) => assertInside(`${game}: statistic ${i + 1}`, box, size));
        assertInside(`${game}: the legend`, seen.legend, size);
        assertInside(`${game}: the search timeline`, seen.timeline, size);
        for (const px of [...seen.statFonts, ...seen.labelFonts]) assert.ok(px >= 20, `${game}: a statistic or its label is ${px} px`);
        await page.screenshot({ path: path.join(suite.shots, `class-${game}-${size.join('x')}-${theme}.png`) });
        assert.deepEqual(problems, []);
        await page.close();
      }
    });
  }
}

test('the Class mode button writes class=1 into the link, and the link reopens in class mode', async () => {
  const { page, problems } = await openPage(suite.browser.context, `${suite.server.url}#${GAMES.bait}`);
  const button = page.getByRole('button', { name: 'Class mode' });
  assert.equal(await button.getAttribute('aria-pressed'), 'false');
  assert.equal(await page.getByText('More settings').isVisible(), false, 'the normal layout shows the settings unfolded');
  await button.click();
  assert.equal(await button.getAttribute('aria-pressed'), 'true');
  const link = await page.evaluate(() => location.hash);
  assert.match(link, /&class=1$/);
  assert.equal(await page.locator('#more-settings').evaluate((el) => el.open), false, 'settings are folded away');
  assert.equal(await page.getByTestId('algo').isVisible(), false);

  const again = await openPage(suite.browser.context, `${suite.server.url}${link}`);
  assert.equal(await again.page.getByRole('button', { name: 'Class mode' }).getAttribute('aria-pressed'), 'true');
  assert.equal(await again.page.evaluate(() => document.documentElement.classList.contains('class-mode')), true);
  await again.page.getByRole('button', { name: 'Class mode' }).click();
  assert.doesNotMatch(await again.page.evaluate(() => location.hash), /class=/);
  assert.equal(await again.page.getByTestId('algo').isVisible(), true, 'the normal layout shows the settings again');

  const bad = await openPage(suite.browser.context, `${suite.server.url}#v=1&class=yes`);
  assert.match(await bad.page.textContent('[data-testid=status]'), /field 'class': 'yes' is not 1/);
  assert.deepEqual([...problems, ...again.problems, ...bad.problems], []);
  for (const p of [page, again.page, bad.page]) await p.close();
});

test('the normal layout at 1366x768 keeps every game\'s statistics inside the viewport', async () => {
  for (const [game, link] of Object.entries(GAMES)) {
    const { page, problems } = await open(link, [1366, 768], 'light');
    const seen = await boxes(page);
    assert.ok(seen.stats.length >= 4, `${game}: its statistics are shown`);
    seen.stats.forEach((box, i) => assertInside(`${game}: statistic ${i + 1}`, box, [1366, 768]));
    assert.deepEqual(problems, []);
    await page.close();
  }
});
