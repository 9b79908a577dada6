// The search timeline in Chromium: a recorded BFS and a recorded MCTS run on Bait, scrubbed back
// and forth with the slider, its buttons and the keys, the statistics and the overlay checked at
// chosen steps, and the MCTS tree view beside the root statistics at the same step.
// Run with `node --test tests/e2e/timeline.test.mjs` after `./dev.sh build`.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ROOT, browserSuite, openPage, waitForState, linkFor } from './harness.mjs';

const suite = browserSuite();

async function levelRows(name) {
  const text = await readFile(path.join(ROOT, 'levels', `${name}.txt`), 'utf8');
  return text.replace(/\n+$/, '').split('\n');
}

const SLIDER = { role: 'slider', name: 'Search timeline' };

/** The timeline slider's step, length and whether it follows the run. */
function timelineState(page) {
  return page.getByRole(SLIDER.role, { name: SLIDER.name }).evaluate((el) => ({
    step: Number(el.dataset.step),
    length: Number(el.dataset.length),
    following: el.dataset.following === 'true',
  }));
}

/** A statistic of the Bait panel as a number ('–' as null). */
async function stat(page, name) {
  const text = await page.textContent(`[data-stat=${name}]`);
  return text === '–' ? null : Number(text.replace(/,/g, ''));
}

/** Waits until the board shows the search at `step` (its expanded count says so for BFS). */
async function waitForExpanded(page, step) {
  await page.waitForFunction(
    (n) => Number(document.querySelector('[data-stat=expanded]').textContent.replace(/,/g, '')) === n,
    step,
    { timeout: 5000 },
  );
}

/** Drags the slider to `step`, as a person's input would (an `input` event). */
async function scrubTo(page, step) {
  await page.getByRole(SLIDER.role, { name: SLIDER.name }).fill(String(step));
}

/** The board's overlay as the page exposes it for tests: heat total and frontier cells. */
function overlay(page) {
  return page.$eval('[data-testid=board]', (el) => ({ heat: Number(el.dataset.heat), frontierCells: Number(el.dataset.frontierCells), path: Number(el.dataset.path) }));
}

