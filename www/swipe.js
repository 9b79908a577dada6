// Swipes and taps on a board: a pointer (finger, pen or mouse) pressed on the board and released
// at least SWIPE_PX away from where it went down is a swipe in the direction it travelled most;
// released nearer, it is a tap. Only the
// board listens, and its CSS `touch-action: none` keeps the page from scrolling under a finger on
// the board, nowhere else.

/** Shortest swipe, in CSS pixels: a shorter press is a tap, not a move. */
export const SWIPE_PX = 24;

/**
 * Calls `onSwipe(direction)` for each swipe on `canvas`, `direction` one of 'left', 'right',
 * 'up' or 'down', and `onTap(event)`, if given, for each tap (the pointerup event); the press
 * also gives the board the keyboard focus.
 */
export function listenForSwipes(canvas, onSwipe, onTap = null) {
  let start = null;
  canvas.addEventListener('pointerdown', (event) => {
    start = { x: event.clientX, y: event.clientY, id: event.pointerId };
    canvas.focus();
  });
  canvas.addEventListener('pointerup', (event) => {
    if (!start || start.id !== event.pointerId) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    start = null;
    if (Math.max(Math.abs(dx), Math.abs(dy)) < SWIPE_PX) {
      onTap?.(event);
      return;
    }
    onSwipe(Math.abs(dx) > Math.abs(dy) ? (dx > 0 ? 'right' : 'left') : dy > 0 ? 'down' : 'up');
  });
  canvas.addEventListener('pointercancel', () => {
    start = null;
  });
}
