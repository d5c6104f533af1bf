//! A processor-sharing CPU (Venkataraman's thesis Tab. 5 and Tab. 14, spec 004 §2.2): every job in
//! service gets an equal share of the processor, so while n jobs are in service each advances at
//! 1/n of the processor's rate. A job's work is its time on an idle processor.
//!
//! The processor keeps a virtual time, the service each job in service has received since the
//! processor was last idle; it grows at 1/n of real time. A job arriving at virtual time v with
//! work w finishes when the virtual time reaches v + w. Arrivals and completions change n and so
//! the next completion's real time: each bumps a generation, and the owner schedules one event
//! for the next completion with the generation it was computed at, ignoring a stale one when it
//! fires (the requests carry a token and the completions return to whoever asked, as the kernel's
//! other resources do). Plain arithmetic only (no transcendental functions): identical in WASM.
use crate::kernel::SimTime;

#[derive(Clone, Debug)]
struct Job<T> {
    token: T,
    /// The virtual time at which it is done.
    done_at: f64,
    /// Arrival order, for jobs that finish together.
    seq: u64,
}

#[derive(Clone, Debug)]
pub struct PsCpu<T> {
    jobs: Vec<Job<T>>,
    /// Virtual time at `updated`.
    virtual_ns: f64,
    updated: SimTime,
    seq: u64,
    generation: u64,
    busy_ns: u64,
}

impl<T> Default for PsCpu<T> {
    fn default() -> Self {
        PsCpu { jobs: Vec::new(), virtual_ns: 0.0, updated: 0, seq: 0, generation: 0, busy_ns: 0 }
    }
}

impl<T: Copy> PsCpu<T> {
    /// Brings the virtual time and the busy time up to `now`.
    fn advance(&mut self, now: SimTime) {
        debug_assert!(now >= self.updated, "time runs forward");
        let elapsed = now.saturating_sub(self.updated);
        if !self.jobs.is_empty() {
            self.virtual_ns += elapsed as f64 / self.jobs.len() as f64;
            self.busy_ns += elapsed;
        } else {
            self.virtual_ns = 0.0;
        }
        self.updated = now;
    }

    /// A job of `work_ns` arrives at `now`. The next completion may have changed: schedule it
    /// again (`next`).
    pub fn start(&mut self, now: SimTime, token: T, work_ns: u64) {
        self.advance(now);
        self.seq += 1;
        self.jobs.push(Job { token, done_at: self.virtual_ns + work_ns as f64, seq: self.seq });
        self.generation += 1;
    }

    /// The job that finishes first: the least virtual end, the earliest arrival among equals.
    fn first(&self) -> Option<usize> {
        (0..self.jobs.len()).min_by(|&a, &b| {
            let (a, b) = (&self.jobs[a], &self.jobs[b]);
            a.done_at.total_cmp(&b.done_at).then(a.seq.cmp(&b.seq))
        })
    }

    /// When the next job finishes as things stand (rounded up to the nanosecond), with the
    /// generation to hand back to `finish`; none when the processor is idle.
    pub fn next(&self) -> Option<(SimTime, u64)> {
        let job = &self.jobs[self.first()?];
        let left = ((job.done_at - self.virtual_ns) * self.jobs.len() as f64).max(0.0);
        Some((self.updated + left.ceil() as SimTime, self.generation))
    }

    /// The completion event of `generation` fires at `now`: the job that finishes, or none when
    /// the event is stale (an arrival or a completion since moved the next completion). Schedule
    /// the next one again (`next`).
    pub fn finish(&mut self, now: SimTime, generation: u64) -> Option<T> {
        if generation != self.generation {
            return None;
        }
        self.advance(now);
        let i = self.first().expect("a job in service");
        let job = self.jobs.swap_remove(i);
        // Its end was rounded up to the nanosecond: the virtual time has reached it.
        self.virtual_ns = self.virtual_ns.max(job.done_at);
        self.generation += 1;
        Some(job.token)
    }

