// The game registry: one entry per game, each with its title and its controller (`load`). A
// controller module exports `open(shell)`, which returns { applyView, play, step, stop, reset,
// undo, key, workerRestarted, themeChanged, leave } (see www/README.md); the shell opens each
// game's controller once, when it is first shown, and keeps it. A new game is one more entry
// here and a folder of its own (www/<game>/: page.js, render.js).

export const GAMES = {
  bait: {
    id: 'bait',
    title: 'Bait',
    load: () => import('./bait/page.js'),
  },
  2048: {
    id: '2048',
    title: '2048',
    load: () => import('./g2048/page.js'),
  },
  othello: {
    id: 'othello',
    title: 'Othello',
    load: () => import('./othello/page.js'),
  },
  sumzero: { id: 'sumzero', title: 'Sum to zero', load: () => import('./sumzero/page.js') },
  vgdl: { id: 'vgdl', title: 'VGDL games', load: () => import('./vgdl/page.js') },
};

/** The game of a link that names none (as the share-link parser reads it too). */
export const DEFAULT_GAME = 'bait';
