//! [`VgdlPlay`]: a VGDL game as the page plays and sends it: a [`VgdlState`] that also knows the
//! game file and level it was read from and the moves since the start, so that its text form
//! ([`Display`], read back by [`FromStr`]) rebuilds it exactly in another wasm instance (the
//! search worker). GVGAI's tick is deterministic, so the start and the moves are the state.
//!
//! The text form:
//!
//! ```text
//! vgdl-play/1 <lines of the game file> <lines of the level>
//! <the game file>
//! <the level>
//! <the moves since the start, as letters L R D U N (maybe none)>
//! ```
//!
//! The moves are a persistent list (one shared node per move), so copying a state for a search
//! costs two reference counts more than copying the [`VgdlState`]; equality, hashing and the
//! search key are the state's own (two paths to one state are one state). It observes as
//! sprites as its state does ([`SpriteGame`]), so the sprite agents run on it.

use std::fmt;
use std::hash::{Hash, Hasher};
use std::rc::Rc;
use std::str::FromStr;

use crate::game::Game;
use crate::games::gvgai::GvgaiGame;
use crate::games::vgdl::{
    Action, CollisionSink, Description, LoadError, VgdlKey, VgdlState, World,
};
use crate::sprites::{Category, Ending, Event, Position, Sprite, SpriteGame, SpriteType};

/// The first word of the text form.
const HEADER: &str = "vgdl-play/1";

/// Heap bytes of one move's node: the `Rc` allocation holds two counts and the node.
const MOVE_NODE_BYTES: usize = 2 * std::mem::size_of::<usize>() + std::mem::size_of::<Played>();

/// The texts a game was read from.
#[derive(Debug)]
struct Source {
    game: String,
    level: String,
}

/// One move in the persistent list of moves, newest first.
#[derive(Debug)]
struct Played {
    action: Action,
    before: Option<Rc<Played>>,
}

/// A VGDL state with its game file, level and moves since the start (see the module's doc).
#[derive(Clone, Debug)]
pub struct VgdlPlay {
    state: VgdlState,
    source: Rc<Source>,
    last: Option<Rc<Played>>,
}

impl PartialEq for VgdlPlay {
    fn eq(&self, other: &Self) -> bool {
        self.state == other.state
    }
}

impl Eq for VgdlPlay {}

impl Hash for VgdlPlay {
    fn hash<H: Hasher>(&self, hasher: &mut H) {
        self.state.hash(hasher);
    }
}

impl VgdlPlay {
    /// The start of `level` of the game file `game`; the error names the file at fault and the
    /// line and column.
    pub fn parse(game: &str, level: &str) -> Result<VgdlPlay, LoadError> {
        let description = Rc::new(Description::parse(game).map_err(LoadError::Game)?);
        let world = World::parse(description, level).map_err(LoadError::Level)?;
        Ok(VgdlPlay {
            state: VgdlState::new(Rc::new(world)),
            source: Rc::new(Source {
                game: game.to_string(),
                level: level.to_string(),
            }),
            last: None,
        })
    }

    /// The interpreter's state.
    pub fn state(&self) -> &VgdlState {
        &self.state
    }

    /// The game file this game was read from.
    pub fn game_text(&self) -> &str {
        &self.source.game
    }

    /// The level this game was read from.
    pub fn level_text(&self) -> &str {
        &self.source.level
    }

    /// The moves since the start, first first.
    pub fn moves(&self) -> Vec<Action> {
        let mut moves = Vec::new();
        let mut at = self.last.as_deref();
        while let Some(played) = at {
            moves.push(played.action);
            at = played.before.as_deref();
        }
        moves.reverse();
        moves
    }

    /// One tick, its collision events to `sink`, and the move recorded.
    fn advance_with<S: CollisionSink>(&mut self, action: Action, sink: &mut S) {
        self.state.advance_with(action, sink);
        self.last = Some(Rc::new(Played {
            action,
            before: self.last.take(),
        }));
    }
}

impl Drop for Played {
    /// Unlinks the list iteratively, so a long game's list cannot overflow the stack.
    fn drop(&mut self) {
        let mut next = self.before.take();
        while let Some(node) = next {
            next = match Rc::try_unwrap(node) {
                Ok(mut only) => only.before.take(),
                Err(_) => None,
            };
        }
    }
}

