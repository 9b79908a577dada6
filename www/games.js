// The game registry: one entry per game, each with its title and its controller (`load`). A
// controller module exports `open(shell)`, which returns { applyView, play, step, stop, reset,
// undo, key, workerRestarted, themeChanged, leave } (see www/README.md); the shell opens each
// game's controller once, when it is first shown, and keeps it. A new game is one more entry
// here and a folder of its own (www/<game>/: page.js, render.js).
//
// `modules`: every module the controller imports, directly or not, that the shell does not
// (paths relative to www/), `data`: the files it fetches as it loads, and `viewData(fragment)`:
// those it fetches before it draws the view of link `fragment`. prefetch.js preloads them all at
// once for the game a link names (a lesson link's view data once the lesson's file is in), rather
// than level by level as the imports are read (tests/e2e/preload.test.mjs keeps the lists whole),
// and nothing the first view does not need: the browser fetches at most six files at once from a
// server without HTTP/2, so every file fetched before the board is drawn delays it.

export const GAMES = {
  bait: {
    id: 'bait',
    title: 'Bait',
    load: () => import('./bait/page.js'),
    modules: [
      'bait/page.js', 'bait/render.js', 'bait/game.js', 'bait/params.js', 'bait/level-panel.js',
      'bait/levels.js', 'bait/rules-panel.js', 'agent-runs.js', 'timeline-feed.js', 'keys.js', 'swipe.js', 'fields.js',
      'param-controls.js', 'bait/kbfe-fields.js',
    ],
    // bait/levels.js reads the index, a view the level its link names (the first when it names
    // none, and none when it gives rows), and the others are read once the first view is on show.
    // A shipped level `id` is the file levels/<id>.txt.
    data: ['levels/index.json'],
    viewData: (fragment) => {
      const named = /(?:^#?|&)lvl=([a-z0-9-]+)(?:&|$)/.exec(fragment)?.[1];
      const rows = /(?:^#?|&)level=/.test(fragment);
      return named || !rows ? [`levels/${named ?? FIRST_BAIT_LEVEL}.txt`] : [];
    },
  },
  2048: {
    id: '2048',
    title: '2048',
    load: () => import('./g2048/page.js'),
    modules: [
      'g2048/page.js', 'g2048/render.js', 'agent-runs.js', 'timeline-feed.js', 'keys.js', 'g2048/batch-panel.js',
      'histogram.js', 'g2048/batch.js', 'param-controls.js', 'fields.js', 'swipe.js', 'g2048/params.js',
    ],
    data: [],
    viewData: () => [],
  },
  othello: {
    id: 'othello',
    title: 'Othello',
    load: () => import('./othello/page.js'),
    modules: [
      'othello/page.js', 'othello/render.js', 'agent-runs.js', 'timeline-feed.js', 'keys.js', 'othello/sides.js',
      'othello/params.js', 'param-controls.js', 'fields.js', 'othello/thinking.js', 'othello/move-list.js',
      'othello/hint-values.js',
    ],
    data: [],
    viewData: () => [],
  },
  sumzero: {
    id: 'sumzero',
    title: 'Sum to zero',
    load: () => import('./sumzero/page.js'),
    modules: [
      'sumzero/page.js', 'sumzero/render.js', 'sumzero/params.js', 'agent-runs.js', 'timeline-feed.js', 'keys.js', 'fields.js',
      'param-controls.js', 'sumzero/thinking.js',
    ],
    data: [],
    viewData: () => [],
  },
  vgdl: {
    id: 'vgdl',
    title: 'VGDL games',
    load: () => import('./vgdl/page.js'),
    modules: [
      'vgdl/page.js', 'vgdl/render.js', 'agent-runs.js', 'timeline-feed.js', 'keys.js', 'fields.js', 'param-controls.js',
      'vgdl/params.js', 'vgdl/room.js', 'vgdl/level-paint.js', 'bait/params.js', 'kbfe-view.js', 'kbfe-board.js',
      'remembered-details.js', 'bait/kbfe-fields.js',
    ],
    data: [],
    viewData: () => [],
  },
};

/** The game of a link that names none (as the share-link parser reads it too). */
export const DEFAULT_GAME = 'bait';

/** The first Bait level of levels/index.json: a Bait link that names no level shows it. */
const FIRST_BAIT_LEVEL = 'first-steps';

/** The game every step of each shipped lesson shows (lessons/<name>.json; a lesson whose steps
 * show more than one game has no entry). prefetch.js then fetches a lesson link's game with the
 * lesson's file rather than once the file is read: only sooner, never in its place (a lesson
 * without an entry opens all the same). tests/e2e/preload.test.mjs checks it against the files. */
export const LESSON_GAMES = {
  'bfs-vs-dfs': 'bait',
  'ucs-vs-astar': 'bait',
  'weighted-astar': 'bait',
  'depth-limited-trap': 'bait',
  'mcts-exploration': 'sumzero',
  'mcts-horizon': 'bait',
  'alphabeta-pruning': 'othello',
  'mtdf-vs-alphabeta': 'othello',
  'expectimax-2048': '2048',
  'toy-game-tree': 'sumzero',
};
