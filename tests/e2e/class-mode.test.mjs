// Class mode in Chromium: at 1024x768 and 1366x768, in both themes, every game shows its board,
// its statistics, its legend and the search timeline inside the viewport, with statistics of
// 20 px or more; the Class mode button writes `class=1` into the link and a link with it opens
// in class mode; the normal layout keeps the statistics inside the viewport at 1024x768 and 1366x768 (Sum to
// zero's agent-beside-the-optimum numbers too); class mode's settings open as a drawer that leaves
// the page unscrolled and the board in view; the histograms' and the timeline's labels are drawn
// at 12 px or more (20 px in class mode); a side-by-side pane shows the UCT constant rounded as
// the main controls do; Othello's dropdowns show their whole choice. With a lesson open in class
// mode the lesson panel, the board, the statistics, the legend and the timeline all fit too. The
// statistics' column, which scrolls on its own should its panels outgrow it, hides nothing.
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
      markerLabelPx: Number(document.querySelector('.timeline-markers')?.dataset.labelPx),
      // The statistics' column scrolls on its own when its panels outgrow it: none may here.
      sideHidden: (({ scrollHeight, clientHeight }) => scrollHeight - clientHeight)(document.querySelector('.board-side')),
      hint: [...document.querySelectorAll('.board-column .hint')].filter(shown).map((el) => ({ ...box(el), px: parseFloat(getComputedStyle(el).fontSize) })),
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
        assert.equal(seen.sideHidden, 0, `${game}: the statistics' column hides ${seen.sideHidden} px`);
        for (const px of [...seen.statFonts, ...seen.labelFonts]) assert.ok(px >= 20, `${game}: a statistic or its label is ${px} px`);
        assert.ok(seen.markerLabelPx >= 20, `${game}: the timeline's marker labels are ${seen.markerLabelPx} px`);
        assert.equal(seen.hint.length, 1, `${game}: one how-to-play hint under the board`);
        assertInside(`${game}: the how-to-play hint`, seen.hint[0], size);
        assert.ok(seen.hint[0].px >= 20, `${game}: the hint is ${seen.hint[0].px} px`);
        await page.screenshot({ path: path.join(suite.shots, `class-${game}-${size.join('x')}-${theme}.png`) });
        assert.deepEqual(problems, []);
        await page.close();
      }
    });
  }
}

/** A lesson's first step for each game. */
const LESSONS = { bait: 'bfs-vs-dfs', othello: 'alphabeta-pruning', 2048: 'expectimax-2048', sumzero: 'toy-game-tree' };

