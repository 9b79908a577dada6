// Sum to zero's agents and moves as the page shows them: the agents' names and descriptions, the
// four moves with their keys, and the game's lesson. What MCTS's parameters are (labels, ranges,
// defaults, help, which agent reads them) comes from Rust's parameter table
// (`parameterTable('sumzero')`, read by ../param-controls.js); the table holds no words about
// the agents themselves.

/** The agents (the link's `algo`). */
export const ALGORITHMS = {
  mcts: {
    name: 'MCTS',
    text: 'UCT, as the GVGAI planning note teaches it: a fixed number of playouts from this position, each going down the tree by mean reward plus K·√(ln N / n) and on at random to the end of the game, then the most visited move. With too few playouts, or a K that explores too little or too much, it can choose a move that gives reward away.',
  },
  exhaustive: {
    name: 'Exhaustive (the exact optimum)',
    text: 'The exact optimum: an exhaustive search of every line to the end (remembering each turn and sum it has met), which answers at once. It is the yardstick MCTS is judged by.',
  },
};

/** The moves in the engine's dense order: what each adds at turn t, and the key that plays it. */
export const ACTIONS = [
  { index: 0, key: '1', name: '+2t' },
  { index: 1, key: '2', name: '−2t' },
  { index: 2, key: '3', name: '+3t' },
  { index: 3, key: '4', name: '−3t' },
];