test('a recorded BFS run scrubs back and forth: statistics and overlay at step k are the search after k expansions', async () => {
  const rows = await levelRows('bridge');
  const url = suite.server.url + linkFor(rows, 'algo=bfs&mode=plan&seed=1');
  const { page, problems } = await openPage(suite.browser.context, url);
  const slider = page.getByRole(SLIDER.role, { name: SLIDER.name });
  assert.equal(await slider.isVisible(), false, 'no timeline before a search');
  // Step: BFS plans to the end, and one move of its plan is played.
  await page.click('[data-testid=step]');
  await waitForState(page, ['idle', 'won'], 30000);
  await page.waitForFunction(() => document.querySelector('[data-testid=timeline-position]')?.textContent.startsWith('Step'));
  await page.waitForFunction(() => /plan found/.test(document.querySelector('.timeline-marker')?.textContent ?? '') || document.querySelector('[data-testid=timeline]').dataset.following === 'true');
  const end = await timelineState(page);
  assert.ok(end.length > 50, `BFS recorded ${end.length} steps`);
  assert.equal(end.step, end.length);
  assert.equal(end.following, true);
  // At its end the timeline shows the finished search: one expansion a step (the last step may
  // be the one that only reports the plan).
  await page.waitForFunction(() => document.querySelector('.timeline-marker')?.textContent !== '');
  const final = await stat(page, 'expanded');
  assert.ok(final === end.length || final === end.length - 1, `${final} expanded in ${end.length} steps`);
  const plan = await stat(page, 'plan');
  assert.ok(plan > 0, 'the plan is shown');

  for (const k of [Math.floor(end.length / 2), 7, end.length - 3, 1, Math.floor(end.length / 3)]) {
    await scrubTo(page, k);
    await waitForExpanded(page, k);
    const s = await timelineState(page);
    assert.deepEqual(s, { step: k, length: end.length, following: false });
    const o = await overlay(page);
    assert.equal(o.heat, k, `the heat map counts the ${k} expansions`);
    assert.ok(o.frontierCells > 0, `a frontier at step ${k}`);
    assert.equal(o.path, 0, 'a step\'s plan is not drawn from a position the search did not start from');
    assert.ok((await stat(page, 'generated')) >= k, 'generated at least as many as expanded');
    assert.equal(await stat(page, 'elapsed'), null, 'no time is shown for a recorded step');
  }
  await page.screenshot({ path: path.join(suite.shots, 'timeline-bfs.png'), fullPage: true });
  // Step 0: before any work.
  await scrubTo(page, 0);
  await waitForExpanded(page, 0);
  assert.equal((await overlay(page)).heat, 0);

  // Keys on the slider: , and . step, Shift and Alt with the arrows too, Home and End jump.
  await scrubTo(page, 20);
  await waitForExpanded(page, 20);
  await slider.focus();
  for (const [key, wanted] of [[',', 19], ['.', 20], ['Shift+ArrowLeft', 19], ['Alt+ArrowRight', 20], ['ArrowLeft', 19], ['Home', 0], ['End', end.length]]) {
    await page.keyboard.press(key);
    await waitForExpanded(page, wanted === end.length ? final : wanted);
    assert.equal((await timelineState(page)).step, wanted, key);
  }
  assert.equal((await timelineState(page)).following, true, 'End follows the run again');
  assert.equal(await stat(page, 'plan'), plan, 'the end shows the plan again');
  assert.ok((await overlay(page)).path > 0, 'and draws what is left of it');

  // The page's keys elsewhere: , steps back, . steps forward, and at the end . is Step again.
  await page.focus('[data-testid=board]');
  await page.keyboard.press(',');
  await page.waitForFunction((n) => document.querySelector('[data-testid=timeline]').dataset.step === String(n), end.length - 1);
  await page.keyboard.press('Shift+ArrowLeft');
  await waitForExpanded(page, end.length - 2);
  assert.equal(Number((await page.$eval('[data-testid=status]', (el) => el.dataset.moves))), 1, 'stepping the timeline moves no piece');
  await page.keyboard.press('.');
  await page.keyboard.press('.');
  await waitForExpanded(page, final);
  assert.equal((await timelineState(page)).following, true);
  await page.keyboard.press('.');
  await page.waitForFunction(() => document.querySelector('[data-testid=status]').dataset.moves === '2');

  // Markers: the plan was found at a marked step, reachable with the marker buttons.
  await slider.focus();
  await page.keyboard.press('Home');
  await waitForExpanded(page, 0);
  const next = page.getByRole('button', { name: /^Next marker: plan found.* at step/ });
  const label = await next.getAttribute('aria-label');
  const markerStep = Number(label.match(/step ([\d,]+)/)[1].replace(/,/g, ''));
  await next.click();
  await waitForExpanded(page, markerStep);
  assert.match(await page.textContent('.timeline-marker'), /plan found/);

  // Play forward at 1,000 steps a second reaches the end and stops there.
  await page.getByRole('combobox', { name: 'Replay pace' }).selectOption('1000');
  await scrubTo(page, Math.max(0, end.length - 200));
  await page.getByRole('button', { name: 'Play forward' }).click();
  await waitForExpanded(page, final);
  await page.waitForFunction(() => [...document.querySelectorAll('button')].find((b) => b.getAttribute('aria-label') === 'Play forward')?.getAttribute('aria-pressed') === 'false');
  const scrubs = await page.evaluate(() => window.searchlabMetrics.scrubs.length);
  assert.ok(scrubs > 10, `${scrubs} scrubs drawn`);
  assert.deepEqual(problems, []);
  await page.close();
});

