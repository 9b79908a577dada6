//! The TypeScript types of the objects that cross the boundary, generated from their Rust types.
//!
//! Every such type derives `tsify::Tsify` beside `Serialize` (the share-link views and the
//! agents' enums only on wasm32, so native builds do not see it). The derive reads the serde
//! attributes (`rename_all`, `rename`) and puts the declaration into the package's
//! `searchlab.d.ts`; the values still cross through serde-wasm-bindgen ([`super::boundary`]), so
//! one type shapes both. `#[tsify(missing_as_null)]` on types with an `Option` field matches
//! `to_js`, which writes `None` as `null`.
//!
//! tsify names a declaration after its Rust type unless `#[tsify(rename = "...")]` says
//! otherwise, but a field that refers to a renamed type still names the Rust type: such fields
//! carry `#[tsify(type = "TheTsName")]`. The names the API's `unchecked_return_type` and
//! `unchecked_param_type` attributes use are those below.
//!
//! [`declarations`] lists them all, so that `tests/wasm_typescript.rs` can check each against
//! the values the API returns.

use super::bait::BaitBoardView;
use super::batch::BatchReport;
use super::bench::{Bench2048Decide, Bench2048Mcts, BenchAstar, BenchOthelloSolve, BenchVgdlSolve};
use super::boundary::GridView;
use super::g2048::{MoveTrace, Slide, Spawn};
use super::kb_memory::{
    KbColumn, KbIterationView, KbKnowledge, KbMoveView, KbRayView, KbRootView, KbTermView,
    KbTypeView,
};
use super::limits::{OthelloLinkCaps, PageLimits};
use super::othello::{OthelloMove, SideToMove, ThinkingView, ValueUnits};
use super::page_game::LevelProblem;
use super::search_job::{RootAction, SearchStatus, StepReport};
use super::sumzero::{SumZeroActionValue, SumZeroBoardView, SumZeroThinking, SumZeroTurn};
use super::timeline::TimelineView;
use super::vgdl::{
    VgdlBoardView, VgdlGameInfo, VgdlMappingEntry, VgdlProblem, VgdlResource, VgdlShippedGame,
    VgdlSpriteType,
};
use crate::{agents, search, share};
use tsify::Tsify;

/// Every TypeScript declaration the package emits for the objects that cross the boundary, as
/// tsify generated them (`export interface Name { ... }` or `export type Name = ...;`), in no
/// particular order. For tests; the page reads them from `searchlab.d.ts`.
pub fn declarations() -> Vec<&'static str> {
    vec![
        // The share-link views and the settings they hold.
        share::bait::View::DECL,
        share::bait::Mode::DECL,
        agents::bait::Algorithm::DECL,
        agents::bait::Bound::DECL,
        share::bait::KbView::DECL,
        search::kb_fast_evo::Rollouts::DECL,
        search::kb_fast_evo::Value::DECL,
        search::kb_fast_evo::FeatureTypes::DECL,
        search::kb_fast_evo::Distance::DECL,
        search::kb_fast_evo::FeatureScale::DECL,
        share::g2048::View::DECL,
        agents::g2048::Algorithm::DECL,
        agents::g2048::Spawns::DECL,
        share::othello::View::DECL,
        share::othello::Side::DECL,
        share::othello::BudgetKind::DECL,
        agents::othello::Algorithm::DECL,
        agents::othello::EvalKind::DECL,
        share::sumzero::View::DECL,
        agents::sumzero::Algorithm::DECL,
        share::vgdl::View::DECL,
        agents::vgdl::Algorithm::DECL,
        // The page's own settings in a link (`pageSettings`).
        share::page::PageSettings::DECL,
        share::page::LessonStep::DECL,
        // The agents' parameter tables (`parameterTable`).
        agents::params::Param::DECL,
        agents::params::Kind::DECL,
        // The page's limits (`limits`).
        PageLimits::DECL,
        OthelloLinkCaps::DECL,
        // Boards to draw.
        BaitBoardView::DECL,
        GridView::DECL,
        SumZeroBoardView::DECL,
        SumZeroTurn::DECL,
        VgdlBoardView::DECL,
        VgdlSpriteType::DECL,
        VgdlResource::DECL,
        // The VGDL editors (`vgdlCheck`, `vgdlGameInfo`, `vgdlShippedGames`).
        VgdlProblem::DECL,
        VgdlGameInfo::DECL,
        VgdlMappingEntry::DECL,
        VgdlShippedGame::DECL,
        // Levels, searches, moves, batches.
        LevelProblem::DECL,
        StepReport::DECL,
        SearchStatus::DECL,
        search::Limit::DECL,
        RootAction::DECL,
        MoveTrace::DECL,
        Slide::DECL,
        Spawn::DECL,
        OthelloMove::DECL,
        ThinkingView::DECL,
        SideToMove::DECL,
        ValueUnits::DECL,
        SumZeroThinking::DECL,
        SumZeroActionValue::DECL,
        KbKnowledge::DECL,
        KbTypeView::DECL,
        KbColumn::DECL,
        KbIterationView::DECL,
        KbTermView::DECL,
        KbRootView::DECL,
        KbRayView::DECL,
        KbMoveView::DECL,
        search::kb_fast_evo::recording::RewardBreakdown::DECL,
        search::kb_fast_evo::recording::Branch::DECL,
        search::kb_fast_evo::recording::EsDecision::DECL,
        search::kb_fast_evo::recording::StripPoint::DECL,
        BatchReport::DECL,
        // The search timeline.
        TimelineView::DECL,
        search::Window::DECL,
        search::timeline::LastEvent::DECL,
        search::timeline::EventKind::DECL,
        search::timeline::Marker::DECL,
        search::timeline::MarkerKind::DECL,
        search::timeline::TreeNode::DECL,
        search::timeline::PopulationView::DECL,
        search::timeline::IterationView::DECL,
        search::timeline::IterationNode::DECL,
        search::timeline::Individual::DECL,
        // The speed comparisons (`tests/e2e/bench*.mjs`).
        BenchAstar::DECL,
        Bench2048Mcts::DECL,
        Bench2048Decide::DECL,
        BenchOthelloSolve::DECL,
        BenchVgdlSolve::DECL,
    ]
}
