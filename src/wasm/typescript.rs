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
