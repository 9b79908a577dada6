// End-to-end tests of the playground in Debian's Chromium (playwright-core), against www/ served
// by a local static server. Run with `node --test tests/e2e/` after `./dev.sh build`.
// Screenshots go to a temporary folder printed at the start.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  ROOT, browserSuite, openPage, setSpeed, status, typeInto, waitForState, linkFor,
} from './harness.mjs';

const suite = browserSuite();

/** Rows of a shipped level. */
async function levelRows(name) {
  const text = await readFile(path.join(ROOT, 'levels', `${name}.txt`), 'utf8');
  return text.replace(/\n+$/, '').split('\n');
}

/** The length of a shortest plan, from the shipped level index (checked by tests/bait_levels.rs). */
async function optimalMoves(name) {
  const index = JSON.parse(await readFile(path.join(ROOT, 'levels', 'index.json'), 'utf8'));
  return index.levels.find((l) => l.id === name).optimal;
}

test('the page loads with no console errors, in light and dark themes', async () => {
  const { page, problems } = await openPage(suite.browser.context, suite.server.url);
  const s = await status(page);
  assert.equal(s.state, 'idle', s.text);
  assert.equal(s.moves, 0);
  assert.match(page.url(), /#v=1&game=bait&(level|lvl)=.+&algo=astar&.*seed=\d+/, 'the URL follows the settings');
  await page.screenshot({ path: path.join(suite.shots, 'load-light.png') });
  // The URL follows the settings, and Copy link copies it.
  await page.selectOption('[data-testid=algo]', 'mcts');
  assert.match(page.url(), /&algo=mcts&uct=[\d.]+&rollout-depth=10&mode=act&max-nodes=\d+&budget-ms=40&seed=\d+$/);
  await suite.browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: suite.server.url });
  await page.click('[data-testid=copy-link]');
  await page.waitForFunction(() => /Link copied/.test(document.querySelector('[data-testid=status]').textContent));
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), page.url());
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: path.join(suite.shots, 'load-dark.png') });
  await page.setViewportSize({ width: 600, height: 900 });
  await page.screenshot({ path: path.join(suite.shots, 'load-narrow.png') });
  assert.deepEqual(problems, []);
  await page.close();
});

test('on a phone-sized screen no game scrolls sideways, and each board fits the width', async () => {
  const { page, problems } = await openPage(suite.browser.context, suite.server.url);
  await page.setViewportSize({ width: 390, height: 844 });
  for (const game of ['bait', '2048', 'othello']) {
    await page.selectOption('[data-testid=game]', game);
    await page.waitForFunction((g) => new RegExp(`game=${g}`).test(location.hash), game);
    const layout = await page.evaluate(() => {
      const board = [...document.querySelectorAll('canvas')].find((c) => c.offsetParent !== null && c.clientWidth > 100);
      const box = board.getBoundingClientRect();
      return { scroll: document.documentElement.scrollWidth, width: box.width, height: box.height };
    });
    assert.equal(layout.scroll, 390, `${game} scrolls sideways`);
    assert.ok(layout.height <= layout.width + 1, `${game}: the board area is ${layout.width} x ${layout.height}`);
    await page.screenshot({ path: path.join(suite.shots, `phone-${game}.png`) });
  }
  assert.deepEqual(problems, []);
  await page.close();
});

test('a share link with a level and A* plays to a win in the shortest number of moves', async () => {
  const rows = await levelRows('bridge');
  const url = suite.server.url + linkFor(rows, 'algo=astar&heuristic=walls&mode=plan&max-nodes=100000&seed=1');
  const { page, problems } = await openPage(suite.browser.context, url);
  await setSpeed(page, 30);
  await page.click('[data-testid=play]');
  const s = await waitForState(page, ['won', 'lost', 'error'], 30000);
  await page.screenshot({ path: path.join(suite.shots, 'astar-won.png') });
  assert.equal(s.state, 'won', s.text);
  assert.equal(s.moves, await optimalMoves('bridge'));
  assert.match(s.text, new RegExp(`Won in ${s.moves} moves`));
  assert.deepEqual(problems, []);
  await page.close();
});

