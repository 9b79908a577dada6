//! The instruction set this build was compiled for (`.cargo/config.toml`: x86-64-v3 on x86-64
//! Linux), checked against the processor before anything runs, so an older processor gets a
//! message instead of an illegal-instruction crash.

/// An error line naming what the processor lacks and how to build for it; `None` when the
/// processor runs this build.
pub fn missing_features() -> Option<String> {
    #[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
    {
        let missing: Vec<&str> = [
            ("popcnt", std::is_x86_feature_detected!("popcnt")),
            ("lzcnt", std::is_x86_feature_detected!("lzcnt")),
            ("bmi1", std::is_x86_feature_detected!("bmi1")),
            ("bmi2", std::is_x86_feature_detected!("bmi2")),
            ("avx2", std::is_x86_feature_detected!("avx2")),
        ]
        .into_iter()
        .filter(|&(_, present)| !present)
        .map(|(name, _)| name)
        .collect();
        if !missing.is_empty() {
            return Some(format!(
                "this build targets x86-64-v3 but the processor lacks {}; rebuild with \
                 RUSTFLAGS=\"-C target-cpu=x86-64\" cargo build --release",
                missing.join(", ")
            ));
        }
    }
    None
}
