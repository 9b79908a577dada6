// The game registry: everything the page needs to know about a game lives in its entry, so a new
// game is one more entry here. Bait is main.js's own; any other game brings its own controller
// (`load`), to which main.js hands the board area and the shared controls (see g2048/page.js).

import * as bait from './bait/render.js';

export const GAMES = {
  bait: {
    id: 'bait',
    title: 'Bait',
    /** Pure drawing functions and the board-view format (render/bait.js). */
    renderer: bait,
    /** Keyboard keys to action indices, for a person playing. */
    keys: bait.KEYS,
    /** Action names in index order (for the root-action table). */
    actions: bait.ACTIONS,
    /** The action played when an agent has no answer in time (GVGAI's NIL). */
    noop: 4,
    /** Tiles of the level editor. */
    tiles: bait.TILES,
    /** The level editor's border tile and fill tile. */
    wallChar: 'w',
    floorChar: '.',
    /** Words for the end of a game. */
    lostReason: (view) => (view.alive ? 'out of time' : 'the avatar fell into a hole'),
    stuckReason: 'a box seals the key or the door, or the way to them is cut',
  },
  2048: {
    id: '2048',
    title: '2048',
    /** The controller: open(shell) returns { applyView, play, step, stop, reset, undo, key,
     * workerRestarted, themeChanged, leave }; main.js opens it once and keeps it. */
    load: () => import('./g2048/page.js'),
  },
  othello: {
    id: 'othello',
    title: 'Othello',
    /** The controller (othello/page.js), opened once and kept, as 2048's. */
    load: () => import('./othello/page.js'),
  },
};

export const DEFAULT_GAME = 'bait';