test('the timeline follows a live search, scrubs back while it runs, and follows it again from the end', async () => {
  const rows = await levelRows('warehouse');
  const url = suite.server.url + linkFor(rows, 'algo=bfs&mode=plan&pace=100&seed=1');
  const { page, problems } = await openPage(suite.browser.context, url);
  const slider = page.getByRole(SLIDER.role, { name: SLIDER.name });
  await page.click('[data-testid=play]');
  await page.waitForFunction(() => Number(document.querySelector('[data-testid=timeline]')?.dataset.length) >= 30);
  let s = await timelineState(page);
  assert.equal(s.following, true, 'it follows the live run');
  assert.equal(s.step, s.length);
  assert.match(await slider.getAttribute('aria-valuetext'), /following the search$/);
  await slider.focus();
  await page.keyboard.press('Home');
  await waitForExpanded(page, 0);
  const held = await timelineState(page);
  // The search goes on: the timeline grows while the board stays at step 0.
  await page.waitForFunction((n) => Number(document.querySelector('[data-testid=timeline]').dataset.length) > n + 20, held.length);
  assert.equal(await stat(page, 'expanded'), 0);
  assert.equal((await timelineState(page)).step, 0);
  await page.keyboard.press('End');
  s = await timelineState(page);
  assert.equal(s.following, true);
  await page.waitForFunction((n) => Number(document.querySelector('[data-stat=expanded]').textContent.replace(/,/g, '')) > n + 20, held.length);
  await page.click('[data-testid=stop]');
  await waitForState(page, ['idle'], 3000);
  // Stopped: the timeline ends where the search stood, and the board shows that step.
  await page.waitForFunction(() => document.querySelector('.timeline-marker') !== null && document.querySelector('[data-testid=timeline]').dataset.memoryBytes !== '');
  s = await timelineState(page);
  assert.equal(s.following, true);
  assert.equal(await stat(page, 'expanded'), s.length);
  assert.deepEqual(problems, []);
  await page.close();
});

test('a recorded MCTS run: root statistics at each step, and the tree view has the same visits', async () => {
  const rows = await levelRows('open-field');
  const url = suite.server.url + linkFor(rows, 'algo=mcts&mode=act&budget-ms=150&seed=3');
  const { page, problems } = await openPage(suite.browser.context, url);
  const panel = page.getByRole('checkbox', { name: 'Show tree' });
  await page.click('[data-testid=step]');
  await waitForState(page, ['idle', 'won', 'lost'], 30000);
  await page.waitForFunction(() => Number(document.querySelector('[data-testid=timeline]')?.dataset.length) > 0);
  const end = await timelineState(page);
  assert.ok(end.length >= 20, `MCTS recorded ${end.length} iterations`);
  await panel.check();
  const figure = page.getByRole('figure', { name: 'MCTS tree' });
  assert.equal(await figure.isVisible(), true);

  /** The root actions table as { action name: visits }, and the sum of the visits. */
  const rootTable = () => page.$$eval('[data-testid=root-actions] tbody tr', (trs) => trs.map((tr) => Number(tr.cells[2].textContent.replace(/,/g, ''))));
  const treeAt = async (k) => {
    await page.waitForFunction((n) => document.querySelector('[data-testid=mcts-tree]').dataset.step === String(n), k, { timeout: 5000 });
    return page.$eval('[data-testid=mcts-tree]', (el) => JSON.parse(el.dataset.rootChildren));
  };
  for (const k of [end.length, Math.floor(end.length / 2), 5]) {
    await scrubTo(page, k);
    // The slider moves at once; the table follows when the worker answers the step's query, so
    // wait for the table of step k (a stale table from another step fails by timeout).
    await page.waitForFunction(
      (n) => [...document.querySelectorAll('[data-testid=root-actions] tbody tr')]
        .reduce((sum, tr) => sum + Number(tr.cells[2].textContent.replace(/,/g, '')), 0) >= n - 1
        && [...document.querySelectorAll('[data-testid=root-actions] tbody tr')]
          .reduce((sum, tr) => sum + Number(tr.cells[2].textContent.replace(/,/g, '')), 0) <= n
        && document.querySelector('[data-testid=timeline]').dataset.step === String(n),
      k,
      { timeout: 5000 },
    );
    const visits = await rootTable();
    const total = visits.reduce((a, b) => a + b, 0);
    // Each iteration walks through one child of the root (the first may only expand the root).
    assert.ok(total === k || total === k - 1, `step ${k}: root visits ${total}`);
    const children = await treeAt(k);
    assert.deepEqual(children.map((c) => c.visits).sort((a, b) => b - a), [...visits].sort((a, b) => b - a), `step ${k}: the tree's root children`);
  }

  await page.screenshot({ path: path.join(suite.shots, 'timeline-mcts-tree.png'), fullPage: true });
  // The keyboard on the tree: Down goes to the most visited child and says its N.
  const visits = await rootTable();
  await page.focus('[data-testid=mcts-tree]');
  await page.keyboard.press('ArrowDown');
  const said = page.getByTestId('mcts-tree-focus');
  await page.waitForFunction(() => document.querySelector('[data-testid=mcts-tree-focus]').dataset.visits !== '');
  assert.equal(Number(await said.getAttribute('data-visits')), Math.max(...visits));
  assert.match(await said.textContent(), /depth 1: N [\d,]+, Q -?[\d.]+, UCT/);
  assert.equal(await page.$eval('[data-testid=status]', (el) => el.dataset.moves), '1', 'the tree keys move no piece');
  assert.deepEqual(problems, []);
  await page.close();
});

