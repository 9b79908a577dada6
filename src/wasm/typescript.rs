//! The TypeScript types of the objects that cross the boundary, for the generated
//! `searchlab.d.ts`.

use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const TYPES: &'static str = r#"
/** Every setting of the playground view (the share link's fields). */
export interface View {
  game: string;
  level: string | null;
  algo: "dfs" | "dls" | "bfs" | "astar" | "wastar" | "mcts" | "rhea";
  mode: "plan" | "act";
  depth: number;
  heuristic: "walls" | "state";
  weights: [number, number, number];
  weight: number;
  uct: number;
  rolloutDepth: number;
  population: number;
  horizon: number;
  maxNodes: number;
  budgetMs: number;
  seed: number | null;
}
/** A board to draw: per-cell bit flags (wall 1, box 2, hole 4, mushroom 8, key 16, goal 32). */
export interface BoardView {
  width: number;
  height: number;
  cells: Uint8Array;
  avatarX: number;
  avatarY: number;
  hasKey: boolean;
  alive: boolean;
}
/** Where a level text is wrong (1-based; 0 when the error has no place). */
export interface LevelProblem { line: number; column: number; message: string; }
/** A search's state after a slice. `frontier` is the number of states waiting now. */
export interface StepReport {
  status: "running" | "solved" | "exhausted" | "limit_reached";
  limit: "nodes" | "memory" | null;
  expanded: number;
  generated: number;
  frontier: number | null;
  maxFrontier: number;
  maxDepth: number;
  stored: number;
  iterations: number;
}
/** What MCTS or RHEA knows about one root action (2048: also expectimax's value and greedy's,
 * with 0 visits). */
export interface RootAction { action: number; visits: number; value: number; }
/** Every setting of the 2048 view (the share link's fields). */
export interface View2048 {
  game: "2048";
  algo: "mcts" | "expectimax" | "greedy" | "random";
  depth: number;
  uct: number;
  budgetMs: number;
  games: number;
  batchNodes: number;
  seed: number | null;
}
/** How the last 2048 move went: every tile's slide (exponents before the move) and the spawn. */
export interface MoveTrace {
  action: number;
  gain: number;
  slides: { from: number; to: number; exponent: number; merged: boolean }[];
  spawn: { cell: number; exponent: number } | null;
}
/** Who plays one side of an Othello game, with every agent setting. */
export interface SideOthello {
  human: boolean;
  algo: "minimax" | "alphabeta" | "alphabeta_tt" | "mtdf" | "mcts" | "solver" | "random";
  eval: "course" | "strong";
  budget: "depth" | "time" | "nodes";
  depth: number;
  ms: number;
  nodes: number;
  solve: number;
  uct: number;
}
/** Every setting of the Othello view (the share link's fields). */
export interface ViewOthello {
  game: "othello";
  board: string | null;
  side: "X" | "O";
  moves: number[];
  at: number | null;
  black: SideOthello;
  white: SideOthello;
  seed: number | null;
}
/** An Othello move: the square (64 = pass), who played it (0 Black, 1 White), the discs it
 * turned. */
export interface OthelloMove { action: number; player: number; flipped: number[]; }
/** What an Othello agent thinks. `value` is the root's value from Black's view in `units`:
 * "course" (the course's heuristic), "strong" (ours), "discs" (exact final disc difference),
 * "playouts" (MCTS: mean final disc difference of its playouts), "none". */
export interface Thinking {
  algo: string;
  eval: "course" | "strong" | null;
  side: "black" | "white";
  depth: number;
  value: number | null;
  units: "course" | "strong" | "discs" | "playouts" | "none";
  exact: boolean;
  forcedDiscs: number | null;
  onlyMove: boolean;
  nodes: number;
  leaves: number;
  cutoffs: number;
  pruned: number;
  tableCutoffs: number;
  maxDepth: number;
}
/** Every setting of the Sum to zero view (the share link's fields). `moves` is the game's text
 * form, the amounts added so far ("+20 -18"; "" at the start). */
export interface ViewSumZero {
  game: "sumzero";
  algo: "mcts" | "exhaustive";
  uct: number;
  iterations: number;
  moves: string;
  seed: number | null;
}
/** One Sum to zero turn still to play: its number t and what each action adds then, in action
 * order (+2t, -2t, +3t, -3t). */
export interface SumZeroTurn { turn: number; amounts: number[]; }
/** A Sum to zero state on the number line. `turn` is the next move's turn (10 down to 1; null once
 * over), `moves` what each move so far added, `text` the same as the game's text form, `reach` how
 * far the remaining moves can still carry the sum either way, `maxAbsSum` the line's half-width
 * (165), `reward` 1 - |sum|/225 once over (else null). */
export interface SumZeroBoardView {
  sum: number;
  turn: number | null;
  moves: number[];
  text: string;
  remaining: SumZeroTurn[];
  reach: number;
  maxAbsSum: number;
  reward: number | null;
  alive: boolean;
}
/** One legal Sum to zero action judged by the exact optimum: the best reward reachable after it,
 * what it gives away against the best play (0 when optimal), MCTS's visits and mean reward (mean
 * null before its first visit; visits 0 for the exhaustive agent). */
export interface SumZeroActionValue {
  action: number;
  amount: number;
  optimalValue: number;
  regret: number;
  visits: number;
  mean: number | null;
}
/** A Sum to zero search beside the optimum: the best reward reachable, the smallest |final sum|
 * reachable, the search's current choice (null before it has one), the best reward after the
 * choice and its regret, and every legal action in index order. */
export interface SumZeroThinking {
  algo: "mcts" | "exhaustive";
  optimalValue: number;
  closestFinalSum: number;
  choice: number | null;
  choiceValue: number | null;
  regret: number | null;
  actions: SumZeroActionValue[];
}
/** A batch game so far. `seed` is the game's own seed, as a decimal string (it may pass 2^53). */
export interface BatchReport {
  index: number;
  seed: string;
  moves: number;
  score: number;
  maxTile: number;
  work: number;
  over: boolean;
}
/** One agent parameter (see `parameterTable`). */
export interface Parameter {
  key: string;
  label: string;
  kind: "int" | "float" | "choice" | "floats";
  min?: number;
  max?: number;
  options?: string[];
  default: number | string | number[];
  help: string;
  algos: string[];
}
"#;
