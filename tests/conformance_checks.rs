//! The conformance checks catch what they claim to: a toy game passes as written, and each flaw
//! planted in it is reported with what is wrong.

use std::fmt;
use std::str::FromStr;

use searchlab::conformance::{check_game, check_game_with, text_round_trip, Violation, Walks};
use searchlab::game::{Game, IllegalAction, Turn};

/// The broken contract a [`Toy`] plants, by number (a const parameter, so that
/// `action_from_index`, which has no state, can read it too).
mod flaw {
    pub const NONE: u8 = 0;
    pub const NO_LEGAL_ACTIONS: u8 = 1;
    pub const DUPLICATE_ACTION: u8 = 2;
    pub const PROBABILITIES_SHORT: u8 = 3;
    pub const ZERO_PROBABILITY: u8 = 4;
    pub const SAMPLING_DISAGREES: u8 = 5;
    pub const INDEX_MISMATCH: u8 = 6;
    pub const NAMES_PAST_RANGE: u8 = 7;
    pub const REFUSAL_CHANGES_STATE: u8 = 8;
    pub const REFUSES_LISTED: u8 = 9;
    pub const ACCEPTS_AFTER_END: u8 = 10;
    pub const INFINITE_RETURNS: u8 = 11;
    pub const TEXT_LOSES_TOTAL: u8 = 12;
}

/// Four plies: a player's move (index 0 adds 0, index 1 adds 1), then a fair coin (index 2 adds
/// 2, index 3 adds 3), twice. Returns the total. `FLAW` breaks one contract (see [`flaw`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Toy<const FLAW: u8> {
    plies: u8,
    total: u32,
}

impl<const FLAW: u8> Game for Toy<FLAW> {
    type Action = u32;
    const NUM_PLAYERS: usize = 1;
    const NUM_DISTINCT_ACTIONS: u32 = 4;

    fn turn(&self) -> Turn {
        match self.plies {
            4.. => Turn::Terminal,
            even if even % 2 == 0 => Turn::Player(0),
            _ => Turn::Chance,
        }
    }

    fn legal_actions(&self, out: &mut Vec<u32>) {
        out.clear();
        if self.turn() == Turn::Player(0) && FLAW != flaw::NO_LEGAL_ACTIONS {
            out.extend([0, 1]);
            if FLAW == flaw::DUPLICATE_ACTION {
                out.push(1);
            }
        }
    }

    fn chance_outcomes(&self, out: &mut Vec<(u32, f64)>) {
        out.clear();
        if self.turn() == Turn::Chance {
            let (heads, tails) = match FLAW {
                flaw::PROBABILITIES_SHORT => (0.5, 0.4),
                flaw::ZERO_PROBABILITY => (1.0, 0.0),
                _ => (0.5, 0.5),
            };
            out.extend([(2, heads), (3, tails)]);
        }
    }

    fn sample_chance(&self, r: f64, _scratch: &mut Vec<(u32, f64)>) -> Option<u32> {
        let heads = (r < 0.5) != (FLAW == flaw::SAMPLING_DISAGREES);
        (self.turn() == Turn::Chance).then_some(if heads { 2 } else { 3 })
    }

    fn apply(&mut self, action: u32) {
        self.plies += 1;
        self.total += action;
    }

    fn returns(&self, _player: usize) -> f64 {
        match FLAW {
            flaw::INFINITE_RETURNS => f64::INFINITY,
            _ => f64::from(self.total),
        }
    }

    fn action_index(action: u32) -> u32 {
        action
    }

    fn action_from_index(index: u32) -> Option<u32> {
        match (FLAW, index) {
            (flaw::INDEX_MISMATCH, 3) => Some(2),
            (flaw::NAMES_PAST_RANGE, 4) => Some(4),
            (_, 0..=3) => Some(index),
            _ => None,
        }
    }

