//! How the page is shown, in any game's link: keys every game accepts beside its own, read by
//! the page rather than by a game's view.
//!
//! - `class=1`: class mode, the projector's layout (larger type, board, statistics, legend and
//!   the search timeline on one screen, settings folded away). Absent or `class=0`: the normal
//!   layout. Added with issue 18; links without it read as before.

use super::{error, FieldError, Fields};
use crate::field_error::quoted;
use serde::{Deserialize, Serialize};

/// The link key of class mode.
pub const CLASS_KEY: &str = "class";
/// Every page key a link may hold, whatever its game.
pub const KEYS: &[&str] = &[CLASS_KEY];

/// The page's own settings a link carries.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
pub struct PageSettings {
    /// Class mode: the projector's layout.
    pub class_mode: bool,
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
        Ok(PageSettings { class_mode })
    }

    /// The keys to append to a game's fragment (`&class=1`, or nothing for the defaults).
    pub fn format(&self) -> String {
        if self.class_mode {
            format!("&{CLASS_KEY}=1")
        } else {
            String::new()
        }
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
            let page = PageSettings { class_mode };
            assert_eq!(settings(&format!("v=1{}", page.format())).unwrap(), page);
        }
    }

    #[test]
    fn every_game_reads_its_view_from_a_link_in_class_mode() {
        assert!(bait::View::parse("v=1&algo=bfs&class=1").is_ok());
        assert!(g2048::View::parse("v=1&game=2048&class=1").is_ok());
        assert!(othello::View::parse("v=1&game=othello&class=1").is_ok());
        assert!(sumzero::View::parse("v=1&game=sumzero&class=1").is_ok());
        assert!(bait::View::parse("v=1&algo=bfs&compare=bfs;dfs&class=1").is_ok());
    }
}
