// Bait's algorithms and their parameters as the page shows them: names and descriptions, the
// mode each starts in, which parameters each reads, and the number inputs' ranges. The JS side
// keeps these facts here and nowhere else (the share link's checks are Rust's), so a parameter
// table exported from Rust can take their place.

/** The algorithms: name, description, the parameters it reads (`data-param` of their labels)
 * and the mode it starts in (planners plan, anytime searches act). */
export const ALGORITHMS = {
  dfs: {
    name: 'DFS',
    text: 'Depth-first search: always follows the newest path; finds a plan, rarely a short one.',
    params: [],
    mode: 'plan',
  },
  dls: {
    name: 'Depth-limited DFS',
    text: 'Searches every plan up to its depth limit, scores the leaves with the course heuristic, walks towards the best leaf, then plans again.',
    params: ['depth', 'weights'],
    mode: 'plan',
  },
  bfs: {
    name: 'BFS',
    text: 'Breadth-first search: all plans of length 1, then 2, …; the first plan found is a shortest one.',
    params: [],
    mode: 'plan',
  },
  astar: {
    name: 'A*',
    text: 'Expands the state with the lowest moves-so-far plus estimate; shortest plans with an admissible heuristic.',
    params: ['heuristic'],
    mode: 'plan',
  },
  wastar: {
    name: 'Weighted A*',
    text: 'A* that trusts its heuristic w times more: faster, but plans may be longer.',
    params: ['heuristic', 'weight'],
    mode: 'plan',
  },
  mcts: {
    name: 'MCTS',
    text: 'Monte Carlo tree search: random playouts under a time budget, then the most-visited move.',
    params: ['uct', 'rolloutDepth'],
    mode: 'act',
  },
  rhea: {
    name: 'RHEA',
    text: 'Rolling horizon evolution: evolves short action sequences under a time budget, plays the best first move.',
    params: ['population', 'horizon'],
    mode: 'act',
  },
};

/** View fields edited by a number input with id `p-<field>`, with the input's range (whole
 * numbers unless a `step` says otherwise). */
export const NUMBERS = {
  depth: { min: 1, max: 64 },
  weight: { min: 1, max: 100, step: 0.1 },
  uct: { min: 0, max: 100, step: 0.01 },
  rolloutDepth: { min: 1, max: 1000 },
  population: { min: 2, max: 1000 },
  horizon: { min: 1, max: 1000 },
  maxNodes: { min: 1, max: 50000000 },
  budgetMs: { min: 1, max: 60000 },
};

/** View fields chosen from a list, edited by a select with id `p-<field>`. */
export const CHOICES = ['heuristic'];

/** The inputs of depth-limited DFS's leaf value weights, in the order of the view's `weights`. */
export const WEIGHTS = {
  ids: ['p-w-score', 'p-w-distance', 'p-w-boxes'],
  range: { step: 0.1 },
};
