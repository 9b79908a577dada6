// Othello's players and their settings as the page shows them: who may play a side (a person or
// an agent) and what each agent is, the evaluations, the budgets, which settings each agent
// reads, and the number inputs' ranges. The JS side keeps these facts here and nowhere else (the
// share link's checks are Rust's), so a parameter table exported from Rust can take their place.

/** Words for each player choice; `note` says where we differ from the course's code. */
export const PLAYERS = {
  human: { name: 'A person', text: 'Click a square with a dot, or move with the arrow keys and press Enter.' },
  minimax: {
    name: 'Minimax',
    text: 'Searches every move to the depth and scores the positions there with the evaluation.',
    note: 'Equal moves are broken with the seed, so a game replays (the course\'s MiniMaxDecider shuffles them).',
  },
  alphabeta: {
    name: 'Alpha-beta',
    text: 'Minimax that skips the moves that cannot change the result: the same move and value with fewer nodes.',
    note: 'Watch nodes searched against moves cut off: each cut-off move is a whole subtree minimax would search.',
  },
  alphabeta_tt: {
    name: 'Alpha-beta with a table',
    text: 'Alpha-beta, iteratively deepened, remembering searched positions (transposition table) and trying the last best move first.',
  },
  mtdf: {
    name: 'MTD(f)',
    text: 'Finds the minimax value with null-window alpha-beta passes over a transposition table, starting from the last depth\'s value.',
    note: 'MTD(f) here uses correct null windows (negated for the opponent) and stores upper and lower bounds as such; the course code\'s MTD(f) has sign and bound bugs (see COURSE.md).',
  },
  mcts: {
    name: 'Monte Carlo tree search',
    text: 'Random playouts to the end of the game, grown into a tree with UCT; plays the most-visited move. No evaluation.',
  },
  solver: {
    name: 'Exact endgame solver',
    text: 'Solves the position exactly (perfect play to the end), counting the positions it visits as it goes; on this page for positions with at most 24 empty squares (from 20 on, a solve takes seconds to minutes).',
  },
  random: { name: 'Random', text: 'A random legal move: the baseline.' },
};

/** The evaluations; the course's is labelled as the course's. */
export const EVALS = {
  strong: 'Ours: mobility, corners, X- and C-squares, stable discs, parity',
  course: 'The course\'s heuristic',
};

export const COURSE_NOTE = 'The course\'s heuristic, as its OthelloState.heuristic() computes it: discs + 8 × mobility + 300 × corners + "stability" (really runs of discs open to capture, with its diagonal quirk) + 5000 for a win.';

export const BUDGETS = { depth: 'Fixed depth', time: 'Time per move', nodes: 'Nodes per move' };

/** Which settings each algorithm reads. */
export const READS = {
  minimax: ['eval', 'budget', 'solve'],
  alphabeta: ['eval', 'budget', 'solve'],
  alphabeta_tt: ['eval', 'budget', 'solve'],
  mtdf: ['eval', 'budget', 'solve'],
  mcts: ['budget', 'uct', 'solve'],
  solver: [],
  random: [],
};

/** Each side's number settings, with their inputs' ranges (whole numbers unless a `step` says
 * otherwise). */
export const NUMBERS = {
  depth: { min: 1, max: 60 },
  ms: { min: 1, max: 60000 },
  nodes: { min: 1, max: 1000000000 },
  solve: { min: 0, max: 24 },
  uct: { min: 0, max: 100, step: 0.01 },
};
