//! A game file parsed once into a compact, data-oriented description: sprite types by dense id,
//! GVGAI's subtype lists, the collision effects of every type pair in GVGAI's order, the
//! end-of-screen effects, the terminations and the level mapping.
//!
//! Type ids follow GVGAI's registry: `wall` is 0 and `avatar` 1 (both exist even when the game
//! does not define them: an Immovable and a MovingAvatar), then every other sprite in the order
//! the SpriteSet defines it. `subtypes[t]` is GVGAI's `iSubTypes[t]`: t's ancestors, t, then its
//! descendants, in that order; a rule on t applies to every sprite whose own type is in it.

use std::collections::HashMap;

use super::error::VgdlError;
use super::ontology::{self, SpriteClass};
use super::syntax::{parse_tree, Node, Word};

/// A sprite type's dense id.
pub type TypeId = u8;

/// Most sprite types a game may define (ids fit a byte).
pub const MAX_TYPES: usize = 255;

/// Most of one resource the avatar may hold (resource limits and values are at most this).
pub const MAX_RESOURCE: i32 = 255;

/// Largest Flicker `limit` (its age is a byte).
pub const MAX_FLICKER_LIMIT: i32 = 250;

/// GVGAI's `MAX_SPRITES`: no sprite is created while more than this many exist.
pub const MAX_SPRITES: usize = 10_000;

/// Most distinct resources a game may use (the avatar's resources are a fixed array).
pub const MAX_RESOURCES: usize = 16;

/// One sprite type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpriteType {
    /// Its name in the game file.
    pub name: String,
    /// Its class; `None` for an abstract group that declares none (it cannot be placed).
    pub class: Option<SpriteClass>,
    /// The type it is nested under.
    pub parent: Option<TypeId>,
    /// `hidden=True`: left out of observations (still on the board).
    pub hidden: bool,
    /// Resource: how many units collecting one gives (`value`, default 1).
    pub resource_value: i32,
    /// Flicker: `limit` (default 1).
    pub flicker_limit: i32,
    /// Whether any rule can move, remove, create or age a sprite of this type. Static sprites
    /// live in the level, not in the state.
    pub dynamic: bool,
}

impl SpriteType {
    /// Whether sprites of this type are avatars.
    pub fn is_avatar(&self) -> bool {
        self.class == Some(SpriteClass::MovingAvatar)
    }
}

/// What an effect does (GVGAI's `ontology.effects`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EffectKind {
    /// The first sprite goes back to where it was at the start of the tick.
    StepBack,
    /// The first sprite moves one cell the way the second moved this tick.
    BounceForward,
    /// Every sprite goes back to where it was at the start of the tick.
    UndoAll,
    /// The first sprite dies (an avatar is disabled instead).
    KillSprite,
    /// Both sprites die.
    KillBoth,
    /// Every sprite of exactly this type dies.
    KillAll(TypeId),
    /// The first sprite is replaced by a new one of this type; `kill_second` also kills the second.
    TransformTo { stype: TypeId, kill_second: bool },
    /// A new sprite of this type appears on the first sprite's cell.
    Spawn(TypeId),
    /// A Resource first sprite is added to the avatar's resources (up to its limit) and dies.
    CollectResource,
    /// The avatar's resource changes by `value` if the result stays within the limit.
    ChangeResource { slot: u8, value: i32 },
    /// The first sprite dies if the avatar holds at most `limit` of the resource.
    KillIfHasLess { slot: u8, limit: i32 },
    /// The first sprite dies if the second holds at least `limit` of the resource.
    KillIfOtherHasMore {
        slot: u8,
        limit: i32,
        subtract: bool,
    },
}

/// An effect with its score change.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Effect {
    pub kind: EffectKind,
    /// Added to the score each time the effect applies.
    pub score_change: i32,
    /// The interaction line it comes from.
    pub line: usize,
}

/// The effects of one type pair, in the order they run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PairRule {
    pub first: TypeId,
    pub second: TypeId,
    /// Indexes into [`Description::effects`]; an effect with `repeat=N` appears N times.
    pub effects: Vec<u16>,
}

/// What ends the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TerminationKind {
    /// Living sprites of the type (and subtypes) at most `limit`.
    SpriteCounter(TypeId),
    /// Living sprites of the types (each with subtypes) summing to exactly `limit`.
    MultiSpriteCounter(Vec<TypeId>),
    /// The tick reaching `limit`.
    Timeout,
}

