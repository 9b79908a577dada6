// End-to-end tests of the page's boundaries in Debian's Chromium (playwright-core): the address
// bar (Back and Forward after a link the page could not open, links over the size limit), the
// level editor when a link replaces its level, pastes and drops over the size limit, the
// Content-Security-Policy every game runs under, and what A* says when its bound rules out the
// start. Run with `node --test tests/e2e/` after
// `./dev.sh build`.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { browserSuite, openPage, setSpeed, status, waitForState } from './harness.mjs';

const suite = browserSuite();

const CUSTOM = 'v=1&game=bait&level=wwwwww/wA..gw/wk...w/wwwwww&algo=bfs';
const LIMIT = 8192;

/** Follows a link in the tab as a person does (a new history entry, then the page's hashchange). */
function follow(page, fragment) {
  return page.evaluate((f) => {
    location.hash = f;
  }, fragment);
}

/** Waits until the status's words match `pattern` (a regular expression's source). */
function waitForWords(page, pattern) {
  return page.waitForFunction(
    (p) => new RegExp(p).test(document.querySelector('[data-testid=status]').textContent),
    pattern.source,
  );
}

const levelShown = (page) => page.inputValue('[data-testid=level]');

test('Back and Forward after a link the page could not open show what the address bar says', async () => {
  const { page, problems } = await openPage(suite.browser.context, `${suite.server.url}#${CUSTOM}`);
  assert.equal(await levelShown(page), 'custom');
  const written = page.url();
  assert.match(written, /level=wwwwww\/wA\.\.gw\/wk\.\.\.w\/wwwwww&algo=bfs&.*seed=\d+$/);

  await follow(page, 'v=1&depth=0');
  let s = await waitForState(page, ['error']);
  assert.match(s.text, /field 'depth'/);
  assert.equal(await levelShown(page), 'first-steps', 'the default view');

  await page.evaluate(() => history.back());
  await page.waitForFunction(() => document.querySelector('[data-testid=level]').value === 'custom');
  s = await status(page);
  assert.equal(s.state, 'idle', s.text);
  assert.equal(page.url(), written);
  assert.equal(await page.inputValue('[data-testid=algo]'), 'bfs');

  await page.evaluate(() => history.forward());
  s = await waitForState(page, ['error']);
  assert.match(s.text, /field 'depth'/);
  assert.equal(await levelShown(page), 'first-steps');
  await page.evaluate(() => history.back());
  await page.waitForFunction(() => document.querySelector('[data-testid=level]').value === 'custom');
  assert.equal(page.url(), written);

  // Othello too: Back from a bad Othello link reopens the two moves of the link before it.
  const ply = () => page.$eval('[data-testid=othello-ply]', (el) => Number(el.dataset.total));
  await follow(page, 'v=1&game=othello&moves=f5,d6&black=human&white=human&seed=4');
  await page.waitForFunction(() => document.querySelector('[data-testid=othello-ply]').dataset.total === '2');
  const othello = page.url();
  await follow(page, 'v=1&game=othello&moves=f5,zz&black=human&white=human&seed=4');
  s = await waitForState(page, ['error']);
  assert.match(s.text, /field 'moves'/);
  assert.equal(await ply(), 0);
  await page.evaluate(() => history.back());
  await page.waitForFunction(() => document.querySelector('[data-testid=othello-ply]').dataset.total === '2');
  assert.notEqual((await status(page)).state, 'error');
  assert.equal(page.url(), othello);
  assert.deepEqual(problems, []);
  await page.close();
});

