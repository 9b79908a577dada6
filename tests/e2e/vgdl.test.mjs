// End-to-end tests of VGDL games on the playground in Debian's Chromium (playwright-core): a link
// opens a shipped game by name, BFS solves the level and the plan is played to a win; a game file
// with a mistake pasted into "Game rules" is refused with its line named and the text kept; a link
// carries a game's own rules and level; a link with a bad field names it; the page's A* uses the
// lower bound read off the rules. Run with
// `node --test tests/e2e/vgdl.test.mjs` after `./dev.sh build`.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  browserSuite, openPage, setSpeed, status, waitForState, ROOT,
} from './harness.mjs';

const suite = browserSuite();

const game = (file) => readFileSync(path.join(ROOT, 'vgdl', 'games', file), 'utf8');

async function text(page, testid) {
  return (await page.textContent(`[data-testid=${testid}]`)).trim();
}

test('a shipped game opens by link, BFS solves it and its plan is played to a win', async () => {
  const { page, problems } = await openPage(suite.browser.context, `${suite.server.url}#v=1&game=vgdl&vgdl=keys&lvl=0&algo=bfs&seed=1`);
  try {
    assert.equal(await page.isVisible('[data-testid=board-vgdl]'), true);
    assert.equal(await page.inputValue('[data-testid=vgdl-game]'), 'keys');
    const legend = await page.$$eval('#vgdl-legend li', (items) => items.map((li) => li.dataset.sprite));
    assert.deepEqual(legend, ['ground', 'stone', 'key', 'gate', 'goal', 'seeker']);
    await setSpeed(page, 30);
    await page.click('[data-testid=play]');
    const end = await waitForState(page, ['over', 'error']);
    assert.equal(end.state, 'over', end.text);
    assert.match(end.text, /^Won after 7 moves, score 6\./);
    assert.equal(end.moves, 7);
    assert.equal(await text(page, 'vgdl-plan-length'), '7');
    assert.equal(await page.getAttribute('[data-testid=board-vgdl]', 'data-outcome'), 'won');
    assert.match(await page.getAttribute('[data-testid=board-vgdl]', 'aria-label'), /score 6, won/);
    const link = await page.evaluate(() => location.hash);
    assert.match(link, /&vgdl=keys&lvl=0&moves=RDRRRRD&algo=bfs/);
    // The search timeline, as for every game: at step 5 the statistics are BFS's after 5 expansions.
    const slider = page.getByRole('slider', { name: 'Search timeline' });
    assert.ok(Number(await slider.evaluate((el) => el.dataset.length)) >= 7);
    await slider.fill('5');
    await page.waitForFunction(() => document.querySelector('[data-vgdl-stat=expanded]').textContent === '5');
    assert.deepEqual(problems, []);
  } finally {
    await page.close();
  }
});

test('a game file with a mistake names its line and keeps the text', async () => {
  const { page, problems } = await openPage(suite.browser.context, `${suite.server.url}#v=1&game=vgdl&seed=1`);
  try {
    const broken = game('crates.txt').replace('crate > Passive', 'crate > Pushable');
    await page.fill('[data-testid=vgdl-rules]', broken);
    await page.click('[data-testid=vgdl-rules-load]');
    const error = await text(page, 'vgdl-rules-error');
    assert.match(error, /^Game rules, line 5, column \d+: .*Pushable/);
    assert.equal(await page.inputValue('[data-testid=vgdl-rules]'), broken);
    // The game on show is still the one before.
    assert.equal(await page.inputValue('[data-testid=vgdl-game]'), 'crates');
    // Fixed (and changed), the text plays as the user's own game, carried in the link.
    await page.fill('[data-testid=vgdl-rules]', broken.replace('Pushable', 'Passive').replace('scoreChange=1', 'scoreChange=2'));
    await page.click('[data-testid=vgdl-rules-load]');
    assert.equal(await text(page, 'vgdl-rules-error'), '');
    assert.equal(await page.inputValue('[data-testid=vgdl-game]'), '');
    // The link carries the rules packed (deflated, base64url), by Rust's one implementation.
    assert.match(await page.evaluate(() => location.hash), /&rules-z=[A-Za-z0-9_-]+&level=wwwwwww%0A/);
    // A file that fits the page but not a link even packed is played, and the link's limit is
    // named: comments of random printable characters, which no compressor shortens.
    let seed = 1;
    const noise = Array.from({ length: 7300 }, (_, i) => {
      seed ^= seed << 13;
      seed ^= seed >>> 17;
      seed ^= seed << 5;
      seed >>>= 0; // xorshift32
      return i % 60 === 0 ? '\n# ' : String.fromCharCode(33 + ((seed >>> 8) % 94));
    }).join('');
    await page.fill('[data-testid=vgdl-rules]', `${game('crates.txt')}${noise}\n`);
    await page.click('[data-testid=vgdl-rules-load]');
    assert.match(await text(page, 'vgdl-rules-error'), /^The game is played, but the link cannot carry it: .*field 'rules': the game does not fit in a link/);
    assert.equal((await status(page)).state, 'idle');
    assert.deepEqual(problems, []);
  } finally {
    await page.close();
  }
});

