//! Mutational fuzzing without a dependency: seeded mutations of a corpus of valid inputs, each
//! parse run under `catch_unwind` so a panic is reported with the input that caused it.

use searchlab::rng::Rng;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::time::{Duration, Instant};

/// Characters mutations insert: the level and link alphabets, separators, digits, signs, and the
/// characters that break naive parsers (control, zero-width, bidi, multi-byte, NUL).
const ALPHABET: &[char] = &[
    'w', 'A', '.', '0', '1', 'k', 'g', 'm', ' ', '\n', '\r', '\t', '/', '&', '=', '%', '+', '-',
    ',', ':', '#', 'X', 'O', '9', '7', '2', 'e', 'v', '\0', '\u{200b}', '\u{202e}', '\u{feff}',
    'é', '🙂', '\u{7f}',
];

/// How long a campaign runs per target: `FUZZ_SECONDS` seconds in all when set (`./dev.sh fuzz`),
/// else `cases` cases.
pub struct Budget {
    pub cases: u64,
    pub per_target: Option<Duration>,
}

impl Budget {
    /// `cases` cases per target, or the `FUZZ_SECONDS` campaign split over `targets` targets.
    pub fn from_env(cases: u64, targets: u32) -> Budget {
        let seconds = std::env::var("FUZZ_SECONDS")
            .ok()
            .and_then(|s| s.parse::<u64>().ok());
        Budget {
            cases,
            per_target: seconds.map(|s| Duration::from_secs(s.max(1)) / targets.max(1)),
        }
    }
}

/// One mutation of `text`: insert, delete, replace, duplicate a span, cut, or splice in a piece
/// of another corpus entry.
pub fn mutate(text: &str, corpus: &[&str], rng: &mut Rng) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for _ in 0..=rng.index(4) {
        let at = rng.index(chars.len() + 1);
        match rng.index(6) {
            0 => chars.insert(at, ALPHABET[rng.index(ALPHABET.len())]),
            1 if at < chars.len() => {
                chars.remove(at);
            }
            2 if at < chars.len() => chars[at] = ALPHABET[rng.index(ALPHABET.len())],
            3 if at < chars.len() => {
                let end = (at + 1 + rng.index(16)).min(chars.len());
                let span: Vec<char> = chars[at..end].to_vec();
                chars.splice(at..at, span);
            }
            4 => chars.truncate(at),
            _ => {
                let other: Vec<char> = corpus[rng.index(corpus.len())].chars().collect();
                let from = rng.index(other.len() + 1);
                let end = (from + rng.index(32)).min(other.len());
                chars.splice(at..at, other[from..end].iter().copied());
            }
        }
    }
    chars.into_iter().collect()
}

/// Runs `check` on mutations of `corpus` (and on the corpus itself) until the budget is spent;
/// returns the number of cases. Panics, naming the target and the input, if `check` panics (a
/// parser's panic, or a broken property that `check` asserts).
pub fn campaign(target: &str, corpus: &[&str], budget: &Budget, check: impl Fn(&str)) -> u64 {
    let began = Instant::now();
    let mut rng = Rng::new(0x5eed ^ target.len() as u64);
    let mut cases = 0u64;
    let run = |input: &str| {
        if catch_unwind(AssertUnwindSafe(|| check(input))).is_err() {
            panic!("{target}: failed on {input:?} (see the panic above)");
        }
    };
    for entry in corpus {
        run(entry);
    }
    loop {
        let done = match budget.per_target {
            Some(time) => began.elapsed() >= time,
            None => cases >= budget.cases,
        };
        if done {
            break;
        }
        let base = corpus[rng.index(corpus.len())];
        let input = mutate(base, corpus, &mut rng);
        run(&input);
        cases += 1;
    }
    println!("fuzz {target}: {cases} cases, no panic");
    cases
}
