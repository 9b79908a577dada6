// How much text the page takes from outside (a share link, a paste or a drop into a text box),
// checked before the text reaches a text box or a parser: laying out 10 MB in a textarea froze
// the tab for seconds, and every parser would copy it first.

import { limits } from './pkg/searchlab.js';
import { grouped } from './numbers.js';

let maxBytes = null;

/** A share link's fragment is at most this many bytes (Rust's `limits().linkBytes`, MAX_LINK_BYTES
 * in src/share/mod.rs, which checks it again); a level or a position travels in the link, so it is
 * held to the same. A Bait level is at most 64×64 cells, well within. Read from the wasm module,
 * so only once it has started (`init()` in shell.js): every caller reads a link, a paste or a text
 * box, and the page reads the link and builds its text boxes after that. */
export function maxTextBytes() {
  maxBytes ??= limits().linkBytes;
  return maxBytes;
}

/** "10,485,760": a number as the page's messages write it. */
export function count(n) {
  return grouped(n);
}

/**
 * When `text` is over maxTextBytes() in UTF-8, its size in words ("10,485,760 bytes long"),
 * else null. A string of more UTF-16 units than the limit is over it whatever it holds (each unit
 * is a byte or more of UTF-8), so a long text is never encoded: its size is then a lower bound.
 */
export function oversize(text) {
  if (text.length > maxTextBytes()) return `at least ${count(text.length)} bytes long`;
  const bytes = new TextEncoder().encode(text).length;
  return bytes > maxTextBytes() ? `${count(bytes)} bytes long` : null;
}

/** Words for text over the limit: `what` ("The pasted text") is `size` (oversize's words) and
 * `kind` ("a level") may be at most maxTextBytes(). */
export function tooLongWords(what, size, kind) {
  return `${what} is ${size}: ${kind} may be at most ${count(maxTextBytes())} bytes (the share link's limit).`;
}

/** Whether `text` (what a box holds, about to be read) is within maxTextBytes(); if not,
 * `refused(words)` says so (`kind` as for guardTextBox). */
export function within(text, kind, refused) {
  const size = oversize(text);
  if (size === null) return true;
  refused(tooLongWords('The text', size, kind));
  return false;
}

/**
 * Refuses a paste or a drop of more than maxTextBytes() into `box` (a textarea or an input)
 * before the browser inserts it, so the box keeps what it held; `refused(words)` says why, in
 * words that name the limit, and `kind` names what the box holds ("a level").
 */
export function guardTextBox(box, kind, refused) {
  const check = (event, data) => {
    const size = oversize(data?.getData('text/plain') ?? '');
    if (size === null) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    const verb = event.type === 'drop' ? 'dropped' : 'pasted';
    refused(`${tooLongWords(`The ${verb} text`, size, kind)} It was not ${verb}.`);
  };
  box.addEventListener('paste', (event) => check(event, event.clipboardData));
  box.addEventListener('drop', (event) => check(event, event.dataTransfer));
}
