//! The package's TypeScript types against the values the API returns, run by `wasm-pack test
//! --node`: for every declaration tsify generates (`searchlab::wasm::typescript::declarations`,
//! the text that goes into `searchlab.d.ts`), real values from the API must have exactly the
//! declared fields, each of the declared type (`number`, `string`, `boolean`, `null`, string
//! literals, arrays, tuples, `Uint8Array`, object types, their unions and intersections, and the
//! other declarations by name). A field added to
//! a Rust type that crosses, a value built by hand, or a `tsify(type = ...)` that names the wrong
//! thing fails here.
#![cfg(target_arch = "wasm32")]

use js_sys::{Array, Object, Uint8Array};
use searchlab::share::GAMES;
use searchlab::wasm::typescript::declarations;
use searchlab::wasm::{
    bench_2048_mcts, bench_astar, bench_othello_solve, default_view, default_view_for,
    game_capabilities, parameter_table, parse_share_link, validate_level, BatchGame, GameSession,
    SearchJob,
};
use std::collections::BTreeMap;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::wasm_bindgen_test;

mod wasm_common;
use wasm_common::*;

/// The sources of the JavaScript API: every file of `src/wasm/` (a new file joins the list).
const API_SOURCES: &[(&str, &str)] = &[
    ("bait.rs", include_str!("../src/wasm/bait.rs")),
    ("batch.rs", include_str!("../src/wasm/batch.rs")),
    ("bench.rs", include_str!("../src/wasm/bench.rs")),
    ("boundary.rs", include_str!("../src/wasm/boundary.rs")),
    (
        "encoded_state.rs",
        include_str!("../src/wasm/encoded_state.rs"),
    ),
    ("g2048.rs", include_str!("../src/wasm/g2048.rs")),
    ("heat.rs", include_str!("../src/wasm/heat.rs")),
    ("mod.rs", include_str!("../src/wasm/mod.rs")),
    ("othello.rs", include_str!("../src/wasm/othello.rs")),
    ("page_game.rs", include_str!("../src/wasm/page_game.rs")),
    ("search_job.rs", include_str!("../src/wasm/search_job.rs")),
    ("session.rs", include_str!("../src/wasm/session.rs")),
    ("sumzero.rs", include_str!("../src/wasm/sumzero.rs")),
    ("typescript.rs", include_str!("../src/wasm/typescript.rs")),
];

/// The TypeScript type that the attribute of `pub fn {name}` (the one function of that name in
/// the API) gives its result.
fn return_type_of(name: &str) -> &'static str {
    let needle = format!("pub fn {name}(");
    let mut found = Vec::new();
    for (file, source) in API_SOURCES {
        for (at, _) in source.match_indices(&needle) {
            let before = &source[..at];
            let attribute = &before[before.rfind("#[wasm_bindgen(").expect("an attribute")..];
            assert!(
                !attribute.contains("fn "),
                "{file}: `{name}` has no attribute"
            );
            let key = "unchecked_return_type = \"";
            let from = attribute.find(key).expect("unchecked_return_type") + key.len();
            found.push(&attribute[from..from + attribute[from..].find('"').unwrap()]);
        }
    }
    assert_eq!(found.len(), 1, "`pub fn {name}` should be in the API once");
    found[0]
}

/// The TypeScript types the API's `unchecked_return_type` and `unchecked_param_type` attributes
/// give, with the file that gives each.
fn attribute_types() -> Vec<(&'static str, &'static str)> {
    let mut types = Vec::new();
    for (file, source) in API_SOURCES {
        for attribute in ["unchecked_return_type = \"", "unchecked_param_type = \""] {
            for (at, _) in source.match_indices(attribute) {
                let rest = &source[at + attribute.len()..];
                types.push((*file, &rest[..rest.find('"').expect("a closing quote")]));
            }
        }
    }
    types
}

const LEVEL: &str = "wwwwwww\nwA..k.w\nw.www.w\nw.m..gw\nwwwwwww";

