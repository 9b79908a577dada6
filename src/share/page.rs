//! How the page is shown, in any game's link: keys every game accepts beside its own, read by
//! the page rather than by a game's view.
//!
//! - `class=1`: class mode, the projector's layout (larger type, board, statistics, legend and
//!   the search timeline on one screen, settings folded away). Absent or `class=0`: the normal
//!   layout. Added with issue 18; links without it read as before.
//! - `lesson=<name>&step=<n>`: the guided lesson `name` (a file `www/lessons/<name>.json`) open at
//!   its step `n` (from 1; left out, 1). A link with only these keys (and `v`, `class`) opens the
//!   step's own board and settings; a link that also holds a game's keys opens those, with the
//!   lesson beside them at that step. Added with issue 18. The page checks that the lesson exists
//!   and has that step, since lessons are data files a teacher adds without rebuilding.

use super::{error, FieldError, Fields};
use crate::field_error::{check_range, quoted};
use serde::{Deserialize, Serialize};

/// The link key of class mode.
pub const CLASS_KEY: &str = "class";
/// The link key naming a guided lesson.
pub const LESSON_KEY: &str = "lesson";
/// The link key of the lesson's step (from 1).
pub const STEP_KEY: &str = "step";
/// Every page key a link may hold, whatever its game.
pub const KEYS: &[&str] = &[CLASS_KEY, LESSON_KEY, STEP_KEY];
/// Longest lesson name.
pub const MAX_LESSON_NAME: usize = 40;
/// Most steps a lesson may have.
pub const MAX_LESSON_STEPS: u32 = 20;

/// The page's own settings a link carries.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
pub struct PageSettings {
    /// Class mode: the projector's layout.
    pub class_mode: bool,
    /// The guided lesson on show and its step, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(target_arch = "wasm32", tsify(optional))]
    pub lesson: Option<LessonStep>,
}

/// A step of a guided lesson: the lesson's name (lower-case letters, digits and `-`, starting
/// with a letter, at most [`MAX_LESSON_NAME`] characters) and the step, 1 to [`MAX_LESSON_STEPS`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
pub struct LessonStep {
    /// The lesson's name, its file's name without `.json`.
    pub name: String,
    /// The step, from 1.
    pub step: u32,
}

impl LessonStep {
    /// Checks the name's spelling and the step's range; the error names the key.
    pub fn validate(&self) -> Result<(), FieldError> {
        let name = &self.name;
        let spelled = name.len() <= MAX_LESSON_NAME
            && name.starts_with(|c: char| c.is_ascii_lowercase())
            && name
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
        if !spelled {
            return Err(error(
                LESSON_KEY,
                format!(
                    "'{}' is not a lesson name (lower-case letters, digits and '-', starting with a \
                     letter, at most {MAX_LESSON_NAME} characters)",
                    quoted(name)
                ),
            ));
        }
        check_range(STEP_KEY, self.step, 1..=MAX_LESSON_STEPS)?;
        Ok(())
    }
}

impl PageSettings {
    /// Reads the page keys of a link; the error names the key and the values it takes.
    pub fn from_fields(fields: &Fields) -> Result<PageSettings, FieldError> {
        let class_mode = match fields.get(CLASS_KEY) {
            None | Some("0") => false,
            Some("1") => true,
            Some(other) => {
                return Err(error(
                    CLASS_KEY,
                    format!(
                        "'{}' is not 1 (class mode) or 0 (the normal layout)",
                        quoted(other)
                    ),
                ))
            }
        };
        let lesson = match (fields.get(LESSON_KEY), fields.get(STEP_KEY)) {
            (None, None) => None,
            (None, Some(_)) => {
                return Err(error(
                    STEP_KEY,
                    "a step needs the lesson it belongs to (lesson=<name>)",
                ))
            }
            (Some(name), _) => {
                let mut step = 1u32;
                fields.number(STEP_KEY, &mut step)?;
                let lesson = LessonStep {
                    name: name.to_string(),
                    step,
                };
                lesson.validate()?;
                Some(lesson)
            }
        };
        Ok(PageSettings { class_mode, lesson })
    }

