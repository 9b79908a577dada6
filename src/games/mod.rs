//! Game rules, one folder per game. Rules never import `search`.

pub mod bait;
pub mod g2048;
pub mod gvgai;
pub mod othello;
pub mod sumzero;
pub mod vgdl;
pub mod vgdl_play;
