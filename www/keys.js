// The playground's keyboard, the same in every game: Ctrl+Z, Z or Backspace undo; Space plays or
// pauses (except on a button or a fold's summary, which Space presses); '.' steps; Escape stops;
// R resets. Each game adds its own keys (moves, a cursor, hints) through `gameKey`. Keys typed
// into form fields and chords with Alt or Meta are left to the browser. The search timeline's keys
// (timeline.js) come before these, while it shows a run: `,` and Shift with the arrows step it,
// Home/End jump, and `.` steps it forward until its end, where `.` is Step again.

/**
 * Handles a keydown. `controls` = { undo, play, step, stop, reset }; `gameKey(event)` sees the
 * key first (after Ctrl+Z) and returns true when it took it.
 */
export function handleKey(event, controls, gameKey) {
  const target = event.target;
  if (event.altKey || event.metaKey || isFormField(target)) return;
  if (event.ctrlKey) {
    if (event.key === 'z' || event.key === 'Z') {
      event.preventDefault();
      controls.undo();
    }
    return;
  }
  if (gameKey(event)) return;
  switch (event.key) {
    case 'z':
    case 'Z':
    case 'Backspace':
      event.preventDefault();
      controls.undo();
      break;
    case ' ':
      if (target instanceof HTMLButtonElement || (target instanceof HTMLElement && target.tagName === 'SUMMARY')) return;
      event.preventDefault();
      controls.play();
      break;
    case '.':
      controls.step();
      break;
    case 'Escape':
      controls.stop();
      break;
    case 'r':
    case 'R':
      controls.reset();
      break;
    default:
      break;
  }
}

function isFormField(target) {
  return target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement;
}