test('MCTS with a 40 ms budget ends every act at its deadline while the page handles clicks', async () => {
  const rows = await levelRows('far-door');
  const url = suite.server.url + linkFor(rows, 'algo=mcts&uct=1.41&rollout-depth=10&mode=act&budget-ms=40&seed=7');
  const { page, problems } = await openPage(suite.browser.context, url);
  await setSpeed(page, 30);
  await page.click('[data-testid=play]');
  await page.waitForFunction(() => window.searchlabMetrics.acts.length >= 5, null, { timeout: 20000 });
  // The page stays responsive: a click on the theme button is handled at once.
  const before = await page.textContent('#theme');
  const t0 = Date.now();
  await page.click('#theme', { timeout: 2000 });
  assert.notEqual(await page.textContent('#theme'), before);
  const clickMs = Date.now() - t0;
  await page.waitForFunction(() => window.searchlabMetrics.acts.length >= 20, null, { timeout: 30000 });
  await page.screenshot({ path: path.join(suite.shots, 'mcts-acting.png') });
  // The root actions' values and visits are shown.
  assert.equal(await page.locator('[data-testid=root-actions]').isVisible(), true);
  assert.equal(await page.locator('[data-testid=root-actions] tbody tr').count(), 4);
  await page.click('[data-testid=stop]');
  const acts = await page.evaluate(() => window.searchlabMetrics.acts);
  const slowest = Math.max(...acts.map((a) => a.thinkMs));
  console.log(`# MCTS acts: ${acts.length}, slowest think ${slowest.toFixed(1)} ms, click handled in ${clickMs} ms`);
  for (const act of acts) {
    // Each act ended because its deadline came, not because its search finished or hit a limit.
    // How close to the deadline it answers is a timing, measured by `./dev.sh figures bait`, not
    // asserted here (a loaded machine delays any slice); the bound below only catches a deadline
    // that was never applied.
    assert.equal(act.status, 'running', `an act ended with status ${act.status}`);
    assert.ok(act.thinkMs < act.budgetMs * 25, `an act took ${act.thinkMs} ms for a ${act.budgetMs} ms budget`);
  }
  assert.deepEqual(problems, []);
  await page.close();
});

test('depth-limited DFS walks into the sealed door, and the page says so', async () => {
  const rows = await levelRows('sealed-door');
  const { page, problems } = await openPage(suite.browser.context, suite.server.url + linkFor(rows, 'algo=dls&depth=5&mode=plan&seed=1'));
  await setSpeed(page, 30);
  await page.click('[data-testid=play]');
  await page.waitForFunction(() => /Stuck/.test(document.querySelector('[data-testid=status]').textContent));
  const s = await status(page);
  assert.equal(s.state, 'idle');
  assert.match(s.text, /can no longer be won/);
  await page.screenshot({ path: path.join(suite.shots, 'dls-stuck.png') });
  assert.deepEqual(problems, []);
  await page.close();
});

test('Stop ends a long BFS', async () => {
  const rows = await levelRows('warehouse');
  const url = suite.server.url + linkFor(rows, 'algo=bfs&mode=plan&max-nodes=50000000&seed=1');
  const { page, problems } = await openPage(suite.browser.context, url);
  await page.click('[data-testid=play]');
  await waitForState(page, ['thinking']);
  await page.waitForFunction(() => Number(document.querySelector('[data-stat=expanded]').textContent.replace(/,/g, '')) > 10000);
  await page.screenshot({ path: path.join(suite.shots, 'bfs-thinking.png') });
  await page.click('[data-testid=stop]');
  const s = await waitForState(page, ['idle'], 2000);
  assert.match(s.text, /Stopped/);
  const stops = await page.evaluate(() => window.searchlabMetrics.stops);
  console.log(`# stop to idle: ${stops.map((ms) => ms.toFixed(1)).join(', ')} ms`);
  assert.equal(stops.length, 1);
  // The search really ended: the counters no longer move.
  const expanded = await page.textContent('[data-stat=expanded]');
  await page.waitForTimeout(300);
  assert.equal(await page.textContent('[data-stat=expanded]'), expanded);
  assert.deepEqual(problems, []);
  await page.close();
});

