// Accessibility in Chromium: axe-core finds no violation on any game's view (Bait, 2048, Othello,
// Sum to zero, a VGDL game; normal and class mode; light and dark theme) nor on any step of any guided lesson
// (www/lessons/).
// Run with `node --test tests/e2e/a11y.test.mjs` after `./dev.sh build`.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { launchBrowser, openPage, startServer, ROOT } from './harness.mjs';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

const GAMES = {
  bait: 'v=1&game=bait&algo=bfs&seed=1',
  2048: 'v=1&game=2048&algo=expectimax&seed=1',
  othello: 'v=1&game=othello&black=alphabeta&white=mtdf&seed=1',
  sumzero: 'v=1&game=sumzero&seed=1',
  vgdl: 'v=1&game=vgdl&vgdl=colours&lvl=1&algo=bfs&seed=1',
};

const readJson = (file) => JSON.parse(readFileSync(path.join(ROOT, 'lessons', file), 'utf8'));
const LESSONS = readJson('index.json').lessons.map((name) => [name, readJson(`${name}.json`).steps.length]);

let server;
let browser;
before(async () => {
  server = await startServer();
  // The page's Content-Security-Policy (script-src 'self') refuses the inline script that
  // addScriptTag injects; this test's own context bypasses it, every other test keeps the policy.
  browser = await launchBrowser({ bypassCSP: true });
});
after(async () => {
  await browser?.close();
  await server?.close();
});

/**
 * Opens `fragment` in `theme` (auto when not given), waits for `ready` (a selector), runs axe and
 * returns its violations, one line each.
 */
async function violationsAt(fragment, { ready, theme = 'auto' } = {}) {
  const init = `localStorage.setItem('searchlab-theme', ${JSON.stringify(theme)})`;
  const { page, problems } = await openPage(browser.context, `${server.url}#${fragment}`, { init });
  try {
    if (ready) await page.locator(ready).waitFor({ timeout: 10000 });
    assert.deepEqual(problems, []);
    await page.addScriptTag({ path: AXE });
    const violations = await page.evaluate(async () => (await globalThis.axe.run(document)).violations);
    return violations.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  } finally {
    await page.close();
  }
}

for (const [game, fragment] of Object.entries(GAMES)) {
  for (const classMode of [false, true]) {
    for (const theme of ['light', 'dark']) {
      const view = `${game}${classMode ? ' in class mode' : ''} in the ${theme} theme`;
      test(`axe finds no violation on ${view}`, async () => {
        const found = await violationsAt(classMode ? `${fragment}&class=1` : fragment, { theme });
        for (const line of found) console.log(`# ${view}: ${line}`);
        assert.deepEqual(found, []);
      });
    }
  }
}

for (const [name, steps] of LESSONS) {
  test(`axe finds no violation on any step of the lesson ${name}`, async () => {
    const found = [];
    for (let step = 1; step <= steps; step += 1) {
      const lines = await violationsAt(`v=1&lesson=${name}&step=${step}`, {
        ready: `[data-testid=lesson-progress][data-step="${step}"]`,
      });
      found.push(...lines.map((line) => `step ${step}: ${line}`));
    }
    for (const line of found) console.log(`# ${name} ${line}`);
    assert.deepEqual(found, []);
  });
}
