// Guided lessons in Chromium: every step of every lesson (www/lessons/) opens from its link
// without an error and shows what it names (the game, the algorithms, the level or position, the
// side-by-side panes); the numbers a step's text states (its `claims`) are what the page's
// side-by-side summary shows after Run; a step with a timeline position puts the timeline there;
// Next, Back, Page Down and Page Up move between steps and write each step's link; a bad lesson
// or step names its field. Run with `node --test tests/e2e/lessons.test.mjs` after `./dev.sh build`.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { browserSuite, openPage, ROOT } from './harness.mjs';

const suite = browserSuite();

const readJson = (file) => JSON.parse(readFileSync(path.join(ROOT, 'lessons', file), 'utf8'));
const NAMES = readJson('index.json').lessons;
const LESSONS = Object.fromEntries(NAMES.map((name) => [name, readJson(`${name}.json`)]));

/** A fragment's keys and values (percent-decoded), as a Map. */
function fieldsOf(fragment) {
  return new Map(fragment.replace(/^#/, '').split('&').filter(Boolean).map((part) => {
    const at = part.indexOf('=');
    return [part.slice(0, at), decodeURIComponent(part.slice(at + 1))];
  }));
}

/** The keys that say what a step shows: the game, its board or position, its agents, its panes. */
const NAMED = ['game', 'level', 'lvl', 'moves', 'board', 'algo', 'black', 'white', 'heuristic', 'weight', 'depth', 'uct', 'rollout-depth'];

/** The Bait pane keys of a compare value, without the values the page adds for the other keys. */
function panesOf(compare) {
  return (compare ?? '').split(';').filter(Boolean).map((pane) => new Map(pane.split(':').slice(1).map((kv) => kv.split('='))).set('algo', pane.split(':')[0]));
}

async function openStep(name, step) {
  const { page, problems } = await openPage(suite.browser.context, `${suite.server.url}#v=1&lesson=${name}&step=${step}`);
  await page.locator(`[data-testid=lesson-progress][data-step="${step}"]`).waitFor({ timeout: 10000 });
  return { page, problems };
}

/** The summary's rows after Run, each { algorithm, expanded, plan, frontier, optimal }. */
async function runSummary(page) {
  await page.getByTestId('sbs-run').click();
  await page.locator('[data-testid=sbs-summary][data-state=done]').waitFor({ timeout: 60000 });
  return page.$$eval('[data-testid=sbs-summary] tbody tr', (rows) => rows.map((row) => {
    const cell = (col) => row.querySelector(`[data-col=${col}]`).textContent;
    const number = (col) => Number(cell(col).replace(/,/g, ''));
    return { algorithm: cell('algorithm'), expanded: number('expanded'), plan: number('plan'), frontier: number('peak-frontier'), optimal: cell('optimal') };
  }));
}

/** Does what a step's text asks (Run, Play, Ask or Step) and checks what it says the page then
 * shows: the side-by-side summary, the status, Sum to zero's visits and MCTS tree, Othello's move
 * and search. */
async function checkClaims(page, claims, where) {
  const kinds = Object.keys(claims);
  assert.equal(kinds.length, 1, `${where}: one kind of claim`);
  if (claims.summary) {
    const rows = await runSummary(page);
    assert.equal(rows.length, claims.summary.length, `${where}: panes in the summary`);
    claims.summary.forEach((claim, p) => {
      for (const [key, value] of Object.entries(claim)) assert.equal(rows[p][key], value, `${where}: pane ${p + 1} ${key}`);
    });
  } else if (claims.status) {
    await page.getByTestId('play').click();
    await page.waitForFunction((words) => document.querySelector('[data-testid=status]').textContent.includes(words), claims.status, { timeout: 30000 });
  } else if (claims.visits) {
    await page.getByTestId('sumzero-ask').click();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=sumzero-actions] tr.best').length === 1, null, { timeout: 30000 });
    await page.getByTestId('sumzero-playouts').filter({ hasText: '200' }).waitFor({ timeout: 30000 });
    const visits = await page.$$eval('[data-testid=sumzero-actions] tr[data-action]', (rows) => rows.map((row) => Number(row.cells[3].textContent.replace(/,/g, ''))));
    assert.deepEqual(visits, claims.visits, `${where}: visits`);
  } else if (claims.tree) {
    await page.getByTestId('sumzero-ask').click();
    await page.getByTestId('sumzero-playouts').filter({ hasText: '200' }).waitFor({ timeout: 30000 });
    await page.getByTestId('show-tree').check();
    const tree = page.getByTestId('mcts-tree');
    await page.waitForFunction((n) => document.querySelector('[data-testid=mcts-tree]')?.dataset.nodes === n, String(claims.tree.nodes), { timeout: 30000 });
    const children = JSON.parse(await tree.getAttribute('data-root-children'));
    assert.deepEqual(children.map((c) => c.visits), claims.tree.visits, `${where}: the root's children's visits`);
  } else if (claims.othello) {
    const moves = await page.locator('[data-testid=othello-moves] button').count();
    await page.getByTestId('step').click();
    await page.waitForFunction((n) => document.querySelectorAll('[data-testid=othello-moves] button').length === n, moves + 1, { timeout: 60000 });
    const text = async (id) => (await page.getByTestId(id).textContent()).trim();
    const { move, value, nodes } = claims.othello;
    assert.equal((await page.locator('[data-testid=othello-moves] button').last().textContent()).trim(), move, `${where}: move`);
    assert.equal(await text('othello-value'), value, `${where}: value`);
    assert.equal(await text('othello-nodes'), nodes, `${where}: nodes`);
  } else {
    assert.fail(`${where}: unknown claim ${kinds[0]}`);
  }
}