test('a planner slowed to 10 steps a second grows its search in view; Pause holds it, Step advances it', async () => {
  const rows = await levelRows('warehouse');
  // The link holds the pace, so a teacher can share the slowed-down search.
  const url = suite.server.url + linkFor(rows, 'algo=bfs&mode=plan&pace=10&seed=1');
  const { page, problems } = await openPage(suite.browser.context, url);
  assert.equal(await page.inputValue('[data-testid=pace]'), '10');
  await page.click('[data-testid=play]');
  await waitForState(page, ['thinking']);
  const expanded = async () => Number((await page.textContent('[data-stat=expanded]')).replace(/,/g, ''));
  await page.waitForFunction(() => Number(document.querySelector('[data-stat=expanded]').textContent) >= 5);
  const early = await expanded();
  await page.waitForTimeout(1000);
  const later = await expanded();
  // About ten expansions a second (timers in a loaded browser run late, never early).
  assert.ok(later > early && later - early <= 13, `${early} then ${later} expansions a second later`);
  assert.equal((await status(page)).state, 'thinking');
  await page.screenshot({ path: path.join(suite.shots, 'bfs-paced.png') });

  // Pause holds the search with its frontier; Step then takes it one expansion at a time.
  await page.click('[data-testid=play]');
  let s = await waitForState(page, ['idle'], 2000);
  assert.match(s.text, /search is paused: Step takes it one step further/);
  await page.waitForTimeout(200);
  const held = await expanded();
  // Longer than the watchdog's 3 s of silence: a held search keeps telling the page it is alive.
  await page.waitForTimeout(3500);
  assert.equal(await expanded(), held, 'a held search does not move');
  assert.equal((await status(page)).state, 'idle');
  for (const wanted of [held + 1, held + 2]) {
    await page.click('[data-testid=step]');
    await page.waitForFunction((n) => Number(document.querySelector('[data-stat=expanded]').textContent) === n, wanted);
  }
  await page.screenshot({ path: path.join(suite.shots, 'bfs-held.png') });
  await page.click('[data-testid=play]');
  await waitForState(page, ['thinking']);
  await page.waitForFunction((n) => Number(document.querySelector('[data-stat=expanded]').textContent) > n, held + 2);
  // A new pace applies to the search under way.
  await page.selectOption('[data-testid=pace]', '100');
  assert.match(page.url(), /&mode=plan&max-nodes=\d+&pace=100&seed=1$/);
  const faster = await expanded();
  await page.waitForFunction((n) => Number(document.querySelector('[data-stat=expanded]').textContent.replace(/,/g, '')) >= n, faster + 50, { timeout: 2500 });
  await page.click('[data-testid=stop]');
  s = await waitForState(page, ['idle'], 2000);
  assert.match(s.text, /Stopped/);
  assert.deepEqual(problems, []);
  await page.close();
});

test('a link followed while the page rewrites its address bar is the link shown', async () => {
  const { page, problems } = await openPage(suite.browser.context, `${suite.server.url}#v=1&algo=astar&seed=3`);
  // The race a pasted link once lost: the page writes its own fragment (as a view it applies
  // does) after the navigation to the link and before the hashchange event is handled.
  await page.evaluate(() => {
    const own = location.hash;
    location.hash = '#v=1&algo=bfs&seed=7';
    history.replaceState(null, '', own);
  });
  await page.waitForFunction(() => document.querySelector('[data-testid=algo]').value === 'bfs', null, { timeout: 5000 });
  assert.match(await page.evaluate(() => location.hash), /algo=bfs/);
  assert.match(await page.evaluate(() => location.hash), /seed=7/);
  assert.deepEqual(problems, []);
  await page.close();
});

