// www/numbers.js writes numbers as toLocaleString('en-US', …) does (the page no longer calls the
// browser's formatter, whose first use in a tab loads its locale data while a link opens). Node's
// own formatter (full ICU, as Chromium's) is the reference. No browser:
// `node --test tests/e2e/numbers.test.mjs`.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from './harness.mjs';

const { grouped, compactCount } = await import(pathToFileURL(path.join(ROOT, 'numbers.js')));

/** The option sets the page uses (none: at most 3 decimals), and equal minimum and maximum. */
const OPTIONS = [undefined, ...[0, 1, 2, 3, 6].flatMap((d) => [{ maximumFractionDigits: d }, { maximumFractionDigits: d, minimumFractionDigits: d }])];

function agree(values) {
  for (const value of values) {
    for (const options of OPTIONS) {
      assert.equal(grouped(value, options), value.toLocaleString('en-US', options), `${value} with ${JSON.stringify(options)}`);
    }
  }
}

test('edge values: halves, shortest decimals, signs, zero, tiny and huge numbers, NaN and infinities', () => {
  agree([0, -0, 1, -1, 0.5, 1.5, 2.5, -2.5, 1.005, 1.45, 0.125, 999.9995, 999999.5, 0.1 + 0.2, Math.SQRT2, 1e-7, -1e-7,
    5e-7, 0.0005, -0.0004, 1e21, 1.5e21, 123456789012345680000, Number.MAX_SAFE_INTEGER, Number.MAX_VALUE, Number.MIN_VALUE,
    NaN, Infinity, -Infinity]);
});

test('ten thousand seeded values: counts, decimals of every size, numbers that end in a 5', () => {
  let seed = 2026;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const values = [];
  for (let i = 0; i < 10000; i++) {
    const sign = random() < 0.2 ? -1 : 1;
    const kind = i % 3;
    if (kind === 0) values.push(sign * Math.round(random() * 10 ** (random() * 16)));
    else if (kind === 1) values.push(sign * random() * 10 ** (random() * 12 - 4));
    else values.push(sign * (Math.round(random() * 1e6) / 10 ** Math.floor(random() * 7) + 5 / 10 ** Math.floor(random() * 7 + 1)));
  }
  agree(values);
});

test('compact counts: every rounding boundary and seeded counts up to 10¹⁵ read as Intl\'s compact notation', () => {
  const intl = new Intl.NumberFormat('en-US', { notation: 'compact', maximumSignificantDigits: 3 });
  const counts = [0, 1, 999, 1000, 1004, 1005, 1049, 1050, 1499, 1500, 2850, 9994, 9995, 9999, 10049, 10050, 41900, 99949, 99950,
    999499, 999500, 999999, 1e6, 1234567, 994999999, 995000000, 999999999, 1e9, 1e12, 999499999999999, 1e15];
  let seed = 17;
  for (let i = 0; i < 5000; i++) {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    counts.push(Math.floor((seed / 2147483648) * 10 ** ((i % 15) + 1)));
  }
  for (const count of counts) assert.equal(compactCount(count), intl.format(count), `${count}`);
});
