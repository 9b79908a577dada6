// Numbers as the page writes them: en-US, a comma between thousands and a point before the
// decimals, exactly as toLocaleString('en-US', …) writes them. Written here rather than by the
// browser's formatter, whose first use in a tab loads its locale data: tens of milliseconds, up
// to 140 on a busy machine, spent while a link opens (BENCHMARKS.md, "Lesson step to ready").


/**
 * `value` with a comma between thousands and at most `maximumFractionDigits` decimals (trailing
 * zeros dropped down to `minimumFractionDigits`), rounded half away from zero from the shortest
 * decimal that reads back as `value`: what `value.toLocaleString('en-US', { maximumFractionDigits,
 * minimumFractionDigits })` returns (whose defaults these are). NaN is 'NaN', infinities '∞' and
 * '-∞'; -0, and a negative number that rounds to 0, keep their sign.
 */
export function grouped(value, { maximumFractionDigits = 3, minimumFractionDigits = 0 } = {}) {
  if (Number.isNaN(value)) return 'NaN';
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  if (!Number.isFinite(value)) return `${sign}∞`;
  // The shortest digits that read back as |value|, and how many of them come before the point.
  const [mantissa, exponent] = Math.abs(value).toExponential().split('e');
  const digits = mantissa.replace('.', '');
  const shift = Number(exponent) + 1 + maximumFractionDigits;
  // |value| × 10^maximumFractionDigits, rounded half up.
  let scaled = 0n;
  if (shift > 0) scaled = BigInt(digits.slice(0, shift).padEnd(shift, '0'));
  if (shift >= 0 && digits[shift] >= '5') scaled += 1n;
  const text = scaled.toString().padStart(maximumFractionDigits + 1, '0');
  const whole = text.slice(0, text.length - maximumFractionDigits);
  let fraction = text.slice(text.length - maximumFractionDigits);
  while (fraction.length > minimumFractionDigits && fraction.endsWith('0')) fraction = fraction.slice(0, -1);
  return `${sign}${whole.replace(/\B(?=(\d{3})+$)/g, ',')}${fraction ? `.${fraction}` : ''}`;
}

const COMPACT_UNITS = ['', 'K', 'M', 'B', 'T'];

/**
 * A whole count `count` (0 to 10¹⁵) in at most five characters: as written below 1,000, else
 * rounded half up to three significant digits with K, M, B or T ("2.85K", "41.9K", "1.23M"):
 * what Intl.NumberFormat('en-US', { notation: 'compact', maximumSignificantDigits: 3 }) writes.
 */
export function compactCount(count) {
  if (count < 1000) return String(count);
  const digits = String(count);
  let exponent = digits.length - 1;
  let top = Number(digits.slice(0, 3)) + (digits[3] >= '5' ? 1 : 0);
  if (top === 1000) {
    top = 100;
    exponent += 1;
  }
  const unit = Math.min(Math.floor(exponent / 3), COMPACT_UNITS.length - 1);
  // The count in its unit is top × 10^shift.
  const shift = exponent - 2 - 3 * unit;
  if (shift >= 0) return `${top * 10 ** shift}${COMPACT_UNITS[unit]}`;
  const text = String(top);
  const fraction = text.slice(text.length + shift).replace(/0+$/, '');
  return `${text.slice(0, text.length + shift)}${fraction ? `.${fraction}` : ''}${COMPACT_UNITS[unit]}`;
}

/** Signed number with `digits` decimals ('+0.50', '−1.25'), as the tables show them; one that
 * rounds to zero has no sign ('0.00', never '−0.00'). */
export function signed(value, digits) {
  const text = Math.abs(value).toFixed(digits);
  if (Number(text) === 0) return text;
  return value < 0 ? `−${text}` : `+${text}`;
}

/** A playout value as the page writes it: in units of a win (10⁷) once wins and losses weigh
 * in (`inWins`, by default |value| ≥ 10⁵: "+0.830 × 10⁷", 83 % of the playouts won), else with
 * two decimals. A table passes one `inWins` for all its rows, so they share a unit. */
export function valueText(value, inWins = Math.abs(value) >= 1e5) {
  if (inWins) return `${signed(value / 1e7, 3)} × 10⁷`;
  return signed(value, 2);
}
