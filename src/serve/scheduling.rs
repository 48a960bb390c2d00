//! The server's threads run under Linux's `SCHED_BATCH` policy.
//!
//! Under `SCHED_OTHER`, a thread that wakes (a request thread when a
//! render finishes or a client's bytes arrive, a render thread when a job
//! is queued) takes the core from a thread that is drawing: at 64
//! connections, about four context switches per GIF, a tenth of the
//! server's CPU time in the scheduler (perf, 2026-11-29). `SCHED_BATCH`
//! threads still get their fair share of the CPU at the same nice value,
//! and an idle core still runs a woken thread at once; they only never
//! preempt a running thread on waking, so a render runs to the end of
//! its time slice and a request thread takes the finished answers of
//! several renders at a time. Measured with `bench/serve.sh --only gif`
//! beside the previous build (docs/PERFORMANCE.md, "Server"): context
//! switches fell from 4.4 to 0.4 a GIF and `/image.gif` at 64
//! connections answered about a tenth more requests; one connection's
//! answers are as fast as before.
//!
//! The policy is set on the thread that starts the server, before the
//! runtime and the render pool start their threads, which inherit it. The
//! nice value is kept: an operator who started the server `nice`d keeps
//! that. Where Linux refuses the policy (a sandbox that forbids it), the
//! server runs as before and says so once; other systems have no such
//! policy.

/// Puts the calling thread, and so every thread it starts from now on,
/// under `SCHED_BATCH` at its current nice value.
#[cfg(target_os = "linux")]
pub fn batch_from_here() -> Result<(), String> {
    use thread_priority::{
        set_thread_priority_and_policy, thread_native_id, NormalThreadSchedulePolicy,
        ThreadPriority, ThreadPriorityValue, ThreadSchedulePolicy,
    };
    let policy = ThreadSchedulePolicy::Normal(NormalThreadSchedulePolicy::Batch);
    let nice = rustix::process::getpriority_process(None)
        .map_err(|e| format!("cannot read the nice value: {e}"))?;
    // The crate sets a normal policy's nice value from a 0-99 priority;
    // the one it maps to our nice value keeps it as it is (setting it is
    // then a no-op, which needs no privilege).
    let same_nice = (0..=99u8)
        .filter_map(|p| ThreadPriorityValue::try_from(p).ok())
        .map(ThreadPriority::Crossplatform)
        .find(|p| p.to_posix(policy).is_ok_and(|n| n == nice))
        .ok_or_else(|| format!("no priority keeps nice value {nice}"))?;
    set_thread_priority_and_policy(thread_native_id(), same_nice, policy)
        .map_err(|e| format!("{e:?}"))
}

/// Elsewhere there is no such policy: threads run as the system runs them.
#[cfg(not(target_os = "linux"))]
pub fn batch_from_here() -> Result<(), String> {
    Ok(())
}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    use super::*;

    /// The policy (field 41) and nice value (field 19) of this thread in
    /// `/proc`: the kernel's own account, not the crate's.
    fn policy_and_nice() -> (i64, i64) {
        let stat = std::fs::read_to_string("/proc/thread-self/stat").unwrap();
        // Fields after the command name, which may hold spaces: field 3 on.
        let rest = &stat[stat.rfind(')').unwrap() + 2..];
        let fields: Vec<&str> = rest.split(' ').collect();
        (
            fields[41 - 3].parse().unwrap(),
            fields[19 - 3].parse().unwrap(),
        )
    }

    #[test]
    fn the_thread_and_those_it_starts_run_as_batch_at_the_same_nice_value() {
        // A thread of its own: the test harness's threads stay as they are.
        std::thread::spawn(|| {
            let (_, nice) = policy_and_nice();
            batch_from_here().unwrap();
            const SCHED_BATCH: i64 = 3;
            assert_eq!(policy_and_nice(), (SCHED_BATCH, nice));
            let child = std::thread::spawn(policy_and_nice).join().unwrap();
            assert_eq!(child, (SCHED_BATCH, nice));
        })
        .join()
        .unwrap();
    }
}
