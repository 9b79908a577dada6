// KB Fast-Evo MCTS on the Bait page in Chromium: a link with algo=kbfe reopens the agent with its
// settings (in the controls and in the link the page writes back); acting, its knowledge table
// and W grid appear after the first act and change with the next (the knowledge base lasts the
// game), σ beside the grid; the last rollout's value term by term (eq. 6), the feature rays, the
// rollout policy, the rollout heat map and the ES strip appear and change; scrubbing the timeline
// back shows them as they were at the earlier iteration; axe finds no violation with the panel
// shown (light and dark theme); plan mode shows the knowledge too.
// Run with `node --test tests/e2e/kbfe.test.mjs` after `./dev.sh build`.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ROOT, launchBrowser, openPage, startServer, waitForState, linkFor } from './harness.mjs';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const SETTINGS = 'algo=kbfe&mode=act&seed=7&rollouts=evolved&value=knowledge&alpha=0.5&beta=0.25&features=all&distance=walking&feature-scale=cells&keep-weights=on&budget-ms=40';

let server;
let browser;
let rows;
before(async () => {
  server = await startServer();
  // axe is injected as an inline script, which the page's Content-Security-Policy refuses.
  browser = await launchBrowser({ bypassCSP: true });
  rows = (await readFile(path.join(ROOT, 'levels', 'first-steps.txt'), 'utf8')).replace(/\n+$/, '').split('\n');
});
after(async () => {
  await browser?.close();
  await server?.close();
});

/** What the knowledge panel shows: hidden or not, its counts, table rows, W's columns, σ. */
function panel(page) {
  return page.$eval('[data-testid=kbfe-panel]', (el) => ({
    hidden: el.hidden,
    types: Number(el.dataset.types),
    columns: Number(el.dataset.columns),
    events: Number(el.dataset.events),
    decisions: Number(el.dataset.decisions ?? 0),
    rows: el.querySelectorAll('[data-testid=kbfe-knowledge] tbody tr').length,
    gridHeads: [...el.querySelectorAll('[data-testid=kbfe-weights] thead th')].map((th) => th.textContent),
    gridCells: el.querySelectorAll('[data-testid=kbfe-weights] tbody td').length,
    sigma: el.querySelector('[data-testid=kbfe-sigma]').textContent,
  }));
}

/** What the page shows of the last rollout: the board's rays, policy and rollout heat total, the
 * panel's step and iterations, the value's branch and text, the ES strip's length and text. */
function lastRollout(page) {
  return page.evaluate(() => {
    const board = document.querySelector('[data-testid=board]');
    const panel = document.querySelector('[data-testid=kbfe-panel]');
    const reward = panel.querySelector('[data-testid=kbfe-reward]');
    return {
      rays: Number(board.dataset.kbfeRays ?? 0),
      policy: board.dataset.kbfePolicy ?? '',
      rolloutHeat: Number(board.dataset.rolloutHeat ?? 0),
      step: panel.dataset.step,
      iterations: Number(panel.dataset.iterations),
      reward: reward.hidden ? null : panel.querySelector('[data-testid=kbfe-reward-text]').textContent,
      branch: reward.dataset.branch,
      strip: Number(panel.dataset.strip ?? 0),
      stripText: panel.querySelector('[data-testid=kbfe-strip-text]').textContent,
      table: [...panel.querySelectorAll('[data-testid=kbfe-knowledge] tbody tr')].map((tr) => [...tr.cells].map((td) => td.textContent).join('|')).join('\n'),
    };
  });
}

/** Steps one act and waits for the move to be played. */
async function actOnce(page, moves) {
  await page.click('[data-testid=step]');
  await page.waitForFunction((n) => Number(document.querySelector('[data-testid=status]').dataset.moves) === n, moves, { timeout: 15000 });
  await waitForState(page, ['idle', 'won', 'lost']);
}

test('a link with algo=kbfe reopens KB Fast-Evo with its settings', async () => {
  const { page, problems } = await openPage(browser.context, server.url + linkFor(rows, SETTINGS));
  try {
    const value = (id) => page.$eval(`#${id}`, (el) => el.value);
    assert.equal(await value('algo'), 'kbfe');
    assert.equal(await page.isChecked('[data-testid=mode-act]'), true);
    const controls = {
      'p-rollouts': 'evolved', 'p-value': 'knowledge', 'p-alpha': '0.5', 'p-beta': '0.25', 'p-features': 'all',
      'p-distance': 'walking', 'p-feature-scale': 'cells', 'p-keep-weights': 'on',
    };
    for (const [id, expected] of Object.entries(controls)) assert.equal(await value(id), expected, id);
    assert.equal(await page.isVisible('#p-rollouts'), true, 'its own settings are shown');
    assert.equal(await page.isVisible('#p-population'), false, "RHEA's are not");
    const link = decodeURIComponent(await page.evaluate(() => location.hash));
    for (const pair of SETTINGS.split('&').filter((p) => !p.startsWith('mode') && !p.startsWith('budget'))) {
      assert.ok(link.includes(pair), `the link the page writes keeps ${pair}: ${link}`);
    }
    assert.equal((await panel(page)).hidden, true, 'no knowledge before the first act');
    assert.deepEqual(problems, []);
  } finally {
    await page.close();
  }
});

