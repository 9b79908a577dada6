// Othello's move list: one button a move, the current one marked and kept in view, the moves
// ahead of the board (when stepping back through a game) dimmed. Text only, never HTML.

import { squareName } from './render.js';

/**
 * Shows in `list` the moves `played` (the last one current) and the moves `ahead` of the board
 * (the next one first); `startColour` is the mover of the first (0 Black, 1 White), and a click
 * on move i calls `goTo(i)` (1 for the first move).
 */
export function showMoveList(list, { played, ahead, startColour, goTo }) {
  // Passes are moves too, so the movers alternate from the start position's side.
  const items = [...played, ...ahead].map((move, i) => {
    const li = document.createElement('li');
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'quiet';
    button.textContent = squareName(move);
    button.dataset.ply = String(i + 1);
    button.addEventListener('click', () => goTo(i + 1));
    li.append(button);
    li.dataset.colour = (startColour + i) % 2 === 0 ? 'black' : 'white';
    if (i + 1 === played.length) li.classList.add('current');
    if (i >= played.length) li.classList.add('ahead');
    return li;
  });
  list.replaceChildren(...items);
  // Keep the current move in the list's view (scrolling the list only, never the page), measured at
  // the next frame, before it is drawn: measured now, the page would be laid out once more while
  // the rest of a view is still being built (BENCHMARKS.md, "Lesson step to ready").
  const current = list.querySelector('.current');
  if (current) requestAnimationFrame(() => keepInView(list, current));
}

/** Scrolls `list` so that `item` (still one of its items) is in its view. */
function keepInView(list, item) {
  if (item.parentElement?.parentElement !== list) return;
  const top = item.getBoundingClientRect().top - list.getBoundingClientRect().top;
  if (top < 0 || top + item.offsetHeight > list.clientHeight) {
    list.scrollTop += top - list.clientHeight / 2;
  }
}
