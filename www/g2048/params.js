// 2048's agents and their settings as the page shows them: names, descriptions and what their
// values mean, which settings each agent reads, and the inputs' ranges. The JS side keeps these
// facts here and nowhere else (the share link's checks are Rust's), so a parameter table
// exported from Rust can take their place.

/** The agents; `params` are the settings each reads (`data-g2048-param` of their labels). */
export const ALGORITHMS = {
  mcts: {
    name: 'MCTS',
    text: 'The course\'s agent: random playouts to the end of the game after each move, for as long as the time budget allows; it plays the move with the best mean score gained. Its tree either averages over the tile that appears after each move, as the course\'s does, or branches on where it appears; a tree depth of 1 is flat Monte Carlo (playouts after each first move only), the course\'s tree has no limit.',
    value: 'mean score gained in its playouts',
    params: ['uct', 'spawns', 'tree-depth', 'budget'],
  },
  expectimax: {
    name: 'Expectimax',
    text: 'Looks ahead through every possible spawn (a 2 or a 4 on each empty cell, weighted by its chance) to the depth, and values the boards there with a heuristic (empty cells, merges, tiles in order).',
    value: 'expected heuristic value at its deepest finished depth',
    params: ['depth', 'budget'],
  },
  greedy: {
    name: 'Greedy',
    text: 'Takes the move with the best score gained plus heuristic value, one move ahead.',
    value: 'score gained plus heuristic value, one move ahead',
    params: [],
  },
  random: {
    name: 'Random',
    text: 'A random legal move: the baseline every agent should beat.',
    value: null,
    params: [],
  },
};

/** The settings: the input that edits each; a `choice` is kept as text, any other setting is a
 * number in its input's range (a whole number unless it has a `step`). */
export const SETTINGS = {
  algo: { id: 'g2048-algo', choice: true },
  depth: { id: 'g2048-depth', min: 1, max: 10 },
  uct: { id: 'g2048-uct', min: 0, max: 100, step: 0.01 },
  spawns: { id: 'g2048-spawns', choice: true },
  treeDepth: { id: 'g2048-tree-depth', min: 0, max: 100 },
  budgetMs: { id: 'g2048-budget', min: 1, max: 60000 },
  games: { id: 'g2048-games', min: 1, max: 1000 },
  batchNodes: { id: 'g2048-batch-nodes', min: 1, max: 10000000 },
  seed: { id: 'g2048-seed' }, // a seed, as in every game: a whole number from 0 (index.html)
};

/** The settings the agent thinks with: changing one drops its hint and ends its run. */
export const AGENT_SETTINGS = ['algo', 'depth', 'uct', 'spawns', 'treeDepth', 'budgetMs'];