test('a link that replaces the level under the editor keeps the edits, and they come back', async () => {
  const { page, problems } = await openPage(suite.browser.context, `${suite.server.url}#${CUSTOM}`);
  const editorStatus = page.locator('[data-testid=editor-status]');
  const kept = page.locator('[data-testid=edit-kept]');
  const pressed = () => page.getAttribute('[data-testid=edit-toggle]', 'aria-pressed');
  const keys = async (...names) => {
    for (const name of names) await page.keyboard.press(name);
  };

  // Nothing edited, nothing kept: a link simply closes the editor.
  await page.click('[data-testid=edit-toggle]');
  await follow(page, 'v=1&game=bait&algo=astar');
  await page.waitForFunction(() => /algo=astar/.test(location.hash));
  assert.equal(await pressed(), 'false');
  assert.equal(await kept.isVisible(), false);
  assert.doesNotMatch((await status(page)).text, /kept/);
  await follow(page, CUSTOM);
  await page.waitForFunction(() => document.querySelector('[data-testid=level]').value === 'custom');

  // A valid edit (a wall at column 3, row 3) becomes the level, then one that is not valid yet
  // (a wall over the avatar).
  await page.click('[data-testid=edit-toggle]');
  await keys('ArrowDown', 'ArrowDown', 'ArrowRight', 'ArrowRight', 'w');
  assert.equal(await editorStatus.getAttribute('data-valid'), 'true');
  assert.match(page.url(), /level=wwwwww\/wA\.\.gw\/wkw\.\.w\/wwwwww&/);
  await keys('ArrowUp', 'ArrowLeft', 'w');
  assert.equal(await editorStatus.getAttribute('data-valid'), 'false');

  // A link arrives: its level is shown, and the status and the level panel say the edit is kept.
  await follow(page, 'v=1&game=bait&algo=bfs&seed=2');
  await waitForWords(page, /your edited level is kept/);
  assert.equal(await pressed(), 'false');
  assert.equal(await levelShown(page), 'first-steps');
  assert.equal(await kept.isVisible(), true);
  assert.match(await kept.textContent(), /set aside/);
  await page.screenshot({ path: path.join(suite.shots, 'edit-kept.png') });

  // It comes back in the editor as it was, avatar missing; painting the avatar again makes it
  // the level.
  await page.click('[data-testid=edit-restore]');
  assert.equal(await pressed(), 'true');
  assert.equal(await kept.isVisible(), false);
  assert.equal(await editorStatus.getAttribute('data-valid'), 'false');
  assert.match(await editorStatus.textContent(), /avatar/);
  await page.focus('[data-testid=board]');
  await keys('A');
  assert.equal(await editorStatus.getAttribute('data-valid'), 'true');
  assert.match(page.url(), /level=wwwwww\/wA\.\.gw\/wkw\.\.w\/wwwwww&/);

  // "Done editing" on a level that is not valid keeps it too, beside the last valid level.
  await keys('w');
  await page.click('[data-testid=edit-toggle]');
  let s = await status(page);
  assert.match(s.text, /not valid.*your edited level is kept/);
  assert.equal(await pressed(), 'false');
  assert.equal(await kept.isVisible(), true);
  assert.match(page.url(), /level=wwwwww\/wA\.\.gw\/wkw\.\.w\/wwwwww&/);
  await page.click('[data-testid=edit-restore]');
  assert.equal(await editorStatus.getAttribute('data-valid'), 'false');

  // Reopened with edits under way, the kept level trades places with them: nothing is lost.
  await page.focus('[data-testid=board]');
  await keys('A');
  assert.equal(await editorStatus.getAttribute('data-valid'), 'true');
  await follow(page, 'v=1&game=bait&algo=bfs&seed=3');
  await waitForWords(page, /your edited level is kept/);
  s = await status(page);
  assert.equal(s.state, 'idle', s.text);
  assert.deepEqual(problems, []);
  await page.close();
});

