// www/stats.js marks as best the root action the search chose, the first move of its plan: the
// search settles ties between equally visited moves its own way (at random, as GVGAI does), so
// the first of equals in the table is not always the move played. No browser:
// `node --test tests/e2e/root-actions.test.mjs`.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from './harness.mjs';

const { chosenRootAction } = await import(pathToFileURL(path.join(ROOT, 'stats.js')));

const tied = [
  { action: 0, visits: 500, value: 0 },
  { action: 1, visits: 500, value: 0 },
  { action: 2, visits: 500, value: 0 },
  { action: 3, visits: 500, value: 0 },
];

test('the chosen root action is the first move of the plan, among equally visited ones too', () => {
  assert.equal(chosenRootAction(tied, [2, 0, 1]).action, 2);
  assert.equal(chosenRootAction(tied, Uint32Array.from([3])).action, 3);
});

test('without a plan, or with a move the table lacks, it is the most visited (the first of equals)', () => {
  const rows = [{ action: 0, visits: 3, value: 1 }, { action: 1, visits: 9, value: 0 }, { action: 2, visits: 9, value: 2 }];
  assert.equal(chosenRootAction(rows, null).action, 1);
  assert.equal(chosenRootAction(rows, [7]).action, 1);
  assert.equal(chosenRootAction(tied, []).action, 0);
});