/// A termination with its limit and result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Termination {
    pub kind: TerminationKind,
    pub limit: i32,
    pub win: bool,
}

/// A parsed game file. See the module doc for the meaning of type ids and subtypes.
#[derive(Clone, Debug)]
pub struct Description {
    pub types: Vec<SpriteType>,
    pub subtypes: Vec<Vec<TypeId>>,
    /// Type pairs with effects, in the order GVGAI checks them (first mention in the file).
    pub pairs: Vec<PairRule>,
    /// `pair_index[first * types + second]`: the pair's index in [`Description::pairs`].
    pub pair_index: Vec<Option<u16>>,
    /// Types with end-of-screen effects, once per interaction line naming them (as GVGAI).
    pub eos_types: Vec<TypeId>,
    /// The end-of-screen effects of each type.
    pub eos_effects: Vec<Vec<u16>>,
    pub effects: Vec<Effect>,
    pub terminations: Vec<Termination>,
    /// Level characters and the sprites each puts on its cell, in order.
    pub mapping: Vec<(char, Vec<TypeId>)>,
    /// The resource types, by slot.
    pub resources: Vec<TypeId>,
    /// Each resource slot's limit (GVGAI's `getResourceLimit`: a Resource's `limit`, else 0).
    pub resource_limits: Vec<i32>,
}

impl Description {
    /// The id of the type named `name`.
    pub fn type_id(&self, name: &str) -> Option<TypeId> {
        self.types
            .iter()
            .position(|t| t.name == name)
            .map(|i| i as TypeId)
    }

    /// The sprites a level character stands for, if it is mapped.
    pub fn mapped(&self, ch: char) -> Option<&[TypeId]> {
        self.mapping
            .iter()
            .find(|(c, _)| *c == ch)
            .map(|(_, types)| types.as_slice())
    }

    /// The effects of the pair (first, second), if any.
    pub fn pair(&self, first: TypeId, second: TypeId) -> Option<&PairRule> {
        let index = self.pair_index[first as usize * self.types.len() + second as usize]?;
        Some(&self.pairs[index as usize])
    }

    /// Parses a game file.
    pub fn parse(text: &str) -> Result<Description, VgdlError> {
        Builder::default().build(text)
    }
}

/// `key=value` parameters of a line, in file order, with the word each came from.
fn parameters_of(words: &[Word]) -> Result<Vec<(String, String, &Word)>, VgdlError> {
    let mut out = Vec::new();
    for word in words {
        match word.text.split_once('=') {
            Some((key, value)) if !key.is_empty() && !value.is_empty() => {
                out.push((key.to_string(), value.to_string(), word))
            }
            _ => {
                return Err(VgdlError::at(
                    0,
                    word.column,
                    format!("expected key=value, found \"{}\"", word.text),
                ))
            }
        }
    }
    Ok(out)
}

/// Attaches the line number to an error made without one.
fn on_line(line: usize) -> impl Fn(VgdlError) -> VgdlError {
    move |mut e| {
        if e.line == 0 {
            e.line = line;
        }
        e
    }
}

fn parse_int(value: &str, key: &str, word: &Word) -> Result<i32, VgdlError> {
    value.parse::<i32>().map_err(|_| {
        VgdlError::at(
            0,
            word.column,
            format!("{key} must be a whole number, found \"{value}\""),
        )
    })
}

/// A whole number within `range`.
fn parse_in(
    value: &str,
    key: &str,
    word: &Word,
    range: std::ops::RangeInclusive<i32>,
) -> Result<i32, VgdlError> {
    let n = parse_int(value, key, word)?;
    if range.contains(&n) {
        Ok(n)
    } else {
        Err(VgdlError::at(
            0,
            word.column,
            format!(
                "{key} must be between {} and {}, found {n}",
                range.start(),
                range.end()
            ),
        ))
    }
}

fn parse_bool(value: &str, key: &str, word: &Word) -> Result<bool, VgdlError> {
    if value.eq_ignore_ascii_case("true") {
        Ok(true)
    } else if value.eq_ignore_ascii_case("false") {
        Ok(false)
    } else {
        Err(VgdlError::at(
            0,
            word.column,
            format!("{key} must be True or False, found \"{value}\""),
        ))
    }
}

