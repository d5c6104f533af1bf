//! A server CPU, first come first served and non-preemptive (O'Toole & Shrira §4.3, spec 001
//! §2.5, A11). Every job's cost is known when it is asked for, so its end is too: a job asked for
//! at `now` starts when the jobs before it are done. The owner schedules its own event for the
//! end, so the completion returns to whoever asked.
use crate::kernel::SimTime;

#[derive(Clone, Debug, Default)]
pub struct Cpu {
    /// When the last job asked for ends.
    free_at: SimTime,
    /// Busy time of every job asked for so far, ns.
    busy_ns: u64,
}

impl Cpu {
    /// Queue a job of `cost_ns` at `now`; returns when it ends.
    pub fn run(&mut self, now: SimTime, cost_ns: u64) -> SimTime {
        self.free_at = self.free_at.max(now) + cost_ns;
        self.busy_ns += cost_ns;
        self.free_at
    }

    /// Busy time of every job asked for so far, ns (those still queued included).
    pub fn busy_ns(&self) -> u64 {
        self.busy_ns
    }

    /// Busy time up to `now`, ns, for a `now` no earlier than the last job asked for: what was
    /// asked for less what is not yet done, since the jobs run back to back until `free_at` (a
    /// job's time counts as it runs, not when it is asked for: issue 23, item 7, a utilisation
    /// of 2.57).
    pub fn busy_by(&self, now: SimTime) -> u64 {
        self.busy_ns - self.backlog(now)
    }

    /// Work asked for and not yet done at `now`, ns.
    pub fn backlog(&self, now: SimTime) -> u64 {
        self.free_at.saturating_sub(now)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn jobs_run_one_after_another_in_arrival_order() {
        let mut cpu = Cpu::default();
        assert_eq!(cpu.run(100, 10), 110);
        assert_eq!((cpu.busy_by(100), cpu.busy_by(103)), (0, 3), "busy as the job runs, not when asked for");
        assert_eq!(cpu.run(105, 5), 115, "waits for the first");
        assert_eq!((cpu.busy_by(105), cpu.busy_by(112), cpu.busy_by(150)), (5, 12, 15));
        assert_eq!(cpu.run(200, 1), 201, "idle in between");
        assert_eq!(cpu.busy_ns(), 16);
        assert_eq!((cpu.backlog(200), cpu.backlog(201)), (1, 0));
        assert_eq!((cpu.busy_by(200), cpu.busy_by(300)), (15, 16));
    }
}
