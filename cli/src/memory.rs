//! The process's memory: its peak as Linux reports it, for the closing lines of `solve`
//! and `book`, and freed blocks given back to the system so that a solve's peak stays
//! within its `--memory`.

use std::fmt;

/// Has glibc's allocator give every freed block of 128 KiB or more back to the system at
/// once, so that a solve's peak stays within its `--memory`: by default glibc raises that
/// threshold to the largest block freed so far (up to 32 MiB), and then keeps the walk's
/// freed lists of one phase while the next phase allocates anew. Measured on 6x4
/// (benches/HISTORY.md 10): the peak halves, 640 MB to 315 MB at the default budget, for about
/// 5 % more time. To be called before the solve's threads start.
pub(crate) fn return_freed_memory() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: `mallopt` sets one of the allocator's parameters; it is called here before
    // the solve starts any thread, as its documentation asks (MT-Unsafe init).
    #[allow(unsafe_code)]
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, 128 * 1024);
    }
}

/// The process's peak resident memory in kB, as Linux reports it (`VmHWM`).
pub(crate) fn peak_memory_kb() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    status
        .lines()
        .find_map(|line| line.strip_prefix("VmHWM:"))
        .and_then(|rest| {
            rest.trim()
                .trim_end_matches("kB")
                .trim()
                .parse::<u64>()
                .ok()
        })
}

/// The process's peak resident memory, as Linux reports it (`VmHWM`), else `unknown`.
pub(crate) struct PeakMemory;

impl fmt::Display for PeakMemory {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match peak_memory_kb() {
            Some(kb) => write!(f, "{} MB", kb.div_ceil(1024)),
            None => f.write_str("unknown"),
        }
    }
}