test('acting, the knowledge table and W grid appear and change from act to act', async () => {
  const { page, problems } = await openPage(browser.context, server.url + linkFor(rows, 'algo=kbfe&mode=act&seed=3&features=all'));
  try {
    await actOnce(page, 1);
    const first = await panel(page);
    assert.equal(first.hidden, false);
    assert.ok(first.rows > 0 && first.rows === first.types, `knowledge rows: ${JSON.stringify(first)}`);
    assert.ok(first.columns > 0, 'W has a column per discovered type');
    assert.equal(first.gridHeads.length, first.columns + 1);
    assert.equal(first.gridCells, 5 * first.columns, 'five moves by the types');
    assert.match(first.sigma, /^σ = \d+\.\d{3} · [\d,]+ accepted, [\d,]+ rejected$/);
    assert.ok(await page.$('[data-testid=kbfe-knowledge] tr.kbfe-new'), 'a first-met type flashes');
    await actOnce(page, 2);
    const second = await panel(page);
    assert.ok(second.events > first.events, `the knowledge base lasts the game and grows: ${first.events} → ${second.events}`);
    assert.ok(second.decisions !== first.decisions || second.sigma !== first.sigma, 'W evolved again');
    assert.deepEqual(problems, []);
  } finally {
    await page.close();
  }
});

test('the value term by term, the rays, the policy, the rollout heat and the ES strip appear and change', async () => {
  const { page, problems } = await openPage(browser.context, server.url + linkFor(rows, 'algo=kbfe&mode=act&seed=3'));
  try {
    await actOnce(page, 1);
    const first = await lastRollout(page);
    assert.ok(first.iterations > 0 && first.step === String(first.iterations), JSON.stringify(first));
    assert.match(first.reward, /ΔR = [+−]\d+\.\d\d · 0\.66·ΔZ = .* · 0\.33·ΔD = /, 'eq. 6 term by term');
    assert.ok(['score', 'knowledge', 'won', 'lost'].includes(first.branch));
    // Bait with the paper's categories (key and box): first steps has a key and no box, one ray.
    assert.equal(first.rays, 1, JSON.stringify(first));
    const probabilities = first.policy.split(', ').map((move) => Number(move.split(' ')[1]));
    assert.ok(probabilities.length >= 4, first.policy);
    assert.ok(Math.abs(probabilities.reduce((a, b) => a + b, 0) - 1) < 0.01, first.policy);
    assert.ok(first.rolloutHeat > 0, 'the rollouts visited cells');
    assert.ok(first.strip > 0 && /accepted; best fitness/.test(first.stripText), first.stripText);
    await actOnce(page, 2);
    const second = await lastRollout(page);
    assert.notEqual(second.stripText, first.stripText, 'the ES strip changed');
    assert.notEqual(second.policy, first.policy, 'the root and its policy changed');
    assert.deepEqual(problems, []);
  } finally {
    await page.close();
  }
});

test('scrubbing the timeline back shows the rollout, the strip and the knowledge of the earlier iteration', async () => {
  const { page, problems } = await openPage(browser.context, server.url + linkFor(rows, 'algo=kbfe&mode=act&seed=5'));
  try {
    await actOnce(page, 1);
    const live = await lastRollout(page);
    const slider = page.getByRole('slider', { name: 'Search timeline' });
    const length = Number(await slider.evaluate((el) => el.dataset.length));
    assert.equal(length, live.iterations, 'one timeline step per iteration');
    const early = 3;
    await slider.fill(String(early));
    await page.waitForFunction((k) => document.querySelector('[data-testid=kbfe-panel]').dataset.step === String(k), early, { timeout: 5000 });
    const back = await lastRollout(page);
    assert.equal(back.iterations, early);
    assert.ok(back.strip <= early && back.strip > 0, `the strip ends at step ${early}: ${back.strip}`);
    assert.ok(back.rolloutHeat < live.rolloutHeat, `fewer rollout cells at step ${early}: ${back.rolloutHeat} < ${live.rolloutHeat}`);
    assert.notEqual(back.stripText, live.stripText);
    assert.notEqual(back.table, live.table, 'the knowledge table of the earlier step');
    // Forward again: the view at the last step is what the live run showed.
    await slider.fill(String(length));
    await page.waitForFunction((k) => document.querySelector('[data-testid=kbfe-panel]').dataset.step === String(k), length, { timeout: 5000 });
    const again = await lastRollout(page);
    for (const key of ['reward', 'branch', 'strip', 'stripText', 'rolloutHeat', 'rays', 'policy', 'table']) {
      assert.deepEqual(again[key], live[key], key);
    }
    assert.deepEqual(problems, []);
  } finally {
    await page.close();
  }
});

test('plan mode shows the knowledge it learnt while planning', async () => {
  const { page, problems } = await openPage(browser.context, server.url + linkFor(rows, 'algo=kbfe&mode=plan&seed=3&plan-iterations=100'));
  try {
    await page.click('[data-testid=step]');
    await page.waitForFunction(() => document.querySelector('[data-testid=kbfe-panel]')?.hidden === false, null, { timeout: 30000 });
    assert.ok((await panel(page)).events > 0);
    assert.deepEqual(problems, []);
  } finally {
    await page.close();
  }
});

for (const theme of ['light', 'dark']) {
  test(`axe finds no violation with the knowledge shown in the ${theme} theme`, async () => {
    const init = `localStorage.setItem('searchlab-theme', ${JSON.stringify(theme)})`;
    const { page, problems } = await openPage(browser.context, server.url + linkFor(rows, 'algo=kbfe&mode=act&seed=3'), { init });
    try {
      await actOnce(page, 1);
      assert.equal((await panel(page)).hidden, false);
      await page.addScriptTag({ path: AXE });
      const violations = await page.evaluate(async () => (await globalThis.axe.run(document)).violations);
      assert.deepEqual(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), []);
      assert.deepEqual(problems, []);
    } finally {
      await page.close();
    }
  });
}
