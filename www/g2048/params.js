// 2048's agents as the page shows them: names, descriptions, what their values mean and whether
// they think under the time budget, and the words for the spawns' options. What the parameters
// are (labels, ranges, defaults, help, options, which agent reads which) comes from Rust's
// parameter table (`parameterTable('2048')`, read by ../param-controls.js). The table holds
// neither the agents' words nor which agents take time to think: the think time and the batch's
// work per move are settings of every run there, but greedy and random answer at once.

/** The agents; `thinks`: it searches under the think time (and a batch's work per move). */
export const ALGORITHMS = {
  mcts: {
    name: 'MCTS',
    text: 'The course\'s agent: random playouts to the end of the game after each move, for as long as the time budget allows; it plays the move with the best mean score gained. Its tree either averages over the tile that appears after each move, as the course\'s does, or branches on where it appears; a tree depth of 1 is flat Monte Carlo (playouts after each first move only), the course\'s tree has no limit.',
    value: 'mean score gained in its playouts',
    thinks: true,
  },
  expectimax: {
    name: 'Expectimax',
    text: 'Looks ahead through every possible spawn (a 2 or a 4 on each empty cell, weighted by its chance) to the depth, and values the boards there with a heuristic (empty cells, merges, tiles in order).',
    value: 'expected heuristic value at its deepest finished depth',
    thinks: true,
  },
  greedy: {
    name: 'Greedy',
    text: 'Takes the move with the best score gained plus heuristic value, one move ahead.',
    value: 'score gained plus heuristic value, one move ahead',
    thinks: false,
  },
  random: {
    name: 'Random',
    text: 'A random legal move: the baseline every agent should beat.',
    value: null,
    thinks: false,
  },
};

/** Words for the options of the choice parameters, by parameter key and option name. */
export const OPTION_WORDS = {
  spawns: {
    averaged: 'Averaged (open loop, the course\'s)',
    branched: 'Branched on (closed loop)',
  },
};

/** The parameters only a batch reads: changing one keeps the hint and the agent's run. */
export const BATCH_ONLY = ['games', 'batch-nodes'];
