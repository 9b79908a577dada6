// Touch targets on a phone in Chromium: at a 390x844 viewport every control a finger can reach
// (buttons, fields, choices, sliders, folds) of every game's view, with the search timeline and
// the lesson panel shown, is at least 44x44 CSS px.
// Run with `node --test tests/e2e/touch-targets.test.mjs` after `./dev.sh build`.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { browserSuite, openPage, waitForState } from './harness.mjs';

const suite = browserSuite();

/** Controls on show smaller than 44x44 CSS px: [description, width, height]. */
function smallControls(page) {
  return page.$$eval(
    'button, select, input:not([type=hidden]), textarea, summary, a[href], [role=slider], [role=switch]',
    (els) => els.flatMap((el) => {
      const box = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      if (box.width === 0 || box.height === 0 || style.visibility === 'hidden') return [];
      if (el.closest('details:not([open])') && el.tagName !== 'SUMMARY') return [];
      if (box.width >= 44 && box.height >= 44) return [];
      const name = el.dataset.testid ?? el.id ?? '';
      return [[`${el.tagName.toLowerCase()}${name ? `#${name}` : ''}${el.type ? `[${el.type}]` : ''}`, Math.round(box.width), Math.round(box.height)]];
    }),
  );
}

const VIEWS = [
  ['bait', 'v=1&game=bait&lvl=first-steps&algo=bfs&seed=1'],
  ['bait, MCTS acting', 'v=1&game=bait&lvl=first-steps&algo=mcts&mode=act&seed=1'],
  ['2048', 'v=1&game=2048&algo=mcts&seed=1'],
  ['othello', 'v=1&game=othello&seed=1'],
  ['sumzero', 'v=1&game=sumzero&seed=1'],
];

test('every control is at least 44x44 CSS px at a phone viewport', async () => {
  for (const [name, link] of VIEWS) {
    const { page, problems } = await openPage(suite.browser.context, `${suite.server.url}#${link}`);
    await page.setViewportSize({ width: 390, height: 844 });
    assert.deepEqual(await smallControls(page), [], `${name}: controls under 44x44`);
    assert.deepEqual(problems, []);
    await page.close();
  }
});

test('the timeline, the editor and a lesson keep 44x44 targets at a phone viewport', async () => {
  const { page, problems } = await openPage(suite.browser.context, `${suite.server.url}#v=1&game=bait&lvl=first-steps&algo=bfs&seed=1`);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.click('[data-testid=step]');
  await page.waitForSelector('#timeline:not([hidden])');
  await waitForState(page, ['idle', 'planned', 'won', 'over', 'playing']);
  assert.deepEqual(await smallControls(page), [], 'with the timeline');
  await page.click('[data-testid=edit-toggle]');
  assert.deepEqual(await smallControls(page), [], 'editing');
  await page.click('[data-testid=edit-toggle]');
  await page.click('[data-testid=lessons]');
  await page.waitForSelector('[data-testid=lesson-list] a');
  assert.deepEqual(await smallControls(page), [], 'with the lesson list');
  assert.deepEqual(problems, []);
  await page.close();
});
