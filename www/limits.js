// How much text the page takes from outside (a share link, a paste or a drop into a text box),
// checked before the text reaches a text box or a parser: laying out 10 MB in a textarea froze
// the tab for seconds, and every parser would copy it first.

/** A share link's fragment is at most this many bytes (MAX_LINK_BYTES in src/share/mod.rs, which
 * checks it again); a level or a position travels in the link, so it is held to the same. A Bait
 * level is at most 64×64 cells, well within. */
export const MAX_TEXT_BYTES = 8192;

/** "10,485,760": a number as the page's messages write it. */
export function count(n) {
  return n.toLocaleString('en-US');
}

/**
 * When `text` is over MAX_TEXT_BYTES in UTF-8, its size in words ("10,485,760 bytes long"),
 * else null. A string of more UTF-16 units than the limit is over it whatever it holds (each unit
 * is a byte or more of UTF-8), so a long text is never encoded: its size is then a lower bound.
 */
export function oversize(text) {
  if (text.length > MAX_TEXT_BYTES) return `at least ${count(text.length)} bytes long`;
  const bytes = new TextEncoder().encode(text).length;
  return bytes > MAX_TEXT_BYTES ? `${count(bytes)} bytes long` : null;
}

/** Words for text over the limit: `what` ("The pasted text") is `size` (oversize's words) and
 * `kind` ("a level") may be at most MAX_TEXT_BYTES. */
export function tooLongWords(what, size, kind) {
  return `${what} is ${size}: ${kind} may be at most ${count(MAX_TEXT_BYTES)} bytes (the share link's limit).`;
}

/** Whether `text` (what a box holds, about to be read) is within MAX_TEXT_BYTES; if not,
 * `refused(words)` says so (`kind` as for guardTextBox). */
export function within(text, kind, refused) {
  const size = oversize(text);
  if (size === null) return true;
  refused(tooLongWords('The text', size, kind));
  return false;
}

/**
 * Refuses a paste or a drop of more than MAX_TEXT_BYTES into `box` (a textarea or an input)
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
