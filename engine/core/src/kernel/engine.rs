//! The run loop, generic over a system: `Kernel` is what a system's handlers see (the clock, the
//! queue, the trace), `Engine` pairs it with the system and runs the protocol of spec 000-mob §5
//! that every paper shares: a warm-up of at least `warmup` that also waits for the system's own
//! condition (e.g. the MOB's flusher passes), a measured window of `duration`, and a time series
//! sampled every `sample_interval`.
use super::queue::EventQueue;
use super::time::{self, SimTime};
use super::trace::{Record, Trace};
use crate::frame::Frame;
use serde::{de::DeserializeOwned, Serialize};
use std::fmt::Debug;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    Warmup,
    Measuring,
    Done,
}

/// A simulated system as the run loop sees it: its state, its events and what it does on each,
/// and what it reports. How a system is built from a scenario is `systems::PaperSystem`'s.
pub trait System: Clone {
    type Event: Copy;
    /// The final figures of a run.
    type Summary: RunSummary + Clone + Debug + PartialEq + Serialize + DeserializeOwned;
    /// What in a scenario can stop its simulated time, for the error when it does.
    const STALL_HINT: &'static str = "";
    /// What in a scenario makes a warm-up that waits for the system's condition (`warmed_up`)
    /// last, for the note when the run's limit cuts it short.
    const WARMUP_HINT: &'static str = "";
    /// Whether measuring may start when the run's limit cuts the warm-up short (the summary then
    /// says so, `warmup_complete`). A system whose measured work cannot start before its warm-up's
    /// is over (HAC's measured traversal after the unmeasured one) ends its run there instead,
    /// having measured nothing, and its summary says so too.
    const MEASURES_UNWARMED: bool = true;
    /// The measured figures so far (final once the run is over).
    fn summary(&self, k: &Kernel<Self::Event>) -> Self::Summary;
    /// Schedules the first events, at time 0.
    fn start(&mut self, k: &mut Kernel<Self::Event>);
    fn handle(&mut self, k: &mut Kernel<Self::Event>, e: Self::Event);
    /// Whether the system's warm-up condition, beyond the minimum warm-up time, is met.
    fn warmed_up(&self) -> bool;
    /// The measured window of at most `duration` starts now (`k.now()`); a system whose work
    /// starts with it schedules that work here.
    fn begin_measurement(&mut self, k: &mut Kernel<Self::Event>, duration: SimTime);
    /// A time-series interval ends at `now`.
    fn sample(&mut self, now: SimTime);
    /// The measured window ends at `now`.
    fn end(&mut self, now: SimTime);
    /// Events of the system's catalogue run inline, without a queue event (the MOB clients'
    /// `Access` events, spec §2.12), so far.
    fn inline_events(&self) -> u64 {
        0
    }
    /// What the views draw at time `now`: the sections its description declares, in order.
    fn frame(&self, now: SimTime) -> Frame;
}

/// What every system's summary says about the run protocol.
pub trait RunSummary {
    /// Simulated seconds of warm-up before measuring.
    fn warmup_s(&self) -> f64;
    /// False when the warm-up hit its time limit before the system's condition was met.
    fn warmup_complete(&self) -> bool;
    fn measured_s(&self) -> f64;
    /// The summary figure the run's own batch means give a 95% confidence interval of (the
    /// throughput, a response time), and the interval's half-width, where the system measures one.
    fn batch_ci95(&self) -> Option<(&'static str, f64)>;
}

/// The run protocol's times (spec §5, A31).
#[derive(Clone, Copy, Debug)]
pub struct RunControl {
    pub warmup: SimTime,
    pub duration: SimTime,
    pub sample_interval: SimTime,
    /// The longest a warm-up may last while it waits for the system's condition; a warm-up that
    /// reaches it ends unfinished (`warmup_complete`), or ends the run (`MEASURES_UNWARMED`).
    pub longest_warmup: SimTime,
}

/// The longest simulated run, warm-up included, seconds (10 hours).
pub const MAX_RUN_S: f64 = 36_000.0;

impl RunControl {
    /// The times of a run, given in seconds.
    /// The longest warm-up is spec A31's: an hour plus ten times the minimum warm-up, and never
    /// so long that the run would pass `MAX_RUN_S`.
    pub fn from_s(warmup_s: f64, duration_s: f64, sample_interval_s: f64) -> RunControl {
        let (warmup, duration) = (time::from_s(warmup_s), time::from_s(duration_s));
        RunControl {
            warmup,
            duration,
            sample_interval: time::from_s(sample_interval_s),
            longest_warmup: (time::from_s(3600.0) + 10 * warmup).min(room(duration)).max(warmup),
        }
    }

