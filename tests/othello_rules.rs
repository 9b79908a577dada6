//! Othello rules: text notation, passes and the end of the game, random-walk invariants, the
//! bitboard moves and flips against walking each direction (`othello_walk`, shared with the wasm
//! test `wasm_othello_bitboards`), and the course heuristic's test vectors from
//! `shared/othello/COURSE.md`.

mod othello_walk;

use othello_walk::flips_by_walking;
use searchlab::game::{Game, Turn};
use searchlab::games::othello::board::{flips, moves};
use searchlab::games::othello::eval::{course_heuristic, course_terms, course_value, CourseTerms};
use searchlab::games::othello::text::TextError;
use searchlab::games::othello::{Color, Move, Othello};
use searchlab::rng::Rng;

const FFO: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/othello/ffo.txt");
const START: &str = "---------------------------OX------XO---------------------------";

fn ffo_position(id: u32) -> Othello {
    let text =
        std::fs::read_to_string(FFO).unwrap_or_else(|error| panic!("cannot read {FFO}: {error}"));
    let line = text
        .lines()
        .find(|line| line.split_whitespace().next() == Some(&id.to_string()))
        .unwrap_or_else(|| panic!("FFO #{id} missing"));
    let fields: Vec<&str> = line.split_whitespace().collect();
    Othello::parse(fields[1], fields[2]).unwrap()
}

#[test]
fn start_position_prints_and_parses() {
    let start = Othello::start();
    assert_eq!(start.to_string(), format!("{START} X"));
    assert_eq!(format!("{START} X").parse::<Othello>().unwrap(), start);
    assert_eq!(start.turn(), Turn::Player(0));
    let mut moves = Vec::new();
    start.legal_actions(&mut moves);
    let names: Vec<String> = moves.iter().map(Move::to_string).collect();
    assert_eq!(names, ["d3", "c4", "f5", "e6"]);
}

#[test]
fn one_move_flips_one_disc() {
    // 1. f5 (Black) flips e5.
    let after = Othello::start().child("f5".parse().unwrap());
    assert_eq!(
        after.board_text(),
        "---------------------------OX------XXX--------------------------"
    );
    assert_eq!(after.side(), Color::White);
    assert_eq!(after.turn(), Turn::Player(1));
}

#[test]
fn parse_errors_name_the_field_and_position() {
    let short = Othello::parse("XO", "X").unwrap_err();
    assert_eq!(short, TextError::BoardLength { found: 2 });
    let mut bad = START.to_string();
    bad.replace_range(10..11, "x");
    let error = Othello::parse(&bad, "X").unwrap_err();
    assert_eq!(
        error,
        TextError::BoardChar {
            index: 10,
            found: 'x'
        }
    );
    assert!(error.to_string().contains("square c2"), "{error}");
    let error = Othello::parse(START, "B").unwrap_err();
    assert!(error.to_string().starts_with("side:"), "{error}");
    assert!("only-one-field".parse::<Othello>().is_err());
    for bad_move in ["i1", "a9", "a", "a10", "", "pas"] {
        let error = bad_move.parse::<Move>().unwrap_err();
        assert!(error.to_string().starts_with("move:"), "{error}");
    }
    assert_eq!("PASS".parse::<Move>().unwrap(), Move::PASS);
    assert_eq!("H8".parse::<Move>().unwrap(), Move::square(63).unwrap());
}

#[test]
fn every_square_name_round_trips() {
    for index in 0..=64 {
        let mv = Othello::action_from_index(index).unwrap();
        assert_eq!(Othello::action_index(mv), index);
        assert_eq!(mv.to_string().parse::<Move>().unwrap(), mv);
    }
    assert_eq!(Othello::action_from_index(65), None);
}

#[test]
fn the_game_ends_when_neither_side_can_move() {
    let mut moves = Vec::new();
    // Neither side can move: only Black discs left.
    let over = Othello::parse(&format!("XXXX{}", "-".repeat(60)), "O").unwrap();
    assert_eq!(over.turn(), Turn::Terminal);
    over.legal_actions(&mut moves);
    assert!(moves.is_empty());
    // Empties go to the winner: 4 + 60 for Black.
    assert_eq!(over.returns(0), 64.0);
    assert_eq!(over.returns(1), -64.0);
    let mut copy = over;
    assert!(copy.try_apply(Move::PASS).is_err());
}

#[test]
fn forced_pass_position() {
    // Black: a1; White: b1; c1 empty, rest empty except a White disc far away. Black can play
    // c1 (flanking b1). White to move: White at b1 could flank a1? No (a1 is on the edge).
    let board = format!("XO{}", "-".repeat(62));
    let state = Othello::parse(&board, "O").unwrap();
    let mut moves = Vec::new();
    state.legal_actions(&mut moves);
    assert_eq!(moves, [Move::PASS]);
    let passed = state.child(Move::PASS);
    assert_eq!(passed.side(), Color::Black);
    assert_eq!(passed.board_text(), board);
    passed.legal_actions(&mut moves);
    assert_eq!(moves, ["c1".parse().unwrap()]);
    assert_eq!(state.returns(0), 0.0, "not over yet");
    let mut illegal = state;
    assert!(illegal.try_apply("c1".parse().unwrap()).is_err());
}

