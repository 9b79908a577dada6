//! Side by side in a link: two to four panes on the link's level or position, each with its own
//! algorithm and parameters, in one key added with issue 17 (links without it read as before):
//!
//! `compare=bfs;astar:heuristic=walls;wastar:heuristic=state:weight=2`
//!
//! Panes are separated by `;`. A pane is an algorithm's name, then `:key=value` for each of its
//! own parameters: the keys the game's parameter table (`src/agents/params/`) gives that
//! algorithm, read and checked by the game's own link parser exactly as the single view's keys
//! are. A pane's other settings (the level, the node limit, the mode, the seed) are the link's;
//! a parameter a pane leaves out takes the link's value for that key, else its default. A link
//! written by the page gives every pane all of its algorithm's parameters.
//!
//! A game whose link names its agents otherwise reads a pane its own way
//! ([`Comparable::read_pane`]): Othello's pane is the agent of the side to move at the position
//! shown, in the agent grammar of its `black` and `white` keys (`compare=minimax:depth=4;alphabeta:depth=4`).

use super::{encode, error, FieldError, Fields, LinkView};
use crate::agents::params::Table;
use crate::field_error::quoted;

/// The link key of side by side.
pub const KEY: &str = "compare";
/// Fewest panes side by side shows.
pub const MIN_PANES: usize = 2;
/// Most panes side by side shows.
pub const MAX_PANES: usize = 4;

/// A game whose link can hold panes side by side.
pub trait Comparable: LinkView {
    /// The game's parameter table: which keys each algorithm reads.
    const TABLE: Table;

    /// The panes of this view (empty: the single view).
    fn panes(&self) -> &[Self];

    /// One pane's view from the link's `fields` and the pane's `text`; the error is the message
    /// after "pane N: ". By default the text is `algo:key=value:...`, an algorithm and its own
    /// parameters (the keys [`Self::TABLE`] gives it) in place of the link's.
    fn read_pane(fields: &Fields, text: &str) -> Result<Self, String> {
        read_algorithm_pane(fields, text)
    }

    /// This pane's text in a link, as [`Self::read_pane`] reads it. By default its algorithm and
    /// every parameter of it, as the pane's own link writes them.
    fn pane_text(&self) -> Result<String, FieldError> {
        algorithm_pane_text(self)
    }
}

/// The link's own fields without side by side (each pane's view starts from them).
pub fn fields_without_panes(fields: &Fields) -> Fields {
    Fields {
        pairs: fields
            .pairs
            .iter()
            .filter(|(key, _)| key != KEY)
            .cloned()
            .collect(),
    }
}

/// The panes of a link's `compare` key (none when the key is absent), each a full view of the
/// game: the link's own fields with the pane's algorithm and parameters in place of the link's.
/// Errors are on the field `compare` and name the pane ("pane 3: weight: must be between 1 and
/// 100, got 0").
pub fn read_panes<V: Comparable>(fields: &Fields) -> Result<Vec<V>, FieldError> {
    let Some(raw) = fields.get(KEY) else {
        return Ok(Vec::new());
    };
    let parts: Vec<&str> = raw.split(';').collect();
    check_count(parts.len())?;
    parts
        .iter()
        .enumerate()
        .map(|(i, part)| {
            V::read_pane(fields, part)
                .map_err(|message| error(KEY, format!("pane {}: {message}", i + 1)))
        })
        .collect()
}