test("GVGAI's own game opened from a file plays on its own level", async () => {
  const folder = path.join(ROOT, '..', '..', 'shared', 'vgdl', 'zenpuzzle');
  const level = readFileSync(path.join(folder, 'zenpuzzle_lvl0.txt'), 'utf8');
  const { page, problems } = await openPage(suite.browser.context, `${suite.server.url}#v=1&game=vgdl&seed=1`);
  try {
    await page.fill('[data-testid=vgdl-level-text]', level);
    await page.setInputFiles('[data-testid=vgdl-rules-file]', path.join(folder, 'zenpuzzle.vgdl.txt'));
    await page.waitForFunction(() => document.querySelector('[data-testid=vgdl-game]').value === '');
    assert.equal(await text(page, 'vgdl-rules-error'), '');
    const rows = level.replace(/\n$/, '').split('\n');
    const label = await page.getAttribute('[data-testid=board-vgdl]', 'aria-label');
    assert.match(label, new RegExp(`board, ${rows[0].length} by ${rows.length} cells`));
    const legend = await page.$$eval('#vgdl-legend li', (items) => items.map((li) => li.dataset.sprite));
    assert.ok(legend.includes('walked') && legend.includes('avatar'), legend.join(', '));
    await page.focus('[data-testid=board-vgdl]');
    await page.keyboard.press('ArrowRight');
    assert.equal((await status(page)).moves, 1);
    assert.match(await page.evaluate(() => location.hash), /&rules-z=.*&level=.*&moves=R&/);
    assert.deepEqual(problems, []);
  } finally {
    await page.close();
  }
});

test('a level is painted on the board with the LevelMapping characters', async () => {
  const { page, problems } = await openPage(suite.browser.context, `${suite.server.url}#v=1&game=vgdl&vgdl=crates&lvl=0&seed=1`);
  try {
    await page.getByRole('button', { name: 'Paint on the board' }).click();
    const palette = await page.$$eval('[data-testid=vgdl-palette] [role=radio]', (items) => items.map((b) => b.dataset.char));
    assert.deepEqual(palette, ['.', 'w', 'o', 'c', 'A']);
    await page.click('[data-testid=vgdl-palette] [data-char=w]');
    // Crates level 1: row 2, column 3 (from 1) is floor; paint a stone there.
    // A click on the cell at column x, row y (from 0), scrolled into view as a person would.
    const board = page.locator('[data-testid=board-vgdl]');
    const clickCell = async (x, y) => {
      const { width, height } = await board.boundingBox();
      const [cols, rows] = [7, 5];
      const cell = Math.floor(Math.min(width / cols, height / rows));
      const left = Math.floor((width - cell * cols) / 2);
      const top = Math.floor((height - cell * rows) / 2);
      await board.click({ position: { x: left + cell * (x + 0.5), y: top + cell * (y + 0.5) } });
    };
    await clickCell(2, 1);
    const level = await page.inputValue('[data-testid=vgdl-level-text]');
    assert.equal(level.split('\n')[1], 'w.w...w');
    assert.equal(await text(page, 'vgdl-level-error'), '');
    assert.match(await page.evaluate(() => location.hash), /&vgdl=crates&level=wwwwwww%0Aw\.w/);
    // Two avatars: the level is refused beside the box, with its place.
    await page.click('[data-testid=vgdl-palette] [data-char=A]');
    await clickCell(4, 3);
    assert.match(await text(page, 'vgdl-level-error'), /^Level, line 4, column 5: a second avatar/);
    assert.deepEqual(problems, []);
  } finally {
    await page.close();
  }
});