/// A sprite definition as read, before classes and parameters are resolved.
struct Definition {
    class: Option<SpriteClass>,
    /// The column of the class's name (0 when none is declared).
    class_column: usize,
    parent: Option<TypeId>,
    parameters: HashMap<String, (String, usize)>,
    line: usize,
}

#[derive(Default)]
struct Builder {
    names: Vec<String>,
    definitions: Vec<Option<Definition>>,
    subtypes: Vec<Vec<TypeId>>,
}

impl Builder {
    fn register(&mut self, name: &str) -> Result<TypeId, String> {
        if let Some(i) = self.names.iter().position(|n| n == name) {
            return Ok(i as TypeId);
        }
        if self.names.len() >= MAX_TYPES {
            return Err(format!("at most {MAX_TYPES} sprite types are supported"));
        }
        self.names.push(name.to_string());
        self.definitions.push(None);
        self.subtypes.push(Vec::new());
        Ok((self.names.len() - 1) as TypeId)
    }

    fn lookup(&self, word: &Word, line: usize) -> Result<TypeId, VgdlError> {
        self.names
            .iter()
            .position(|n| *n == word.text)
            .map(|i| i as TypeId)
            .ok_or_else(|| {
                VgdlError::at(
                    line,
                    word.column,
                    format!("\"{}\" is not a sprite of the SpriteSet", word.text),
                )
            })
    }

    fn build(mut self, text: &str) -> Result<Description, VgdlError> {
        let root = parse_tree(text)?;
        let game = &root.words[0];
        if game.text != "BasicGame" {
            return Err(root.error(format!(
                "{} is not supported; supported games: {}",
                game.text,
                ontology::SUPPORTED_GAMES
            )));
        }
        for (key, _, word) in parameters_of(&root.words[1..]).map_err(on_line(root.line))? {
            if !ontology::GAME_PARAMETERS.contains(&key.as_str()) {
                return Err(VgdlError::at(
                    root.line,
                    word.column,
                    format!(
                        "game parameter {key} is not supported; supported: {}",
                        ontology::GAME_PARAMETERS.join(", ")
                    ),
                ));
            }
        }
        self.register("wall").expect("first types");
        self.register("avatar").expect("first types");
        let mut sections: HashMap<&'static str, &Node> = HashMap::new();
        for section in &root.children {
            let name = section.words[0].text.as_str();
            let known = [
                "SpriteSet",
                "InteractionSet",
                "LevelMapping",
                "TerminationSet",
            ]
            .into_iter()
            .find(|k| k.eq_ignore_ascii_case(name));
            let Some(known) = known else {
                return Err(section.error(format!(
                    "{name} is not a section; sections: SpriteSet, LevelMapping, InteractionSet, TerminationSet"
                )));
            };
            if section.words.len() > 1 {
                return Err(VgdlError::at(
                    section.line,
                    section.words[1].column,
                    format!("nothing may follow {known} on its line"),
                ));
            }
            if sections.insert(known, section).is_some() {
                return Err(section.error(format!("a second {known}")));
            }
        }
        let sprite_set = sections
            .get("SpriteSet")
            .ok_or_else(|| root.error("the game has no SpriteSet"))?;
        self.sprites(&sprite_set.children, None, &[])?;
        let types = self.resolve_types()?;
        let defines_avatar = types
            .iter()
            .zip(&self.definitions)
            .any(|(t, defined)| t.is_avatar() && defined.is_some());
        if !defines_avatar {
            return Err(sprite_set.error(format!(
                "the SpriteSet defines no avatar (a sprite of class {})",
                ontology::SUPPORTED_AVATARS
            )));
        }
        let mut description = Description {
            pair_index: vec![None; types.len() * types.len()],
            eos_effects: vec![Vec::new(); types.len()],
            types,
            subtypes: self.subtypes.clone(),
            pairs: Vec::new(),
            eos_types: Vec::new(),
            effects: Vec::new(),
            terminations: Vec::new(),
            mapping: vec![('w', vec![0]), ('A', vec![1])],
            resources: Vec::new(),
            resource_limits: Vec::new(),
        };
        for (i, t) in description.types.iter().enumerate() {
            if t.class == Some(SpriteClass::Resource) {
                description.resources.push(i as TypeId);
            }
        }
        if let Some(mapping) = sections.get("LevelMapping") {
            self.level_mapping(mapping, &mut description)?;
        }
        if let Some(interactions) = sections.get("InteractionSet") {
            for line in &interactions.children {
                self.interaction(line, &mut description)?;
            }
        }
        if let Some(terminations) = sections.get("TerminationSet") {
            for line in &terminations.children {
                let termination = self.termination(line)?;
                description.terminations.push(termination);
            }
        }
        if description.resources.len() > MAX_RESOURCES {
            return Err(sprite_set.error(format!(
                "at most {MAX_RESOURCES} resource types are supported, this game has {}",
                description.resources.len()
            )));
        }
        description.resource_limits = description
            .resources
            .iter()
            .map(|&r| self.resource_limit(r, &description))
            .collect::<Result<_, _>>()?;
        mark_dynamic(&mut description);
        Ok(description)
    }