    fn try_apply(&mut self, action: u32) -> Result<(), IllegalAction> {
        let listed = match self.turn() {
            Turn::Terminal => false,
            Turn::Player(_) => action < 2,
            Turn::Chance => action >= 2,
        };
        let accept = match FLAW {
            flaw::REFUSES_LISTED => false,
            flaw::ACCEPTS_AFTER_END => listed || self.turn() == Turn::Terminal,
            _ => listed,
        };
        if !accept {
            if FLAW == flaw::REFUSAL_CHANGES_STATE {
                self.total += 100;
            }
            return Err(IllegalAction {
                index: action,
                reason: "not now".into(),
            });
        }
        self.apply(action);
        Ok(())
    }
}

/// `plies total` (`plies 0` when the flaw drops the total).
impl<const FLAW: u8> fmt::Display for Toy<FLAW> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let total = match FLAW {
            flaw::TEXT_LOSES_TOTAL => 0,
            _ => self.total,
        };
        write!(f, "{} {total}", self.plies)
    }
}

impl<const FLAW: u8> FromStr for Toy<FLAW> {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        let Some((plies, total)) = text.split_once(' ') else {
            return Err(format!("'{text}' is not 'plies total'"));
        };
        Ok(Toy {
            plies: plies.parse().map_err(|_| "plies")?,
            total: total.parse().map_err(|_| "total")?,
        })
    }
}

const WALKS: Walks = Walks {
    seeds: 8,
    max_steps: 10,
};

/// What the checks, text included, report for a toy with `FLAW`.
fn violation<const FLAW: u8>() -> Violation {
    check_game_with(&Toy::<FLAW>::default(), WALKS, text_round_trip)
        .expect_err("the flaw is caught")
}

#[test]
fn the_toy_as_written_passes_every_check() {
    let report =
        check_game_with(&Toy::<{ flaw::NONE }>::default(), WALKS, text_round_trip).unwrap();
    assert_eq!((report.walks, report.finished, report.longest), (8, 8, 4));
}

#[test]
fn a_walk_that_hits_the_step_cap_stops_unfinished() {
    let short = Walks {
        seeds: 3,
        max_steps: 2,
    };
    let report = check_game(&Toy::<{ flaw::NONE }>::default(), short).unwrap();
    assert_eq!((report.finished, report.states), (0, 9));
}

#[test]
fn each_planted_flaw_is_reported_with_what_is_wrong() {
    let cases = [
        (
            violation::<{ flaw::NO_LEGAL_ACTIONS }>(),
            "has no legal action",
        ),
        (
            violation::<{ flaw::DUPLICATE_ACTION }>(),
            "1 is listed twice",
        ),
        (violation::<{ flaw::PROBABILITIES_SHORT }>(), "sum to 0.9"),
        (
            violation::<{ flaw::ZERO_PROBABILITY }>(),
            "3 has probability 0",
        ),
        (
            violation::<{ flaw::SAMPLING_DISAGREES }>(),
            "sample_chance(0.25) draws Some(3)",
        ),
        (
            violation::<{ flaw::INDEX_MISMATCH }>(),
            "index 3 names 2, whose index is 2",
        ),
        (
            violation::<{ flaw::NAMES_PAST_RANGE }>(),
            "index 4 is not below",
        ),
        (
            violation::<{ flaw::REFUSAL_CHANGES_STATE }>(),
            "but changed the state",
        ),
        (
            violation::<{ flaw::REFUSES_LISTED }>(),
            "refused index 0, which is listed",
        ),
        (
            violation::<{ flaw::ACCEPTS_AFTER_END }>(),
            "accepted index 0 after the end",
        ),
        (
            violation::<{ flaw::INFINITE_RETURNS }>(),
            "returns(0) is inf",
        ),
        (
            violation::<{ flaw::TEXT_LOSES_TOTAL }>(),
            "reads back as another state",
        ),
    ];
    for (found, problem) in cases {
        assert!(found.problem.contains(problem), "{problem}: {found}");
    }
}

#[test]
fn a_violation_names_the_walk_the_step_and_the_state() {
    let found = violation::<{ flaw::PROBABILITIES_SHORT }>();
    assert_eq!((found.seed, found.step), (Some(0), 1));
    assert!(found.to_string().starts_with("walk 0, step 1: "), "{found}");
    assert!(found.state.contains("plies: 1"), "{found}");
}