test("a link carries a game's own rules and level; a bad field is named", async () => {
  const rules = encodeURIComponent(game('trail.txt'));
  const level = encodeURIComponent('A..\n...\n');
  const { page, problems } = await openPage(suite.browser.context, `${suite.server.url}#v=1&game=vgdl&rules=${rules}&level=${level}&algo=astar&seed=3`);
  try {
    assert.equal(await page.inputValue('[data-testid=vgdl-game]'), '');
    assert.equal(await page.inputValue('[data-testid=vgdl-level-text]'), 'A..\n...\n');
    await setSpeed(page, 30);
    await page.click('[data-testid=play]');
    const end = await waitForState(page, ['over', 'error']);
    assert.match(end.text, /^Won after 5 moves/);
    // A link written before packing opened; the page writes it packed, and that link reopens it.
    const packed = await page.evaluate(() => location.hash);
    assert.match(packed, /&rules-z=[A-Za-z0-9_-]+&level=A\.\.%0A\.\.\.%0A&moves=/);
    assert.ok(packed.length < rules.length, `${packed.length} bytes packed, ${rules.length} percent-encoded`);
    const again = await openPage(suite.browser.context, `${suite.server.url}${packed}`);
    try {
      assert.equal(await again.page.inputValue('[data-testid=vgdl-game]'), '');
      assert.equal(await again.page.inputValue('[data-testid=vgdl-rules]'), game('trail.txt'));
      assert.equal(await again.page.inputValue('[data-testid=vgdl-level-text]'), 'A..\n...\n');
      assert.equal((await status(again.page)).moves, 5);
      assert.deepEqual(again.problems, []);
    } finally {
      await again.page.close();
    }
    await page.goto(`${suite.server.url}#v=1&game=vgdl&vgdl=crates&lvl=7`);
    await page.waitForFunction(() => document.querySelector('[data-testid=status]').dataset.state === 'error');
    assert.match((await status(page)).text, /field 'lvl': crates has levels 0 to 2, not 7/);
    assert.deepEqual(problems, []);
  } finally {
    await page.close();
  }
});

test('the level menu names each level by its number in the link, from 0', async () => {
  const { page, problems } = await openPage(suite.browser.context, `${suite.server.url}#v=1&game=vgdl&vgdl=crates&lvl=1&seed=1`);
  try {
    const menu = page.locator('[data-testid=vgdl-level]');
    assert.equal(await menu.inputValue(), '1');
    assert.equal(await menu.evaluate((select) => select.selectedOptions[0].textContent), 'Level 1');
    assert.deepEqual(await menu.evaluate((select) => [...select.options].map((o) => o.textContent)), ['Level 0', 'Level 1', 'Level 2']);
    await menu.selectOption({ label: 'Level 2' });
    await page.waitForFunction(() => location.hash.includes('&lvl=2&'));
    assert.deepEqual(problems, []);
  } finally {
    await page.close();
  }
});

test('MCTS and RHEA each think and play one move at a time', async () => {
  const { page, problems } = await openPage(suite.browser.context, `${suite.server.url}#v=1&game=vgdl&vgdl=trail&lvl=1&algo=mcts&budget-ms=40&seed=5`);
  try {
    assert.equal(await page.isVisible('[data-testid=vgdl-budget-ms]'), true, 'the time per action is shown for MCTS');
    await page.click('[data-testid=step]');
    await page.waitForFunction(() => document.querySelector('[data-testid=status]').dataset.moves === '1');
    assert.match((await status(page)).text, /^MCTS moved (left|right|up|down|wait)\./);
    await page.selectOption('[data-testid=vgdl-algo]', 'rhea');
    await page.click('[data-testid=step]');
    await page.waitForFunction(() => document.querySelector('[data-testid=status]').dataset.moves === '2');
    assert.match(await page.evaluate(() => location.hash), /&algo=rhea&population=10&horizon=10&max-nodes=\d+&budget-ms=40/);
    assert.deepEqual(problems, []);
  } finally {
    await page.close();
  }
});

