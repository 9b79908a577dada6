//! The puzzle searches (BFS, DFS, depth-limited search and its agent, A*) on small puzzles
//! defined here: grid mazes with keys, doors and pits, and the 8-puzzle.

mod astar;
mod bfs;
mod check;
mod committed_plan;
mod dfs;
mod differential;
mod dls;
mod eight_puzzle;
mod limits;
mod maze;
