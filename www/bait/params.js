// Bait's algorithms as the page shows them: names, descriptions and the mode each starts in, and
// the words for the heuristic's options. What the parameters are (labels, ranges, defaults, help,
// options, which algorithm reads which) comes from Rust's parameter table (`parameterTable('bait')`,
// read by ../param-controls.js); the table holds neither the algorithms' words nor the run mode, a
// page setting.

/** The algorithms: name, description and the mode it starts in (planners plan, anytime searches
 * act). */
export const ALGORITHMS = {
  dfs: {
    name: 'DFS',
    text: 'Depth-first search: always follows the newest path; finds a plan, rarely a short one.',
    mode: 'plan',
  },
  dls: {
    name: 'Depth-limited DFS',
    text: 'Searches every plan up to its depth limit, scores the leaves with the course heuristic, walks towards the best leaf, then plans again.',
    mode: 'plan',
  },
  bfs: {
    name: 'BFS',
    text: 'Breadth-first search: all plans of length 1, then 2, …; the first plan found is a shortest one.',
    mode: 'plan',
  },
  astar: {
    name: 'A*',
    text: 'Expands the state with the lowest moves-so-far plus estimate; shortest plans with an admissible heuristic.',
    mode: 'plan',
  },
  wastar: {
    name: 'Weighted A*',
    text: 'A* that trusts its heuristic w times more: faster, but plans may be longer.',
    mode: 'plan',
  },
  mcts: {
    name: 'MCTS',
    text: 'Monte Carlo tree search: random playouts under a time budget, then the most-visited move. Planning, it searches each move for its iterations, commits to the most-visited one and goes on from there, until it wins, loses or reaches the node limit.',
    mode: 'act',
  },
  rhea: {
    name: 'RHEA',
    text: 'Rolling horizon evolution: evolves short action sequences under a time budget, plays the best first move. Planning, it evolves for its iterations from each state, commits to the best sequence\'s first move and goes on from there, until it wins, loses or reaches the node limit.',
    mode: 'act',
  },
  kbfe: {
    name: 'KB Fast-Evo MCTS',
    text: 'Knowledge-based Fast-Evolutionary MCTS (Perez, Samothrakis and Lucas, 2014): MCTS whose rollouts move by evolved weights on the distances to each sprite type, valued by what the agent learns about the sprites while it plays (curiosity for rare collisions, experience for sprites that pay). Its knowledge lasts the whole game. Planning, it commits to one move after another as MCTS does.',
    mode: 'act',
  },
};

/** Words for the options of the choice parameters, by parameter key and option name. */
export const OPTION_WORDS = {
  heuristic: {
    walls: 'Walls-only distance (key, door)',
    state: 'Distance around boxes and holes',
  },
  rollouts: { evolved: 'Evolved weights (Fast-Evo)', uniform: 'Uniformly random (sampleMCTS)' },
  value: { knowledge: 'Knowledge: eq. 6 (KB)', score: 'Score (sampleMCTS)' },
  features: { paper: 'The paper\'s types (key, boxes)', all: 'Every type but walls (our extension)' },
  distance: { euclidean: 'Straight line (the paper)', walking: 'Walking steps around walls' },
  'feature-scale': { grid: 'Cells ÷ (width + height)', cells: 'Cells' },
  'keep-weights': { off: 'Off (the paper)', on: 'On' },
};
