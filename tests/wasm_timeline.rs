//! The search timeline as JS sees it, run by `wasm-pack test --node`: `new SearchJob(...,
//! record)`, `job.timeline()` and the `Timeline` class (its view at a step equals what a live
//! job showed at that step, markers, the MCTS tree, RHEA's population), and the errors for bad
//! arguments.
#![cfg(target_arch = "wasm32")]

use js_sys::{Function, Object, Reflect, JSON};
use searchlab::wasm::{default_view, default_view_for, JsTimeline, SearchJob};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::wasm_bindgen_test;

mod wasm_common;
use wasm_common::*;

const LEVEL: &str = "wwwwwwwwww\nwA...w..kw\nw.ww.w.www\nw..m....gw\nw.w.1.w..w\nwwwwwwwwww";

/// Bait's `algo` on the test level; MCTS and RHEA in act mode (one decision, one tree or one
/// evolving population: their plan mode commits to a move at a time with a fresh search each).
fn bait_view(algo: &str) -> JsValue {
    let view = default_view().unwrap();
    set(&view, "algo", algo.into());
    set(&view, "level", LEVEL.into());
    if matches!(algo, "mcts" | "rhea") {
        set(&view, "mode", "act".into());
    }
    view
}

fn bait_state() -> String {
    new_session("bait", LEVEL).unwrap().encode().unwrap()
}

fn job(state: &str, view: JsValue, record: JsValue) -> SearchJob {
    SearchJob::new(state.into(), view, 7.into(), 0.into(), record).unwrap()
}

fn json(value: &JsValue) -> String {
    JSON::stringify(value).unwrap().into()
}

fn u32s(value: &JsValue) -> Vec<u32> {
    value
        .clone()
        .unchecked_into::<js_sys::Uint32Array>()
        .to_vec()
}

/// Records `view`'s search to its end (or `steps` steps), then checks the view at several steps
/// against unrecorded jobs stepped there. Returns the timeline.
fn check_against_live(state: &str, view: &JsValue, steps: f64) -> JsTimeline {
    let mut recorded = job(state, view.clone(), JsValue::TRUE);
    let mut done = 0.0;
    while done < steps {
        let report = recorded.step(JsValue::from(37.0)).unwrap();
        done += 37.0;
        if text(&report, "status") != "running" {
            break;
        }
    }
    let timeline = recorded.timeline().unwrap();
    let length = timeline.length().unwrap();
    assert!(length > 10.0, "{length} steps");
    for k in [0.0, 1.0, 5.0, (length / 2.0).floor(), length] {
        let shown = timeline.view_at(JsValue::from(k)).unwrap();
        let mut live = job(state, view.clone(), JsValue::UNDEFINED);
        let progress = live.step(JsValue::from(k)).unwrap();
        assert_eq!(number(&shown, "step"), k);
        assert_eq!(json(&get(&shown, "progress")), json(&progress), "step {k}");
        assert_eq!(u32s(&get(&shown, "plan")), live.plan().unwrap(), "step {k}");
        assert_eq!(u32s(&get(&shown, "heat")), live.heat().unwrap(), "step {k}");
        assert_eq!(
            u32s(&get(&shown, "frontier")),
            live.frontier().unwrap(),
            "step {k}"
        );
        let best = get(&shown, "bestAction").as_f64().map(|b| b as u32);
        assert_eq!(best, live.best_action().unwrap(), "step {k}");
        let roots = live.root_actions().unwrap();
        assert_eq!(json(&get(&shown, "rootActions")), json(&roots), "step {k}");
    }
    timeline
}

