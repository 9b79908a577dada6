// KB Fast-Evo MCTS on the page in Chromium (Bait; a VGDL game for the board's layer and the
// layout): a link with algo=kbfe reopens the agent with its settings (in the controls and in the
// link the page writes back); acting, its knowledge table and W grid appear after the first act
// and change with the next (the knowledge base lasts the game), σ beside the grid; the last
// rollout's value term by term (eq. 6), the feature rays, the rollout policy, the rollout heat
// map and the ES strip appear and change; scrubbing the timeline back shows them as they were at
// the earlier iteration; axe finds no violation with the panel shown (light and dark theme); plan
// mode shows the knowledge too. On a VGDL board too the rays, policy, rollout heat and labels
// are drawn (one layer for every grid board, board.js); the labels read at 4.5:1 or more in both
// themes and cover neither the avatar nor each other. At 1024x768 and 1366x768, in the normal
// layout and in class mode, Bait and a VGDL game show the knowledge table whole (every column,
// type of 13 px or more, no sideways scroll), W, σ and every statistic inside the viewport beside
// the whole board, the panel spaced as the other panels. σ far from its start is written as a
// power of ten with a note that ties grow it (the paper's rule), W's cells then in units of a
// power of ten; the fold of notes opens from the keyboard and keeps its state on the next visit.
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
 * panel's step and iterations, the value's branch and text (in the last rollout's panel), the ES
 * strip's length and text. */
function lastRollout(page) {
  return page.evaluate(() => {
    const board = document.querySelector('[data-testid=board]');
    const panel = document.querySelector('[data-testid=kbfe-panel]');
    const rollout = document.querySelector('#kbfe-rollout-panel');
    const reward = rollout.querySelector('[data-testid=kbfe-reward]');
    return {
      rays: Number(board.dataset.kbfeRays ?? 0),
      policy: board.dataset.kbfePolicy ?? '',
      rolloutHeat: Number(board.dataset.rolloutHeat ?? 0),
      step: panel.dataset.step,
      iterations: Number(panel.dataset.iterations),
      reward: reward.hidden ? null : rollout.querySelector('[data-testid=kbfe-reward-text]').textContent,
      branch: reward.dataset.branch,
      strip: Number(panel.dataset.strip ?? 0),
      stripText: rollout.querySelector('[data-testid=kbfe-strip-text]').textContent,
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
    assert.match(first.sigma, /^σ = (\d+\.\d{3}|\d\.\d × 10⁻?[⁰¹²³⁴⁵⁶⁷⁸⁹]+) · [\d,]+ accepted, [\d,]+ rejected$/);
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
    // A zero is written without a sign (`signed` in www/numbers.js): a rollout can score nothing.
    assert.match(first.reward, /ΔR = ([+−]\d+\.\d\d|0\.00) · 0\.66·ΔZ = .* · 0\.33·ΔD = /, 'eq. 6 term by term');
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

test('σ grown huge is written as a power of ten with a note that ties grow it, and W in units of a power of ten', async () => {
  // Planning 1,000 iterations a move from first steps, nearly every rollout of the last moves wins:
  // the candidates tie. With every type a feature, W keeps columns once the key is taken.
  const { page, problems } = await openPage(browser.context, server.url + linkFor(rows, 'algo=kbfe&mode=plan&seed=3&plan-iterations=1000&features=all'));
  try {
    await page.click('[data-testid=step]');
    await page.waitForFunction(() => document.querySelector('[data-testid=kbfe-panel]')?.hidden === false, null, { timeout: 30000 });
    await waitForState(page, ['idle', 'won', 'lost'], 60000);
    const seen = await page.$eval('[data-testid=kbfe-panel]', (el) => ({
      sigma: el.querySelector('[data-testid=kbfe-sigma]').textContent,
      note: el.querySelector('[data-testid=kbfe-sigma-note]'),
      title: el.querySelector('.kbfe-title').textContent,
      cells: [...el.querySelectorAll('[data-testid=kbfe-weights] tbody td')].map((td) => td.textContent),
      fold: el.querySelector('details').textContent,
    }));
    const [, mantissa, exponent] = seen.sigma.match(/^σ = (\d\.\d) × 10([⁰¹²³⁴⁵⁶⁷⁸⁹]+) · [\d,]+ accepted, [\d,]+ rejected$/) ?? [];
    assert.ok(mantissa && exponent.length >= 1, `σ as a power of ten: ${seen.sigma}`);
    const note = await page.locator('[data-testid=kbfe-panel] [data-testid=kbfe-sigma-note]');
    assert.equal(await note.isVisible(), true, 'a note beside a huge σ');
    assert.match(await note.textContent(), /^Huge: a tie counts as a success, as the paper states, and each success grows σ ×1\.02\.$/);
    assert.match(seen.fold, /ties too, as the paper states/, 'the fold says it in full');
    assert.match(seen.title, /^Rollout weights W \(best so far\) × 10[⁰¹²³⁴⁵⁶⁷⁸⁹]+$/, 'W in units of a power of ten');
    assert.ok(seen.cells.length > 0 && seen.cells.every((text) => /^([+−]\d\.\d\d|0\.00)$/.test(text)), `W's cells keep to a few digits: ${seen.cells}`);
    assert.deepEqual(problems, []);
  } finally {
    await page.close();
  }
});

test('the fold of notes opens from the keyboard and is as its reader left it on the next visit', async () => {
  const url = server.url + linkFor(rows, 'algo=kbfe&mode=act&seed=3');
  const fold = (page) => page.$eval('[data-testid=kbfe-panel] details', (el) => el.open);
  const first = await openPage(browser.context, url, { init: "localStorage.removeItem('searchlab-open-kbfe-notes')" });
  try {
    await actOnce(first.page, 1);
    assert.equal(await fold(first.page), false, 'folded at first');
    await first.page.focus('[data-testid=kbfe-panel] summary');
    await first.page.keyboard.press('Enter');
    assert.equal(await fold(first.page), true, 'Enter opens it');
    // The fold is remembered on its toggle event, which comes after the key: the page closes after it.
    await first.page.waitForFunction(() => localStorage.getItem('searchlab-open-kbfe-notes') === 'open');
    assert.deepEqual(first.problems, []);
  } finally {
    await first.page.close();
  }
  const again = await openPage(browser.context, url);
  try {
    await actOnce(again.page, 1);
    assert.equal(await fold(again.page), true, 'open on the next visit');
    await again.page.focus('[data-testid=kbfe-panel] summary');
    await again.page.keyboard.press('Space');
    assert.equal(await fold(again.page), false, 'Space closes it');
    await again.page.waitForFunction(() => localStorage.getItem('searchlab-open-kbfe-notes') === 'closed');
    // The link now holds the move played: reloaded, the page shows it (the fold is built, hidden).
    await again.page.reload();
    await again.page.waitForFunction(() => document.documentElement.dataset.ready === 'true');
    assert.equal(await fold(again.page), false, 'and it stays closed');
    assert.deepEqual(again.problems, []);
  } finally {
    await again.page.close();
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

// ---------- the board's overlay on any sprite game, its labels, the panel beside the board ----------

/** Bait's and a VGDL game's links with KB Fast-Evo acting, and the board each draws on. */
const SPRITE_GAMES = {
  bait: { link: 'algo=kbfe&mode=act&seed=3', board: 'board' },
  vgdl: { link: '#v=1&game=vgdl&vgdl=keys&lvl=0&algo=kbfe&budget-ms=40&seed=3', board: 'board-vgdl' },
};

/** Opens `game` (a key of SPRITE_GAMES) in `theme` at `viewport`, steps one act without scrolling
 * the page (as the Period key would) and waits for its move. */
async function actedOn(game, theme, viewport = null) {
  const { link } = SPRITE_GAMES[game];
  const init = `localStorage.setItem('searchlab-theme', ${JSON.stringify(theme)})`;
  const url = server.url + (game === 'bait' ? linkFor(rows, link) : link);
  const { page, problems } = await openPage(browser.context, url, { init });
  if (viewport) await page.setViewportSize(viewport);
  await page.$eval('[data-testid=step]', (button) => button.click());
  await page.waitForFunction(() => document.querySelector('[data-testid=status]').dataset.moves === '1', null, { timeout: 30000 });
  await waitForState(page, ['idle', 'won', 'lost', 'over']);
  return { page, problems };
}

/**
 * What the board's KB Fast-Evo layer drew on canvas `testid`, read from the canvas itself: its
 * data (rays, policy, rollout heat, the labels' plates, the root's and the avatar's cells in css
 * pixels) and, for each label, the plate's colour (the commonest pixel right of the swatch) and
 * the text's (the pixel of most contrast with it), with their WCAG contrast ratio.
 */
function boardLayer(page, testid) {
  return page.$eval(`[data-testid=${testid}]`, (canvas) => {
    const data = canvas.dataset;
    if (data.kbfeRays === undefined) return null;
    const ratio = canvas.width / canvas.clientWidth;
    const ctx = canvas.getContext('2d');
    const channel = (c) => {
      const s = c / 255;
      return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    };
    const luminance = ([r, g, b]) => 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    const contrast = (a, b) => {
      const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
      return (hi + 0.05) / (lo + 0.05);
    };
    const [ox, oy, cell] = data.kbfeGrid.split(',').map(Number);
    const cellBox = (xy) => {
      const [x, y] = xy.split(',').map(Number);
      return { x: ox + x * cell, y: oy + y * cell, width: cell, height: cell };
    };
    const labels = data.kbfeLabels.split(';').filter(Boolean).map((text) => {
      const [x, y, width, height] = text.split(',').map(Number);
      // Right of the swatch, inside the border: only the plate and the text.
      const left = Math.round((x + width * 0.35) * ratio);
      const top = Math.round((y + 3) * ratio);
      const pixels = ctx.getImageData(left, top, Math.round((width * 0.65 - 3) * ratio), Math.round((height - 6) * ratio)).data;
      const counts = new Map();
      for (let i = 0; i < pixels.length; i += 4) {
        const key = `${pixels[i]},${pixels[i + 1]},${pixels[i + 2]}`;
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
      const plate = [...counts].sort((a, b) => b[1] - a[1])[0][0].split(',').map(Number);
      let ink = plate;
      for (const key of counts.keys()) {
        const rgb = key.split(',').map(Number);
        if (contrast(rgb, plate) > contrast(ink, plate)) ink = rgb;
      }
      return { x, y, width, height, plate, ink, contrast: contrast(ink, plate) };
    });
    return {
      rays: Number(data.kbfeRays),
      policy: data.kbfePolicy,
      rolloutHeat: Number(data.rolloutHeat),
      labels,
      avatars: [cellBox(data.kbfeRoot), ...(data.kbfeAvatar ? [cellBox(data.kbfeAvatar)] : [])],
      board: { width: canvas.clientWidth, height: canvas.clientHeight },
    };
  });
}

/** Whether two boxes ({ x, y, width, height }) share any area. */
function overlaps(a, b) {
  return Math.min(a.x + a.width, b.x + b.width) > Math.max(a.x, b.x) && Math.min(a.y + a.height, b.y + b.height) > Math.max(a.y, b.y);
}

/** The theme's panel colour as [r, g, b]. */
function panelColour(page) {
  return page.evaluate(() => {
    const hex = getComputedStyle(document.documentElement).getPropertyValue('--panel').trim().slice(1);
    return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16));
  });
}

test('on a VGDL board KB Fast-Evo draws its rays, policy, rollout heat and labels, and the toggle takes them off', async () => {
  const { page, problems } = await actedOn('vgdl', 'light');
  try {
    const layer = await boardLayer(page, 'board-vgdl');
    assert.ok(layer, 'the VGDL board drew the layer');
    // Keys and gates with the paper's categories: the key (a resource) and the goal (a portal).
    assert.ok(layer.rays >= 1, JSON.stringify(layer));
    assert.equal(layer.labels.length, layer.rays, 'a label per ray');
    const probabilities = layer.policy.split(', ').map((move) => Number(move.split(' ')[1]));
    assert.ok(probabilities.length >= 4 && Math.abs(probabilities.reduce((a, b) => a + b, 0) - 1) < 0.01, layer.policy);
    assert.ok(layer.rolloutHeat > 0, 'the rollouts visited cells');
    const panel = await panelColour(page);
    for (const label of layer.labels) assert.deepEqual(label.plate, panel, `the label's plate is drawn on the canvas: ${JSON.stringify(label)}`);
    await page.$eval('[data-testid=kbfe-board-toggle]', (box) => box.click());
    assert.equal(await boardLayer(page, 'board-vgdl'), null, 'unticked, the board draws no knowledge');
    await page.$eval('[data-testid=kbfe-board-toggle]', (box) => box.click());
    assert.equal((await boardLayer(page, 'board-vgdl')).rays, layer.rays, 'ticked again, it does');
    assert.deepEqual(problems, []);
  } finally {
    await page.close();
  }
});

for (const game of Object.keys(SPRITE_GAMES)) {
  for (const theme of ['light', 'dark']) {
    test(`${game}, ${theme} theme, 1024x768: the rays' labels read at 4.5:1 or more and cover neither the avatar nor each other`, async () => {
      const { page, problems } = await actedOn(game, theme, { width: 1024, height: 768 });
      try {
        const layer = await boardLayer(page, SPRITE_GAMES[game].board);
        assert.ok(layer && layer.labels.length > 0, `labels drawn: ${JSON.stringify(layer)}`);
        const panel = await panelColour(page);
        layer.labels.forEach((label, i) => {
          assert.deepEqual(label.plate, panel, `label ${i}: on the theme's panel colour`);
          assert.ok(label.contrast >= 4.5, `label ${i}: text ${label.ink} on ${label.plate} is ${label.contrast.toFixed(2)}:1`);
          assert.ok(label.x >= 0 && label.y >= 0 && label.x + label.width <= layer.board.width && label.y + label.height <= layer.board.height,
            `label ${i} stays on the canvas: ${JSON.stringify(label)}`);
          for (const avatar of layer.avatars) assert.ok(!overlaps(label, avatar), `label ${i} covers the avatar's cell ${JSON.stringify(avatar)}: ${JSON.stringify(label)}`);
          layer.labels.slice(i + 1).forEach((other, j) => assert.ok(!overlaps(label, other), `labels ${i} and ${i + 1 + j} overlap`));
        });
        assert.deepEqual(problems, []);
      } finally {
        await page.close();
      }
    });
  }
}

/** Each game's statistics (the values of its Statistics panel). */
const STATS = { bait: '[data-testid=stats] dd', vgdl: '[data-testid=vgdl-stats] dd' };

/**
 * What must be in view while KB Fast-Evo's knowledge is shown, as boxes ({ top, left, bottom,
 * right }): the board, the panel's title, the knowledge table, W, σ, each statistic, the panel, the
 * two shown beside it after it (for the spacing) and the statistics' column (in class mode it
 * scrolls on its own: a box under its bottom is hidden); and the knowledge table's type sizes and
 * how many pixels its box hides sideways.
 */
function knowledgeInView(page, game) {
  return page.evaluate(([boardId, statsSelector]) => {
    const box = (el) => {
      const r = el.getBoundingClientRect();
      return { top: r.top, left: r.left, bottom: r.bottom, right: r.right };
    };
    const panel = [...document.querySelectorAll('[data-testid=kbfe-panel]')].find((el) => !el.hidden);
    const shown = [...panel.parentElement.parentElement.children].filter((el) => el.getClientRects().length > 0);
    const table = panel.querySelector('[data-testid=kbfe-knowledge]');
    const tableBox = table.parentElement;
    return {
      parts: {
        board: box(document.querySelector(`[data-testid=${boardId}]`)),
        title: box(panel.querySelector('h2')),
        knowledge: box(table),
        weights: box(panel.querySelector('[data-testid=kbfe-weights]')),
        sigma: box(panel.querySelector('.kbfe-sigma')),
        ...Object.fromEntries([...document.querySelectorAll(statsSelector)].filter((el) => el.getClientRects().length > 0)
          .map((el, i) => [`statistic ${i + 1}`, box(el)])),
      },
      panel: box(panel),
      next: box(shown[shown.indexOf(panel.parentElement) + 1]),
      after: box(shown[shown.indexOf(panel.parentElement) + 2]),
      column: box(document.querySelector('.board-side')),
      fonts: [...table.querySelectorAll('th, td')].map((el) => parseFloat(getComputedStyle(el).fontSize)),
      columns: table.tHead.rows[0].cells.length,
      hiddenSideways: tableBox.scrollWidth - tableBox.clientWidth,
      tableRight: box(table).right,
      boxRight: box(tableBox).right,
    };
  }, [SPRITE_GAMES[game].board, STATS[game]]);
}

for (const [width, height] of [[1024, 768], [1366, 768]]) {
  for (const layout of ['normal', 'class mode']) {
    test(`${width}x${height}, ${layout}: the knowledge table whole, W, σ and every statistic in view beside the board`, async () => {
      for (const game of Object.keys(SPRITE_GAMES)) {
        const classMode = layout === 'class mode';
        // The notes' fold as a first visit finds it: folded.
        const init = "localStorage.setItem('searchlab-theme', 'light'); localStorage.removeItem('searchlab-open-kbfe-notes')";
        const link = SPRITE_GAMES[game].link + (classMode ? '&class=1' : '');
        const url = server.url + (game === 'bait' ? linkFor(rows, link) : link);
        const { page, problems } = await openPage(browser.context, url, { init });
        try {
          await page.setViewportSize({ width, height });
          await page.$eval('[data-testid=step]', (button) => button.click());
          await page.waitForFunction(() => document.querySelector('[data-testid=status]').dataset.moves === '1', null, { timeout: 30000 });
          await waitForState(page, ['idle', 'won', 'lost', 'over']);
          await page.evaluate(() => window.scrollTo(0, 0));
          const seen = await knowledgeInView(page, game);
          const where = `${game} at ${width}x${height}, ${layout}`;
          assert.ok(Object.keys(seen.parts).filter((name) => name.startsWith('statistic')).length >= 8, `${where}: its statistics are shown`);
          const bottom = Math.min(height, seen.column.bottom);
          for (const [name, b] of Object.entries(seen.parts)) {
            assert.ok(b.top >= 0 && b.left >= 0 && b.bottom <= (name === 'board' ? height : bottom) && b.right <= width,
              `${where}: the ${name} at ${JSON.stringify(b)} is out of view (the viewport, the statistics' column to ${bottom})`);
          }
          assert.equal(seen.columns, 6, `${where}: type, Z, x̄, won/lost, ΔK and ΔD`);
          assert.equal(seen.hiddenSideways, 0, `${where}: the knowledge table hides ${seen.hiddenSideways} px behind a sideways scroll`);
          assert.ok(seen.tableRight <= seen.boxRight + 0.5, `${where}: the table ends at ${seen.tableRight}, its box at ${seen.boxRight}`);
          for (const px of seen.fonts) assert.ok(px >= 13, `${where}: the knowledge table's type is ${px} px`);
          assert.ok(seen.panel.left >= seen.parts.board.right, `${where}: the panel is beside the board, not over it`);
          assert.equal(Math.round(seen.next.top - seen.panel.bottom), Math.round(seen.after.top - seen.next.bottom),
            `${where}: the gap under the knowledge panel is the gap between the panels under it`);
          assert.deepEqual(problems, []);
        } finally {
          await page.close();
        }
      }
    });
  }
}
