//! The guided lessons' data files (`www/lessons/`, format in `www/lessons/README.md`): the index
//! lists every lesson file once, each name is one a `lesson=` link accepts, each lesson has 1 to
//! `MAX_LESSON_STEPS` steps, and each step's link is a share link its game reads, with a seed
//! (so a class sees the same search every time) and without the page's own keys (the page adds
//! them). What the page then shows is checked in Chromium by `tests/e2e/lessons.test.mjs`.

use searchlab::share::page::{LessonStep, KEYS as PAGE_KEYS, MAX_LESSON_STEPS};
use searchlab::share::{bait, g2048, othello, sumzero, Fields, LinkView};
use serde::Deserialize;
use std::collections::BTreeSet;
use std::path::PathBuf;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Index {
    version: u32,
    lessons: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Lesson {
    version: u32,
    title: String,
    summary: String,
    steps: Vec<Step>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Step {
    text: String,
    question: String,
    link: String,
    timeline: Option<u32>,
    claims: Option<serde_json::Map<String, serde_json::Value>>,
}

/// The kinds of claim `tests/e2e/lessons.test.mjs` checks.
const CLAIM_KINDS: &[&str] = &["summary", "status", "visits", "tree", "othello"];

fn lessons_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("www/lessons")
}

fn read<T: serde::de::DeserializeOwned>(file: &str) -> T {
    let path = lessons_dir().join(file);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{file}: {e}"))
}

fn index() -> Index {
    let index: Index = read("index.json");
    assert_eq!(index.version, 1, "index.json: version");
    index
}

/// Reads `link` as its game's view; the error names the field.
fn parse_link(link: &str) -> Result<Option<u64>, String> {
    let fields = Fields::read(link).map_err(|e| format!("{e:?}"))?;
    let seed = match fields.game().map_err(|e| format!("{e:?}"))? {
        "bait" => bait::View::parse(link).map(|v| v.seed),
        "2048" => g2048::View::parse(link).map(|v| v.seed),
        "othello" => othello::View::parse(link).map(|v| v.seed),
        "sumzero" => sumzero::View::parse(link).map(|v| v.seed),
        other => panic!("no view for game {other}"),
    };
    seed.map_err(|e| format!("{e:?}"))
}

#[test]
fn the_index_lists_every_lesson_file_once_by_a_name_a_link_accepts() {
    let index = index();
    assert!(index.lessons.len() >= 8, "at least eight lessons");
    let listed: BTreeSet<&String> = index.lessons.iter().collect();
    assert_eq!(listed.len(), index.lessons.len(), "a lesson listed twice");
    for name in &index.lessons {
        let step = LessonStep {
            name: name.clone(),
            step: 1,
        };
        assert!(step.validate().is_ok(), "{name}: not a lesson name");
    }
    let files: BTreeSet<String> = std::fs::read_dir(lessons_dir())
        .unwrap()
        .map(|entry| entry.unwrap().file_name().into_string().unwrap())
        .filter_map(|file| file.strip_suffix(".json").map(str::to_string))
        .filter(|name| name != "index")
        .collect();
    let listed: BTreeSet<String> = index.lessons.into_iter().collect();
    assert_eq!(files, listed, "lesson files and index.json differ");
}

#[test]
fn every_step_is_text_a_question_and_a_share_link_with_a_seed() {
    for name in index().lessons {
        let lesson: Lesson = read(&format!("{name}.json"));
        assert_eq!(lesson.version, 1, "{name}: version");
        assert!(
            !lesson.title.is_empty() && !lesson.summary.is_empty(),
            "{name}: title and summary"
        );
        let steps = u32::try_from(lesson.steps.len()).unwrap();
        assert!(
            (1..=MAX_LESSON_STEPS).contains(&steps),
            "{name}: {steps} steps"
        );
        for (i, step) in lesson.steps.iter().enumerate() {
            let at = format!("{name} step {}", i + 1);
            assert!(
                !step.text.is_empty() && !step.question.is_empty(),
                "{at}: text and question"
            );
            let seed = parse_link(&step.link).unwrap_or_else(|e| panic!("{at}: {e}"));
            assert!(seed.is_some(), "{at}: the link has no seed");
            let fields = Fields::read(&step.link).unwrap();
            for key in PAGE_KEYS {
                assert!(
                    fields.get(key).is_none(),
                    "{at}: the link holds the page key {key}"
                );
            }
            if step.timeline.is_some() {
                // The page runs the side-by-side panes to show a timeline position.
                assert!(
                    fields.get("compare").is_some(),
                    "{at}: a timeline position needs compare="
                );
            }
            if let Some(claims) = &step.claims {
                assert_eq!(claims.len(), 1, "{at}: one kind of claim");
                let kind = claims.keys().next().unwrap();
                assert!(
                    CLAIM_KINDS.contains(&kind.as_str()),
                    "{at}: unknown claim {kind}"
                );
            }
        }
    }
}