#[wasm_bindgen_test]
fn a_recorded_bfs_shows_at_each_step_what_a_live_job_showed() {
    let timeline = check_against_live(&bait_state(), &bait_view("bfs"), 1e6);
    let markers = timeline.markers().unwrap();
    let last = js_sys::Array::from(&markers).pop();
    assert_eq!(text(&last, "kind"), "plan_found");
    assert_eq!(number(&last, "step"), timeline.length().unwrap());
    assert!(text(&last, "label").starts_with("plan found ("));
    assert_eq!(timeline.full_at().unwrap(), None);
    assert!(timeline.memory_bytes().unwrap() > 0.0);
    let end = timeline.view_at(JsValue::from(1e9)).unwrap();
    assert_eq!(number(&end, "step"), timeline.length().unwrap(), "clamped");
    assert_error(
        timeline.tree(JsValue::from(1.0), JsValue::from(3.0), JsValue::from(10.0)),
        "the tree view is for MCTS",
    );
    assert!(timeline
        .population(JsValue::from(5.0))
        .unwrap()
        .is_undefined());
    assert_error(
        timeline.iteration(JsValue::from(1.0)),
        "the iteration view is for MCTS",
    );
}

#[wasm_bindgen_test]
fn a_recorded_mcts_run_shows_its_tree_with_the_root_statistics() {
    let state = bait_state();
    let timeline = check_against_live(&state, &bait_view("mcts"), 300.0);
    let step = JsValue::from(200.0);
    let tree = timeline
        .tree(step.clone(), JsValue::from(2.0), JsValue::from(500.0))
        .unwrap();
    let nodes = js_sys::Array::from(&tree);
    let root = nodes.get(0);
    assert!(get(&root, "parent").is_null());
    assert_eq!(number(&root, "visits"), 200.0);
    let shown = timeline.view_at(step).unwrap();
    let mut children = Vec::new();
    for node in nodes
        .iter()
        .filter(|n| get(n, "parent").as_f64() == Some(0.0))
    {
        children.push((number(&node, "action"), number(&node, "visits")));
        assert!(number(&node, "uct").is_finite());
    }
    children.sort_by(|a, b| a.0.total_cmp(&b.0));
    let roots: Vec<(f64, f64)> = js_sys::Array::from(&get(&shown, "rootActions"))
        .iter()
        .map(|row| (number(&row, "action"), number(&row, "visits")))
        .collect();
    assert_eq!(children, roots);
    assert!(nodes.iter().all(|n| number(&n, "depth") <= 2.0));
    let first = timeline
        .tree(JsValue::from(0.0), JsValue::from(5.0), JsValue::from(5.0))
        .unwrap();
    assert_eq!(
        js_sys::Array::from(&first).length(),
        1,
        "the root alone at step 0"
    );
    check_iteration(&timeline, 200.0);
}

/// The iteration of `step`: its path starts at the root, whose N grows by one at backup, each
/// node's N by one, and the rollout's depth is the path's plus its moves.
fn check_iteration(timeline: &JsTimeline, step: f64) {
    let iteration = timeline.iteration(JsValue::from(step)).unwrap();
    assert_eq!(number(&iteration, "step"), step);
    let path = js_sys::Array::from(&get(&iteration, "path"));
    assert!(path.length() >= 1);
    let root = path.get(0);
    assert!(get(&root, "action").is_null());
    assert_eq!(number(&root, "visitsBefore"), step - 1.0);
    assert_eq!(number(&root, "visitsAfter"), step);
    for node in path.iter() {
        assert_eq!(
            number(&node, "visitsAfter"),
            number(&node, "visitsBefore") + 1.0
        );
        assert!(number(&node, "meanAfter").is_finite());
        assert!(number(&node, "credited").is_finite());
    }
    let leaf = path.get(path.length() - 1);
    assert_eq!(
        number(&iteration, "rolloutDepth"),
        number(&leaf, "depth") + number(&iteration, "rolloutMoves")
    );
    assert!(get(&iteration, "expanded").as_bool().is_some());
    assert!(number(&iteration, "reward").is_finite());
    assert!(timeline
        .iteration(JsValue::from(0.0))
        .unwrap()
        .is_undefined());
    assert_error(timeline.iteration(JsValue::from(-1.0)), "step");
}

