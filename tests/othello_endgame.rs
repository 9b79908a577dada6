//! The exact solver against the FFO endgame suite (`shared/othello/ffo.txt`).

use searchlab::games::othello::endgame::Solver;
use searchlab::games::othello::{Move, Othello};

const FFO: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/othello/ffo.txt");

/// One FFO line: the position, its exact score, its best moves and every move's score.
struct Problem {
    id: u32,
    position: Othello,
    best_score: i32,
    best_moves: Vec<Move>,
    move_scores: Vec<(Move, i32)>,
}

fn problems() -> Vec<Problem> {
    let text =
        std::fs::read_to_string(FFO).unwrap_or_else(|error| panic!("cannot read {FFO}: {error}"));
    text.lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .map(|line| {
            let f: Vec<&str> = line.split_whitespace().collect();
            let move_scores = f[6]
                .split(',')
                .map(|pair| {
                    let (mv, score) = pair.split_once(':').unwrap();
                    (mv.parse().unwrap(), score.parse().unwrap())
                })
                .collect();
            Problem {
                id: f[0].parse().unwrap(),
                position: Othello::parse(f[1], f[2]).unwrap(),
                best_score: f[3].parse().unwrap(),
                best_moves: f[4].split(',').map(|m| m.parse().unwrap()).collect(),
                move_scores,
            }
        })
        .collect()
}

fn solver() -> Solver {
    Solver::new(16 << 20, u64::MAX)
}

#[test]
fn solves_ffo_1_to_30_exactly() {
    let all = problems();
    assert_eq!(all.len(), 79);
    let mut solver = solver();
    for problem in all.iter().filter(|p| p.id <= 30) {
        let solution = solver.solve(problem.position.board()).unwrap();
        assert_eq!(solution.score, problem.best_score, "FFO #{}", problem.id);
        let best = solution.best_move.unwrap();
        assert!(
            problem.best_moves.contains(&best),
            "FFO #{}: {best} not in {:?}",
            problem.id,
            problem.best_moves
        );
    }
}

#[test]
fn every_move_score_of_ffo_1_to_3() {
    let mut solver = solver();
    for problem in problems().iter().filter(|p| p.id <= 3) {
        let mut scores = solver.move_scores(problem.position.board()).unwrap();
        let mut expected = problem.move_scores.clone();
        scores.sort();
        expected.sort();
        assert_eq!(scores, expected, "FFO #{}", problem.id);
    }
}
