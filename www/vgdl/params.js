// The VGDL agents as the page shows them: names and descriptions, and whether each plans to the
// end or acts one move at a time. Their parameters come from Rust's table (`parameterTable('vgdl')`);
// the words of KB Fast-Evo's choices are Bait's, but for its feature types.

import { OPTION_WORDS as BAIT_WORDS } from '../bait/params.js';

export const ALGORITHMS = {
  dfs: { name: 'DFS', text: 'Depth-first search: always follows the newest path; finds a plan, rarely a short one.', planner: true },
  dls: { name: 'Depth-limited DFS', text: 'Searches every plan up to its depth limit and walks towards the leaf with the best score (a win counts most), then searches again.', planner: true },
  bfs: { name: 'BFS', text: 'Breadth-first search: all plans of length 1, then 2, …; the first plan found is a shortest one.', planner: true },
  astar: { name: 'A*', text: 'A* with a lower bound read off the game\'s rules (the avatar\'s walk to every sprite it must touch, or the pushes that bring each box to a hole; 0 where the rules fit neither, which makes it uniform-cost search); its plans are shortest.', planner: true },
  mcts: { name: 'MCTS', text: 'Monte Carlo tree search (GVGAI\'s sample agent): random playouts under a time budget before every move.', planner: false },
  rhea: { name: 'RHEA', text: 'Rolling horizon evolution (GVGAI\'s sample agent): evolves short action sequences before every move.', planner: false },
  kbfe: { name: 'KB Fast-Evo MCTS', text: 'Knowledge-based Fast-Evolutionary MCTS (Perez et al., 2014): learns what each sprite type is worth while it plays, and evolves how its rollouts move towards them.', planner: false },
};

/** The words of the choices' options, by parameter key. */
export const OPTION_WORDS = {
  ...BAIT_WORDS,
  features: { paper: 'The paper\'s types (movable, NPC, resource, portal)', all: 'Every type but walls (our extension)' },
};

/** The actions by index: GVGAI's LEFT, RIGHT, DOWN, UP and NIL. */
export const ACTIONS = [
  { name: 'left', arrow: '←' },
  { name: 'right', arrow: '→' },
  { name: 'down', arrow: '↓' },
  { name: 'up', arrow: '↑' },
  { name: 'wait', arrow: '·' },
];

/** The keys that move: arrows and WASD, by action index. */
export const MOVE_KEYS = {
  ArrowLeft: 0, a: 0, A: 0,
  ArrowRight: 1, d: 1, D: 1,
  ArrowDown: 2, s: 2, S: 2,
  ArrowUp: 3, w: 3, W: 3,
};