/// A field of an object type: its name, whether it is optional (`field?:`), its type.
type Field = (String, bool, String);

/// One parsed declaration.
#[derive(Clone, Debug)]
enum Decl {
    /// `export interface Name { field: type; ... }`.
    Interface(Vec<Field>),
    /// `export type Name = type;`.
    Alias(String),
}

/// Every declaration by name; a name declared twice fails.
fn parsed() -> BTreeMap<String, Decl> {
    let mut decls = BTreeMap::new();
    for text in declarations() {
        let (name, decl) = parse_declaration(text);
        assert!(
            decls.insert(name.clone(), decl).is_none(),
            "`{name}` is declared twice in searchlab.d.ts"
        );
    }
    decls
}

/// `text` without its `/* ... */` comments.
fn without_comments(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(start) = rest.find("/*") {
        out.push_str(&rest[..start]);
        let end = rest[start..].find("*/").expect("a closed comment");
        rest = &rest[start + end + 2..];
    }
    out.push_str(rest);
    out
}

fn parse_declaration(text: &str) -> (String, Decl) {
    let text = without_comments(text);
    let text = text.trim();
    if let Some(rest) = text.strip_prefix("export interface ") {
        let open = rest.find('{').expect("an interface body");
        let close = rest.rfind('}').expect("an interface body's end");
        let name = rest[..open].trim().to_string();
        (name, Decl::Interface(parse_fields(&rest[open + 1..close])))
    } else if let Some(rest) = text.strip_prefix("export type ") {
        let (name, ty) = rest.split_once('=').expect("type Name = ...");
        let ty = ty.trim().trim_end_matches(';').trim();
        (name.trim().to_string(), Decl::Alias(ty.to_string()))
    } else {
        panic!("not a declaration this test reads: {text}");
    }
}

/// The fields of an interface or object type body (`a: number; b?: string;`).
fn parse_fields(body: &str) -> Vec<Field> {
    split_top(body, ';')
        .into_iter()
        .filter(|part| !part.trim().is_empty())
        .map(|part| {
            let (name, ty) = part.split_once(':').expect("field: type");
            let name = name.trim();
            let (name, optional) = match name.strip_suffix('?') {
                Some(name) => (name, true),
                None => (name, false),
            };
            (
                name.trim_matches('"').to_string(),
                optional,
                ty.trim().to_string(),
            )
        })
        .collect()
}

/// `text` split at `separator` outside brackets and string literals.
fn split_top(text: &str, separator: char) -> Vec<&str> {
    let (mut parts, mut depth, mut quoted, mut start) = (Vec::new(), 0i32, false, 0);
    for (i, c) in text.char_indices() {
        match c {
            '"' => quoted = !quoted,
            '(' | '[' | '{' | '<' if !quoted => depth += 1,
            ')' | ']' | '}' | '>' if !quoted => depth -= 1,
            c if c == separator && depth == 0 && !quoted => {
                parts.push(&text[start..i]);
                start = i + c.len_utf8();
            }
            _ => {}
        }
    }
    parts.push(&text[start..]);
    parts
}

/// Whether `text` is one bracketed group: `open` at the start matched by the `)` or `]` at
/// the end.
fn enclosed(text: &str, open: char) -> bool {
    let close = if open == '(' { ')' } else { ']' };
    if !text.starts_with(open) || !text.ends_with(close) {
        return false;
    }
    let mut depth = 0;
    for (i, c) in text.char_indices() {
        match c {
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' => depth -= 1,
            _ => {}
        }
        if depth == 0 && i + c.len_utf8() < text.len() {
            return false;
        }
    }
    true
}

const PRIMITIVES: &[&str] = &[
    "number",
    "string",
    "boolean",
    "null",
    "undefined",
    "Uint8Array",
];