#[wasm_bindgen_test]
fn a_recorded_rhea_run_shows_its_populations() {
    let timeline = check_against_live(&bait_state(), &bait_view("rhea"), 100.0);
    let population = timeline.population(JsValue::from(100.0)).unwrap();
    let individuals = js_sys::Array::from(&get(&population, "individuals"));
    assert_eq!(individuals.length(), 10);
    assert!(number(&population, "step") <= 100.0);
    assert!(timeline
        .population(JsValue::from(3.0))
        .unwrap()
        .is_undefined());
}

#[wasm_bindgen_test]
fn a_recorded_2048_expectimax_marks_its_completed_depths() {
    let session = searchlab::wasm::GameSession::from_seed("2048".into(), 3.into()).unwrap();
    let state = session.encode().unwrap();
    let view = default_view_for("2048".into()).unwrap();
    set(&view, "algo", "expectimax".into());
    set(&view, "depth", 2.into());
    let timeline = check_against_live(&state, &view, 1e6);
    let labels: Vec<String> = js_sys::Array::from(&timeline.markers().unwrap())
        .iter()
        .filter(|m| text(m, "kind") == "depth_done")
        .map(|m| text(&m, "label"))
        .collect();
    assert_eq!(labels, ["depth 1 done", "depth 2 done"]);
}

#[wasm_bindgen_test]
fn a_timeline_outlives_its_job() {
    let mut recorded = job(&bait_state(), bait_view("astar"), JsValue::TRUE);
    recorded.step(JsValue::from(20.0)).unwrap();
    let timeline = recorded.timeline().unwrap();
    let length = timeline.length().unwrap();
    drop(recorded); // job.free() in JS
    assert_eq!(timeline.length().unwrap(), length);
    let view = timeline.view_at(JsValue::from(length)).unwrap();
    assert_eq!(number(&view, "step"), length);
}

#[wasm_bindgen_test]
fn bad_arguments_are_errors_that_name_them() {
    let state = bait_state();
    let bad = SearchJob::new(
        state.as_str().into(),
        bait_view("bfs"),
        7.into(),
        0.into(),
        "yes".into(),
    );
    assert_error(bad, "record: expected a boolean, got string");
    let unrecorded = job(&state, bait_view("bfs"), JsValue::FALSE);
    assert_error(unrecorded.timeline(), "this job does not record");
    let timeline = job(&state, bait_view("bfs"), JsValue::TRUE)
        .timeline()
        .unwrap();
    assert_error(
        timeline.view_at("3".into()),
        "step: expected a number, got string",
    );
    assert_error(
        timeline.view_at(JsValue::from(1.5)),
        "step must be a whole number",
    );
    assert_error(
        timeline.tree(JsValue::from(0.0), JsValue::from(-1.0), JsValue::from(1.0)),
        "maxDepth must be a whole number from 0 to 1000",
    );
}

#[wasm_bindgen_test]
fn a_timeline_method_called_on_another_class_object_is_an_error() {
    let recorded = job(&bait_state(), bait_view("bfs"), JsValue::TRUE);
    let timeline: JsValue = recorded.timeline().unwrap().into();
    let job: JsValue = recorded.into();
    for method in ["length", "markers", "memoryBytes", "fullAt"] {
        let prototype = Object::get_prototype_of(&timeline);
        let function: Function = Reflect::get(&prototype, &method.into())
            .unwrap()
            .unchecked_into();
        let error = function.call0(&job).expect_err(method);
        let text: String = error.unchecked_into::<js_sys::Error>().message().into();
        assert!(
            text.contains("Timeline.") && text.contains("called on"),
            "{text}"
        );
    }
}

