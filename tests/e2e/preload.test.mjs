// index.html preloads every module the shell imports (directly or not) and every module of the
// default game's controller, so a new list of imports cannot quietly bring back a waterfall of
// module fetches (BENCHMARKS.md, "Lesson step to ready"). A static check of the files, no browser.
// Run with `node --test tests/e2e/preload.test.mjs`.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './harness.mjs';

/** Every module `entry` imports statically, directly or not (paths relative to www/). */
function staticImports(entry) {
  const seen = new Set();
  const visit = (file) => {
    const text = readFileSync(path.join(ROOT, file), 'utf8');
    for (const [, spec] of text.matchAll(/^\s*(?:import|export)\s[^;]*?from\s+'(\.{1,2}\/[^']+)'/gms)) {
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), spec));
      if (!seen.has(target)) {
        seen.add(target);
        visit(target);
      }
    }
  };
  visit(entry);
  return seen;
}

const html = readFileSync(path.join(ROOT, 'index.html'), 'utf8');
// Module scripts are fetched as the parser meets them, as preloaded modules are.
const preloaded = new Set(Array.from(html.matchAll(/<link rel="modulepreload" href="([^"]+)">|<script type="module"(?: async)? src="([^"]+)">/g), (m) => m[1] ?? m[2]));

test('index.html preloads every module of the shell and of the default game', () => {
  for (const entry of ['shell.js', 'prefetch.js', 'bait/page.js']) {
    const missing = [...staticImports(entry)].filter((file) => !preloaded.has(file));
    assert.deepEqual(missing, [], `${entry} imports modules index.html does not preload`);
  }
  assert.ok(preloaded.has('bait/page.js'), 'the default game itself');
});

test('the wasm module and the levels index are preloaded as the fetches that ask for them', () => {
  assert.match(html, /<link rel="preload" href="pkg\/searchlab_bg\.wasm" as="fetch" crossorigin>/);
  assert.match(html, /<link rel="preload" href="levels\/index\.json" as="fetch" crossorigin>/);
  assert.match(html, /<script type="module" async src="prefetch\.js"><\/script>/, 'prefetch.js runs as soon as it has loaded');
});