/// Checks `value` (at `path`) against the TypeScript type `ty`; the error says where and why
/// they disagree.
fn check(
    decls: &BTreeMap<String, Decl>,
    value: &JsValue,
    ty: &str,
    path: &str,
) -> Result<(), String> {
    let ty = ty.trim();
    let alternatives = split_top(ty, '|');
    if alternatives.len() > 1 {
        let mut errors = Vec::new();
        for alternative in &alternatives {
            match check(decls, value, alternative, path) {
                Ok(()) => return Ok(()),
                Err(e) => errors.push(e),
            }
        }
        return Err(format!(
            "{path}: {} is none of `{ty}` ({})",
            describe(value),
            errors.join("; ")
        ));
    }
    if split_top(ty, '&').len() > 1 {
        let mut errors = Vec::new();
        for fields in shapes(decls, ty)? {
            match check_object(decls, value, &fields, ty, path) {
                Ok(()) => return Ok(()),
                Err(e) => errors.push(e),
            }
        }
        return Err(format!(
            "{path}: fits no shape of `{ty}` ({})",
            errors.join("; ")
        ));
    }
    if enclosed(ty, '(') {
        return check(decls, value, &ty[1..ty.len() - 1], path);
    }
    if let Some(element) = ty.strip_suffix("[]") {
        if !Array::is_array(value) {
            return Err(format!(
                "{path}: {} is not an array ({ty})",
                describe(value)
            ));
        }
        let array: Array = value.clone().unchecked_into();
        for (i, item) in array.iter().enumerate() {
            check(decls, &item, element, &format!("{path}[{i}]"))?;
        }
        return Ok(());
    }
    if enclosed(ty, '[') {
        let elements = split_top(&ty[1..ty.len() - 1], ',');
        if !Array::is_array(value) {
            return Err(format!("{path}: {} is not a tuple ({ty})", describe(value)));
        }
        let array: Array = value.clone().unchecked_into();
        if array.length() as usize != elements.len() {
            return Err(format!(
                "{path}: {} items, the tuple `{ty}` has {}",
                array.length(),
                elements.len()
            ));
        }
        for (i, element) in elements.iter().enumerate() {
            check(
                decls,
                &array.get(i as u32),
                element,
                &format!("{path}[{i}]"),
            )?;
        }
        return Ok(());
    }
    if ty.starts_with('{') && ty.ends_with('}') {
        return check_object(decls, value, &parse_fields(&ty[1..ty.len() - 1]), ty, path);
    }
    if let Some(literal) = ty.strip_prefix('"').and_then(|t| t.strip_suffix('"')) {
        return match value.as_string() {
            Some(text) if text == literal => Ok(()),
            _ => Err(format!("{path}: {} is not {ty}", describe(value))),
        };
    }
    let fits = match ty {
        "number" => Some(value.as_f64().is_some()),
        "string" => Some(value.is_string()),
        "boolean" => Some(value.as_bool().is_some()),
        "null" => Some(value.is_null()),
        "undefined" => Some(value.is_undefined()),
        "Uint8Array" => Some(value.is_instance_of::<Uint8Array>()),
        _ => None,
    };
    match (fits, decls.get(ty)) {
        (Some(true), _) => Ok(()),
        (Some(false), _) => Err(format!("{path}: {} is not a {ty}", describe(value))),
        (None, Some(Decl::Alias(target))) => check(decls, value, target, path),
        (None, Some(Decl::Interface(fields))) => check_object(decls, value, fields, ty, path),
        (None, None) => Err(format!("{path}: the type `{ty}` is not declared")),
    }
}

