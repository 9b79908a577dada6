// Shared by the browser tests and the benchmark: a static server for www/ and Debian's Chromium
// driven by playwright-core.

import { createServer } from 'node:http';
import { readFile, mkdtemp, rm } from 'node:fs/promises';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { before, after } from 'node:test';
import { chromium } from 'playwright-core';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../www');

const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.txt': 'text/plain; charset=utf-8',
  '.ts': 'text/plain; charset=utf-8',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
};

/** Serves `root` on 127.0.0.1 at a free port; resolves to { url, close }. */
export async function startServer(root = ROOT) {
  const server = createServer(async (req, res) => {
    const urlPath = decodeURIComponent(new URL(req.url, 'http://localhost').pathname);
    const file = path.join(root, urlPath.endsWith('/') ? `${urlPath}index.html` : urlPath);
    if (!file.startsWith(root)) {
      res.writeHead(403).end();
      return;
    }
    try {
      const body = await readFile(file);
      res.writeHead(200, {
        'content-type': MIME[path.extname(file)] ?? 'application/octet-stream',
        'cache-control': 'no-store',
      });
      res.end(body);
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** Debian's chromium, as `command -v chromium` finds it. */
export function chromiumPath() {
  return execFileSync('sh', ['-c', 'command -v chromium'], { encoding: 'utf8' }).trim();
}

/**
 * Launches headless Chromium with a fresh profile; resolves to { browser, close }. `bypassCSP`
 * (Playwright's context option) lets a test inject a script the page's policy would refuse.
 */
export async function launchBrowser({ bypassCSP = false } = {}) {
  const userDataDir = await mkdtemp(path.join(tmpdir(), 'searchlab-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: chromiumPath(),
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
    viewport: { width: 1280, height: 900 },
    bypassCSP,
  });
  return {
    context,
    close: async () => {
      await context.close();
      await rm(userDataDir, { recursive: true, force: true });
    },
  };
}

/**
 * For the benchmarks: a new tab on the test server with the page's wasm package loaded as
 * `window.wasm` (the SIMD module, or the module at `module` when given).
 */
export async function openWasmPage(context, serverUrl, module = undefined) {
  const page = await context.newPage();
  await page.goto(`${serverUrl}levels/index.json`);
  await page.evaluate(async (url) => {
    window.wasm = await import('/pkg/searchlab.js');
    await window.wasm.default(url ? { module_or_path: url } : undefined);
  }, module);
  return page;
}

/**
 * Opens `url` in a new tab and records console errors and uncaught page errors in `problems`.
 * Resolves once the page says it is ready (or its status shows an error). `init`, if given, is a
 * function the tab runs before any script of the page (Playwright's addInitScript).
 */
export async function openPage(context, url, { init } = {}) {
  const page = await context.newPage();
  if (init) await page.addInitScript(init);
  const problems = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console: ${msg.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  await page.goto(url);
  await page.waitForFunction(
    () => document.documentElement.dataset.ready === 'true' ||
      document.querySelector('[data-testid=status]')?.dataset.state === 'error',
  );
  return { page, problems };
}

/**
 * For a test file: starts the static server and a browser before its first test and closes them
 * after its last. Returns { server, browser, shots (the screenshot folder) }, filled in by then.
 */
export function browserSuite() {
  const suite = { server: null, browser: null, shots: null };
  before(async () => {
    suite.shots = await screenshotDir();
    suite.server = await startServer();
    suite.browser = await launchBrowser();
  });
  after(async () => {
    await suite.browser?.close();
    await suite.server?.close();
  });
  return suite;
}

/** Sets the page's speed control to `movesPerSecond`, as a person dragging it would. */
export async function setSpeed(page, movesPerSecond) {
  await page.$eval('[data-testid=speed]', (el, v) => {
    el.value = String(v);
    el.dispatchEvent(new Event('input', { bubbles: true }));
  }, movesPerSecond);
}

/** A temporary folder for screenshots, printed once so a person can review them. */
export async function screenshotDir() {
  const dir = await mkdtemp(path.join(tmpdir(), 'searchlab-screens-'));
  console.log(`# screenshots: ${dir}`);
  return dir;
}

/** Types `text` into the field `testid` and leaves it, as a person does (so it fires `change`). */
export async function typeInto(page, testid, text) {
  await page.fill(`[data-testid=${testid}]`, text);
  await page.press(`[data-testid=${testid}]`, 'Tab');
}

/** The status element's state, moves and words. */
export async function status(page) {
  return page.$eval('[data-testid=status]', (el) => ({
    state: el.dataset.state,
    moves: Number(el.dataset.moves),
    text: el.textContent,
  }));
}

/** Waits until the status is in one of `states`; returns it. */
export async function waitForState(page, states, timeout = 30000) {
  await page.waitForFunction(
    (wanted) => wanted.includes(document.querySelector('[data-testid=status]').dataset.state),
    states,
    { timeout },
  );
  return status(page);
}

/** A share-link fragment for a level given as rows. */
export function linkFor(rows, rest) {
  const level = rows.map((row) => encodeURIComponent(row)).join('/');
  return `#v=1&game=bait&level=${level}&${rest}`;
}