const number = (words) => Number(words.replace(/,/g, ''));

/** The single view's plan of `algo` on crates level 1: Step plans (and plays one move). */
async function singleRun(algo) {
  const { page, problems } = await openPage(suite.browser.context, `${suite.server.url}#v=1&game=vgdl&vgdl=crates&lvl=1&algo=${algo}&seed=1`);
  try {
    await page.click('[data-testid=step]');
    await page.waitForFunction(() => document.querySelector('[data-testid=status]').dataset.moves === '1', null, { timeout: 30000 });
    const stat = async (name) => number(await page.textContent(`[data-vgdl-stat=${name}]`));
    const counts = { expanded: await stat('expanded'), generated: await stat('generated'), plan: await stat('plan') };
    assert.deepEqual(problems, []);
    return counts;
  } finally {
    await page.close();
  }
}

test("the page's A* uses the lower bound read off the rules: BFS's plan length with fewer states expanded", async () => {
  const bfs = await singleRun('bfs');
  const astar = await singleRun('astar');
  assert.equal(astar.plan, bfs.plan, 'both plans are shortest');
  assert.ok(astar.expanded < bfs.expanded, `A* expanded ${astar.expanded}, BFS ${bfs.expanded}`);
  const { page } = await openPage(suite.browser.context, `${suite.server.url}#v=1&game=vgdl&vgdl=crates&lvl=1&algo=astar&seed=1`);
  try {
    const option = await page.$eval('[data-testid=vgdl-algo] option[value=astar]', (el) => el.textContent);
    assert.doesNotMatch(option, /h = 0/);
  } finally {
    await page.close();
  }
});

test('a VGDL side-by-side link runs BFS and A* in two panes with the single view\'s counts', async () => {
  const bfs = await singleRun('bfs');
  const astar = await singleRun('astar');
  const { page, problems } = await openPage(suite.browser.context, `${suite.server.url}#v=1&game=vgdl&vgdl=crates&lvl=1&algo=bfs&seed=1&compare=bfs;astar`);
  try {
    const toggle = page.getByRole('button', { name: 'Side by side', exact: true });
    assert.equal(await toggle.getAttribute('aria-pressed'), 'true', 'the link opens side by side');
    assert.equal(await page.getByRole('combobox', { name: 'Pane 1 algorithm' }).inputValue(), 'bfs');
    assert.equal(await page.getByRole('combobox', { name: 'Pane 2 algorithm' }).inputValue(), 'astar');
    await page.waitForFunction(() => document.querySelector('[data-testid=sbs-summary]').dataset.state === 'done', null, { timeout: 60000 });
    const rows = await page.$$eval('[data-testid=sbs-summary] tbody tr', (trs) => trs.map((tr) => Object.fromEntries(
      [...tr.children].map((cell) => [cell.dataset.col, cell.textContent]),
    )));
    assert.equal(rows.length, 2);
    for (const [row, single] of [[rows[0], bfs], [rows[1], astar]]) {
      assert.equal(number(row.expanded), single.expanded, `${row.algorithm}: ${JSON.stringify(row)}`);
      assert.equal(number(row.generated), single.generated);
      assert.equal(number(row.plan), single.plan);
      assert.equal(row.optimal, 'yes');
    }
    const pane = (n) => page.$eval(`[data-testid=sbs-pane-${n}]`, (el) => el.querySelector('[data-pane-stat=status]').textContent);
    assert.equal(await pane(1), 'solved');
    assert.equal(await pane(2), 'solved');
    // The panes are in the link the page writes; a pane edited changes it.
    assert.match(await page.evaluate(() => location.hash), /&vgdl=crates&lvl=1&.*&compare=bfs;astar$/);
    await page.getByRole('combobox', { name: 'Pane 2 algorithm' }).selectOption('kbfe');
    await page.waitForFunction(() => /&compare=bfs;kbfe:uct=[\d.]+:rollout-depth=10:rollouts=evolved:.*:plan-iterations=1000$/.test(location.hash));
    // Another level: the panes stay, on it, with their agents.
    await page.selectOption('[data-testid=vgdl-level]', '2');
    await page.waitForFunction(() => /&lvl=2&.*&compare=bfs;kbfe:/.test(location.hash));
    assert.equal(await page.locator('.sbs-pane').count(), 2);
    assert.deepEqual(problems, []);
  } finally {
    await page.close();
  }
});

