//! glibc's malloc, tuned for a server that holds many connections open.
//!
//! The server's own allocations go to jemalloc (`src/main.rs`); glibc's malloc serves what the C libraries
//! linked in allocate (SQLite, libpq, OpenSSL), and every allocation of the library's other users (tests,
//! benchmarks). As glibc ships, it gives each thread an arena of its own, up to eight per core, and each arena
//! keeps the memory of its busiest moment. It also raises its mmap threshold after freeing a large block, so
//! that the next blocks of that size stay in an arena for good. [`tune`] asks for one arena per core (at least
//! two) and a fixed 128 KiB threshold, so that large, short-lived blocks are handed back to the system when
//! freed.
//!
//! An operator's own choice wins: a parameter set through glibc's environment (`MALLOC_ARENA_MAX`,
//! `MALLOC_MMAP_THRESHOLD_`, or `GLIBC_TUNABLES`) is left as set, and the setting `malloc_tuning = false`
//! leaves glibc as it comes. Elsewhere than on glibc there is nothing to tune.

/// What [`tune`] changes: the parameters it sets, and the value of each.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tuning {
    /// How many arenas threads share (glibc: eight per core).
    pub arenas: Option<usize>,
    /// Blocks this large or larger are mapped on their own and unmapped when freed (glibc: 128 KiB, raised
    /// as large blocks are freed, up to 32 MiB).
    pub mmap_threshold: Option<usize>,
}

/// The fixed mmap threshold: glibc's own starting value.
pub const MMAP_THRESHOLD: usize = 128 * 1024;

/// What to change, given the environment (`var` reads one variable) and the number of cores: every parameter
/// the operator did not set through glibc's own variables.
pub fn plan(var: impl Fn(&str) -> Option<String>, cores: usize) -> Tuning {
    let tunables = var("GLIBC_TUNABLES").unwrap_or_default();
    let set_by_operator = |variable: &str, tunable: &str| {
        var(variable).is_some() || tunables.split(':').any(|t| t.split('=').next() == Some(tunable))
    };
    Tuning {
        arenas: (!set_by_operator("MALLOC_ARENA_MAX", "glibc.malloc.arena_max")).then_some(cores.max(2)),
        mmap_threshold: (!set_by_operator("MALLOC_MMAP_THRESHOLD_", "glibc.malloc.mmap_threshold"))
            .then_some(MMAP_THRESHOLD),
    }
}

/// Applies [`plan`] for this process's environment and cores; returns what was changed (nothing off glibc,
/// or where glibc refused a value).
pub fn tune() -> Tuning {
    let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
    let wanted = plan(|name| std::env::var(name).ok(), cores);
    apply(wanted)
}

#[cfg(all(target_os = "linux", target_env = "gnu"))]
#[allow(unsafe_code)]
fn apply(wanted: Tuning) -> Tuning {
    let set = |parameter: libc::c_int, value: usize| {
        let value = libc::c_int::try_from(value).ok()?;
        // SAFETY: `mallopt` only stores a number in malloc's parameters, under malloc's own lock; any value is
        // accepted or refused (return 0), and blocks already handed out are not affected.
        (unsafe { libc::mallopt(parameter, value) } == 1).then_some(value as usize)
    };
    Tuning {
        arenas: wanted.arenas.and_then(|n| set(libc::M_ARENA_MAX, n)),
        mmap_threshold: wanted.mmap_threshold.and_then(|n| set(libc::M_MMAP_THRESHOLD, n)),
    }
}

#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
fn apply(_: Tuning) -> Tuning {
    Tuning::default()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env(pairs: &[(&str, &str)]) -> impl Fn(&str) -> Option<String> {
        let pairs: Vec<(String, String)> = pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
        move |name| pairs.iter().find(|(k, _)| k == name).map(|(_, v)| v.clone())
    }

    #[test]
    fn an_untouched_environment_gets_one_arena_per_core_and_a_fixed_threshold() {
        assert_eq!(plan(env(&[]), 16), Tuning { arenas: Some(16), mmap_threshold: Some(MMAP_THRESHOLD) });
        // One core still gets two arenas: the event loop and a blocking thread do not queue for one lock.
        assert_eq!(plan(env(&[]), 1).arenas, Some(2));
    }

    #[test]
    fn what_the_operator_set_through_glibc_is_left_alone() {
        assert_eq!(
            plan(env(&[("MALLOC_ARENA_MAX", "4")]), 8),
            Tuning { arenas: None, mmap_threshold: Some(MMAP_THRESHOLD) }
        );
        assert_eq!(
            plan(env(&[("MALLOC_MMAP_THRESHOLD_", "65536")]), 8),
            Tuning { arenas: Some(8), mmap_threshold: None }
        );
        let tunables = [("GLIBC_TUNABLES", "glibc.malloc.tcache_count=0:glibc.malloc.arena_max=1")];
        assert_eq!(plan(env(&tunables), 8), Tuning { arenas: None, mmap_threshold: Some(MMAP_THRESHOLD) });
        let tunables = [("GLIBC_TUNABLES", "glibc.malloc.mmap_threshold=1048576")];
        assert_eq!(plan(env(&tunables), 8), Tuning { arenas: Some(8), mmap_threshold: None });
        // A tunable that merely starts like one of ours is another one.
        let tunables = [("GLIBC_TUNABLES", "glibc.malloc.arena_max_x=1")];
        assert_eq!(plan(env(&tunables), 8).arenas, Some(8));
    }

    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    #[test]
    fn glibc_takes_the_values() {
        let wanted = Tuning { arenas: Some(4), mmap_threshold: Some(MMAP_THRESHOLD) };
        assert_eq!(apply(wanted), wanted);
        // A value mallopt cannot take is not passed on, and not reported as set.
        assert_eq!(apply(Tuning { arenas: Some(usize::MAX), mmap_threshold: None }), Tuning::default());
    }
}