test('a malformed link opens the default view with an error naming the field', async () => {
  const { page } = await openPage(suite.browser.context, `${suite.server.url}#v=1&algo=dijkstra&seed=3`);
  let s = await status(page);
  assert.equal(s.state, 'error');
  assert.match(s.text, /field 'algo'.*dijkstra/);
  assert.equal(await page.inputValue('[data-testid=algo]'), 'astar');
  await page.screenshot({ path: path.join(suite.shots, 'bad-link.png') });

  // Markup in a link is shown as text, never inserted.
  await page.goto(`${suite.server.url}#v=1&algo=${encodeURIComponent('<img src=x onerror=alert(1)>')}`);
  await page.reload();
  await waitForState(page, ['error']);
  s = await status(page);
  assert.match(s.text, /<img src=x/);
  assert.equal(await page.$$eval('img', (imgs) => imgs.length), 0);

  // Oversized links and bad levels are refused too.
  await page.goto(`${suite.server.url}#v=1&level=${'w'.repeat(9000)}`);
  await page.reload();
  await waitForState(page, ['error']);
  assert.match((await status(page)).text, /field 'link'/);
  await page.goto(`${suite.server.url}#v=1&level=www/wAx/www`);
  await page.reload();
  await waitForState(page, ['error']);
  assert.match((await status(page)).text, /field 'level'.*line 2, column 3/);
  // A game named like what every object has is a game the page lacks, not one it starts to load.
  await page.goto(`${suite.server.url}#v=1&game=constructor`);
  await page.reload();
  await waitForState(page, ['error']);
  assert.match((await status(page)).text, /field 'game'.*'constructor'/);

  // An emptied field is named by its label.
  await page.goto(`${suite.server.url}#v=1&algo=dls&seed=3`);
  await page.reload();
  await page.waitForFunction(() => document.documentElement.dataset.ready === 'true');
  await typeInto(page, 'p-depth', '');
  await waitForState(page, ['error']);
  assert.equal((await status(page)).text, "'Depth limit' needs a number.");
  await typeInto(page, 'p-depth', '5');
  await waitForState(page, ['idle']);
  await typeInto(page, 'p-w-score', '');
  await waitForState(page, ['error']);
  assert.equal((await status(page)).text, "The leaf value weight 'Score' needs a number.");
  await page.close();
});

test('an invalid edited level shows the parser error and its position', async () => {
  const rows = await levelRows('first-steps');
  const { page, problems } = await openPage(suite.browser.context, suite.server.url + linkFor(rows, 'algo=bfs&seed=1'));
  await page.click('[data-testid=edit-toggle]');
  await page.click('[data-testid=tile-avatar]');
  // Paint a second avatar on the floor cell at column 3, row 2 (1-based) of the 7×5 level.
  const box = await page.locator('[data-testid=board]').boundingBox();
  const cell = Math.floor(Math.min(box.width / 7, box.height / 5));
  const ox = box.x + (box.width - cell * 7) / 2;
  const oy = box.y + (box.height - cell * 5) / 2;
  await page.mouse.click(ox + cell * 2.5, oy + cell * 1.5);
  const editor = page.locator('[data-testid=editor-status]');
  assert.equal(await editor.getAttribute('data-valid'), 'false');
  assert.match(await editor.textContent(), /line 2, column 3/);
  assert.equal((await status(page)).state, 'error');
  await page.screenshot({ path: path.join(suite.shots, 'editor-invalid.png') });
  // Painting floor over it makes the level valid again, and the link follows: the level is
  // First steps again, so the link names it.
  await page.click('[data-testid=tile-floor]');
  await page.mouse.click(ox + cell * 2.5, oy + cell * 1.5);
  assert.equal(await editor.getAttribute('data-valid'), 'true');
  assert.match(page.url(), /lvl=first-steps&/);
  assert.deepEqual(problems, []);
  await page.close();
});

