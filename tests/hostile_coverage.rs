//! Every exported function that takes a parameter from JavaScript is in the hostile-call test
//! (`tests/wasm_hostile.rs`), so a new export cannot skip it: the sources of `src/wasm/` are read
//! for free functions exported under a `js_name`, and the test's text must name each of them.

use std::fs;
use std::path::Path;

/// The `js_name` of each free function in `source` that is exported and takes parameters.
fn exports_with_parameters(source: &str) -> Vec<String> {
    let lines: Vec<&str> = source.lines().collect();
    let mut names = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let Some(rest) = line.strip_prefix("#[wasm_bindgen(js_name = ") else {
            continue;
        };
        let name: String = rest
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        let signature = lines[i + 1..].iter().find(|l| l.starts_with("pub fn "));
        let takes_parameters =
            |s: &&&str| s.split_once('(').is_some_and(|(_, r)| !r.starts_with(')'));
        if signature.is_some_and(|s| takes_parameters(&s)) {
            names.push(name);
        }
    }
    names
}

#[test]
fn every_export_with_parameters_is_called_with_hostile_values() {
    let hostile = fs::read_to_string("tests/wasm_hostile.rs").unwrap();
    let mut checked = 0;
    for entry in fs::read_dir(Path::new("src/wasm")).unwrap() {
        let path = entry.unwrap().path();
        let source = fs::read_to_string(&path).unwrap();
        for name in exports_with_parameters(&source) {
            assert!(
                hostile.contains(&format!("\"{name}\""))
                    || hostile.contains(&format!("\"{name}: ")),
                "{name} ({}) is not in tests/wasm_hostile.rs",
                path.display()
            );
            checked += 1;
        }
    }
    assert!(
        checked >= 20,
        "only {checked} exports found: the scan is broken"
    );
}
