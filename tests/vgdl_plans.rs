//! The plans of `vgdl_known_plans/mod.rs` natively: A* with the interpreter's lower bound and
//! weighted A* with its guidance find exactly the plans the CLI printed, with the same number of
//! expansions (the wasm build is held to the same in `wasm_vgdl_plans.rs`).

mod vgdl_known_plans;

#[test]
fn the_native_build_finds_the_known_plans() {
    for known in vgdl_known_plans::known_plans() {
        assert_eq!(
            vgdl_known_plans::find_plan(&known),
            (known.plan.to_string(), known.expanded),
            "{}",
            known.name
        );
    }
}
