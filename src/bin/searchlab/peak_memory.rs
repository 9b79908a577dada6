//! The process's peak resident memory, for benchmark reports.

/// Peak resident set size in MiB (`VmHWM` from `/proc/self/status`), or `None` where the
/// operating system does not say.
pub fn peak_rss_mib() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kib: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some((kib / 1024.0 * 10.0).round() / 10.0)
}