for (const name of NAMES) {
  test(`lesson ${name}: every step opens from its link and shows what it names`, async () => {
    const lesson = LESSONS[name];
    assert.ok(lesson.steps.length >= 2, `${name} has steps`);
    for (const [i, step] of lesson.steps.entries()) {
      const n = i + 1;
      const { page, problems } = await openStep(name, n);
      const where = `${name} step ${n}`;
      assert.equal(await page.getByTestId('lesson-progress').textContent(), `Step ${n} of ${lesson.steps.length}`, where);
      assert.equal(await page.getByTestId('lesson-text').textContent(), step.text, where);
      assert.equal(await page.getByTestId('lesson-question').textContent(), `Question for the class: ${step.question}`, where);
      const state = await page.getByTestId('status').getAttribute('data-state');
      assert.notEqual(state, 'error', `${where}: ${await page.getByTestId('status').textContent()}`);
      // The address bar holds what the page shows, written from its controls: the step's keys.
      const shown = fieldsOf(await page.evaluate(() => location.hash));
      const wanted = fieldsOf(step.link);
      assert.equal(shown.get('lesson'), name, where);
      assert.equal(shown.get('step'), String(n), where);
      for (const key of NAMED) {
        if (wanted.has(key)) assert.equal(shown.get(key), wanted.get(key), `${where}: ${key}`);
      }
      const game = wanted.get('game');
      assert.equal(await page.getByTestId('game').inputValue(), game, where);
      if (game === 'bait') assert.equal(await page.getByTestId('algo').inputValue(), wanted.get('algo'), where);
      if (game === '2048') assert.equal(await page.getByTestId('g2048-algo').inputValue(), wanted.get('algo'), where);
      if (game === 'sumzero') assert.equal(await page.getByTestId('sumzero-algo').inputValue(), wanted.get('algo'), where);
      if (game === 'othello') {
        for (const side of ['black', 'white']) {
          const player = (wanted.get(side) ?? 'human').split(':')[0];
          assert.equal(await page.getByTestId(`othello-${side}-player`).inputValue(), player, `${where}: ${side}`);
        }
      }
      // The side-by-side panes the step names, each with its algorithm and parameters.
      const panes = panesOf(wanted.get('compare'));
      const shownPanes = panesOf(shown.get('compare'));
      assert.equal(shownPanes.length, panes.length, `${where}: panes`);
      panes.forEach((pane, p) => {
        for (const [key, value] of pane) assert.equal(shownPanes[p].get(key), value, `${where}: pane ${p + 1} ${key}`);
      });
      if (panes.length) assert.equal(await page.locator('[data-testid^=sbs-pane-]').count(), panes.length, where);
      if (step.claims) await checkClaims(page, step.claims, where);
      if (step.timeline !== undefined) {
        await page.getByTestId('lesson-run').click();
        const slider = page.getByRole('slider', { name: 'Search timeline' });
        await page.waitForFunction((want) => document.querySelector('[data-testid=timeline]')?.value === String(want), step.timeline, { timeout: 60000 });
        assert.equal(await slider.inputValue(), String(step.timeline), where);
      }
      assert.deepEqual(problems, [], where);
      await page.close();
    }
  });
}

test('Next, Back, Page Down and Page Up move between steps and write each step\'s link', async () => {
  const name = NAMES[0];
  const steps = LESSONS[name].steps.length;
  const { page, problems } = await openStep(name, 1);
  const progress = page.getByTestId('lesson-progress');
  const at = async (n) => {
    await page.locator(`[data-testid=lesson-progress][data-step="${n}"]`).waitFor({ timeout: 10000 });
    const fields = fieldsOf(await page.evaluate(() => location.hash));
    assert.equal(fields.get('step'), String(n));
    assert.equal(await progress.textContent(), `Step ${n} of ${steps}`);
  };
  assert.ok(await page.getByTestId('lesson-back').isDisabled(), 'Back is disabled at step 1');
  await page.getByTestId('lesson-next').click();
  await at(2);
  await page.locator('body').press('PageDown');
  await at(3);
  await page.locator('body').press('PageUp');
  await at(2);
  await page.getByTestId('lesson-back').click();
  await at(1);
  // The browser's Back returns to the step before, as a link does.
  await page.getByTestId('lesson-next').click();
  await at(2);
  await page.goBack();
  await at(1);
  assert.deepEqual(problems, []);
  await page.close();
});