/// The object types `ty` may be, each as its list of fields: an intersection (`A & B`) merges
/// the fields of its parts, a union gives each alternative's.
fn shapes(decls: &BTreeMap<String, Decl>, ty: &str) -> Result<Vec<Vec<Field>>, String> {
    let ty = ty.trim();
    let alternatives = split_top(ty, '|');
    if alternatives.len() > 1 {
        let mut all = Vec::new();
        for alternative in alternatives {
            all.extend(shapes(decls, alternative)?);
        }
        return Ok(all);
    }
    let parts = split_top(ty, '&');
    if parts.len() > 1 {
        let mut merged: Vec<Vec<Field>> = vec![Vec::new()];
        for part in parts {
            let part_shapes = shapes(decls, part)?;
            merged = merged
                .iter()
                .flat_map(|fields| {
                    part_shapes.iter().map(move |more| {
                        let mut fields = fields.clone();
                        fields.extend(more.iter().cloned());
                        fields
                    })
                })
                .collect();
        }
        return Ok(merged);
    }
    if enclosed(ty, '(') {
        return shapes(decls, &ty[1..ty.len() - 1]);
    }
    if ty.starts_with('{') && ty.ends_with('}') {
        return Ok(vec![parse_fields(&ty[1..ty.len() - 1])]);
    }
    match decls.get(ty) {
        Some(Decl::Interface(fields)) => Ok(vec![fields.clone()]),
        Some(Decl::Alias(target)) => shapes(decls, target),
        None => Err(format!("`{ty}` is not an object type this test knows")),
    }
}

/// Checks that `value` is a plain object with exactly the fields `fields` declares (optional
/// ones may be missing), each of its declared type.
fn check_object(
    decls: &BTreeMap<String, Decl>,
    value: &JsValue,
    fields: &[Field],
    name: &str,
    path: &str,
) -> Result<(), String> {
    if !value.is_object() || value.is_null() || Array::is_array(value) {
        return Err(format!(
            "{path}: {} is not a {name} object",
            describe(value)
        ));
    }
    let keys: Vec<String> = Object::keys(&Object::from(value.clone()))
        .iter()
        .filter_map(|key| key.as_string())
        .collect();
    for key in &keys {
        if !fields.iter().any(|(field, _, _)| field == key) {
            return Err(format!(
                "{path}: has `{key}`, which {name} does not declare"
            ));
        }
    }
    for (field, optional, ty) in fields {
        if !keys.contains(field) {
            if *optional {
                continue;
            }
            return Err(format!("{path}: lacks `{field}`, which {name} declares"));
        }
        check(decls, &get(value, field), ty, &format!("{path}.{field}"))?;
    }
    Ok(())
}

/// A value as an error shows it.
fn describe(value: &JsValue) -> String {
    if let Some(text) = value.as_string() {
        format!("{text:?}")
    } else if Array::is_array(value) {
        "an array".into()
    } else if value.is_instance_of::<Uint8Array>() {
        "a Uint8Array".into()
    } else if value.is_object() {
        "an object".into()
    } else {
        format!("{value:?}")
    }
}

/// Asserts that `value` is a `ty` (a TypeScript type such as `View` or `RootAction[]`).
#[track_caller]
fn assert_type(value: &JsValue, ty: &str) {
    if let Err(e) = check(&parsed(), value, ty, ty) {
        panic!("the value disagrees with its TypeScript type: {e}");
    }
}

/// The names a TypeScript type refers to: those of declarations, or primitives.
fn references(ty: &str) -> Vec<String> {
    let ty = ty.trim();
    let unions = split_top(ty, '|');
    let parts = if unions.len() > 1 {
        unions
    } else {
        split_top(ty, '&')
    };
    if parts.len() > 1 {
        return parts.into_iter().flat_map(references).collect();
    }
    if enclosed(ty, '(') {
        return references(&ty[1..ty.len() - 1]);
    }
    if let Some(element) = ty.strip_suffix("[]") {
        return references(element);
    }
    if enclosed(ty, '[') {
        return split_top(&ty[1..ty.len() - 1], ',')
            .into_iter()
            .flat_map(references)
            .collect();
    }
    if ty.starts_with('{') && ty.ends_with('}') {
        return parse_fields(&ty[1..ty.len() - 1])
            .iter()
            .flat_map(|(_, _, ty)| references(ty))
            .collect();
    }
    if ty.starts_with('"') {
        return Vec::new();
    }
    vec![ty.to_string()]
}