    /// A warm-up that is work, not time (HAC's unmeasured traversal): it has no minimum, and it
    /// may take the whole of the run's limit; the measured window then has what is left of the
    /// limit, at most its duration (`Engine::begin_measurement`).
    pub fn warming_by_work(self) -> RunControl {
        RunControl { warmup: 0, longest_warmup: time::from_s(MAX_RUN_S), ..self }
    }
}

/// What `MAX_RUN_S` leaves beside a measured `duration`.
fn room(duration: SimTime) -> SimTime {
    time::from_s(MAX_RUN_S).saturating_sub(duration)
}

/// What the queue holds: the system's events and the kernel's own run-control events.
#[derive(Clone, Copy, Debug)]
enum Scheduled<E> {
    System(E),
    WarmupCheck,
    Sample,
    End,
}

const TRACE_CAPACITY: usize = 1 << 16;

/// The kernel's state, lent to the system's handlers.
#[derive(Clone, Debug)]
pub struct Kernel<E> {
    now: SimTime,
    queue: EventQueue<Scheduled<E>>,
    events: u64,
    phase: Phase,
    trace: Trace,
    run: RunControl,
    /// The minimum warm-up is over and the kernel waits for the system's condition.
    awaiting_warmup: bool,
    /// False when the warm-up hit its time limit before the system's condition was met.
    warmup_complete: bool,
    /// Events processed in a row at the current instant.
    at_this_instant: u64,
    /// Why the run ended before its end, if it did: simulated time stopped advancing
    /// (`MAX_EVENTS_AT_ONE_INSTANT`), or the system met a limit of its model (`end_early`).
    ended_early: Option<String>,
    /// The run ended early because the modelled system itself could make no more progress
    /// (`end_by_model`): a result of the model, not an input validation should have refused.
    ended_by_model: bool,
    /// When the run will end, once the measured window has begun (its start plus the duration).
    end_at: Option<SimTime>,
}

/// More events than this in a row at one simulated instant means time has stopped advancing:
/// the model loops without anything taking time. The busiest legitimate instant (every client
/// starting at t = 0) holds a few thousand.
pub const MAX_EVENTS_AT_ONE_INSTANT: u64 = 100_000;

impl<E> Kernel<E> {
    pub fn now(&self) -> SimTime {
        self.now
    }

    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// Schedule `e` at time `at`.
    pub fn schedule(&mut self, at: SimTime, e: E) {
        self.queue.push(at, Scheduled::System(e));
    }

    /// Schedule `e` `delay` from now (at the end of simulated time at the latest: a sum of
    /// durations never wraps round to the past).
    pub fn after(&mut self, delay: SimTime, e: E) {
        self.queue.push(self.now.saturating_add(delay), Scheduled::System(e));
    }

    /// Append a trace record of `kind` (the system's numbering) at the current time.
    #[inline(always)]
    pub fn record(&mut self, kind: impl Into<u8>, entity: u32, a: u64, b: u64, c: u64) {
        self.trace.record(Record { t: self.now, kind: kind.into(), entity, a, b, c });
    }

    /// Ends the run now, saying why: the model met a limit it cannot go past (the first reason
    /// given is kept). The engine ends a run this way rather than panic or loop.
    pub fn end_early(&mut self, why: String) {
        self.ended_early.get_or_insert(why);
        self.phase = Phase::Done;
    }

    /// Ends the run now because the modelled system cannot make progress for a reason of its
    /// own, not of the input (Thor's optimistic concurrency control starving a transaction of
    /// commits elsewhere): reported like `end_early`, and a result rather than a gap in validation.
    pub fn end_by_model(&mut self, why: String) {
        if self.ended_early.is_none() {
            self.ended_by_model = true;
        }
        self.end_early(why);
    }

