//! The checker behind `wasm_typescript.rs`: reads the TypeScript declarations tsify generates
//! and the types the API's attributes name, and checks a JS value against a declared type.

use js_sys::{Array, Object, Uint8Array};
use searchlab::wasm::typescript::declarations;
use std::collections::BTreeMap;
use wasm_bindgen::{JsCast, JsValue};

use crate::wasm_common::get;

/// The sources of the JavaScript API: every file of `src/wasm/` (a new file joins the list).
pub const API_SOURCES: &[(&str, &str)] = &[
    ("bait.rs", include_str!("../../src/wasm/bait.rs")),
    ("batch.rs", include_str!("../../src/wasm/batch.rs")),
    ("bench.rs", include_str!("../../src/wasm/bench.rs")),
    ("boundary.rs", include_str!("../../src/wasm/boundary.rs")),
    (
        "encoded_state.rs",
        include_str!("../../src/wasm/encoded_state.rs"),
    ),
    ("g2048.rs", include_str!("../../src/wasm/g2048.rs")),
    ("heat.rs", include_str!("../../src/wasm/heat.rs")),
    ("mod.rs", include_str!("../../src/wasm/mod.rs")),
    ("othello.rs", include_str!("../../src/wasm/othello.rs")),
    ("page_game.rs", include_str!("../../src/wasm/page_game.rs")),
    (
        "search_job.rs",
        include_str!("../../src/wasm/search_job.rs"),
    ),
    ("session.rs", include_str!("../../src/wasm/session.rs")),
    ("sumzero.rs", include_str!("../../src/wasm/sumzero.rs")),
    (
        "typescript.rs",
        include_str!("../../src/wasm/typescript.rs"),
    ),
];

/// The TypeScript type that the attribute of `pub fn {name}` (the one function of that name in
/// the API) gives its result.
pub fn return_type_of(name: &str) -> &'static str {
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
pub fn attribute_types() -> Vec<(&'static str, &'static str)> {
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

pub const LEVEL: &str = "wwwwwww\nwA..k.w\nw.www.w\nw.m..gw\nwwwwwww";

/// A field of an object type: its name, whether it is optional (`field?:`), its type.
pub type Field = (String, bool, String);

/// One parsed declaration.
#[derive(Clone, Debug)]
pub enum Decl {
    /// `export interface Name { field: type; ... }`.
    Interface(Vec<Field>),
    /// `export type Name = type;`.
    Alias(String),
}

/// Every declaration by name; a name declared twice fails.
pub fn parsed() -> BTreeMap<String, Decl> {
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
pub fn without_comments(text: &str) -> String {
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

pub fn parse_declaration(text: &str) -> (String, Decl) {
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
pub fn parse_fields(body: &str) -> Vec<Field> {
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
pub fn split_top(text: &str, separator: char) -> Vec<&str> {
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
pub fn enclosed(text: &str, open: char) -> bool {
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

pub const PRIMITIVES: &[&str] = &[
    "number",
    "string",
    "boolean",
    "null",
    "undefined",
    "Uint8Array",
    "Uint32Array",
];

/// Checks `value` (at `path`) against the TypeScript type `ty`; the error says where and why
/// they disagree.
pub fn check(
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
pub fn shapes(decls: &BTreeMap<String, Decl>, ty: &str) -> Result<Vec<Vec<Field>>, String> {
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
pub fn check_object(
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
pub fn describe(value: &JsValue) -> String {
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
pub fn assert_type(value: &JsValue, ty: &str) {
    if let Err(e) = check(&parsed(), value, ty, ty) {
        panic!("the value disagrees with its TypeScript type: {e}");
    }
}

/// The names a TypeScript type refers to: those of declarations, or primitives.
pub fn references(ty: &str) -> Vec<String> {
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