#[wasm_bindgen_test]
fn every_name_the_api_uses_is_declared_once_and_every_reference_resolves() {
    let decls = parsed();
    let used = attribute_types();
    assert!(used.len() >= 15, "the attributes were not found: {used:?}");
    for (file, ty) in used {
        for name in references(ty) {
            assert!(
                PRIMITIVES.contains(&name.as_str()) || decls.contains_key(&name),
                "src/wasm/{file} gives the type `{ty}`, but `{name}` is not declared"
            );
        }
    }
    for (name, decl) in &decls {
        let types: Vec<&str> = match decl {
            Decl::Interface(fields) => fields.iter().map(|(_, _, ty)| ty.as_str()).collect(),
            Decl::Alias(ty) => vec![ty.as_str()],
        };
        for reference in types.iter().flat_map(|ty| references(ty)) {
            assert!(
                PRIMITIVES.contains(&reference.as_str()) || decls.contains_key(&reference),
                "`{name}` refers to `{reference}`, which is not declared"
            );
        }
    }
}

#[wasm_bindgen_test]
fn the_check_rejects_values_that_disagree() {
    let decls = parsed();
    let fails = |value: &JsValue, ty: &str| check(&decls, value, ty, ty).unwrap_err();

    let view = default_view().unwrap();
    set(&view, "extra", JsValue::TRUE);
    assert!(fails(&view, "View").contains("has `extra`"));

    let view = default_view().unwrap();
    js_sys::Reflect::delete_property(&Object::from(view.clone()), &"pace".into()).unwrap();
    assert!(fails(&view, "View").contains("lacks `pace`"));

    let view = default_view().unwrap();
    set(&view, "depth", "3".into());
    assert!(fails(&view, "View").contains("View.depth"));
    let view = default_view().unwrap();
    set(&view, "algo", "dijkstra".into());
    assert!(fails(&view, "View").contains("View.algo"));
    let view = default_view().unwrap();
    set(&view, "weights", Array::of2(&1.into(), &2.into()).into());
    assert!(fails(&view, "View").contains("tuple"));
    let view = default_view_for("othello").unwrap();
    set(&get(&view, "white"), "human", JsValue::NULL);
    assert!(fails(&view, "ViewOthello").contains("ViewOthello.white.human"));

    let board = GameSession::new("bait", LEVEL).unwrap().view().unwrap();
    set(&board, "cells", Array::of1(&1.into()).into());
    assert!(fails(&board, "BaitBoardView").contains("cells"));
    assert!(fails(&JsValue::NULL, "View").contains("not a View object"));
    let row = Array::from(&parameter_table("bait").unwrap()).get(0);
    set(&row, "options", Array::new().into());
    assert!(fails(&row, "Parameter").contains("fits no shape"));
    assert!(fails(&JsValue::from(1), "Nowhere").contains("not declared"));
}

#[wasm_bindgen_test]
fn share_link_views_are_their_types() {
    assert_type(&default_view().unwrap(), "View");
    assert_type(&default_view_for("bait").unwrap(), "View");
    let link = "v=1&game=bait&level=wwwww/wA.gw/wk..w/wwwww&algo=wastar&weight=2&seed=42";
    let bait = parse_share_link(link).unwrap();
    assert_eq!(text(&bait, "level"), "wwwww\nwA.gw\nwk..w\nwwwww");
    assert_type(&bait, "View");

    assert_type(&default_view_for("2048").unwrap(), "View2048");
    let g2048 = parse_share_link("v=1&game=2048&algo=expectimax&depth=2&seed=7").unwrap();
    assert_type(&g2048, "View2048");

    let othello = default_view_for("othello").unwrap();
    assert_type(&othello, "ViewOthello");
    assert_type(&get(&othello, "black"), "SideOthello");
    let board = "-".repeat(27) + "OX------XO" + &"-".repeat(27);
    let link = format!("v=1&game=othello&board={board}&side=O&moves=d6&at=0&seed=3");
    let othello = parse_share_link(&link).unwrap();
    assert_eq!(text(&othello, "side"), "O");
    assert_type(&othello, "ViewOthello");
    assert_type(
        &parse_share_link("v=1&game=2048").unwrap(),
        "View | View2048 | ViewOthello",
    );
}