impl fmt::Display for VgdlPlay {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Source { game, level } = &*self.source;
        let lines = |text: &str| text.split('\n').count();
        writeln!(f, "{HEADER} {} {}", lines(game), lines(level))?;
        writeln!(f, "{game}")?;
        writeln!(f, "{level}")?;
        let moves: String = self.moves().into_iter().map(Action::letter).collect();
        write!(f, "{moves}")
    }
}

impl FromStr for VgdlPlay {
    type Err = String;

    /// Reads the text form; the error names the part at fault (header, game file, level or the
    /// move that cannot be played).
    fn from_str(text: &str) -> Result<VgdlPlay, String> {
        let (header, rest) = text
            .split_once('\n')
            .ok_or("a VGDL game's text form starts with a header line")?;
        let counts: Vec<&str> = header.split(' ').collect();
        let [HEADER, game_lines, level_lines] = counts[..] else {
            return Err(format!("the header is not '{HEADER} <lines> <lines>'"));
        };
        let count = |what: &str, n: &str| {
            n.parse::<usize>().ok().filter(|&n| n >= 1).ok_or(format!(
                "the header's {what} line count '{n}' is not a whole number from 1"
            ))
        };
        let (game_lines, level_lines) = (count("game", game_lines)?, count("level", level_lines)?);
        let lines: Vec<&str> = rest.split('\n').collect();
        let expected = game_lines
            .checked_add(level_lines)
            .and_then(|n| n.checked_add(1));
        if expected != Some(lines.len()) {
            return Err(format!(
                "the header counts {game_lines} + {level_lines} lines of game and level, then a line of moves; {} lines follow it",
                lines.len()
            ));
        }
        let game = lines[..game_lines].join("\n");
        let level = lines[game_lines..game_lines + level_lines].join("\n");
        let mut play = VgdlPlay::parse(&game, &level).map_err(|e| e.to_string())?;
        for (i, letter) in lines[game_lines + level_lines].chars().enumerate() {
            let action = Action::from_letter(letter).ok_or(format!(
                "move {}: '{letter}' is not one of L R D U N",
                i + 1
            ))?;
            play.try_apply(action)
                .map_err(|e| format!("move {} ({letter}): {}", i + 1, e.reason))?;
        }
        Ok(play)
    }
}

/// A game being played is a GVGAI game as its state is: its [`Game`] and
/// [`Puzzle`](crate::game::Puzzle) are [`GvgaiGame`]'s, each move also appended to the moves
/// played.
impl GvgaiGame for VgdlPlay {
    type Key = VgdlKey;

    fn is_over(&self) -> bool {
        self.state.is_over()
    }

    fn is_won(&self) -> bool {
        self.state.is_won()
    }

    fn score(&self) -> i32 {
        self.state.score()
    }

    #[inline]
    fn advance(&mut self, action: Action) {
        self.advance_with(action, &mut ());
    }

    fn key(&self) -> VgdlKey {
        self.state.key()
    }

    /// The state's own heap block and sprite list, plus the node of the last move: each move
    /// allocates one node, which the states after it share, so one node per state is what a
    /// search's states cost together (the earlier moves are counted with the states that made
    /// them). The game file and level are shared by every state of a game and count nothing.
    fn heap_bytes(&self) -> usize {
        let last_move = match self.last {
            Some(_) => MOVE_NODE_BYTES,
            None => 0,
        };
        self.state.heap_bytes() + last_move
    }

    fn key_heap_bytes(key: &VgdlKey) -> usize {
        key.heap_bytes()
    }
}

/// The state's sprites ([`VgdlState`]'s observation); a logged step records the move as
/// [`Game::apply`] does.
impl SpriteGame for VgdlPlay {
    fn type_count(&self) -> usize {
        self.state.type_count()
    }

    fn type_name(&self, kind: SpriteType) -> &str {
        self.state.type_name(kind)
    }

    fn category(&self, kind: SpriteType) -> Category {
        self.state.category(kind)
    }

    fn grid_size(&self) -> (u32, u32) {
        self.state.grid_size()
    }

    fn is_wall(&self, at: Position) -> bool {
        self.state.is_wall(at)
    }

    fn avatar(&self) -> Option<Sprite> {
        SpriteGame::avatar(&self.state)
    }

    fn sprites(&self, out: &mut Vec<Sprite>) {
        SpriteGame::sprites(&self.state, out);
    }

    fn score(&self) -> f64 {
        SpriteGame::score(&self.state)
    }

    fn ending(&self) -> Option<Ending> {
        self.state.ending()
    }

    fn apply_logging(&mut self, action: Action, events: &mut Vec<Event>) {
        self.advance_with(action, events);
    }
}