test('the same timeline under 2048 and Sum to zero: their panels show the search at the chosen step', async () => {
  const { page, problems } = await openPage(suite.browser.context, `${suite.server.url}#v=1&game=2048&algo=mcts&budget-ms=150&seed=3`);
  const slider = page.getByRole(SLIDER.role, { name: SLIDER.name });
  await page.click('[data-testid=hint]');
  await waitForState(page, ['idle'], 20000);
  await page.waitForFunction(() => Number(document.querySelector('[data-testid=timeline]').dataset.length) > 0);
  let end = await timelineState(page);
  let k = Math.floor(end.length / 2);
  await scrubTo(page, k);
  await page.waitForFunction((n) => document.querySelector('[data-g2048-stat=work]').textContent === `${n.toLocaleString('en-US')} playouts`, k, { timeout: 5000 });
  assert.equal(await page.textContent('[data-g2048-stat=think]'), '–', 'no time for a recorded step');
  await slider.focus();
  await page.keyboard.press('End');
  await page.waitForFunction((n) => document.querySelector('[data-g2048-stat=work]').textContent === `${n.toLocaleString('en-US')} playouts`, end.length, { timeout: 5000 });
  assert.notEqual(await page.textContent('[data-g2048-stat=think]'), '–', 'the end shows the answer with its time');

  await page.selectOption('[data-testid=game]', 'sumzero');
  await page.waitForFunction(() => /game=sumzero/.test(location.hash));
  assert.equal(await slider.isVisible(), false, 'the other game\'s run is not shown');
  await page.goto(`${suite.server.url}#v=1&game=sumzero&algo=mcts&iterations=500&seed=3`);
  await page.waitForFunction(() => document.documentElement.dataset.ready === 'true');
  // A goto that changes only the fragment applies the link on hashchange, asynchronously: the
  // ask waits for the link's playouts to reach the control (it read the default 1,000 once).
  await page.waitForFunction(() => document.querySelector('[data-game="sumzero"] [data-param="iterations"] input')?.value === '500');
  await page.click('[data-testid=sumzero-ask]');
  await waitForState(page, ['idle'], 20000);
  await page.waitForFunction(() => Number(document.querySelector('[data-testid=timeline]').dataset.length) > 0);
  end = await timelineState(page);
  k = 100;
  await scrubTo(page, k);
  await page.waitForFunction((n) => document.querySelector('[data-testid=sumzero-playouts]').textContent === String(n), k, { timeout: 5000 });
  assert.match(await page.textContent('[data-testid=sumzero-thinking-who]'), /at step 100 of its search:$/);
  const visits = await page.$$eval('[data-testid=sumzero-actions] tbody tr', (trs) => trs.map((tr) => Number(tr.cells[3].textContent.replace(/[—,]/g, '') || 0)));
  assert.ok(Math.abs(visits.reduce((a, b) => a + b, 0) - k) <= 1, `visits ${visits} at step ${k}`);
  await page.keyboard.press('Shift+ArrowLeft');
  await page.waitForFunction((n) => document.querySelector('[data-testid=sumzero-playouts]').textContent === String(n), k - 1, { timeout: 5000 });
  assert.equal(end.length, 500, 'one step a playout');
  assert.deepEqual(problems, []);
  await page.close();
});