    /// The keys to append to a game's fragment (`&class=1&lesson=bfs-vs-dfs&step=2`, or nothing
    /// for the defaults). Fails on a lesson step out of range, naming the key.
    pub fn format(&self) -> Result<String, FieldError> {
        let mut out = String::new();
        if self.class_mode {
            out.push_str(&format!("&{CLASS_KEY}=1"));
        }
        if let Some(lesson) = &self.lesson {
            lesson.validate()?;
            out.push_str(&format!(
                "&{LESSON_KEY}={}&{STEP_KEY}={}",
                lesson.name, lesson.step
            ));
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::share::{bait, g2048, link_message, othello, sumzero, LinkView};

    fn settings(link: &str) -> Result<PageSettings, String> {
        Fields::read(link)
            .and_then(|fields| PageSettings::from_fields(&fields))
            .map_err(|e| link_message(&e))
    }

    #[test]
    fn class_mode_is_off_unless_the_link_asks_for_it() {
        assert_eq!(settings("v=1").unwrap(), PageSettings::default());
        assert_eq!(settings("v=1&class=0").unwrap(), PageSettings::default());
        assert!(settings("v=1&game=othello&class=1").unwrap().class_mode);
    }

    #[test]
    fn a_bad_class_value_names_the_field_and_its_values() {
        assert_eq!(
            settings("v=1&class=yes").unwrap_err(),
            "share link, field 'class': 'yes' is not 1 (class mode) or 0 (the normal layout)"
        );
    }

    #[test]
    fn formatting_and_reading_back_gives_the_same_settings() {
        for class_mode in [false, true] {
            for lesson in [None, Some(lesson("bfs-vs-dfs", 2)), Some(lesson("a", 20))] {
                let page = PageSettings { class_mode, lesson };
                let link = format!("v=1{}", page.format().unwrap());
                assert_eq!(settings(&link).unwrap(), page, "{link}");
            }
        }
        let page = PageSettings {
            class_mode: true,
            lesson: Some(lesson("mcts-horizon", 3)),
        };
        assert_eq!(
            page.format().unwrap(),
            "&class=1&lesson=mcts-horizon&step=3"
        );
    }

    fn lesson(name: &str, step: u32) -> LessonStep {
        LessonStep {
            name: name.to_string(),
            step,
        }
    }

    #[test]
    fn a_lesson_without_a_step_opens_at_its_first_step() {
        let page = settings("v=1&lesson=bfs-vs-dfs").unwrap();
        assert_eq!(page.lesson, Some(lesson("bfs-vs-dfs", 1)));
        let page = settings("v=1&game=2048&algo=mcts&lesson=expectimax-2048&step=4").unwrap();
        assert_eq!(page.lesson, Some(lesson("expectimax-2048", 4)));
    }

    #[test]
    fn a_bad_lesson_key_names_its_field_and_range() {
        let cases = [
            (
                "v=1&step=2",
                "share link, field 'step': a step needs the lesson it belongs to (lesson=<name>)",
            ),
            (
                "v=1&lesson=bfs-vs-dfs&step=0",
                "share link, field 'step': must be between 1 and 20, got 0",
            ),
            (
                "v=1&lesson=bfs-vs-dfs&step=21",
                "share link, field 'step': must be between 1 and 20, got 21",
            ),
            (
                "v=1&lesson=bfs-vs-dfs&step=two",
                "share link, field 'step': 'two' is not a number",
            ),
            (
                "v=1&lesson=bfs-vs-dfs&step=-1",
                "share link, field 'step': -1 is below the smallest value 0",
            ),
        ];
        for (link, message) in cases {
            assert_eq!(settings(link).unwrap_err(), message, "{link}");
        }
        let spelling = "is not a lesson name (lower-case letters, digits and '-', starting with a \
                        letter, at most 40 characters)";
        for name in [
            "BFS",
            "",
            "2048-first",
            "a%20b",
            "bfs_dfs",
            "..%2Fx",
            &"a".repeat(41),
        ] {
            let message = settings(&format!("v=1&lesson={name}")).unwrap_err();
            assert!(
                message.starts_with("share link, field 'lesson': '") && message.ends_with(spelling),
                "{name}: {message}"
            );
        }
        assert_eq!(
            settings("v=1&lesson=a&lesson=b").unwrap_err(),
            "share link, field 'lesson': given more than once"
        );
    }

    #[test]
    fn a_lesson_step_out_of_range_is_not_written() {
        let page = PageSettings {
            class_mode: false,
            lesson: Some(lesson("bfs-vs-dfs", 0)),
        };
        assert_eq!(
            link_message(&page.format().unwrap_err()),
            "share link, field 'step': must be between 1 and 20, got 0"
        );
    }

    #[test]
    fn every_game_reads_its_view_from_a_link_in_class_mode() {
        assert!(bait::View::parse("v=1&algo=bfs&class=1").is_ok());
        assert!(g2048::View::parse("v=1&game=2048&class=1").is_ok());
        assert!(othello::View::parse("v=1&game=othello&class=1").is_ok());
        assert!(sumzero::View::parse("v=1&game=sumzero&class=1").is_ok());
        assert!(bait::View::parse("v=1&algo=bfs&compare=bfs;dfs&class=1").is_ok());
        assert!(bait::View::parse("v=1&algo=bfs&lesson=bfs-vs-dfs&step=2").is_ok());
        assert!(othello::View::parse("v=1&game=othello&lesson=ab&step=1&class=1").is_ok());
    }
}
