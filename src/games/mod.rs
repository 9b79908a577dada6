//! Game rules, one folder per game. Rules never import `search`.
pub mod othello;
