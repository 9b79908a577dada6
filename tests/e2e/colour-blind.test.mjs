// The search overlays under colour-blindness, in class mode and in the normal layout, in both themes:
// the heat map, the frontier
// and the plan, drawn by the page's own Bait renderer and read back from the canvas, stay
// distinguishable from each other and from the floor under each deficiency Chromium emulates
// (CIEDE2000 of the simulated colours); and a screenshot of each theme under each emulated
// deficiency, to look at. Run with `node --test tests/e2e/colour-blind.test.mjs` after `./dev.sh build`.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { browserSuite, openPage } from './harness.mjs';
import { DEFICIENCIES, simulate, lab, deltaE2000 } from './colour-vision.mjs';

const suite = browserSuite();

/** The least CIEDE2000 a pair must keep: about twice the difference between adjacent named colours,
 * so that the marks read as different colours at a glance, not only side by side. */
const MIN_DELTA_E = 10;

/**
 * Draws each overlay on a 3×3 floor with the page's Bait renderer and colours, and returns
 * { name: [r, g, b] }: each overlay's colour as drawn (the commonest colour among the pixels it
 * changed), over the floor and over the hottest heat cell, and the floor's own colour.
 */
function drawnColours(page) {
  return page.evaluate(async () => {
    const { drawBoard, layoutFor, COLOR_NAMES } = await import('./bait/render.js');
    const { readColors } = await import('./board.js');
    const colors = readColors(COLOR_NAMES);
    const view = { width: 3, height: 3, cells: new Uint8Array(9), avatarX: -1, avatarY: -1, hasKey: false, alive: true };
    const centre = (value) => Uint32Array.from({ length: 9 }, (_, i) => (i === 4 ? value : 0));
    const hot = Uint32Array.from({ length: 9 }, () => 1);
    const render = (overlay) => {
      const canvas = document.createElement('canvas');
      canvas.width = 180;
      canvas.height = 180;
      const ctx = canvas.getContext('2d');
      drawBoard(ctx, view, overlay, layoutFor(view, 180, 180), colors);
      return ctx.getImageData(0, 0, 180, 180).data;
    };
    const commonest = (pixels, base) => {
      const counts = new Map();
      for (let i = 0; i < pixels.length; i += 4) {
        if (base && pixels[i] === base[i] && pixels[i + 1] === base[i + 1] && pixels[i + 2] === base[i + 2]) continue;
        const key = `${pixels[i]},${pixels[i + 1]},${pixels[i + 2]}`;
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
      const [key] = [...counts].sort((a, b) => b[1] - a[1])[0];
      return key.split(',').map(Number);
    };
    const floor = render({});
    const heat = render({ heat: hot });
    return {
      floor: commonest(floor),
      heat: commonest(heat, floor),
      frontier: commonest(render({ frontier: centre(1) }), floor),
      plan: commonest(render({ path: [3, 4, 5] }), floor),
      'frontier over heat': commonest(render({ heat: hot, frontier: centre(1) }), heat),
      'plan over heat': commonest(render({ heat: hot, path: [3, 4, 5] }), heat),
    };
  });
}

/** The pairs a class must tell apart: the three overlays from each other (on the floor and over
 * heat, where the plan and the frontier usually sit) and each from what it is drawn on. */
const PAIRS = [
  ['heat', 'frontier'], ['heat', 'plan'], ['frontier', 'plan'],
  ['floor', 'heat'], ['floor', 'frontier'], ['floor', 'plan'],
  ['heat', 'frontier over heat'], ['heat', 'plan over heat'], ['frontier over heat', 'plan over heat'],
];

for (const [layout, theme] of [['class mode', 'light'], ['class mode', 'dark'], ['normal layout', 'light'], ['normal layout', 'dark']]) {
  test(`${layout} (${theme}): heat, frontier and plan stay distinguishable under every colour-vision deficiency`, async () => {
    const classKey = layout === 'class mode' ? '&class=1' : '';
    const { page, problems } = await openPage(suite.browser.context, `${suite.server.url}#v=1&game=bait&algo=bfs&seed=1${classKey}`, {
      init: `localStorage.setItem('searchlab-theme', ${JSON.stringify(theme)})`,
    });
    const colours = await drawnColours(page);
    const failures = [];
    const table = [];
    for (const deficiency of ['none', ...Object.keys(DEFICIENCIES)]) {
      const seen = Object.fromEntries(Object.entries(colours).map(([name, rgb]) => [name, lab(simulate(rgb, deficiency))]));
      const row = [deficiency];
      for (const [a, b] of PAIRS) {
        const delta = deltaE2000(seen[a], seen[b]);
        row.push(`${a}/${b} ${delta.toFixed(1)}`);
        if (delta < MIN_DELTA_E) failures.push(`${deficiency}: ${a} ${colours[a]} and ${b} ${colours[b]} differ by ΔE2000 ${delta.toFixed(1)}`);
      }
      table.push(row.join('; '));
    }
    console.log(`# ${layout}, ${theme}: drawn ${JSON.stringify(colours)}\n# ${table.join('\n# ')}`);
    assert.deepEqual(failures, [], `under ${MIN_DELTA_E}`);
    assert.deepEqual(problems, []);
    await page.close();
  });
}

for (const theme of ['light', 'dark']) {
  test(`class mode (${theme}): screenshots under each emulated deficiency`, async () => {
    const { page, problems } = await openPage(suite.browser.context, `${suite.server.url}#v=1&game=bait&algo=bfs&seed=1&class=1`, {
      init: `localStorage.setItem('searchlab-theme', ${JSON.stringify(theme)})`,
    });
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.click('[data-testid=step]');
    await page.getByRole('slider', { name: 'Search timeline' }).waitFor({ state: 'visible', timeout: 20000 });
    const cdp = await page.context().newCDPSession(page);
    for (const type of ['none', ...Object.keys(DEFICIENCIES)]) {
      await cdp.send('Emulation.setEmulatedVisionDeficiency', { type });
      await page.screenshot({ path: path.join(suite.shots, `cvd-bait-${theme}-${type}.png`) });
    }
    assert.deepEqual(problems, []);
    await page.close();
  });
}
