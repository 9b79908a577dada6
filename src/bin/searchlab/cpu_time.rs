//! This thread's CPU time, for the benchmarks that report it beside wall time (the machine is
//! shared: CPU time says more than wall time under load).

/// This thread's CPU time in seconds, from Linux's `/proc/thread-self/schedstat`.
pub fn thread_cpu_seconds() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let nanos: u64 = text.split_whitespace().next()?.parse().ok()?;
    Some(nanos as f64 * 1e-9)
}

/// This thread's CPU seconds since `start` (an earlier [`thread_cpu_seconds`]), when both
/// readings exist.
pub fn cpu_seconds_since(start: Option<f64>) -> Option<f64> {
    match (start, thread_cpu_seconds()) {
        (Some(a), Some(b)) if b > a => Some(b - a),
        _ => None,
    }
}
