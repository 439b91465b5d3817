//! The process's resident memory and the memory limit it runs under, read from Linux's `/proc`
//! and cgroup files: memory is what sizes a replica (the matcher holds every candidate), so the
//! metrics show how close a server is to being killed for it. On other systems both are unknown.
//! The allocator's figures say how much of the resident memory is data and how much is freed
//! pages the allocator still holds.

use std::fs;

/// Bytes of the process's memory resident in RAM now (`VmRSS` of `/proc/self/status`).
pub fn resident_bytes() -> Option<u64> {
    let status = fs::read_to_string("/proc/self/status").ok()?;
    status_field_bytes(&status, "VmRSS:")
}

/// The largest resident memory the process has had (`VmHWM`).
pub fn peak_resident_bytes() -> Option<u64> {
    let status = fs::read_to_string("/proc/self/status").ok()?;
    status_field_bytes(&status, "VmHWM:")
}

/// What the allocator holds, in bytes.
#[derive(Debug, Clone, Copy)]
pub struct AllocatorBytes {
    /// Allocated by the program and not yet freed.
    pub allocated: u64,
    /// The allocator's pages resident in RAM: the allocated bytes, freed pages not yet given
    /// back to the system, and the allocator's own bookkeeping.
    pub resident: u64,
}

/// jemalloc's statistics, refreshed now; `None` when the program does not allocate through it
/// (the tests run with the system's allocator, the `vivier` binary with jemalloc).
pub fn allocator_bytes() -> Option<AllocatorBytes> {
    tikv_jemalloc_ctl::epoch::advance().ok()?;
    let allocated = tikv_jemalloc_ctl::stats::allocated::read().ok()?;
    let resident = tikv_jemalloc_ctl::stats::resident::read().ok()?;
    (allocated > 0).then_some(AllocatorBytes { allocated: allocated as u64, resident: resident as u64 })
}

/// Starts jemalloc's background threads, which give freed pages back to the system once they
/// have been unused for a while (ten seconds by default) even when no thread allocates: a
/// replica that has loaded its matcher then waits for searches keeps what it uses, not what the
/// load held.
pub fn return_freed_memory_in_background() {
    if let Err(error) = tikv_jemalloc_ctl::background_thread::write(true) {
        tracing::warn!(%error, "the allocator's background threads did not start: freed memory is given back less often");
    }
}

/// A `kB` field of `/proc/self/status`, in bytes.
fn status_field_bytes(status: &str, field: &str) -> Option<u64> {
    let line = status.lines().find(|line| line.starts_with(field))?;
    let kilobytes: u64 = line[field.len()..].trim().strip_suffix("kB")?.trim().parse().ok()?;
    Some(kilobytes * 1024)
}

/// The memory limit of the process's cgroup (systemd's `MemoryMax=`, a container's memory limit),
/// cgroup v2 or v1; `None` when there is none or it cannot be read.
pub fn limit_bytes() -> Option<u64> {
    let membership = fs::read_to_string("/proc/self/cgroup").ok()?;
    let (v2_path, v1_path) = cgroup_paths(&membership);
    // a container sees its own cgroup as the root of the hierarchy
    let candidates = [
        v2_path.map(|path| format!("/sys/fs/cgroup{path}/memory.max")),
        Some("/sys/fs/cgroup/memory.max".to_owned()),
        v1_path.map(|path| format!("/sys/fs/cgroup/memory{path}/memory.limit_in_bytes")),
        Some("/sys/fs/cgroup/memory/memory.limit_in_bytes".to_owned()),
    ];
    let limit = candidates.into_iter().flatten().find_map(|file| fs::read_to_string(file).ok())?;
    // v2 writes "max" for no limit, v1 a number close to i64::MAX
    limit.trim().parse().ok().filter(|&bytes: &u64| bytes < 1 << 60)
}

/// The process's cgroup in the v2 hierarchy (`0::/path`) and in v1's memory controller
/// (`N:memory:/path`), from `/proc/self/cgroup`.
fn cgroup_paths(membership: &str) -> (Option<&str>, Option<&str>) {
    let v2 = membership.lines().find_map(|line| line.strip_prefix("0::"));
    let v1 = membership.lines().find_map(|line| line.split_once(":memory:").map(|(_, path)| path));
    (v2, v1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn status_fields_are_read_in_bytes() {
        let status = "Name:\tvivier\nVmHWM:\t  204800 kB\nVmRSS:\t  102400 kB\nThreads:\t9\n";
        assert_eq!(status_field_bytes(status, "VmRSS:"), Some(100 * 1024 * 1024));
        assert_eq!(status_field_bytes(status, "VmHWM:"), Some(200 * 1024 * 1024));
        assert_eq!(status_field_bytes(status, "VmSwap:"), None);
    }

    #[test]
    fn cgroup_paths_are_read_for_both_hierarchies() {
        let v1 = "5:devices:/\n4:memory:/system.slice/vivier.service\n0::/\n";
        assert_eq!(cgroup_paths(v1), (Some("/"), Some("/system.slice/vivier.service")));
        assert_eq!(cgroup_paths("0::/system.slice/vivier.service\n"), (Some("/system.slice/vivier.service"), None));
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn this_process_has_a_resident_memory() {
        assert!(resident_bytes().is_some_and(|bytes| bytes > 1024 * 1024));
    }
}