#[test]
fn random_walks_keep_the_invariants() {
    let mut moves = Vec::new();
    for seed in 0..200 {
        let mut rng = Rng::new(seed);
        let mut state = Othello::start();
        let mut passes_in_a_row = 0;
        loop {
            let (black, white) = (state.black(), state.white());
            assert_eq!(black & white, 0);
            let discs = (black | white).count_ones();
            assert_eq!(discs + state.empty_count(), 64);
            let text = state.to_string();
            assert_eq!(text.parse::<Othello>().unwrap(), state, "{text}");
            state.legal_actions(&mut moves);
            if state.turn() == Turn::Terminal {
                assert!(moves.is_empty());
                let score = state.returns(0);
                assert_eq!(score, -state.returns(1));
                let diff = black.count_ones() as f64 - white.count_ones() as f64;
                assert_eq!(score.signum(), diff.signum());
                break;
            }
            assert!(!moves.is_empty());
            let mv = moves[rng.index(moves.len())];
            let before = state;
            state.try_apply(mv).unwrap();
            assert_ne!(state.side(), before.side());
            if mv == Move::PASS {
                passes_in_a_row += 1;
                assert!(
                    passes_in_a_row < 2,
                    "two passes in a row without the game ending"
                );
                assert_eq!(state.black(), before.black());
                assert_eq!(state.white(), before.white());
            } else {
                passes_in_a_row = 0;
                // One new disc; the mover gains 1 + f discs and the other loses f >= 1.
                let (mine_before, mine_after) = match before.side() {
                    Color::Black => (before.black(), state.black()),
                    Color::White => (before.white(), state.white()),
                };
                let flipped = mine_after.count_ones() - mine_before.count_ones() - 1;
                assert!(flipped >= 1);
                assert_eq!(
                    (state.black() | state.white()).count_ones(),
                    (before.black() | before.white()).count_ones() + 1
                );
                assert_eq!(mine_before & !mine_after, 0, "the mover never loses a disc");
            }
        }
    }
}

/// Expected (piece, mobility, corner, stability, heuristic) for a position.
fn check(state: &Othello, expected: (i32, i32, i32, i32, i32), name: &str) {
    let CourseTerms {
        piece,
        mobility,
        corner,
        stability,
        ..
    } = course_terms(state);
    assert_eq!(
        (piece, mobility, corner, stability, course_heuristic(state)),
        expected,
        "{name}"
    );
}

#[test]
fn course_heuristic_matches_the_course_test_vectors() {
    check(&Othello::start(), (0, 0, 0, 0, 0), "start");
    let after_f5 = Othello::start().child("f5".parse().unwrap());
    check(&after_f5, (3, 0, 0, 0, 3), "after f5");
    let vectors = [
        (40, (-20, 10, 0, 32, 92)),
        (41, (-14, -2, 0, -2, -32)),
        (42, (-24, 4, 0, 32, 40)),
        (43, (11, 7, 0, 28, 95)),
        (44, (-1, 0, 0, 10, 9)),
        (45, (4, 10, 0, 7, 91)),
        (46, (2, 5, 0, 26, 68)),
        (47, (-5, 0, 0, 4, -1)),
        (48, (15, -8, 0, -26, -75)),
        (49, (-12, -6, 0, -5, -65)),
    ];
    for (id, expected) in vectors {
        check(&ffo_position(id), expected, &format!("FFO #{id}"));
    }
}

#[test]
fn course_stability_probes_on_rank_3() {
    for (row, expected) in [
        ("XO------", 1),
        ("XOX-----", -1),
        ("-XOO----", 1),
        ("-XO-----", 0),
        ("--OX----", 0),
    ] {
        let board = format!("{}{row}{}", "-".repeat(16), "-".repeat(40));
        let state = Othello::parse(&board, "X").unwrap();
        assert_eq!(course_terms(&state).stability, expected, "{row}");
    }
}

#[test]
fn course_diagonal_quirk_counts_runs_at_the_open_end() {
    // b1 = player 1 (Black), a2 = player 2 (White): +1; g1 = Black, h2 = White: +1.
    for (black, white) in [(1, 8), (6, 15)] {
        let mut board = vec!['-'; 64];
        board[black] = 'X';
        board[white] = 'O';
        let board: String = board.into_iter().collect();
        let state = Othello::parse(&board, "X").unwrap();
        assert_eq!(course_terms(&state).stability, 1, "{board}");
    }
}

#[test]
fn course_value_is_from_blacks_view_whoever_moves() {
    let state = ffo_position(43); // White to move
    assert_eq!(course_value(&state, 0), 95);
    assert_eq!(course_value(&state, 1), -95);
    assert_eq!(course_terms(&state).win, 0);
}

#[test]
fn bitboard_moves_and_flips_agree_with_walking_on_random_boards() {
    let mut rng = Rng::new(11);
    for _ in 0..3000 {
        let occupied = rng.next_u64() | rng.next_u64();
        let player = occupied & rng.next_u64();
        let opponent = occupied & !player;
        let mut expected_moves = 0;
        for square in 0..64 {
            let walked = flips_by_walking(player, opponent, square);
            let occupied_here = (player | opponent) & (1 << square) != 0;
            if !occupied_here {
                assert_eq!(flips(player, opponent, square), walked, "square {square}");
            }
            if walked != 0 {
                expected_moves |= 1 << square;
            }
        }
        assert_eq!(moves(player, opponent), expected_moves);
    }
}
