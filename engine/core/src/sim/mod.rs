//! The deterministic kernel. (Stub API; the real kernel is being written.)
pub type SimTime = u64;

#[derive(Clone)]
pub struct Simulation {
    now: SimTime,
}

#[derive(Clone, Debug, serde::Serialize)]
pub struct Summary {
    pub throughput_tps: f64,
}

impl Simulation {
    pub fn new(_scenario: &crate::Scenario, _seed: u64) -> Simulation {
        Simulation { now: 0 }
    }
    pub fn now(&self) -> SimTime {
        self.now
    }
    pub fn step(&mut self) -> bool {
        self.now += 1;
        true
    }
    pub fn run_until(&mut self, t: SimTime) {
        self.now = self.now.max(t);
    }
    pub fn run(&mut self) {}
    pub fn finished(&self) -> bool {
        true
    }
    pub fn events(&self) -> u64 {
        0
    }
    pub fn trace_hash(&self) -> u64 {
        0
    }
    pub fn summary(&self) -> Summary {
        Summary { throughput_tps: 0.0 }
    }
}