    /// Reads a block of the SpriteSet (GVGAI's `_parseSprites`).
    fn sprites(
        &mut self,
        nodes: &[Node],
        parent: Option<TypeId>,
        ancestors: &[TypeId],
    ) -> Result<(), VgdlError> {
        for node in nodes {
            let name = &node.words[0];
            let arrow = node.words.get(1).filter(|w| w.text == ">");
            if arrow.is_none() || name.text.contains('=') {
                return Err(node.error("a sprite line reads: name > Class key=value ..."));
            }
            if name.text == "EOS" || name.text == "TIME" {
                return Err(node.error(format!("{} is a reserved name", name.text)));
            }
            let id = self.register(&name.text).map_err(|m| node.error(m))?;
            if self.definitions[id as usize].is_some() {
                return Err(node.error(format!("sprite {} is defined twice", name.text)));
            }
            let mut rest = &node.words[2..];
            let mut class = None;
            let mut class_column = 0;
            if let Some(first) = rest.first().filter(|w| !w.text.contains('=')) {
                class_column = first.column;
                class = Some(SpriteClass::from_name(&first.text).ok_or_else(|| {
                    let message = if ontology::UNSUPPORTED_AVATARS.contains(&first.text.as_str()) {
                        format!(
                            "{} is not supported; supported avatars: {}",
                            first.text,
                            ontology::SUPPORTED_AVATARS
                        )
                    } else {
                        format!(
                            "{} is not supported; supported sprite classes: {}; supported avatars: {}",
                            first.text,
                            ontology::SUPPORTED_SPRITE_CLASSES,
                            ontology::SUPPORTED_AVATARS
                        )
                    };
                    VgdlError::at(node.line, first.column, message)
                })?);
                rest = &rest[1..];
            }
            let mut parameters = HashMap::new();
            for (key, value, word) in parameters_of(rest).map_err(on_line(node.line))? {
                parameters.insert(key, (value, word.column));
            }
            let mut itypes = ancestors.to_vec();
            itypes.push(id);
            self.subtypes[id as usize] = itypes.clone();
            self.definitions[id as usize] = Some(Definition {
                class,
                class_column,
                parent,
                parameters,
                line: node.line,
            });
            if !node.children.is_empty() {
                self.sprites(&node.children, Some(id), &itypes)?;
                for child in &node.children {
                    let child_id = self.lookup(&child.words[0], child.line)?;
                    for sub in self.subtypes[child_id as usize].clone() {
                        if !self.subtypes[id as usize].contains(&sub) {
                            self.subtypes[id as usize].push(sub);
                        }
                    }
                }
            }
        }
        Ok(())
    }