    /// Jobs in service.
    pub fn len(&self) -> usize {
        self.jobs.len()
    }

    pub fn is_empty(&self) -> bool {
        self.jobs.is_empty()
    }

    /// Time the processor has been busy (at least one job in service) up to `now`, ns.
    pub fn busy_by(&self, now: SimTime) -> u64 {
        self.busy_ns + if self.jobs.is_empty() { 0 } else { now.saturating_sub(self.updated) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Runs the processor as an owner would: every job's completion time, in the order they end.
    fn run(arrivals: &[(SimTime, u32, u64)]) -> Vec<(u32, SimTime)> {
        let mut cpu = PsCpu::default();
        let mut pending = arrivals.to_vec();
        pending.reverse();
        let mut done = Vec::new();
        loop {
            let next = cpu.next();
            match (pending.last(), next) {
                (Some(&(t, token, work)), n) if n.is_none_or(|(at, _)| t <= at) => {
                    cpu.start(t, token, work);
                    pending.pop();
                }
                (_, Some((at, generation))) => done.push((cpu.finish(at, generation).expect("current"), at)),
                (None, None) => return done,
                _ => unreachable!(),
            }
        }
    }

    /// One job alone runs at the full rate; two started together share it and end together at
    /// twice the time; a short job beside a long one ends at twice its work, and the long one
    /// then runs alone (1 ms and 3 ms: the short at 2 ms, the long at 4 ms).
    #[test]
    fn jobs_share_the_processor_equally() {
        assert_eq!(run(&[(0, 1, 1_000)]), [(1, 1_000)]);
        assert_eq!(run(&[(0, 1, 1_000), (0, 2, 1_000)]), [(1, 2_000), (2, 2_000)]);
        assert_eq!(run(&[(0, 1, 1_000_000), (0, 2, 3_000_000)]), [(1, 2_000_000), (2, 4_000_000)]);
    }

    /// A job arriving mid-way slows the one in service: 10 ms of work alone for 4 ms, then shared
    /// with a 2 ms job for 4 ms (each gets 2 ms), then alone for its last 4 ms: done at 12 ms.
    #[test]
    fn an_arrival_stretches_the_job_in_service() {
        assert_eq!(run(&[(0, 1, 10_000_000), (4_000_000, 2, 2_000_000)]), [(2, 8_000_000), (1, 12_000_000)]);
    }

    /// The total work is conserved: the last job ends when all the work would on one processor
    /// run back to back from the first arrival (the processor never idles in between), and the
    /// busy time is that span; an event computed before an arrival is stale.
    #[test]
    fn work_is_conserved_and_stale_events_are_ignored() {
        let arrivals: Vec<(SimTime, u32, u64)> =
            (0..7).map(|i| (i * 300_007, i as u32, 1_000_003 + i * 77_777)).collect();
        let total: u64 = arrivals.iter().map(|a| a.2).sum();
        let done = run(&arrivals);
        assert_eq!(done.len(), 7);
        let last = done.last().unwrap().1;
        assert!(last.abs_diff(total) <= 7, "{last} against {total}: rounding up at most 1 ns an end");
        let mut cpu = PsCpu::default();
        cpu.start(0, 'a', 1_000);
        let (at, stale) = cpu.next().unwrap();
        cpu.start(500, 'b', 1_000);
        assert_eq!(cpu.finish(at, stale), None, "the arrival moved the completion");
        let (at, current) = cpu.next().unwrap();
        assert_eq!((at, cpu.finish(at, current)), (1_500, Some('a')));
        assert_eq!(cpu.busy_by(1_500), 1_500);
        let (at, g) = cpu.next().unwrap();
        assert_eq!((at, cpu.finish(at, g)), (2_000, Some('b')));
        assert!(cpu.is_empty() && cpu.next().is_none());
        assert_eq!(cpu.busy_by(9_000), 2_000, "idle since");
    }
}