/** KB Fast-Evo's panel in the VGDL room: whether shown, and its counts. */
function knowledge(page) {
  return page.$eval('#vgdl-kbfe-panel', (el) => ({
    hidden: el.hidden, types: Number(el.dataset.types), columns: Number(el.dataset.columns), events: Number(el.dataset.events),
  }));
}

test('KB Fast-Evo acts and plans on a VGDL game, shows what it learns, and its link reopens it', async () => {
  const { page, problems } = await openPage(suite.browser.context, `${suite.server.url}#v=1&game=vgdl&vgdl=keys&lvl=0&algo=kbfe&budget-ms=40&seed=3`);
  try {
    assert.equal(await page.inputValue('[data-testid=vgdl-algo]'), 'kbfe');
    assert.equal(await page.isChecked('[data-testid=vgdl-mode-act]'), true);
    assert.equal(await page.isVisible('[data-testid=vgdl-budget-ms]'), true);
    await page.click('[data-testid=step]');
    await page.waitForFunction(() => document.querySelector('[data-testid=status]').dataset.moves === '1', null, { timeout: 30000 });
    assert.match((await status(page)).text, /^KB Fast-Evo MCTS moved (left|right|up|down|wait)\./);
    const first = await knowledge(page);
    assert.equal(first.hidden, false, 'the knowledge view is shown');
    assert.ok(first.events > 0 && first.columns > 0, JSON.stringify(first));
    await page.click('[data-testid=step]');
    await page.waitForFunction(() => document.querySelector('[data-testid=status]').dataset.moves === '2', null, { timeout: 30000 });
    const second = await knowledge(page);
    assert.ok(second.events > first.events, `the knowledge base lasts the game: ${first.events} → ${second.events}`);
    // Plan mode: the moves committed one after another, each after its iterations.
    await page.click('[data-testid=reset]');
    await page.check('[data-testid=vgdl-mode-plan]');
    await page.fill('[data-testid=vgdl-plan-iterations]', '200');
    await page.dispatchEvent('[data-testid=vgdl-plan-iterations]', 'change');
    await page.waitForFunction(() => /&algo=kbfe&.*&plan-iterations=200&mode=plan&/.test(location.hash));
    assert.equal(await page.isVisible('[data-testid=vgdl-budget-ms]'), false);
    await setSpeed(page, 30);
    await page.click('[data-testid=play]');
    const end = await waitForState(page, ['over', 'error'], 60000);
    assert.match(end.text, /^(Won|Lost) after \d+ moves/);
    assert.equal((await knowledge(page)).hidden, false);
    const link = await page.evaluate(() => location.hash);
    const again = await openPage(suite.browser.context, `${suite.server.url}${link}`);
    try {
      assert.equal(await again.page.inputValue('[data-testid=vgdl-algo]'), 'kbfe');
      assert.equal(await again.page.isChecked('[data-testid=vgdl-mode-plan]'), true);
      assert.equal(await again.page.inputValue('[data-testid=vgdl-plan-iterations]'), '200');
      assert.equal((await status(again.page)).moves, end.moves);
      // Each algorithm starts in its natural mode.
      await again.page.selectOption('[data-testid=vgdl-algo]', 'bfs');
      await again.page.selectOption('[data-testid=vgdl-algo]', 'mcts');
      assert.equal(await again.page.isChecked('[data-testid=vgdl-mode-act]'), true);
      assert.deepEqual(again.problems, []);
    } finally {
      await again.page.close();
    }
    assert.deepEqual(problems, []);
  } finally {
    await page.close();
  }
});