    /// Classes and parameters with inheritance resolved and checked.
    fn resolve_types(&mut self) -> Result<Vec<SpriteType>, VgdlError> {
        let mut types = Vec::with_capacity(self.names.len());
        for (id, name) in self.names.iter().enumerate() {
            if self.subtypes[id].is_empty() {
                self.subtypes[id] = vec![id as TypeId];
            }
            let Some(definition) = &self.definitions[id] else {
                // wall and avatar, not defined by the game: GVGAI's defaults.
                let class = if id == 0 {
                    SpriteClass::Immovable
                } else {
                    SpriteClass::MovingAvatar
                };
                types.push(SpriteType {
                    name: name.clone(),
                    class: Some(class),
                    parent: None,
                    hidden: false,
                    resource_value: 1,
                    flicker_limit: 1,
                    dynamic: false,
                });
                continue;
            };
            // The chain from the outermost ancestor down to this type.
            let mut chain = vec![id];
            let mut up = definition.parent;
            while let Some(p) = up {
                chain.push(p as usize);
                up = self.definitions[p as usize].as_ref().and_then(|d| d.parent);
            }
            chain.reverse();
            let mut class = None;
            let mut parameters: HashMap<&str, (&str, usize, usize)> = HashMap::new();
            for &t in &chain {
                let d = self.definitions[t].as_ref().expect("defined ancestors");
                if let Some(own) = d.class {
                    match class {
                        Some(inherited) if inherited != own => {
                            return Err(VgdlError::at(
                                d.line,
                                d.class_column,
                                format!(
                                    "sprite {} declares {} but is nested under a {}; GVGAI would run it as a {}",
                                    self.names[t],
                                    own.name(),
                                    SpriteClass::name(inherited),
                                    SpriteClass::name(inherited)
                                ),
                            ))
                        }
                        _ => class = Some(own),
                    }
                }
                for (key, (value, column)) in &d.parameters {
                    parameters.insert(key, (value, *column, d.line));
                }
            }
            let mut sprite = SpriteType {
                name: name.clone(),
                class,
                parent: definition.parent,
                hidden: false,
                resource_value: 1,
                flicker_limit: 1,
                dynamic: false,
            };
            for (key, (value, column, line)) in parameters {
                let word = Word {
                    text: value.to_string(),
                    column,
                };
                let here = on_line(line);
                let accepted = ontology::COSMETIC_SPRITE_PARAMETERS.contains(&key)
                    || class.is_some_and(|c| c.parameters().contains(&key));
                if !accepted {
                    let own: Vec<&str> = class.map_or(Vec::new(), |c| c.parameters().to_vec());
                    let mut all = own;
                    all.extend_from_slice(ontology::COSMETIC_SPRITE_PARAMETERS);
                    return Err(VgdlError::at(
                        line,
                        column,
                        format!(
                            "sprite parameter {key} (of {name}) is not supported; supported: {}",
                            all.join(", ")
                        ),
                    ));
                }
                match (key, class) {
                    ("hidden", _) => sprite.hidden = parse_bool(value, key, &word).map_err(here)?,
                    ("value", Some(SpriteClass::Resource)) => {
                        sprite.resource_value =
                            parse_in(value, key, &word, 0..=MAX_RESOURCE).map_err(here)?
                    }
                    ("limit", Some(SpriteClass::Flicker)) => {
                        sprite.flicker_limit =
                            parse_in(value, key, &word, 0..=MAX_FLICKER_LIMIT).map_err(here)?
                    }
                    ("limit", Some(SpriteClass::Resource)) => {
                        parse_in(value, key, &word, 0..=MAX_RESOURCE).map_err(here)?;
                    }
                    _ => {}
                }
            }
            types.push(sprite);
        }
        Ok(types)
    }

    /// A resource type's limit: its inherited `limit` (default 2), or 0 for a non-Resource.
    fn resource_limit(&self, r: TypeId, description: &Description) -> Result<i32, VgdlError> {
        if description.types[r as usize].class != Some(SpriteClass::Resource) {
            return Ok(0);
        }
        let mut up = Some(r as usize);
        while let Some(t) = up {
            let Some(d) = self.definitions[t].as_ref() else {
                break;
            };
            if let Some((value, _)) = d.parameters.get("limit") {
                return Ok(value.parse().unwrap_or(2));
            }
            up = d.parent.map(|p| p as usize);
        }
        Ok(2)
    }

    fn level_mapping(&self, section: &Node, d: &mut Description) -> Result<(), VgdlError> {
        for line in &section.children {
            let key = &line.words[0];
            let mut chars = key.text.chars();
            let (Some(ch), None) = (chars.next(), chars.next()) else {
                return Err(line.error(format!(
                    "a level character is one character, found \"{}\"",
                    key.text
                )));
            };
            if line.words.len() < 3 || line.words[1].text != ">" {
                return Err(line.error("a mapping line reads: c > sprite sprite ..."));
            }
            let mut types = Vec::new();
            for word in &line.words[2..] {
                let t = self.lookup(word, line.line)?;
                if d.types[t as usize].class.is_none() {
                    return Err(VgdlError::at(
                        line.line,
                        word.column,
                        format!("{} has no class and cannot be placed", word.text),
                    ));
                }
                types.push(t);
            }
            d.mapping.retain(|(c, _)| *c != ch);
            d.mapping.push((ch, types));
        }
        Ok(())
    }