#[wasm_bindgen_test]
fn board_views_are_their_types() {
    let mut bait = GameSession::new("bait", LEVEL).unwrap();
    assert_type(&bait.view().unwrap(), "BaitBoardView");
    bait.apply(1).unwrap();
    assert_type(&bait.view().unwrap(), "BaitBoardView");

    let mut g2048 = GameSession::from_seed("2048", 5.0).unwrap();
    assert_type(&g2048.view().unwrap(), "GridView");
    let action = g2048.legal_actions()[0];
    g2048.apply(action).unwrap();
    assert_type(&g2048.view().unwrap(), "GridView");

    let othello = GameSession::new("othello", "start").unwrap();
    assert_type(&othello.view().unwrap(), "GridView");
    assert_type(&othello.view().unwrap(), "BaitBoardView | GridView");
}

#[wasm_bindgen_test]
fn a_level_problem_is_its_type() {
    let problem = validate_level("bait", "wwwww\nwA.zw\nwwwww").unwrap();
    assert_type(&problem, "LevelProblem");
    assert_type(&problem, "LevelProblem | undefined");
    let position = validate_level("othello", "not a position").unwrap();
    assert_type(&position, "LevelProblem");
    assert!(validate_level("bait", LEVEL).unwrap().is_undefined());
}

/// The Bait view with `algo` on [`LEVEL`] and these fields changed.
fn bait_view(algo: &str, fields: &[(&str, JsValue)]) -> JsValue {
    let view = default_view().unwrap();
    set(&view, "algo", algo.into());
    set(&view, "level", LEVEL.into());
    for (key, value) in fields {
        set(&view, key, value.clone());
    }
    view
}

#[wasm_bindgen_test]
fn step_reports_and_root_actions_are_their_types() {
    let state = GameSession::new("bait", LEVEL).unwrap().encode();
    let mut astar = SearchJob::new(&state, bait_view("astar", &[]), 1.0, 0.0).unwrap();
    let first = astar.step(1.0).unwrap();
    assert_eq!(text(&first, "status"), "running");
    assert_type(&first, "StepReport");
    let mut last = first;
    while text(&last, "status") == "running" {
        last = astar.step(100.0).unwrap();
    }
    assert_eq!(text(&last, "status"), "solved");
    assert_type(&last, "StepReport");
    assert_type(&astar.root_actions().unwrap(), "RootAction[]");

    let nodes = [("maxNodes", JsValue::from_f64(3.0))];
    let mut bfs = SearchJob::new(&state, bait_view("bfs", &nodes), 1.0, 0.0).unwrap();
    let limited = bfs.step(100.0).unwrap();
    assert_eq!(text(&limited, "limit"), "nodes");
    assert_type(&limited, "StepReport");

    let mut mcts = SearchJob::new(&state, bait_view("mcts", &[]), 1.0, 0.0).unwrap();
    let report = mcts.step(50.0).unwrap();
    assert!(get(&report, "frontier").is_null(), "MCTS has no frontier");
    assert_type(&report, "StepReport");
    let rows = mcts.root_actions().unwrap();
    assert!(Array::from(&rows).length() > 0);
    assert_type(&rows, "RootAction[]");
    assert!(mcts.thinking().unwrap().is_undefined());
}