#[wasm_bindgen_test]
fn a_recorded_sum_to_zero_run_ends_at_its_iterations_as_the_live_job_does() {
    let session = searchlab::wasm::GameSession::from_seed("sumzero".into(), 0.into()).unwrap();
    let state = session.encode().unwrap();
    let view = default_view_for("sumzero".into()).unwrap();
    set(&view, "seed", 7.into());
    set(&view, "iterations", 500.into());
    let timeline = check_against_live(&state, &view, 1e6);
    assert_eq!(timeline.length().unwrap(), 500.0);
    let end = timeline.view_at(JsValue::from(500.0)).unwrap();
    let progress = get(&end, "progress");
    assert_eq!(text(&progress, "status"), "limit_reached");
    assert_eq!(number(&progress, "iterations"), 500.0);
    let tree = timeline
        .tree(
            JsValue::from(500.0),
            JsValue::from(1.0),
            JsValue::from(10.0),
        )
        .unwrap();
    assert_eq!(number(&js_sys::Array::from(&tree).get(0), "visits"), 500.0);
}

#[wasm_bindgen_test]
fn a_recorded_othello_mcts_run_shows_its_tree() {
    let session = searchlab::wasm::GameSession::new("othello".into(), "start".into()).unwrap();
    let state = session.encode().unwrap();
    let view = othello_agent_view(
        "black",
        &[
            ("algo", "mcts".into()),
            ("budget", "nodes".into()),
            ("nodes", 200.into()),
        ],
    );
    let timeline = check_against_live(&state, &view, 1e6);
    let tree = timeline
        .tree(
            JsValue::from(200.0),
            JsValue::from(1.0),
            JsValue::from(100.0),
        )
        .unwrap();
    let nodes = js_sys::Array::from(&tree);
    assert_eq!(number(&nodes.get(0), "visits"), 200.0);
    assert_eq!(nodes.length(), 5, "the root and Black's four opening moves");
}

#[wasm_bindgen_test]
fn a_recorded_othello_alpha_beta_run_thinks_at_each_step_what_the_live_job_thought() {
    let session = searchlab::wasm::GameSession::new("othello".into(), "start".into()).unwrap();
    let state = session.encode().unwrap();
    let view = othello_agent_view(
        "black",
        &[
            ("algo", "alphabeta".into()),
            ("budget", "depth".into()),
            ("depth", 5.into()),
        ],
    );
    let timeline = check_against_live(&state, &view, 1e6);
    let length = timeline.length().unwrap();
    let mut cutoffs_seen = false;
    for k in [0.0, 3.0, (length / 2.0).floor(), length - 1.0, length] {
        let mut live = job(&state, view.clone(), JsValue::UNDEFINED);
        live.step(JsValue::from(k)).unwrap();
        let shown = timeline.thinking_at(JsValue::from(k)).unwrap();
        assert_eq!(json(&shown), json(&live.thinking().unwrap()), "step {k}");
        cutoffs_seen |= number(&shown, "cutoffs") > 0.0;
        let at = timeline.view_at(JsValue::from(k)).unwrap();
        assert_eq!(
            number(&at, "cutoffs"),
            number(&shown, "cutoffs"),
            "step {k}"
        );
        let window = get(&at, "window");
        if k == 0.0 {
            assert!(window.is_null(), "no node visited at step 0");
        } else {
            assert!(
                number(&window, "alpha") < number(&window, "beta"),
                "step {k}"
            );
            assert!(number(&window, "depth") <= 5.0, "step {k}");
        }
    }
    assert!(cutoffs_seen, "alpha-beta cuts off");
    let end = timeline.thinking_at(JsValue::from(1e9)).unwrap();
    assert_eq!(
        number(&end, "depth"),
        5.0,
        "clamped to the end: depth 5 done"
    );
    assert_error(timeline.thinking_at(JsValue::from(-1.0)), "step");
    let bfs = job(&bait_state(), bait_view("bfs"), JsValue::TRUE);
    let bfs_timeline = bfs.timeline().unwrap();
    assert!(bfs_timeline
        .thinking_at(JsValue::from(0.0))
        .unwrap()
        .is_undefined());
}