    fn stype(
        &self,
        parameters: &[(String, String, &Word)],
        key: &str,
        line: &Node,
    ) -> Result<TypeId, VgdlError> {
        let (_, value, word) = parameters
            .iter()
            .find(|(k, _, _)| k == key)
            .ok_or_else(|| line.error(format!("{} needs {key}=", line.words[0].text)))?;
        self.names
            .iter()
            .position(|n| n == value)
            .map(|i| i as TypeId)
            .ok_or_else(|| {
                VgdlError::at(
                    line.line,
                    word.column,
                    format!("\"{value}\" is not a sprite of the SpriteSet"),
                )
            })
    }

    fn resource_slot(
        &self,
        parameters: &[(String, String, &Word)],
        line: &Node,
        d: &mut Description,
    ) -> Result<u8, VgdlError> {
        let t = self.stype(parameters, "resource", line)?;
        if let Some(slot) = d.resources.iter().position(|&r| r == t) {
            return Ok(slot as u8);
        }
        d.resources.push(t);
        Ok((d.resources.len() - 1) as u8)
    }

    fn interaction(&self, line: &Node, d: &mut Description) -> Result<(), VgdlError> {
        let arrow = line
            .words
            .iter()
            .position(|w| w.text == ">")
            .ok_or_else(|| {
                line.error("an interaction line reads: sprite sprite ... > effect key=value ...")
            })?;
        if arrow < 2 || arrow + 1 >= line.words.len() {
            return Err(
                line.error("an interaction line reads: sprite sprite ... > effect key=value ...")
            );
        }
        let effect_word = &line.words[arrow + 1];
        let name = effect_word.text.as_str();
        let allowed = ontology::effect_parameters(name).ok_or_else(|| {
            VgdlError::at(
                line.line,
                effect_word.column,
                format!(
                    "{name} is not supported; supported effects: {}",
                    ontology::SUPPORTED_EFFECTS
                ),
            )
        })?;
        let parameters = parameters_of(&line.words[arrow + 2..]).map_err(on_line(line.line))?;
        let mut score_change = 0;
        let mut repeat = 1;
        let mut kill_second = false;
        let mut subtract = false;
        let mut value = 1;
        let mut limit = 0;
        for (key, v, word) in &parameters {
            let here = on_line(line.line);
            match key.as_str() {
                "scoreChange" => score_change = parse_int(v, key, word).map_err(here)?,
                "repeat" => {
                    repeat = parse_int(v, key, word).map_err(here)?;
                    if !(1..=100).contains(&repeat) {
                        return Err(VgdlError::at(
                            line.line,
                            word.column,
                            "repeat must be 1 to 100",
                        ));
                    }
                }
                k if allowed.contains(&k) => match k {
                    "killSecond" => kill_second = parse_bool(v, key, word).map_err(here)?,
                    "subtract" => subtract = parse_bool(v, key, word).map_err(here)?,
                    "value" => {
                        value =
                            parse_in(v, key, word, -MAX_RESOURCE..=MAX_RESOURCE).map_err(here)?
                    }
                    "limit" => {
                        limit =
                            parse_in(v, key, word, -MAX_RESOURCE..=MAX_RESOURCE).map_err(here)?
                    }
                    _ => {}
                },
                _ => {
                    let mut all = vec!["scoreChange", "repeat"];
                    all.extend_from_slice(allowed);
                    return Err(VgdlError::at(
                        line.line,
                        word.column,
                        format!(
                            "parameter {key} of {name} is not supported; supported: {}",
                            all.join(", ")
                        ),
                    ));
                }
            }
        }
        let kind = match name {
            "stepBack" => EffectKind::StepBack,
            "bounceForward" => EffectKind::BounceForward,
            "undoAll" => EffectKind::UndoAll,
            "killSprite" => EffectKind::KillSprite,
            "killBoth" => EffectKind::KillBoth,
            "killAll" => EffectKind::KillAll(self.stype(&parameters, "stype", line)?),
            "spawn" => EffectKind::Spawn(self.stype(&parameters, "stype", line)?),
            "transformTo" => EffectKind::TransformTo {
                stype: self.stype(&parameters, "stype", line)?,
                kill_second,
            },
            "collectResource" => EffectKind::CollectResource,
            "changeResource" => EffectKind::ChangeResource {
                slot: self.resource_slot(&parameters, line, d)?,
                value,
            },
            "killIfHasLess" => EffectKind::KillIfHasLess {
                slot: self.resource_slot(&parameters, line, d)?,
                limit,
            },
            "killIfOtherHasMore" => EffectKind::KillIfOtherHasMore {
                slot: self.resource_slot(&parameters, line, d)?,
                limit,
                subtract,
            },
            _ => unreachable!("effect_parameters lists exactly these"),
        };
        if let EffectKind::Spawn(t) | EffectKind::TransformTo { stype: t, .. } = kind {
            if d.types[t as usize].class.is_none() {
                return Err(line.error(format!(
                    "{} has no class and cannot be created",
                    d.types[t as usize].name
                )));
            }
        }
        let effect_index = d.effects.len() as u16;
        d.effects.push(Effect {
            kind,
            score_change,
            line: line.line,
        });
        let first_word = &line.words[0];
        let seconds = &line.words[1..arrow];
        if first_word.text == "TIME" || seconds.iter().any(|w| w.text == "TIME") {
            return Err(line.error("TIME effects are not supported"));
        }
        let first = if first_word.text == "EOS" {
            None
        } else {
            Some(self.lookup(first_word, line.line)?)
        };
        for second_word in seconds {
            let second = if second_word.text == "EOS" {
                None
            } else {
                Some(self.lookup(second_word, line.line)?)
            };
            match (first, second) {
                (Some(a), Some(b)) => {
                    self.check_effect(kind, a, b, line, d)?;
                    let n = d.types.len();
                    let index = match d.pair_index[a as usize * n + b as usize] {
                        Some(index) => index as usize,
                        None => {
                            d.pairs.push(PairRule {
                                first: a,
                                second: b,
                                effects: Vec::new(),
                            });
                            d.pair_index[a as usize * n + b as usize] =
                                Some((d.pairs.len() - 1) as u16);
                            d.pairs.len() - 1
                        }
                    };
                    for _ in 0..repeat {
                        d.pairs[index].effects.push(effect_index);
                    }
                }
                (Some(t), None) | (None, Some(t)) => {
                    if !matches!(
                        kind,
                        EffectKind::StepBack | EffectKind::KillSprite | EffectKind::UndoAll
                    ) {
                        return Err(line.error(format!(
                            "{name} with EOS is not supported; EOS takes stepBack, killSprite or undoAll"
                        )));
                    }
                    d.eos_types.push(t);
                    for _ in 0..repeat {
                        d.eos_effects[t as usize].push(effect_index);
                    }
                }
                (None, None) => return Err(line.error("EOS with EOS means nothing")),
            }
        }
        Ok(())
    }