#[wasm_bindgen_test]
fn last_moves_are_their_types() {
    let mut g2048 = GameSession::from_seed("2048", 11.0).unwrap();
    let mut spawned = false;
    for _ in 0..30 {
        let Some(&action) = g2048.legal_actions().first() else {
            break;
        };
        g2048.apply(action).unwrap();
        let trace = g2048.last_move().unwrap();
        assert_type(&trace, "MoveTrace");
        assert_type(&trace, "MoveTrace | OthelloMove | undefined");
        spawned |= !get(&trace, "spawn").is_null();
    }
    assert!(spawned, "the traces held a spawn");

    let mut othello = GameSession::new("othello", "start").unwrap();
    othello.apply(37).unwrap();
    let played = othello.last_move().unwrap();
    assert_eq!(Array::from(&get(&played, "flipped")).length(), 1);
    assert_type(&played, "OthelloMove");
    assert_type(&played, "MoveTrace | OthelloMove | undefined");
}

/// The default Othello view with `side` played by an agent with these settings.
fn othello_view(side: &str, fields: &[(&str, JsValue)]) -> JsValue {
    let view = default_view_for("othello").unwrap();
    set(&view, "seed", JsValue::from_f64(1.0));
    let agent = get(&view, side);
    set(&agent, "human", JsValue::FALSE);
    for (key, value) in fields {
        set(&agent, key, value.clone());
    }
    view
}

#[wasm_bindgen_test]
fn what_an_othello_agent_thinks_is_its_type() {
    let state = GameSession::new("othello", "start").unwrap().encode();
    let depth = [
        ("algo", JsValue::from_str("alphabeta")),
        ("budget", JsValue::from_str("depth")),
        ("depth", JsValue::from_f64(3.0)),
    ];
    let mut alphabeta = SearchJob::new(&state, othello_view("black", &depth), 1.0, 0.0).unwrap();
    let before = alphabeta.thinking().unwrap();
    assert_type(&before, "Thinking");
    while text(&alphabeta.step(1000.0).unwrap(), "status") == "running" {}
    let after = alphabeta.thinking().unwrap();
    assert!(get(&after, "value").as_f64().is_some());
    assert_type(&after, "Thinking");
    assert_type(&after, "Thinking | undefined");

    let playouts = [
        ("algo", JsValue::from_str("mcts")),
        ("budget", JsValue::from_str("nodes")),
        ("nodes", JsValue::from_f64(50.0)),
    ];
    let mut mcts = SearchJob::new(&state, othello_view("black", &playouts), 1.0, 0.0).unwrap();
    mcts.step(50.0).unwrap();
    let thinking = mcts.thinking().unwrap();
    assert!(
        get(&thinking, "eval").is_null(),
        "MCTS evaluates no position"
    );
    assert_type(&thinking, "Thinking");
    assert_type(&mcts.root_actions().unwrap(), "RootAction[]");
}

#[wasm_bindgen_test]
fn a_batch_report_is_its_type() {
    let view = default_view_for("2048").unwrap();
    set(&view, "algo", "greedy".into());
    set(&view, "games", JsValue::from_f64(2.0));
    set(&view, "seed", JsValue::from_f64(9.0));
    let mut batch = BatchGame::new(view, 1).unwrap();
    let first = batch.step(5.0).unwrap();
    assert_type(&first, "BatchReport");
    let mut report = first;
    for _ in 0..10_000 {
        if get(&report, "over").as_bool() == Some(true) {
            break;
        }
        report = batch.step(1000.0).unwrap();
    }
    assert_eq!(get(&report, "over").as_bool(), Some(true));
    assert_type(&report, "BatchReport");
}

#[wasm_bindgen_test]
fn parameter_tables_are_their_type() {
    let mut kinds = Vec::new();
    for game in ["bait", "2048", "othello"] {
        let table = parameter_table(game).unwrap();
        assert_type(&table, "Parameter[]");
        for row in Array::from(&table).iter() {
            kinds.push(text(&row, "kind"));
        }
    }
    for kind in ["int", "float", "choice", "floats"] {
        assert!(
            kinds.iter().any(|k| k == kind),
            "no {kind} parameter to check"
        );
    }
}

