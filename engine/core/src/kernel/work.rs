//! The work bound every system inherits (issue 23): a system states the most work a run of a
//! scenario may take (`systems::PaperSystem::work`), in the kernel's units, and validation refuses
//! a scenario whose worst case would keep the engine busy for longer than `MAX_ENGINE_S`, or whose
//! costliest event would stretch one of the lab worker's calls (`MAX_EVENT_MS`). The kernel's
//! progress guarantee (`MAX_EVENTS_AT_ONE_INSTANT`) stays as the last line.

/// The most work one run of a scenario may take, as its system bounds it from the fields.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Work {
    /// Events through the queue.
    pub events: f64,
    /// Events run inline, without the queue (the MOB's and HAC's object accesses).
    pub inline: f64,
    /// The system's own steps inside its events (HAC: frames scanned and candidates compared
    /// at a fetch).
    pub steps: f64,
    /// The most steps one event may take.
    pub steps_per_event: f64,
    /// What the worst case assumes, for the refusal ("every access a client-cache hit, …").
    pub assumes: String,
    /// The fields that set the bound, the one to change first leading.
    pub fields: &'static [&'static str],
    /// Which way to change them ("raise network.latency_ms, or lower …").
    pub fix: &'static str,
}

/// Wall time of the engine per unit, ns, rounded up from `storelab bench` on a 2-core machine
/// (docs/robustness.md): a queue event (the opportunistic log's 3.8 M/s, 250–380 ns with hundreds
/// of clients), an inline access (the MOB's 36 M/s), a step (a candidate compared or an object
/// scanned, about 1 ns).
pub const EVENT_NS: f64 = 400.0;
pub const INLINE_NS: f64 = 30.0;
pub const STEP_NS: f64 = 1.0;

/// The longest a run may keep the engine busy in the worst case, s of native wall time (the
/// browser's WebAssembly takes about twice as long): the MOB's former bound of 2e10 accesses. A
/// worst case is far above a real run (mob-default's bound is 157 s for a run of 0.8 s).
pub const MAX_ENGINE_S: f64 = 600.0;

/// The longest one event may take, ms: the lab's worker runs 2,000 events per call and must stay
/// within about 200 ms a call to remain responsive.
pub const MAX_EVENT_MS: f64 = 0.1;

impl Work {
    /// The engine's wall time for the whole run in the worst case, s.
    pub fn engine_s(&self) -> f64 {
        (self.events * EVENT_NS + self.inline * INLINE_NS + self.steps * STEP_NS) / 1e9
    }

    /// The engine's wall time for its costliest event, ms.
    pub fn event_ms(&self) -> f64 {
        (EVENT_NS + self.steps_per_event * STEP_NS) / 1e6
    }

    /// "events (queue), accesses (inline) and steps", with the nonzero parts only.
    pub fn parts(&self) -> String {
        let parts: Vec<String> = [(self.events, "events"), (self.inline, "inline accesses"), (self.steps, "steps")]
            .iter()
            .filter(|(n, _)| *n > 0.0)
            .map(|(n, what)| format!("{n:.1e} {what}"))
            .collect();
        parts.join(" + ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_engine_time_weighs_each_part() {
        let w = Work { events: 1e9, inline: 1e9, steps: 1e9, steps_per_event: 1e5, ..Work::default() };
        assert_eq!(w.engine_s(), (EVENT_NS + INLINE_NS + STEP_NS) * 1e9 / 1e9);
        assert_eq!(w.event_ms(), (EVENT_NS + 1e5 * STEP_NS) / 1e6);
        assert_eq!(w.parts(), "1.0e9 events + 1.0e9 inline accesses + 1.0e9 steps");
        assert_eq!(Work { inline: 2.5e10, ..Work::default() }.parts(), "2.5e10 inline accesses");
    }
}