    /// Refuses the combinations the state cannot hold exactly: resources on a sprite that is
    /// not the avatar, an avatar turned into a non-avatar (or back), an avatar removed outright.
    fn check_effect(
        &self,
        kind: EffectKind,
        first: TypeId,
        second: TypeId,
        line: &Node,
        d: &Description,
    ) -> Result<(), VgdlError> {
        let all_avatars = |t: TypeId| {
            d.subtypes[t as usize]
                .iter()
                .all(|&s| d.types[s as usize].is_avatar() || d.types[s as usize].class.is_none())
        };
        let any_avatar = |t: TypeId| {
            d.subtypes[t as usize]
                .iter()
                .any(|&s| d.types[s as usize].is_avatar())
        };
        let name = |t: TypeId| d.types[t as usize].name.as_str();
        match kind {
            EffectKind::CollectResource if !all_avatars(second) => Err(line.error(format!(
                "collectResource gives resources to {}, which is not an avatar; only the avatar holds resources here",
                name(second)
            ))),
            EffectKind::ChangeResource { .. } if !all_avatars(first) => Err(line.error(format!(
                "changeResource changes the resources of {}, which is not an avatar; only the avatar holds resources here",
                name(first)
            ))),
            EffectKind::KillIfOtherHasMore { subtract: true, .. } if !all_avatars(second) => {
                Err(line.error(format!(
                    "killIfOtherHasMore subtract=True takes resources from {}, which is not an avatar",
                    name(second)
                )))
            }
            EffectKind::TransformTo { stype, kill_second } => {
                let to_avatar = d.types[stype as usize].is_avatar();
                if any_avatar(first) && !all_avatars(first) {
                    return Err(line.error(format!(
                        "transformTo on {}, a group of avatars and other sprites, is not supported",
                        name(first)
                    )));
                }
                if any_avatar(first) != to_avatar {
                    return Err(line.error(format!(
                        "transformTo from {} to {} changes whether the sprite is the avatar; not supported",
                        name(first),
                        name(stype)
                    )));
                }
                if kill_second && any_avatar(second) {
                    return Err(line.error(
                        "transformTo killSecond=True on an avatar removes the avatar; not supported",
                    ));
                }
                Ok(())
            }
            EffectKind::Spawn(t) if d.types[t as usize].is_avatar() => {
                Err(line.error("spawning an avatar is not supported (one avatar per game)"))
            }
            _ => Ok(()),
        }
    }