test('a pasted level with an error says where', async () => {
  const { page } = await openPage(suite.browser.context, suite.server.url);
  await page.click('[data-testid=paste-open]');
  await page.fill('[data-testid=paste-text]', 'wwww\nwA?w\nwwww');
  await page.click('[data-testid=paste-load]');
  assert.match(await page.textContent('[data-testid=paste-error]'), /line 2, column 3/);
  assert.equal((await status(page)).state, 'error');
  await page.close();
});

test('a person wins a small level with the keyboard, with undo', async () => {
  const rows = await levelRows('first-steps');
  const { page, problems } = await openPage(suite.browser.context, suite.server.url + linkFor(rows, 'algo=bfs&seed=1'));
  await page.focus('[data-testid=board]');
  await page.keyboard.press('ArrowLeft'); // into the wall: a move that changes nothing
  await page.keyboard.press('z'); // undone
  assert.equal((await status(page)).moves, 0);
  for (const key of ['ArrowRight', 'd', 'ArrowRight', 'ArrowRight', 's', 'ArrowDown']) {
    await page.keyboard.press(key);
  }
  const s = await waitForState(page, ['won', 'lost']);
  await page.screenshot({ path: path.join(suite.shots, 'keyboard-won.png') });
  assert.equal(s.state, 'won', s.text);
  assert.equal(s.moves, 6);
  assert.match(s.text, /Won in 6 moves/);
  assert.deepEqual(problems, []);
  await page.close();
});

test('MCTS planning stops at the node limit set on the page and says so', async () => {
  const rows = await levelRows('far-door');
  const url = suite.server.url + linkFor(rows, 'algo=mcts&mode=plan&seed=5');
  const { page, problems } = await openPage(suite.browser.context, url);
  // The iterations per planned move show in plan mode only, and the description says what
  // planning means for MCTS.
  assert.equal(await page.locator('[data-testid=p-plan-iterations]').isVisible(), true);
  assert.match(await page.textContent('#algo-description'), /commits to the most-visited one/);
  await page.check('[data-testid=mode-act]');
  assert.equal(await page.locator('[data-testid=p-plan-iterations]').isVisible(), false);
  await page.check('[data-testid=mode-plan]');
  // A small limit, typed as a person would: 200 playouts a move, 5,000 expansions in all.
  await typeInto(page, 'p-plan-iterations', '200');
  await typeInto(page, 'p-max-nodes', '5000');
  assert.match(page.url(), /&plan-iterations=200&mode=plan&max-nodes=5000&seed=5$/);
  await page.click('[data-testid=play]');
  const s = await waitForState(page, ['idle', 'won', 'lost', 'error'], 30000);
  await page.screenshot({ path: path.join(suite.shots, 'mcts-plan-limit.png') });
  assert.equal(s.state, 'idle', s.text);
  assert.match(s.text, /MCTS reached its node limit after 5,\d{3} expansions; its plan so far has \d+ moves?/);
  const expanded = Number((await page.textContent('[data-stat=expanded]')).replace(/,/g, ''));
  // Checked before every playout: at most one playout (a walk of at most 10 tree nodes) past it.
  assert.ok(expanded >= 5000 && expanded < 5010, `${expanded} expansions`);
  const planned = Number(await page.textContent('[data-stat=plan]'));
  assert.ok(planned >= 1, `a plan so far of ${planned} moves`);
  assert.match(s.text, new RegExp(`plan so far has ${planned} move`));
  // The plan cut short is shown, not played.
  assert.equal(s.moves, 0);
  assert.deepEqual(problems, []);
  await page.close();
});
