//! Bait's actions: the four moves in GVGAI's order, then NIL.

/// One GVGAI action. The discriminant is the dense index used everywhere (`L R D U N`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Action {
    /// `ACTION_LEFT`, letter `L`: one column to the left.
    Left = 0,
    /// `ACTION_RIGHT`, letter `R`.
    Right = 1,
    /// `ACTION_DOWN`, letter `D`: one row down (towards larger y).
    Down = 2,
    /// `ACTION_UP`, letter `U`.
    Up = 3,
    /// `ACTION_NIL`, letter `N`: a full tick in which the avatar does not move.
    Nil = 4,
}

impl Action {
    /// Every action, in index order (GVGAI's `getAvailableActions(true)`).
    pub const ALL: [Action; 5] = [
        Action::Left,
        Action::Right,
        Action::Down,
        Action::Up,
        Action::Nil,
    ];

    /// The four moves, in GVGAI's `getAvailableActions()` order.
    pub const MOVES: [Action; 4] = [Action::Left, Action::Right, Action::Down, Action::Up];

    /// The dense index (0..5).
    pub fn index(self) -> u32 {
        self as u32
    }

    /// The action with this dense index.
    pub fn from_index(index: u32) -> Option<Action> {
        Action::ALL.get(usize::try_from(index).ok()?).copied()
    }

    /// The one-letter name used in plans and traces' `actions` strings: `L R D U N`.
    pub fn letter(self) -> char {
        ['L', 'R', 'D', 'U', 'N'][self as usize]
    }

    /// The action named by a plan letter (`L R D U N`, upper case only).
    pub fn from_letter(letter: char) -> Option<Action> {
        Action::ALL.into_iter().find(|a| a.letter() == letter)
    }

    /// GVGAI's name without the `ACTION_` prefix, as in the golden traces: `"LEFT"` … `"NIL"`.
    pub fn name(self) -> &'static str {
        ["LEFT", "RIGHT", "DOWN", "UP", "NIL"][self as usize]
    }

    /// The displacement `(dx, dy)`; `(0, 0)` for NIL.
    pub fn delta(self) -> (i32, i32) {
        [(-1, 0), (1, 0), (0, 1), (0, -1), (0, 0)][self as usize]
    }
}

/// Reads a plan such as `"DRDLDUUUL"`. The error names the first bad letter and its 1-based position.
pub fn parse_plan(letters: &str) -> Result<Vec<Action>, PlanError> {
    letters
        .chars()
        .enumerate()
        .map(|(i, letter)| {
            Action::from_letter(letter).ok_or(PlanError {
                position: i + 1,
                letter,
            })
        })
        .collect()
}

/// A plan string held a character that is not one of `L R D U N`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlanError {
    /// 1-based position of the character in the plan.
    pub position: usize,
    /// The character.
    pub letter: char,
}

impl std::fmt::Display for PlanError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "bad action letter {:?} at position {} (use L R D U N)",
            self.letter, self.position
        )
    }
}

impl std::error::Error for PlanError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_names_and_indices_agree() {
        for (i, action) in Action::ALL.into_iter().enumerate() {
            assert_eq!(action.index() as usize, i);
            assert_eq!(Action::from_index(i as u32), Some(action));
            assert_eq!(Action::from_letter(action.letter()), Some(action));
        }
        assert_eq!(Action::from_index(5), None);
        assert_eq!(Action::Down.name(), "DOWN");
    }

    #[test]
    fn plan_errors_name_the_position() {
        assert_eq!(parse_plan("LRN").unwrap().len(), 3);
        let error = parse_plan("LRxU").unwrap_err();
        assert_eq!((error.position, error.letter), (3, 'x'));
        assert!(error.to_string().contains("position 3"));
    }
}