test('pastes, drops and links over the size limit are refused before a text box or a parser takes them', async () => {
  const { page, problems } = await openPage(suite.browser.context, `${suite.server.url}#${CUSTOM}`);
  await suite.browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: suite.server.url });
  const box = '[data-testid=paste-text]';
  await page.click('[data-testid=paste-open]');

  // A real 10 MB paste (Ctrl+V): the box stays empty and the message names the limit.
  await page.evaluate(() => navigator.clipboard.writeText('w'.repeat(10 * 1024 * 1024)));
  await page.focus(box);
  await page.keyboard.press('Control+V');
  await waitForState(page, ['error']);
  assert.equal(await page.inputValue(box), '');
  const refusal = /The pasted text is at least 10,485,760 bytes long: a level may be at most 8,192 bytes \(the share link's limit\)\. It was not pasted\./;
  assert.match(await page.textContent('[data-testid=paste-error]'), refusal);
  assert.match((await status(page)).text, refusal);

  // A level within the limit is pasted and loads as before.
  await page.evaluate(() => navigator.clipboard.writeText('wwwwwww\nwA..k.w\nw.www.w\nw.m..gw\nwwwwwww\n'));
  await page.keyboard.press('Control+V');
  assert.equal(await page.inputValue(box), 'wwwwwww\nwA..k.w\nw.www.w\nw.m..gw\nwwwwwww\n');
  await page.click('[data-testid=paste-load]');
  assert.match((await status(page)).text, /^Pasted level loaded/);

  // Dropped text over the limit is refused the same way.
  await page.click('[data-testid=paste-open]');
  const dropped = await page.$eval(box, (el, n) => {
    const data = new DataTransfer();
    data.setData('text/plain', 'w'.repeat(n));
    const event = new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true });
    el.dispatchEvent(event);
    return event.defaultPrevented;
  }, LIMIT + 1);
  assert.equal(dropped, true);
  assert.match(await page.textContent('[data-testid=paste-error]'), /The dropped text is at least 8,193 bytes long: .* It was not dropped\./);

  // Text over the limit that got into the box anyway is not read: 3,000 euro signs are 9,000
  // bytes of UTF-8.
  await page.fill(box, '€'.repeat(3000));
  await page.click('[data-testid=paste-load]');
  assert.match(await page.textContent('[data-testid=paste-error]'), /^The text is 9,000 bytes long: a level may be at most 8,192 bytes/);

  // Links: one byte over the limit is refused before the parser; at the limit the parser reads
  // it (and finds the level too wide).
  const over = `v=1&level=${'w'.repeat(LIMIT + 1 - 'v=1&level='.length)}`;
  await follow(page, over);
  await waitForWords(page, /field 'link'/);
  assert.match((await status(page)).text, /field 'link': the link is at least 8,193 bytes long; at most 8,192 bytes are read, so it was not\./);
  assert.equal(await levelShown(page), 'first-steps');
  await follow(page, over.slice(0, -1));
  await page.waitForFunction((n) => location.hash.length === n + 1, LIMIT); // '#' and the link
  await waitForWords(page, /field 'level'/);
  await follow(page, `v=1&level=${'w'.repeat(200000)}`);
  await waitForWords(page, /at least 200,010 bytes long/);

  // Othello's position box has the same guard.
  await follow(page, 'v=1&game=othello');
  await page.waitForFunction(() => !document.querySelector('[data-testid=othello-position]').closest('[hidden]'));
  const refused = await page.$eval('[data-testid=othello-position]', (el, n) => {
    const data = new DataTransfer();
    data.setData('text/plain', 'X'.repeat(n));
    const event = new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true });
    el.dispatchEvent(event);
    return event.defaultPrevented;
  }, 10 * 1024 * 1024);
  assert.equal(refused, true);
  assert.match(await page.textContent('[data-testid=othello-position-error]'), /a position may be at most 8,192 bytes/);
  assert.deepEqual(problems, []);
  await page.close();
});

/** Run in the tab before the page: records every Content-Security-Policy violation. */
function recordViolations() {
  window.cspViolations = [];
  document.addEventListener('securitypolicyviolation', (event) => {
    window.cspViolations.push(`${event.effectiveDirective}: ${event.blockedURI} (${event.sourceFile}:${event.lineNumber})`);
  });
}

