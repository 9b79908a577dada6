// What the settings panels share about the fields a person types into.

/**
 * The words a person sees for `input`: its label's own text, without the controls inside the
 * label (`Think time per move (ms)`); the input's id if it has no label.
 */
export function labelOf(input) {
  const label = input.labels?.[0];
  if (!label) return input.id;
  const own = [...label.childNodes].filter((node) => node.nodeType === Node.TEXT_NODE);
  return own.map((node) => node.textContent).join(' ').replace(/\s+/g, ' ').trim() || input.id;
}

/** The status line for a field that holds no number. */
export function needsANumber(input, whole = false) {
  return `'${labelOf(input)}' needs a${whole ? ' whole' : ''} number.`;
}

/** The number `input` holds, or NaN when it holds none (empty, or not a finite number); Rust
 * checks the range when the link is written. */
export function numberIn(input) {
  const raw = input.value.trim();
  const n = Number(raw);
  return raw === '' || !Number.isFinite(n) ? NaN : n;
}


/** The seed `input` holds (a whole number from 0, below 2^53), or NaN when it holds none. */
export function seedIn(input) {
  const seed = numberIn(input);
  return Number.isSafeInteger(seed) && seed >= 0 ? seed : NaN;
}