test('the timeline component alone: the cap\'s note, markers, playing backward, and what it tells its subscribers', async () => {
  const { page, problems } = await openPage(suite.browser.context, suite.server.url);
  const seen = await page.evaluate(async () => {
    const { SearchTimeline } = await import('/timeline.js');
    const root = document.createElement('section');
    document.body.prepend(root);
    const timeline = new SearchTimeline(root);
    const events = [];
    timeline.subscribe((e) => events.push({ step: e.step, following: e.following, live: e.live }));
    const owner = {};
    timeline.begin(7, owner);
    timeline.grow(500, null);
    const fullBefore = root.querySelector('.timeline-full').hidden;
    // The recording stopped at step 400 while the search went on.
    timeline.grow(400, 400);
    timeline.finish(400, 400);
    timeline.setMarkers([{ step: 50, kind: 'best_move', label: 'new best move' }, { step: 300, kind: 'plan_found', label: 'plan found' }, { step: 400, kind: 'full', label: 'timeline full at step 400' }]);
    const full = root.querySelector('.timeline-full');
    const button = (name) => [...root.querySelectorAll('button')].find((b) => b.getAttribute('aria-label').startsWith(name));
    button('Start of the search').click();
    const nextLabel = button('Next marker').getAttribute('aria-label');
    button('Next marker').click();
    button('Next marker').click();
    const atMarker = timeline.step;
    button('Previous marker').click();
    const back = timeline.step;
    // Play backward at 100 steps a second from step 50: it stops at 0.
    root.querySelector('select').value = '100';
    button('Play backward').click();
    await new Promise((resolve) => {
      const wait = () => (timeline.step === 0 && button('Play backward').getAttribute('aria-pressed') === 'false' ? resolve() : setTimeout(wait, 10));
      wait();
    });
    root.remove();
    return { fullBefore, fullHidden: full.hidden, fullText: full.textContent, nextLabel, atMarker, back, events: events.length, last: events.at(-1), first: events[0], markerText: root.querySelector('.timeline-marker').textContent };
  });
  assert.equal(seen.fullBefore, true, 'no note before the cap');
  assert.equal(seen.fullHidden, false);
  assert.match(seen.fullText, /^Timeline full at step 400: the search went on unrecorded\.$/);
  assert.equal(seen.nextLabel, 'Next marker: new best move at step 50');
  assert.equal(seen.atMarker, 300);
  assert.equal(seen.back, 50);
  assert.deepEqual(seen.first, { step: 0, following: false, live: false });
  assert.deepEqual(seen.last, { step: 0, following: false, live: false });
  assert.ok(seen.events > 5, `${seen.events} steps told while playing backward`);
  assert.equal(seen.markerText, '');
  assert.deepEqual(problems, []);
  await page.close();
});

test('crowded marker labels on a narrow track: none overlaps, the most important stay, the rest are counted', async () => {
  const { page, problems } = await openPage(suite.browser.context, suite.server.url);
  const labels = await page.evaluate(async () => {
    const { SearchTimeline } = await import('/timeline.js');
    const root = document.createElement('section');
    root.style.width = '420px';
    document.body.prepend(root);
    const timeline = new SearchTimeline(root);
    timeline.begin(8, {});
    timeline.finish(3000, null);
    // MCTS early on: its best move changes every few iterations; then the node limit.
    const markers = [5, 9, 14, 30, 31, 45, 60, 90, 2500].map((step) => ({ step, kind: 'best_move', label: 'new best move' }));
    markers.push({ step: 3000, kind: 'limit', label: 'limit reached: node limit' });
    timeline.setMarkers(markers);
    const drawn = JSON.parse(root.querySelector('.timeline-markers').dataset.labels);
    root.remove();
    return drawn;
  });
  const texts = labels.map((l) => l.text);
  for (let i = 1; i < labels.length; i++) assert.ok(labels[i].left > labels[i - 1].right, `labels apart: ${JSON.stringify(labels)}`);
  assert.ok(texts.some((t) => /^limit reached: node limit/.test(t)), `the limit keeps its label: ${texts}`);
  assert.ok(texts.some((t) => /^new best move ×[2-9]$/.test(t)), `the crowded best moves are one counted label: ${texts}`);
  // "label ×n": n markers of that label; "label +n": it and n others; a bare label: one.
  const count = (text) => {
    const found = /([×+])(\d+)$/.exec(text);
    return !found ? 1 : Number(found[2]) + (found[1] === '+' ? 1 : 0);
  };
  assert.equal(texts.map(count).reduce((a, b) => a + b, 0), 10, `every marker is counted once: ${texts}`);
  assert.deepEqual(problems, []);
  await page.close();
});
