//! Flips one ray at a time: per square, a mask of the squares beyond it in each of the eight
//! directions, and one bit scan per ray for the first square that is not the opponent's. The
//! flips of every build but x86-64's with BMI2 (`line_flips`, checked against these by a test)
//! and wasm's with SIMD (`simd128`, which takes its ray masks and horizontal flips from here).

/// The eight directions as (file step, rank step).
const DIRECTIONS: [(i32, i32); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];

/// `RAYS[square][d]`: the squares strictly beyond `square` in direction `DIRECTIONS[d]`.
/// Directions 0..4 increase the square index, 4..8 decrease it.
static RAYS: [[u64; 8]; 64] = rays();

/// The [`RAYS`] table (the SIMD code builds its own tables from it).
pub(super) const fn rays() -> [[u64; 8]; 64] {
    let mut table = [[0u64; 8]; 64];
    let mut square = 0;
    while square < 64 {
        let mut d = 0;
        while d < 8 {
            let (df, dr) = DIRECTIONS[d];
            let mut file = (square % 8) as i32 + df;
            let mut rank = (square / 8) as i32 + dr;
            let mut ray = 0u64;
            while file >= 0 && file < 8 && rank >= 0 && rank < 8 {
                ray |= 1 << (rank * 8 + file);
                file += df;
                rank += dr;
            }
            table[square][d] = ray;
            d += 1;
        }
        square += 1;
    }
    table
}

/// `board::flips`: the discs `player` flips by playing `square` (0..64); 0 if none.
#[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
#[inline]
pub(super) fn flips(player: u64, opponent: u64, square: u32) -> u64 {
    let rays = &RAYS[square as usize & 63];
    let not_opponent = !opponent;
    let mut flipped = 0;
    for &ray in &rays[0..4] {
        flipped |= raising_ray_flips(player, not_opponent, ray);
    }
    for &ray in &rays[4..8] {
        flipped |= lowering_ray_flips(player, not_opponent, ray);
    }
    flipped
}

/// The flips along the two horizontal rays from `square` (directions 0 and 4).
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
#[inline(always)]
pub(super) fn horizontal_flips(player: u64, opponent: u64, square: u32) -> u64 {
    let rays = &RAYS[square as usize & 63];
    raising_ray_flips(player, !opponent, rays[0]) | lowering_ray_flips(player, !opponent, rays[4])
}

/// The flips along `ray`, a ray towards higher indices: the first non-opponent square is the
/// lowest set bit.
#[inline(always)]
fn raising_ray_flips(player: u64, not_opponent: u64, ray: u64) -> u64 {
    let stops = not_opponent & ray;
    let first = stops & stops.wrapping_neg();
    let run = first.wrapping_sub(1) & ray;
    run & 0u64.wrapping_sub(((first & player) != 0) as u64)
}

/// The flips along `ray`, a ray towards lower indices: the first non-opponent square is the
/// highest set bit.
#[inline(always)]
fn lowering_ray_flips(player: u64, not_opponent: u64, ray: u64) -> u64 {
    let stops = not_opponent & ray;
    let first = (1u64 << 63) >> stops.leading_zeros().min(63);
    let run = ray & !first.wrapping_sub(1) & !first;
    run & 0u64.wrapping_sub(((first & stops & player) != 0) as u64)
}