for (const size of SIZES) {
  test(`class mode at ${size.join('x')} with a lesson open: the lesson, board, statistics, legend and timeline fit`, async () => {
    for (const [game, lesson] of Object.entries(LESSONS)) {
      for (const theme of ['light', 'dark']) {
        const { page, problems } = await open(`v=1&lesson=${lesson}&step=1&class=1`, size, theme);
        const where = `${game} (${lesson}, ${theme})`;
        const seen = await boxes(page);
        assertInside(`${where}: the lesson panel`, await page.getByTestId('lesson-panel').boundingBox()
          .then((b) => b && { top: b.y, left: b.x, bottom: b.y + b.height, right: b.x + b.width }), size);
        assert.ok(await page.getByTestId('lesson-question').isVisible(), `${where}: the question is shown`);
        assertInside(`${where}: the board`, seen.board, size);
        assert.ok(seen.board.bottom - seen.board.top >= 150, `${where}: the board is ${seen.board.bottom - seen.board.top} px tall`);
        assert.ok(seen.stats.length >= 4, `${where}: its statistics are shown`);
        seen.stats.forEach((box, i) => assertInside(`${where}: statistic ${i + 1}`, box, size));
        assertInside(`${where}: the legend`, seen.legend, size);
        assertInside(`${where}: the search timeline`, seen.timeline, size);
        assert.equal(seen.sideHidden, 0, `${where}: the statistics' column hides ${seen.sideHidden} px`);
        assert.equal(await page.evaluate(() => document.documentElement.scrollHeight), size[1], `${where}: the page does not scroll`);
        if (theme === 'light') await page.screenshot({ path: path.join(suite.shots, `class-lesson-${game}-${size.join('x')}.png`) });
        assert.deepEqual(problems, []);
        await page.close();
      }
    }
  });
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

for (const size of SIZES) {
  test(`the normal layout at ${size.join('x')} keeps every game's statistics inside the viewport`, async () => {
    for (const [game, link] of Object.entries(GAMES)) {
      const { page, problems } = await open(link, size, 'light');
      const seen = await boxes(page);
      assert.ok(seen.stats.length >= 4, `${game}: its statistics are shown`);
      seen.stats.forEach((box, i) => assertInside(`${game}: statistic ${i + 1}`, box, size));
      assertInside(`${game}: the board`, seen.board, size);
      assert.deepEqual(problems, []);
      await page.close();
    }
  });
}

test('Sum to zero at 1366x768: the agent beside the optimum stays in view in the normal layout', async () => {
  const { page, problems } = await open(GAMES.sumzero, [1366, 768], 'light');
  const numbers = await page.evaluate(() => [...document.querySelectorAll('[data-sumzero-think]')].map((el) => {
    const r = el.getBoundingClientRect();
    return { name: el.dataset.sumzeroThink, top: r.top, left: r.left, bottom: r.bottom, right: r.right };
  }));
  assert.equal(numbers.length, 6);
  for (const box of numbers) assertInside(`the agent's ${box.name}`, box, [1366, 768]);
  assert.deepEqual(problems, []);
  await page.close();
});

test('class mode: More settings opens as a drawer, the page does not scroll and the board stays in view', async () => {
  for (const [game, link] of Object.entries(GAMES)) {
    for (const size of SIZES) {
      const { page, problems } = await open(`${link}&class=1`, size, 'light');
      const summary = page.locator('#more-settings > summary');
      await summary.click();
      assert.equal(await page.locator('#more-settings').evaluate((el) => el.open), true);
      // Scroll as a person would, over the drawer and over the board.
      const drawer = await page.locator('#more-settings').boundingBox();
      await page.mouse.move(drawer.x + drawer.width / 2, drawer.y + drawer.height / 2);
      await page.mouse.wheel(0, 3000);
      await page.mouse.move(10, size[1] / 2);
      await page.mouse.wheel(0, 3000);
      await page.keyboard.press('End');
      const seen = await page.evaluate(() => ({
        scrollY,
        scrollHeight: document.documentElement.scrollHeight,
        drawerScrolled: document.getElementById('more-settings').scrollTop,
      }));
      assert.equal(seen.scrollY, 0, `${game} ${size}: the page scrolled`);
      assert.ok(seen.scrollHeight <= size[1], `${game} ${size}: the page is ${seen.scrollHeight} px tall`);
      assert.ok(seen.drawerScrolled > 0, `${game} ${size}: the drawer scrolls its own settings`);
      assertInside(`${game} ${size}: the board`, (await boxes(page)).board, size);
      await page.locator('#more-settings select:visible').first().focus();
      await page.keyboard.press('Escape');
      assert.equal(await page.locator('#more-settings').evaluate((el) => el.open), false, 'Escape closes the drawer');
      assert.equal(await page.evaluate(() => document.activeElement.tagName), 'SUMMARY');
      assert.equal(await page.evaluate(() => scrollY), 0, `${game} ${size}: closing the drawer scrolled the page`);
      if (game === 'othello') await page.screenshot({ path: path.join(suite.shots, `class-drawer-${game}-${size.join('x')}.png`) });
      assert.deepEqual(problems, []);
      await page.close();
    }
  }
});

/** Each 2048 histogram's label size as drawn, and the chart's CSS font size. */
function histogramLabels(page) {
  return page.evaluate(() => [...document.querySelectorAll('canvas.chart')].map((c) => ({
    id: c.id, drawn: Number(c.dataset.labelPx), css: parseFloat(getComputedStyle(c).fontSize),
  })));
}

test('the histograms label their axes at 12 px, and 20 px in class mode; the timeline\'s markers at 12 px or more', async () => {
  const { page, problems } = await open(GAMES[2048], [1366, 768], 'light');
  const normal = await histogramLabels(page);
  assert.equal(normal.length, 2);
  for (const chart of normal) assert.ok(chart.drawn >= 12 && chart.drawn === chart.css, `${chart.id}: ${JSON.stringify(chart)}`);
  const marker = Number(await page.locator('.timeline-markers').getAttribute('data-label-px'));
  assert.ok(marker >= 12, `the timeline's marker labels are ${marker} px`);
  await page.getByRole('button', { name: 'Class mode' }).click();
  await page.locator('#more-settings > summary').click();
  await page.locator('#g2048-hist-scores').scrollIntoViewIfNeeded();
  await page.waitForFunction(() => [...document.querySelectorAll('canvas.chart')].every((c) => Number(c.dataset.labelPx) >= 20));
  for (const chart of await histogramLabels(page)) assert.equal(chart.drawn, 20, `${chart.id} in class mode`);
  await page.screenshot({ path: path.join(suite.shots, 'class-2048-histograms.png') });
  assert.deepEqual(problems, []);
  await page.close();
});

test('a side-by-side pane shows the UCT constant rounded, as the main controls do, and keeps its exact value', async () => {
  const { page, problems } = await openPage(suite.browser.context, `${suite.server.url}#v=1&game=bait&algo=mcts&seed=1&compare=bfs;mcts`);
  const main = await page.locator('[data-params] input[type=number]:visible').evaluateAll((els) => els.map((el) => el.value));
  const inputs = page.locator('#side-by-side input[type=number][aria-label^="Pane 2 "]');
  const values = await inputs.evaluateAll((els) => els.map((el) => el.value));
  assert.ok(values.includes('1.4142'), `pane 2 shows ${values}`);
  assert.ok(main.includes('1.4142'), `the main controls show ${main}`);
  // An edit of another of the pane's numbers keeps the constant exact: no link names it rounded.
  const other = inputs.nth(values.findIndex((v) => v !== '1.4142'));
  await other.fill(String(Number(await other.inputValue()) + 1));
  await other.dispatchEvent('change');
  const link = await page.evaluate(() => location.hash);
  assert.match(link, /compare=bfs;mcts:/, 'the edit is in the link');
  assert.doesNotMatch(link, /uct=1\.4142(?!\d)/);
  assert.deepEqual(problems, []);
  await page.close();
});

test('Othello\'s players panel shows each dropdown\'s whole choice (normal and class mode)', async () => {
  for (const classMode of [false, true]) {
    const { page, problems } = await open(`${GAMES.othello}${classMode ? '&class=1' : ''}`, [1366, 768], 'light');
    if (classMode) await page.locator('#more-settings > summary').click();
    const cut = await page.evaluate(() => {
      const ctx = document.createElement('canvas').getContext('2d');
      return [...document.querySelectorAll('#othello-sides select')].filter((s) => s.getClientRects().length > 0).flatMap((select) => {
        const style = getComputedStyle(select);
        ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const text = select.selectedOptions[0].textContent;
        // The room for the text: the box less its padding and the drop-down arrow (about 1.2em).
        const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 1.2 * parseFloat(style.fontSize);
        return ctx.measureText(text).width > room ? [`${select.dataset.testid}: "${text}" in ${room.toFixed(0)} px`] : [];
      });
    });
    assert.deepEqual(cut, [], `class mode ${classMode}`);
    assert.deepEqual(problems, []);
    await page.close();
  }
});