    pub fn warmup_complete(&self) -> bool {
        self.warmup_complete
    }

    /// Ends the measured window now: the system's work is done before its duration is over.
    pub fn finish(&mut self) {
        if self.phase == Phase::Measuring {
            self.end_at = Some(self.now);
            self.queue.push(self.now, Scheduled::End);
        }
    }
}

/// What the CLI, the WASM facade and the tests ask of a run, whatever its system: the same calls
/// as `Engine`'s, object-safe, so `systems::Simulation` hands its engine out once instead of
/// matching in every method. Off the hot path: the event loop runs inside `Engine`.
pub trait Run {
    fn now(&self) -> SimTime;
    fn phase(&self) -> Phase;
    fn finished(&self) -> bool;
    /// Queue events processed so far.
    fn events(&self) -> u64;
    /// Events of the system's catalogue run inline (`System::inline_events`).
    fn inline_events(&self) -> u64;
    /// The system's frame at the current time (`System::frame`).
    fn frame(&self) -> Frame;
    fn trace(&self) -> &Trace;
    /// Why the run ended before its end, if it did (`Kernel::end_early`).
    fn ended_early(&self) -> Option<&str>;
    /// Whether it ended so by the model's own behaviour (`Kernel::end_by_model`).
    fn ended_by_model(&self) -> bool;
    /// When the run ends, once its measured window has begun.
    fn end_time(&self) -> Option<SimTime>;
    fn set_tracing(&mut self, on: bool);
    fn next_event_time(&self) -> Option<SimTime>;
    fn step(&mut self) -> bool;
    fn run_until(&mut self, t: SimTime);
    fn run_until_within(&mut self, t: SimTime, budget: u64) -> bool;
    fn run_until_kind(&mut self, kind: u8, limit: SimTime) -> bool;
    fn run_until_kind_within(&mut self, kind: u8, limit: SimTime, budget: u64) -> Option<bool>;
    fn run(&mut self);
}

impl<S: System> Run for Engine<S> {
    fn now(&self) -> SimTime {
        Engine::now(self)
    }
    fn phase(&self) -> Phase {
        Engine::phase(self)
    }
    fn finished(&self) -> bool {
        Engine::finished(self)
    }
    fn events(&self) -> u64 {
        Engine::events(self)
    }
    fn inline_events(&self) -> u64 {
        self.system.inline_events()
    }
    fn frame(&self) -> Frame {
        self.system.frame(self.now())
    }
    fn trace(&self) -> &Trace {
        Engine::trace(self)
    }
    fn ended_early(&self) -> Option<&str> {
        Engine::ended_early(self)
    }
    fn ended_by_model(&self) -> bool {
        self.kernel.ended_by_model
    }
    fn end_time(&self) -> Option<SimTime> {
        self.kernel.end_at
    }
    fn set_tracing(&mut self, on: bool) {
        Engine::set_tracing(self, on)
    }
    fn next_event_time(&self) -> Option<SimTime> {
        Engine::next_event_time(self)
    }
    fn step(&mut self) -> bool {
        Engine::step(self)
    }
    fn run_until(&mut self, t: SimTime) {
        Engine::run_until(self, t)
    }
    fn run_until_within(&mut self, t: SimTime, budget: u64) -> bool {
        Engine::run_until_within(self, t, budget)
    }
    fn run_until_kind(&mut self, kind: u8, limit: SimTime) -> bool {
        Engine::run_until_kind(self, kind, limit)
    }
    fn run_until_kind_within(&mut self, kind: u8, limit: SimTime, budget: u64) -> Option<bool> {
        Engine::run_until_kind_within(self, kind, limit, budget)
    }
    fn run(&mut self) {
        Engine::run(self)
    }
}

/// A system and the kernel that runs it.
#[derive(Clone, Debug)]
pub struct Engine<S: System> {
    kernel: Kernel<S::Event>,
    system: S,
}

impl<S: System> Engine<S> {
    pub fn new(mut system: S, run: RunControl) -> Engine<S> {
        let mut kernel = Kernel {
            now: 0,
            queue: EventQueue::default(),
            events: 0,
            phase: Phase::Warmup,
            trace: Trace::new(false, TRACE_CAPACITY),
            run,
            awaiting_warmup: false,
            warmup_complete: true,
            at_this_instant: 0,
            ended_early: None,
            ended_by_model: false,
            end_at: None,
        };
        system.start(&mut kernel);
        kernel.queue.push(run.warmup, Scheduled::WarmupCheck);
        kernel.queue.push(run.sample_interval, Scheduled::Sample);
        Engine { kernel, system }
    }