#[wasm_bindgen_test]
fn speed_comparisons_return_their_types() {
    let astar = bench_astar(LEVEL).unwrap();
    assert_type(&astar, "BenchAstar");
    let mcts = bench_2048_mcts(1.0, 1.0).unwrap();
    assert_type(&mcts, "Bench2048Mcts");
    let full = "X".repeat(61) + "O--";
    let solved = bench_othello_solve(&full, "O", 1).unwrap();
    assert_type(&solved, "BenchOthelloSolve");
    let passes = "X".repeat(62) + "O-";
    let passed = bench_othello_solve(&passes, "O", 1).unwrap();
    assert_type(&passed, "BenchOthelloSolve");
}

/// A session of `game` for the checks below; a new game adds its line.
fn session_of(game: &str) -> GameSession {
    match game {
        "bait" => GameSession::new("bait", LEVEL).unwrap(),
        "2048" => GameSession::from_seed("2048", 4.0).unwrap(),
        "othello" => GameSession::new("othello", "start").unwrap(),
        "sumzero" => GameSession::new("sumzero", "").unwrap(),
        other => panic!("tests/wasm_typescript.rs: give {other} a session in session_of"),
    }
}

#[wasm_bindgen_test]
fn every_game_answers_in_the_types_the_attributes_give() {
    for game in GAMES {
        let view = default_view_for(game).unwrap();
        assert_type(&view, return_type_of("default_view_for"));
        let link = parse_share_link(&format!("v=1&game={game}")).unwrap();
        assert_type(&link, return_type_of("parse_share_link"));

        let mut session = session_of(game);
        assert_type(&session.view().unwrap(), return_type_of("view"));
        session.apply(session.legal_actions()[0]).unwrap();
        assert_type(&session.view().unwrap(), return_type_of("view"));
        if game_capabilities(game)
            .unwrap()
            .iter()
            .any(|c| c == "lastMove")
        {
            assert_type(&session.last_move().unwrap(), return_type_of("last_move"));
        }

        // After one move an agent is to move in every game (Othello's default: a person
        // against MTD(f)).
        set(&view, "seed", JsValue::from_f64(1.0));
        let mut job = SearchJob::new(&session.encode(), view, 1.0, 0.0).unwrap();
        assert_type(&job.step(20.0).unwrap(), "StepReport");
        assert_type(&job.thinking().unwrap(), return_type_of("thinking"));
        assert_type(&job.root_actions().unwrap(), return_type_of("root_actions"));
    }
}

#[wasm_bindgen_test]
fn sum_to_zero_is_its_types() {
    assert_type(&default_view_for("sumzero").unwrap(), "ViewSumZero");
    let mut session = GameSession::new("sumzero", "+20 -18").unwrap();
    assert_type(&session.view().unwrap(), "SumZeroBoardView");
    while let Some(&action) = session.legal_actions().first() {
        session.apply(action).unwrap();
    }
    let over = session.view().unwrap();
    assert!(get(&over, "turn").is_null() && !get(&over, "reward").is_null());
    assert_type(&over, "SumZeroBoardView");

    let view = default_view_for("sumzero").unwrap();
    set(&view, "seed", JsValue::from_f64(2.0));
    set(&view, "iterations", JsValue::from_f64(200.0));
    let state = GameSession::new("sumzero", "+20").unwrap().encode();
    let mut mcts = SearchJob::new(&state, view.clone(), 1.0, 0.0).unwrap();
    assert_type(&mcts.thinking().unwrap(), "SumZeroThinking");
    while text(&mcts.step(50.0).unwrap(), "status") == "running" {}
    let thinking = mcts.thinking().unwrap();
    assert!(!get(&thinking, "choice").is_null());
    assert_type(&thinking, "SumZeroThinking");

    set(&view, "algo", "exhaustive".into());
    let mut exhaustive = SearchJob::new(&state, view, 1.0, 0.0).unwrap();
    exhaustive.step(1000.0).unwrap();
    assert_type(&exhaustive.thinking().unwrap(), "SumZeroThinking");
}
