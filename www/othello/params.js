// Othello's players as the page shows them: who may play a side (a person or an agent) and what
// each agent is, and the words for the evaluations and the budgets. What the agents' parameters
// are (labels, ranges, defaults, help, options, which agent reads which) comes from Rust's
// parameter table (`parameterTable('othello')`, read by sides.js through ../param-controls.js);
// the table holds none of the words here, and its ranges are the agent's, which a link on the
// page narrows (Rust's `limits().othello`, given to the inputs by sides.js).

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
/** The evaluations' names, short enough for the side panel's dropdown; EVAL_NOTES says what each is. */
export const EVALS = {
  strong: 'Ours',
  course: 'The course\'s heuristic',
};

/** What each evaluation computes, shown under the dropdown. */
export const EVAL_NOTES = {
  strong: 'Ours: mobility, corners, X- and C-squares, stable discs and parity.',
  course: 'The course\'s heuristic, as its OthelloState.heuristic() computes it: discs + 8 × mobility + 300 × corners + "stability" (really runs of discs open to capture, with its diagonal quirk) + 5000 for a win.',
};

export const BUDGETS = { depth: 'Fixed depth', time: 'Time per move', nodes: 'Nodes per move' };