    pub fn system(&self) -> &S {
        &self.system
    }

    /// The measured figures; meaningful once the run is over (or the window so far).
    pub fn summary(&self) -> S::Summary {
        self.system.summary(&self.kernel)
    }

    pub fn now(&self) -> SimTime {
        self.kernel.now
    }

    pub fn phase(&self) -> Phase {
        self.kernel.phase
    }

    pub fn finished(&self) -> bool {
        self.kernel.phase == Phase::Done
    }

    /// Queue events processed so far.
    pub fn events(&self) -> u64 {
        self.kernel.events
    }

    pub fn trace(&self) -> &Trace {
        &self.kernel.trace
    }

    /// Why the run ended before its end, if it did (`Kernel::end_early`).
    pub fn ended_early(&self) -> Option<&str> {
        self.kernel.ended_early.as_deref()
    }

    pub fn set_tracing(&mut self, on: bool) {
        self.kernel.trace.set_enabled(on);
    }

    /// Time of the next event, if any.
    pub fn next_event_time(&self) -> Option<SimTime> {
        if self.finished() {
            None
        } else {
            self.kernel.queue.peek_time()
        }
    }

    /// Process one event. Returns false once the run is over.
    pub fn step(&mut self) -> bool {
        if self.finished() {
            return false;
        }
        let Some((t, e)) = self.kernel.queue.pop() else {
            self.kernel.phase = Phase::Done;
            return false;
        };
        // The engine guarantees progress: a run whose time stops advancing ends, reported.
        let k = &mut self.kernel;
        k.at_this_instant = if t == k.now { k.at_this_instant + 1 } else { 0 };
        if k.at_this_instant >= MAX_EVENTS_AT_ONE_INSTANT {
            let why = format!(
                "simulated time stopped advancing at {} s: {MAX_EVENTS_AT_ONE_INSTANT} events in a row at \
                 that instant. {}",
                time::to_s(k.now),
                S::STALL_HINT
            );
            k.end_early(why);
            return false;
        }
        self.kernel.now = t;
        self.kernel.events += 1;
        match e {
            Scheduled::System(e) => {
                self.system.handle(&mut self.kernel, e);
                if self.kernel.phase == Phase::Warmup && self.kernel.awaiting_warmup && self.system.warmed_up() {
                    self.begin_measurement();
                }
            }
            Scheduled::WarmupCheck => self.warmup_check(),
            Scheduled::Sample => {
                self.system.sample(t);
                let interval = self.kernel.run.sample_interval;
                self.kernel.queue.push(t + interval, Scheduled::Sample);
            }
            Scheduled::End => {
                self.system.end(t);
                self.system.sample(t); // the last interval, which may be shorter
                self.kernel.phase = Phase::Done;
            }
        }
        true
    }

    /// Process every event up to and including time `t`, then stop at `t`.
    pub fn run_until(&mut self, t: SimTime) {
        self.run_until_within(t, u64::MAX);
    }

    /// `run_until(t)` in slices: processes at most `budget` events and returns whether it got to
    /// `t` (every event up to `t` processed, time at `t`). The web lab's worker runs long work
    /// this way, so it can answer a cancel and report progress in between.
    pub fn run_until_within(&mut self, t: SimTime, budget: u64) -> bool {
        let mut left = budget;
        while self.next_event_time().is_some_and(|next| next <= t) {
            if left == 0 {
                return false;
            }
            left -= 1;
            self.step();
        }
        if !self.finished() {
            self.kernel.now = self.kernel.now.max(t);
        }
        true
    }

    /// Process events until one emits a trace record of `kind` (and stop right after it), or
    /// until every event up to time `limit` is processed, as `run_until(limit)` does. Returns
    /// whether such a record was emitted. Works with tracing off: it counts, it does not read.
    pub fn run_until_kind(&mut self, kind: u8, limit: SimTime) -> bool {
        self.run_until_kind_within(kind, limit, u64::MAX) == Some(true)
    }