/// A pane from its text `algo:key=value:...` (see [`Comparable::read_pane`]).
pub fn read_algorithm_pane<V: Comparable>(fields: &Fields, text: &str) -> Result<V, String> {
    let mut pieces = text.split(':');
    let algo = pieces.next().unwrap_or_default();
    if algo.is_empty() {
        return Err(
            "names no algorithm (panes are separated by ';', for example bfs;astar)".into(),
        );
    }
    // The link's own fields, without side by side and with the pane's algorithm.
    let mut pairs: Vec<(String, String)> = fields
        .pairs
        .iter()
        .filter(|(key, _)| key != KEY && key != "algo")
        .cloned()
        .collect();
    pairs.push(("algo".into(), algo.into()));
    // The algorithm's name is checked first, so a bad name is not reported as a bad key.
    V::from_fields(&Fields {
        pairs: pairs.clone(),
    })
    .map_err(|e| e.to_string())?;
    let own = V::TABLE.algorithm_keys(algo);
    let mut given: Vec<&str> = Vec::new();
    for piece in pieces {
        let (key, value) = piece.split_once('=').ok_or_else(|| {
            format!(
                "'{}' is not key=value (for example wastar:weight=2)",
                quoted(piece)
            )
        })?;
        if !own.contains(&key) {
            let theirs = if own.is_empty() {
                "none".to_string()
            } else {
                own.join(", ")
            };
            return Err(format!(
                "'{}' is not a parameter of {algo} (its parameters: {theirs})",
                quoted(key)
            ));
        }
        if given.contains(&key) {
            return Err(format!("'{key}' given more than once"));
        }
        given.push(key);
        pairs.retain(|(k, _)| k != key);
        pairs.push((key.into(), value.into()));
    }
    V::from_fields(&Fields { pairs }).map_err(|e| e.to_string())
}

/// The `&compare=...` part of a link for `panes` (empty for none): each pane's algorithm and
/// every parameter of it, as the pane's own link writes them.
pub fn format_panes<V: Comparable>(panes: &[V]) -> Result<String, FieldError> {
    if panes.is_empty() {
        return Ok(String::new());
    }
    check_count(panes.len())?;
    let mut texts = Vec::with_capacity(panes.len());
    for (i, pane) in panes.iter().enumerate() {
        texts.push(
            pane.pane_text()
                .map_err(|e| error(KEY, format!("pane {}: {e}", i + 1)))?,
        );
    }
    Ok(format!("&{KEY}={}", texts.join(";")))
}

/// A pane's text `algo:key=value:...` (see [`Comparable::pane_text`]).
pub fn algorithm_pane_text<V: Comparable>(pane: &V) -> Result<String, FieldError> {
    let fields = Fields::read(&pane.format()?)?;
    let algo = fields.get("algo").unwrap_or_default();
    let mut text = encode(algo);
    for key in V::TABLE.algorithm_keys(algo) {
        if let Some(value) = fields.get(key) {
            text.push_str(&format!(":{key}={}", encode(value)));
        }
    }
    Ok(text)
}

/// Checks a view's panes: none, or [`MIN_PANES`] to [`MAX_PANES`] valid views that hold no panes
/// of their own.
pub fn validate_panes<V: Comparable>(panes: &[V]) -> Result<(), FieldError> {
    if panes.is_empty() {
        return Ok(());
    }
    check_count(panes.len())?;
    for (i, pane) in panes.iter().enumerate() {
        let in_pane = |message: String| error(KEY, format!("pane {}: {message}", i + 1));
        if !pane.panes().is_empty() {
            return Err(in_pane("a pane holds no panes of its own".into()));
        }
        pane.validate().map_err(|e| in_pane(e.to_string()))?;
    }
    Ok(())
}