test('every game runs under the Content-Security-Policy with no violation', async () => {
  const { page, problems } = await openPage(suite.browser.context, `${suite.server.url}#${CUSTOM}`, { init: recordViolations });
  const messages = [];
  page.on('console', (msg) => {
    if (/Content.Security.Policy|Refused to/i.test(msg.text())) messages.push(`${msg.type()}: ${msg.text()}`);
  });
  const policy = await page.getAttribute('meta[http-equiv=Content-Security-Policy]', 'content');
  for (const part of ["script-src 'self' 'wasm-unsafe-eval'", "worker-src 'self'", "connect-src 'self'", "object-src 'none'", "base-uri 'none'"]) {
    assert.ok(policy.includes(part), `the policy holds ${part}: ${policy}`);
  }
  await setSpeed(page, 30);

  // Bait: a plan played to a win, MCTS acting, the editor, a pasted level, the theme.
  await page.click('[data-testid=play]');
  assert.equal((await waitForState(page, ['won', 'lost', 'error'])).state, 'won');
  await page.selectOption('[data-testid=algo]', 'mcts');
  await page.click('[data-testid=reset]');
  await page.click('[data-testid=play]');
  await page.waitForFunction(() => window.searchlabMetrics.acts.length >= 3);
  await page.click('[data-testid=stop]');
  await page.click('[data-testid=edit-toggle]');
  await page.click('[data-testid=edit-toggle]');
  await page.click('[data-testid=paste-open]');
  await page.fill('[data-testid=paste-text]', 'wwwww\nwA.gw\nwwwww');
  await page.click('[data-testid=paste-load]');
  await page.click('#theme');

  // 2048: a hint and a batch on the pool of workers.
  await follow(page, 'v=1&game=2048&algo=mcts&uct=0.5&budget-ms=100&games=2&batch-nodes=2&seed=5');
  await waitForState(page, ['idle']);
  await page.click('[data-testid=hint]');
  await waitForWords(page, /^Hint:/);
  await page.click('[data-testid=g2048-batch-run]');
  await page.waitForFunction(() => document.querySelector('[data-testid=batch-status]').dataset.state === 'done', null, { timeout: 90000 });

  // Othello: two agents' moves.
  await follow(page, 'v=1&game=othello&black=alphabeta:depth=2:eval=course&white=mcts:ms=100&seed=3');
  await waitForState(page, ['idle']);
  for (const ply of [1, 2]) {
    await page.click('[data-testid=step]');
    await page.waitForFunction((n) => document.querySelector('[data-testid=othello-ply]').dataset.ply === String(n), ply);
  }

  // Sum to zero: MCTS plays to the end.
  await follow(page, 'v=1&game=sumzero&algo=mcts&uct=1.41&iterations=40&seed=7');
  await waitForState(page, ['idle']);
  await page.click('[data-testid=play]');
  assert.equal((await waitForState(page, ['over', 'error'], 60000)).state, 'over');

  // A VGDL game: its room's stylesheet and tile art, a BFS plan played to a win.
  await follow(page, 'v=1&game=vgdl&vgdl=colours&lvl=0&algo=bfs&seed=2');
  await waitForState(page, ['idle']);
  await page.click('[data-testid=play]');
  assert.equal((await waitForState(page, ['over', 'error'])).state, 'over');

  assert.deepEqual(await page.evaluate(() => window.cspViolations), []);
  assert.deepEqual(messages, []);
  assert.deepEqual(problems, []);

  // The policy is in force: an inline script is refused, and the refusal is seen.
  const ran = await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.inlineRan = true;';
    document.body.append(script);
    return window.inlineRan === true;
  });
  assert.equal(ran, false);
  await page.waitForFunction(() => window.cspViolations.length > 0);
  assert.match((await page.evaluate(() => window.cspViolations))[0], /^script-src-elem: inline/);
  await page.close();
});

test('A* on a level whose key and door are walled off says they cannot be reached', async () => {
  // A*'s walls-only bound is infinite at the start, so it expands no state: the page used to say
  // "searched every state (0 expanded)".
  const link = 'v=1&game=bait&level=wwwwwww/wA.wkgw/wwwwwww&algo=astar&heuristic=walls&mode=plan&seed=1';
  const { page, problems } = await openPage(suite.browser.context, `${suite.server.url}#${link}`);
  await page.click('[data-testid=play]');
  await waitForWords(page, /cannot be reached/);
  const s = await status(page);
  assert.equal(s.state, 'idle');
  assert.match(s.text, /^No plan: the key or the door cannot be reached from here \(A\*'s lower bound proves it/);
  assert.doesNotMatch(s.text, /searched every state/);
  assert.deepEqual(problems, []);
  await page.close();
});