    /// `run_until_kind` in slices of at most `budget` events: `None` while it has not finished
    /// (call again to go on), else whether the record was emitted.
    pub fn run_until_kind_within(&mut self, kind: u8, limit: SimTime, budget: u64) -> Option<bool> {
        let seen = self.kernel.trace.count(kind);
        let mut left = budget;
        while self.next_event_time().is_some_and(|next| next <= limit) {
            if left == 0 {
                return None;
            }
            left -= 1;
            self.step();
            if self.kernel.trace.count(kind) > seen {
                return Some(true);
            }
        }
        self.run_until(limit);
        Some(false)
    }

    /// Run to the end of the measured window.
    pub fn run(&mut self) {
        while self.step() {}
    }

    /// A checkpoint for the timeline: a clone without the kept trace records. The ring is most
    /// of a clone's size (64 Ki records) and only holds the past the views were already sent; the
    /// hash and counters, which determine what a restored run reports, are kept. Takes `&mut`
    /// only to lend the ring out while cloning; `self` is unchanged afterwards.
    pub fn checkpoint(&mut self) -> Engine<S> {
        let ring = self.kernel.trace.take_ring();
        let copy = self.clone();
        self.kernel.trace.put_ring(ring);
        copy
    }

    /// Warm-up (spec §5, A31) lasts at least `warmup` and until the system's condition holds;
    /// after ten times the warm-up plus an hour it gives up waiting and says so in the summary.
    fn warmup_check(&mut self) {
        let k = &mut self.kernel;
        if k.phase != Phase::Warmup {
            return;
        }
        let limit = k.run.longest_warmup;
        if self.system.warmed_up() {
            self.begin_measurement();
        } else if k.awaiting_warmup && S::MEASURES_UNWARMED {
            k.warmup_complete = false;
            self.begin_measurement();
        } else if k.awaiting_warmup {
            // The measured work cannot start beside the warm-up's: the run is over, unmeasured.
            k.warmup_complete = false;
            k.phase = Phase::Done;
        } else {
            k.awaiting_warmup = true;
            k.queue.push(limit, Scheduled::WarmupCheck);
        }
    }

    fn begin_measurement(&mut self) {
        let k = &mut self.kernel;
        k.phase = Phase::Measuring;
        k.awaiting_warmup = false;
        // The window never passes the run's limit: a warm-up of work may leave it less than its
        // duration.
        let duration = k.run.duration.min(time::from_s(MAX_RUN_S).saturating_sub(k.now));
        k.end_at = Some(k.now + duration);
        k.queue.push(k.now + duration, Scheduled::End);
        self.system.begin_measurement(k, duration);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn control(warmup_s: f64, duration_s: f64) -> RunControl {
        RunControl::from_s(warmup_s, duration_s, 1.0)
    }

    /// A warm-up waiting for a condition lasts at most an hour plus ten times its minimum, and
    /// never past the longest run (issue 12: 3000 + 33,000 s had waited to 66,600 s).
    #[test]
    fn the_longest_warm_up_keeps_the_run_within_its_limit() {
        assert_eq!(control(30.0, 300.0).longest_warmup, time::from_s(3900.0));
        assert_eq!(control(3000.0, 33_000.0).longest_warmup, time::from_s(3000.0));
        assert_eq!(control(100.0, 35_000.0).longest_warmup, time::from_s(1000.0));
    }

    /// A warm-up that is work (HAC's unmeasured traversal) may use the run's whole limit: it was
    /// cut at an hour, with the measured traversal then started beside the unmeasured one, and
    /// then at the room the duration left (a 36,000 s bound left none).
    #[test]
    fn a_warm_up_of_work_may_take_the_whole_limit() {
        let run = control(30.0, 300.0).warming_by_work();
        assert_eq!((run.warmup, run.longest_warmup), (0, time::from_s(MAX_RUN_S)));
        assert_eq!(control(0.0, 36_000.0).warming_by_work().longest_warmup, time::from_s(MAX_RUN_S));
    }
}
