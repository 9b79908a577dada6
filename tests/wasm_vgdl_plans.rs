//! The plans of `vgdl_known_plans/mod.rs` in wasm: A* with the interpreter's lower bound and weighted
//! A* with its guidance find exactly the plans the native CLI printed, with the same number of
//! expansions, on GVGAI's sokoban 2, realsokoban 3, zenpuzzle 3 and cookmepasta 0.

#![cfg(target_arch = "wasm32")]

use wasm_bindgen_test::wasm_bindgen_test;

mod vgdl_known_plans;

#[wasm_bindgen_test]
fn the_wasm_build_finds_the_known_plans() {
    for known in vgdl_known_plans::known_plans() {
        assert_eq!(
            vgdl_known_plans::find_plan(&known),
            (known.plan.to_string(), known.expanded),
            "{}",
            known.name
        );
    }
}
