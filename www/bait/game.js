// Bait's vocabulary on the page: the board view's cell bits, the actions in the engine's order,
// the keys a person plays with, the level editor's tiles, and the words for the end of a game.
// The renderer, the editor and the controller all read it from here.

/** Bits of a board view's cells (GameSession.view(): one byte per cell, row-major). */
export const WALL = 1;
export const BOX = 2;
export const HOLE = 4;
export const MUSHROOM = 8;
export const KEY = 16;
export const GOAL = 32;

/** Actions in the engine's dense order: L R D U N. */
export const ACTIONS = [
  { index: 0, name: 'Left', arrow: '←', dx: -1, dy: 0 },
  { index: 1, name: 'Right', arrow: '→', dx: 1, dy: 0 },
  { index: 2, name: 'Down', arrow: '↓', dx: 0, dy: 1 },
  { index: 3, name: 'Up', arrow: '↑', dx: 0, dy: -1 },
  { index: 4, name: 'Wait', arrow: '·', dx: 0, dy: 0 },
];

/** The action played when an agent has no answer in time (GVGAI's NIL). */
export const NOOP = 4;

/** Keyboard keys for a person playing, mapped to action indices. */
export const KEYS = {
  ArrowLeft: 0, a: 0, A: 0,
  ArrowRight: 1, d: 1, D: 1,
  ArrowDown: 2, s: 2, S: 2,
  ArrowUp: 3, w: 3, W: 3,
};

/** Tiles of the level editor: the GVGAI level characters and what they draw as. */
export const TILES = [
  { char: 'w', name: 'Wall', flags: WALL },
  { char: '.', name: 'Floor', flags: 0 },
  { char: 'A', name: 'Avatar', flags: 0, avatar: true },
  { char: 'k', name: 'Key', flags: KEY },
  { char: 'g', name: 'Door', flags: GOAL },
  { char: '1', name: 'Box', flags: BOX },
  { char: '0', name: 'Hole', flags: HOLE },
  { char: 'm', name: 'Mushroom', flags: MUSHROOM },
];

/** The tile the editor fills new cells with. */
export const FLOOR_CHAR = '.';

/** Why a lost game was lost, from its last board view. */
export function lostReason(view) {
  return view.alive ? 'out of time' : 'the avatar fell into a hole';
}

/** Why a level that goes on can no longer be won (GameSession.cannotWin()). */
export const STUCK_REASON = 'a box seals the key or the door, or the way to them is cut';