fn check_count(count: usize) -> Result<(), FieldError> {
    if (MIN_PANES..=MAX_PANES).contains(&count) {
        Ok(())
    } else {
        Err(error(
            KEY,
            format!(
                "{count} pane{} given; side by side shows {MIN_PANES} to {MAX_PANES}, separated by ';' (for example bfs;astar)",
                if count == 1 { "" } else { "s" }
            ),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::super::{bait, link_message};
    use super::*;
    use crate::agents::bait::{Algorithm, Bound};

    const LEVEL: &str = "level=wwwww/wA.gw/wk..w/wwwww";

    fn parse(link: &str) -> Result<bait::View, String> {
        bait::View::parse(link).map_err(|e| link_message(&e))
    }

    #[test]
    fn a_hand_written_comparison_reads_each_panes_algorithm_and_parameters() {
        let view = parse(&format!(
            "v=1&{LEVEL}&heuristic=walls&max-nodes=5000&seed=7&compare=bfs;astar;wastar:weight=2.5:heuristic=state"
        ))
        .unwrap();
        let algos: Vec<Algorithm> = view.compare.iter().map(|pane| pane.algo).collect();
        assert_eq!(algos, [Algorithm::Bfs, Algorithm::Astar, Algorithm::Wastar]);
        // A pane's own parameters; the link's value for a key the pane leaves out.
        assert_eq!(view.compare[1].heuristic, Bound::Walls);
        assert_eq!(view.compare[2].heuristic, Bound::State);
        assert_eq!(view.compare[2].weight, 2.5);
        for pane in &view.compare {
            assert_eq!(pane.level, view.level);
            assert_eq!((pane.max_nodes, pane.seed), (5000, Some(7)));
            assert!(pane.compare.is_empty());
        }
    }

    #[test]
    fn parse_format_parse_is_the_identity() {
        for link in [
            format!("v=1&{LEVEL}&algo=bfs&seed=1&compare=bfs;astar"),
            format!("v=1&{LEVEL}&compare=bfs;astar:heuristic=walls;wastar:weight=3;dls:depth=7:weights=1,2,0.5"),
            "v=1&compare=mcts:uct=0.5:rollout-depth=20;rhea:population=4:horizon=6&mode=plan".into(),
        ] {
            let first = parse(&link).unwrap();
            let written = first.format().unwrap();
            let second = parse(&written).unwrap();
            assert_eq!(first, second, "{link} -> {written}");
            assert_eq!(second.format().unwrap(), written);
        }
    }

    #[test]
    fn the_page_writes_every_parameter_of_each_panes_algorithm() {
        let written = parse(&format!(
            "v=1&{LEVEL}&seed=3&compare=bfs;wastar:weight=2;dls"
        ))
        .unwrap()
        .format()
        .unwrap();
        assert!(
            written.ends_with(
                "&seed=3&compare=bfs;wastar:heuristic=state:weight=2;dls:depth=5:weights=10%2C1%2C0.1"
            ),
            "{written}"
        );
    }

    #[test]
    fn a_link_without_panes_is_the_single_view() {
        let view = parse(&format!("v=1&{LEVEL}&algo=bfs")).unwrap();
        assert!(view.compare.is_empty());
        assert!(!view.format().unwrap().contains(KEY));
    }

    #[test]
    fn errors_name_the_field_and_the_pane() {
        let cases = [
            ("compare=bfs", "field 'compare': 1 pane given; side by side shows 2 to 4, separated by ';' (for example bfs;astar)"),
            ("compare=bfs;bfs;bfs;bfs;bfs", "field 'compare': 5 panes given; side by side shows 2 to 4"),
            ("compare=bfs;", "field 'compare': pane 2: names no algorithm"),
            ("compare=bfs;best", "field 'compare': pane 2: algo: unknown algorithm 'best'"),
            ("compare=bfs;wastar:weight=0.5", "field 'compare': pane 2: weight: must be between 1 and 100, got 0.5"),
            ("compare=bfs:weight=2;astar", "field 'compare': pane 1: 'weight' is not a parameter of bfs (its parameters: none)"),
            ("compare=astar:depth=3;bfs", "field 'compare': pane 1: 'depth' is not a parameter of astar (its parameters: heuristic)"),
            ("compare=bfs;astar:heuristic", "field 'compare': pane 2: 'heuristic' is not key=value"),
            ("compare=bfs;astar:heuristic=walls:heuristic=state", "field 'compare': pane 2: 'heuristic' given more than once"),
            ("compare=bfs;astar:heuristic=course", "field 'compare': pane 2: heuristic:"),
        ];
        for (rest, expected) in cases {
            let message = parse(&format!("v=1&{LEVEL}&{rest}")).unwrap_err();
            assert!(
                message.starts_with(&format!("share link, {expected}")),
                "{rest}: {message}"
            );
        }
    }

    #[test]
    fn format_refuses_panes_a_link_could_not_hold() {
        let mut view = parse(&format!("v=1&{LEVEL}&compare=bfs;astar")).unwrap();
        let mut nested = view.clone();
        view.compare[1].weight = 0.0;
        view.compare[1].algo = Algorithm::Wastar;
        let error = view.format().unwrap_err();
        assert_eq!(error.field, KEY);
        assert!(
            error.message.starts_with("pane 2: weight:"),
            "{}",
            error.message
        );
        nested.compare[0].compare = nested.compare.clone();
        let error = nested.format().unwrap_err();
        assert_eq!(error.message, "pane 1: a pane holds no panes of its own");
        nested.compare.truncate(1);
        assert!(nested
            .format()
            .unwrap_err()
            .message
            .starts_with("1 pane given"));
    }
}
