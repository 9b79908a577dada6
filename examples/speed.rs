//! Native side of the wasm-versus-native comparison (`tests/e2e/bench.mjs` runs this and the
//! same workloads in wasm, in one run): times `searchlab::speed`'s workloads and prints JSON.
//!
//! `cargo run --release --example speed -- WALK_LEVEL STEPS SEED ASTAR_LEVEL ASTAR_RUNS REPEATS`:
//! each of REPEATS measurements times one walk of STEPS steps, then ASTAR_RUNS A* searches.

use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [walk_level, steps, seed, astar_level, astar_runs, repeats] = args.as_slice() else {
        eprintln!("usage: speed WALK_LEVEL STEPS SEED ASTAR_LEVEL ASTAR_RUNS REPEATS");
        std::process::exit(2);
    };
    let read = |path: &String| {
        std::fs::read_to_string(path).unwrap_or_else(|e| {
            eprintln!("speed: {path}: {e}");
            std::process::exit(2)
        })
    };
    let number = |text: &String| -> u64 {
        text.parse().unwrap_or_else(|_| {
            eprintln!("speed: '{text}' is not a whole number");
            std::process::exit(2)
        })
    };
    let (walk_level, astar_level) = (read(walk_level), read(astar_level));
    let (steps, seed) = (number(steps), number(seed));
    let (astar_runs, repeats) = (number(astar_runs), number(repeats));

    let mut walk_ms = Vec::new();
    let mut checksum = 0;
    let mut astar_ms = Vec::new();
    let mut run = None;
    for _ in 0..repeats {
        let t = Instant::now();
        checksum =
            searchlab::speed::bait_random_walk(&walk_level, steps, seed).expect("walk level");
        walk_ms.push(t.elapsed().as_secs_f64() * 1e3);
        let t = Instant::now();
        for _ in 0..astar_runs {
            run = Some(searchlab::speed::bait_astar(&astar_level).expect("A* level"));
        }
        astar_ms.push(t.elapsed().as_secs_f64() * 1e3);
    }
    let run = run.expect("at least one repeat");
    println!(
        "{{\"walkMs\":{walk_ms:?},\"checksum\":\"{checksum}\",\"astarMs\":{astar_ms:?},\"planLength\":{},\"expanded\":{}}}",
        run.plan_length, run.stats.expanded
    );
}
