//! Seeded random Bait levels for the `bait_*` tests: small walled boards with boxes, holes,
//! mushrooms, and one to three keys and goals each, so that multi-key, multi-goal code paths
//! get exercised. The same seed always gives the same level.
#![allow(dead_code)]

use searchlab::games::bait::BaitState;
use searchlab::rng::Rng;

/// A random level's text: `width` x `height` including the border wall, interior cells drawn
/// as wall 12%, box 14%, hole 8%, mushroom 4%, floor otherwise, then the avatar, `keys` keys and
/// `goals` goals on distinct interior cells (overwriting whatever was drawn there).
pub fn random_level_text(
    rng: &mut Rng,
    width: usize,
    height: usize,
    keys: usize,
    goals: usize,
) -> String {
    let mut grid = vec![vec!['w'; width]; height];
    let mut interior = Vec::new();
    for (y, row) in grid.iter_mut().enumerate().take(height - 1).skip(1) {
        for (x, cell) in row.iter_mut().enumerate().take(width - 1).skip(1) {
            *cell = match rng.below(100) {
                0..=11 => 'w',
                12..=25 => '1',
                26..=33 => '0',
                34..=37 => 'm',
                _ => '.',
            };
            interior.push((x, y));
        }
    }
    let specials = std::iter::once('A')
        .chain(std::iter::repeat('k').take(keys))
        .chain(std::iter::repeat('g').take(goals));
    for c in specials {
        let (x, y) = interior.swap_remove(rng.index(interior.len()));
        grid[y][x] = c;
    }
    grid.iter()
        .map(|row| row.iter().collect::<String>())
        .collect::<Vec<_>>()
        .join("\n")
}

/// The starting states of `count` random levels from `seed`, 5 to 8 cells wide and 4 to 7
/// high, with 1 to 3 keys and 1 to 3 goals.
pub fn random_levels(seed: u64, count: usize) -> Vec<BaitState> {
    let mut rng = Rng::new(seed);
    (0..count)
        .map(|_| {
            let width = 5 + rng.index(4);
            let height = 4 + rng.index(4);
            let keys = 1 + rng.index(3);
            let goals = 1 + rng.index(3);
            let text = random_level_text(&mut rng, width, height, keys, goals);
            BaitState::parse(&text).unwrap_or_else(|e| panic!("random level: {e}\n{text}"))
        })
        .collect()
}