test('the Lessons button lists every lesson, each a link to its first step', async () => {
  const { page, problems } = await openPage(suite.browser.context, `${suite.server.url}#v=1&game=bait`);
  await page.getByRole('button', { name: 'Lessons' }).click();
  const links = page.getByTestId('lesson-list').getByRole('link');
  await links.nth(NAMES.length - 1).waitFor();
  assert.equal(await links.count(), NAMES.length);
  await links.nth(1).click();
  await page.locator('[data-testid=lesson-progress][data-step="1"]').waitFor();
  assert.equal(await page.getByTestId('lesson-panel').getAttribute('data-lesson'), NAMES[1]);
  // Another game leaves the lesson; closing the panel leaves the lesson keys out of the link.
  await page.getByTestId('game').selectOption('2048');
  await page.getByTestId('lesson-list').waitFor();
  assert.ok(!fieldsOf(await page.evaluate(() => location.hash)).has('lesson'));
  await links.nth(1).click();
  await page.locator('[data-testid=lesson-progress][data-step="1"]').waitFor();
  await page.getByRole('button', { name: 'Close lessons' }).click();
  assert.ok(!fieldsOf(await page.evaluate(() => location.hash)).has('lesson'));
  assert.deepEqual(problems, []);
  await page.close();
});

test('a lesson or step that does not exist is named in the status, with the default view', async () => {
  const cases = [
    [`v=1&lesson=no-such-lesson`, "field 'lesson': no lesson named 'no-such-lesson'"],
    [`v=1&lesson=${NAMES[0]}&step=19`, `field 'step': lesson '${NAMES[0]}' has ${LESSONS[NAMES[0]].steps.length} steps, got 19`],
    [`v=1&lesson=${NAMES[0]}&step=0`, "field 'step': must be between 1 and 20, got 0"],
    ['v=1&step=2', "field 'step': a step needs the lesson it belongs to"],
  ];
  for (const [link, words] of cases) {
    const { page } = await openPage(suite.browser.context, `${suite.server.url}#${link}`);
    const status = page.getByTestId('status');
    await page.locator('[data-testid=status][data-state=error]').waitFor({ timeout: 10000 });
    assert.ok((await status.textContent()).includes(words), `${link}: ${await status.textContent()}`);
    await page.close();
  }
});

// A step with side-by-side panes shows them, with their own Run, between the board and Play.
test('at 1024x768 and 1366x768, in both themes, every step without panes keeps its board and Play inside the viewport', async () => {
  for (const theme of ['light', 'dark']) {
    const { page, problems } = await openPage(suite.browser.context, `${suite.server.url}#v=1&game=bait`, {
      init: `localStorage.setItem('searchlab-theme', ${JSON.stringify(theme)})`,
    });
    for (const [width, height] of [[1024, 768], [1366, 768]]) {
      await page.setViewportSize({ width, height });
      for (const name of NAMES) {
        for (let step = 1; step <= LESSONS[name].steps.length; step++) {
          if (fieldsOf(LESSONS[name].steps[step - 1].link).has('compare')) continue;
          await page.evaluate((hash) => { location.hash = hash; }, `v=1&lesson=${name}&step=${step}`);
          await page.locator(`[data-testid=lesson-panel][data-lesson="${name}"] [data-testid=lesson-progress][data-step="${step}"]`).waitFor();
          await page.waitForFunction(() => document.documentElement.dataset.ready === 'true' && location.hash.includes('game='));
          const boxes = await page.evaluate(() => {
            const box = (el) => {
              const r = el.getBoundingClientRect();
              return { top: r.top, bottom: r.bottom, left: r.left, right: r.right };
            };
            const board = [...document.querySelectorAll('#board-wrap canvas')].find((el) => el.getClientRects().length > 0);
            return { board: board ? box(board) : null, play: box(document.querySelector('[data-testid=play]')) };
          });
          const where = `${name} step ${step} at ${width}x${height} (${theme})`;
          assert.ok(boxes.board, `${where}: a board is shown`);
          for (const [what, box] of Object.entries(boxes)) {
            assert.ok(box.top >= 0 && box.left >= 0 && box.bottom <= height && box.right <= width,
              `${where}: ${what} at ${JSON.stringify(box)} is outside the viewport`);
          }
        }
      }
    }
    assert.deepEqual(problems, []);
    await page.close();
  }
});