    fn termination(&self, line: &Node) -> Result<Termination, VgdlError> {
        let word = &line.words[0];
        let allowed = ontology::termination_parameters(&word.text).ok_or_else(|| {
            line.error(format!(
                "{} is not supported; supported terminations: {}",
                word.text,
                ontology::SUPPORTED_TERMINATIONS
            ))
        })?;
        let parameters = parameters_of(&line.words[1..]).map_err(on_line(line.line))?;
        let mut limit = 0;
        let mut win = false;
        for (key, value, w) in &parameters {
            let here = on_line(line.line);
            match key.as_str() {
                k if !allowed.contains(&k) => {
                    return Err(VgdlError::at(
                        line.line,
                        w.column,
                        format!(
                            "parameter {key} of {} is not supported; supported: {}",
                            word.text,
                            allowed.join(", ")
                        ),
                    ))
                }
                "limit" => limit = parse_int(value, key, w).map_err(here)?,
                "win" => win = parse_bool(value, key, w).map_err(here)?,
                _ => {}
            }
        }
        let kind = match word.text.as_str() {
            "SpriteCounter" => {
                TerminationKind::SpriteCounter(self.stype(&parameters, "stype", line)?)
            }
            "MultiSpriteCounter" => {
                let mut stypes = Vec::new();
                for key in ["stype1", "stype2", "stype3"] {
                    if parameters.iter().any(|(k, _, _)| k == key) {
                        stypes.push(self.stype(&parameters, key, line)?);
                    }
                }
                TerminationKind::MultiSpriteCounter(stypes)
            }
            _ => TerminationKind::Timeout,
        };
        Ok(Termination { kind, limit, win })
    }
}

/// Marks the types some rule can move, remove, create or age (see [`SpriteType::dynamic`]).
fn mark_dynamic(d: &mut Description) {
    let mut dynamic = vec![false; d.types.len()];
    for (t, sprite) in d.types.iter().enumerate() {
        if matches!(
            sprite.class,
            Some(SpriteClass::MovingAvatar | SpriteClass::Flicker)
        ) {
            dynamic[t] = true;
        }
    }
    let mark = |group: TypeId, dynamic: &mut Vec<bool>| {
        for &s in &d.subtypes[group as usize] {
            dynamic[s as usize] = true;
        }
    };
    for pair in &d.pairs {
        for &e in &pair.effects {
            match d.effects[e as usize].kind {
                EffectKind::StepBack
                | EffectKind::BounceForward
                | EffectKind::KillSprite
                | EffectKind::CollectResource
                | EffectKind::KillIfHasLess { .. }
                | EffectKind::KillIfOtherHasMore { .. } => mark(pair.first, &mut dynamic),
                EffectKind::KillBoth => {
                    mark(pair.first, &mut dynamic);
                    mark(pair.second, &mut dynamic);
                }
                EffectKind::TransformTo { stype, kill_second } => {
                    mark(pair.first, &mut dynamic);
                    dynamic[stype as usize] = true;
                    if kill_second {
                        mark(pair.second, &mut dynamic);
                    }
                }
                EffectKind::KillAll(t) | EffectKind::Spawn(t) => dynamic[t as usize] = true,
                EffectKind::UndoAll | EffectKind::ChangeResource { .. } => {}
            }
        }
    }
    for &t in &d.eos_types {
        mark(t, &mut dynamic);
    }
    for (sprite, is_dynamic) in d.types.iter_mut().zip(dynamic) {
        sprite.dynamic = is_dynamic;
    }
}
