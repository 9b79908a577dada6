//! [`Pushes`]: for each avatar type and pushed type, the rules that decide a push, so that a
//! tick in which a settled avatar steps onto a cell holding one pushable sprite can skip the
//! collision machinery (`Tick::push` in `tick.rs` applies it).
//!
//! Why the short cut is GVGAI's tick. The state is settled (no two related sprites share a
//! cell, nothing off the board: `VgdlState::settled`), the avatar `A` steps from `c0` onto `c`,
//! and `c` holds one moving sprite `B` a rule names and no standing (static or living fixed)
//! sprite related to `A` (`B`'s are not, the state being settled). `c` is then the only crowded
//! cell where a pair can meet. Effects run in file order (each pair's effects in turn, here
//! numbered in that order). The first effect relating `A` and `B` has `B`'s type in its first
//! group and `A`'s in its second (and neither the other way round, nor `B`'s type in the
//! second group): it is a `bounceForward`, so `B` moves to `c'`, one cell on in `A`'s
//! direction, and reports the collision. No later effect finds `A` and `B` together. At `c'`,
//! `B` can meet only the sprites there of a type related to `B` (they are not related to each
//! other, nor to `A`, which stands on `c` among sprites unrelated to it), and only in an
//! effect numbered after the `bounceForward`: the effects before it ran while `B` stood on `c`.
//! So the tick is decided by the first effect after the `bounceForward` that relates `B` to a
//! type on `c'` ([`Meet`]):
//! - none: `B` stays on `c'`; nothing was killed or created and the state stays settled;
//! - `undoAll`: it runs once (afterwards `B` is back on `c` and `A` on `c0`, where nothing
//!   related stands) and sends both back; the state stays settled.
//! - `killSprite` or `killBoth` with `B` as its first sprite, when every sprite on `c'` of a
//!   type related to `B` is a static or fixed sprite of that effect's type `X`, and no later
//!   effect relates `B` and `X`: it runs once, against the first `X` (in sprite order; `B` is
//!   then killed, so it is the first sprite of no other meeting), killing `B` and, for
//!   `killBoth`, that `X` (a static sprite is not killed). Then the terminations are checked
//!   on the new counts, and the state is settled if the game goes on (the killed sprites are
//!   gone, and `c'` held no two related sprites before).
//!
//! `c` may also hold standing sprites related to `A` when the cell beyond answers with an
//! `undoAll` numbered before every effect relating `A` to their types ([`Push::avatar_meets`]):
//! no effect relating them runs before it (the `bounceForward` is `A`'s first with `B`, and
//! every effect between it and the `undoAll` finds `B` on `c'`), and after it `A` stands on
//! `c0` again, away from them. Bait's `nokey` pushing a box off the key into a wall is one.
//!
//! Any other effect, a cell off the board or any other sprite on `c` falls back to the general
//! tick.

use super::description::{EffectKind, TypeId};
use super::level::World;

/// The effect relating the pushed type to one type on the cell beyond, first after the push.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Meet {
    /// The effect's number in file order (pairs in order, each pair's effects in order).
    pub order: u16,
    pub effect: u16,
    /// The pushed type is in the pair's first group and the other in its second, and not
    /// the other way round: the pushed sprite is the effect's first sprite.
    pub pushed_first: bool,
    /// No later effect relates the two types.
    pub last: bool,
}

/// The push of one pushed type by one avatar type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Push {
    /// The `bounceForward` effect.
    pub bounce: u16,
    /// `meets[t]`: the first effect after the push relating the pushed type to type `t`.
    pub meets: Vec<Option<Meet>>,
    /// `avatar_meets[t]`: the number of the first effect relating the avatar type to type
    /// `t`, if one does.
    pub avatar_meets: Vec<Option<u16>>,
}

/// For each avatar type and moving type, the push, if the rules make one (see the module doc).
#[derive(Debug, Default)]
pub struct Pushes {
    types: usize,
    /// `rules[avatar * types + pushed]`.
    rules: Vec<Option<Push>>,
}

impl Pushes {
    /// The pushes of `world`'s game (none when static sprites collide with each other).
    pub fn new(world: &World) -> Pushes {
        let d = &world.description;
        let types = d.types.len();
        let rules = (0..types * types)
            .map(|i| {
                let (avatar, pushed) = ((i / types) as TypeId, (i % types) as TypeId);
                let usable = d.types[avatar as usize].is_avatar()
                    && world.moving[pushed as usize]
                    && !d.types[pushed as usize].is_avatar()
                    && !world.static_collisions;
                usable.then(|| push(world, avatar, pushed)).flatten()
            })
            .collect();
        Pushes { types, rules }
    }

    /// The push of `pushed` by avatar type `avatar`.
    #[inline]
    pub fn of(&self, avatar: TypeId, pushed: TypeId) -> Option<&Push> {
        self.rules
            .get(avatar as usize * self.types + pushed as usize)?
            .as_ref()
    }
}

/// The pairs' effects in file order: (number, pair's first group, second group, effect).
fn effects_in_order(world: &World) -> impl Iterator<Item = (u16, TypeId, TypeId, u16)> + '_ {
    let pairs = world.description.pairs.iter();
    pairs
        .flat_map(|pair| {
            pair.effects
                .iter()
                .map(move |&e| (pair.first, pair.second, e))
        })
        .enumerate()
        .map(|(order, (first, second, e))| (order as u16, first, second, e))
}

/// The push of `pushed` by `avatar`, if the first effect relating them is a `bounceForward`
/// of `pushed` by `avatar` alone (see the module doc).
fn push(world: &World, avatar: TypeId, pushed: TypeId) -> Option<Push> {
    let d = &world.description;
    let relates = |first: TypeId, second: TypeId, t1: TypeId, t2: TypeId| {
        (world.is_member(first, t1) && world.is_member(second, t2))
            || (world.is_member(first, t2) && world.is_member(second, t1))
    };
    let (order, first, second, bounce) = effects_in_order(world)
        .find(|&(_, first, second, _)| relates(first, second, avatar, pushed))?;
    let pure = world.is_member(first, pushed)
        && world.is_member(second, avatar)
        && !world.is_member(first, avatar)
        && !world.is_member(second, pushed);
    if !pure || d.effects[bounce as usize].kind != EffectKind::BounceForward {
        return None;
    }
    let meets = (0..d.types.len() as TypeId)
        .map(|t| {
            let after = |order: u16| {
                effects_in_order(world)
                    .find(|&(o, first, second, _)| o > order && relates(first, second, pushed, t))
            };
            let (order, first, second, effect) = after(order)?;
            let pushed_first = world.is_member(first, pushed)
                && world.is_member(second, t)
                && !(world.is_member(first, t) && world.is_member(second, pushed));
            Some(Meet {
                order,
                effect,
                pushed_first,
                last: after(order).is_none(),
            })
        })
        .collect();
    let avatar_meets = (0..d.types.len() as TypeId)
        .map(|t| {
            effects_in_order(world)
                .find(|&(_, first, second, _)| relates(first, second, avatar, t))
                .map(|(order, ..)| order)
        })
        .collect();
    Some(Push {
        bounce,
        meets,
        avatar_meets,
    })
}
