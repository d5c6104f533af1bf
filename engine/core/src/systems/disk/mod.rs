//! A disk on its own (issue 26): a list of requests, all there at time 0, served one at a time
//! on one disk in the order a scheduler picks (FIFO, SSTF, SATF, or BSATF with a window), each
//! request's seek, rotation and transfer timed. The disk is OSTEP's homework disk (Arpaci-Dusseau,
//! `file-disks/disk.py`: `ostep/`), whose times are disk.py's to the unit for the same list and
//! options, or one of the drives the other systems model. The run ends when the list is served.
//! This file assembles the system and dispatches its events.
pub mod config;
pub mod describe;
mod device;
pub mod metrics;
pub mod ostep;
pub mod python_random;
pub mod records;
mod schedule;
mod validate;
pub mod view;

use crate::components::disk::{Request, Service};
use crate::describe::Description;
use crate::frame::Frame;
use crate::kernel::work::Work;
use crate::kernel::{Kernel, RunControl, SimTime, System, MAX_RUN_S};
use crate::scenario::{Problem, Scenario};
use crate::systems::PaperSystem;
use config::Config;
use device::{Device, Mechanism};
use metrics::{Metrics, Sample, Summary};
use python_random::PythonRandom;
use records::RecordKind;

/// A request's token: its place in the list and its block.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Block {
    pub index: u32,
    pub block: u32,
}

impl crate::components::disk::view::Token for Block {
    fn kind(&self) -> u8 {
        0
    }
    fn page(&self) -> u32 {
        self.block
    }
}

/// A block is a 512-byte sector (on the ostep disk, one of disk.py's sectors at that address).
pub const SECTOR_BYTES: u64 = 512;
/// One of disk.py's time units, simulated as a millisecond.
pub const UNIT_NS: SimTime = 1_000_000;

/// The system's events: the phases of the request in service end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    SeekDone,
    RotationDone,
    TransferDone,
}

type K = Kernel<Event>;

/// One request of the list: its block and track, and once started, its place in the service
/// order and how it is served.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Entry {
    pub block: u32,
    pub cylinder: u32,
    pub order: Option<u32>,
    pub service: Option<Service>,
    pub done: bool,
}

#[derive(Clone, Debug)]
pub struct DiskSystem {
    pub config: Config,
    pub device: Device,
    /// Every request, in the order they arrived.
    pub entries: Vec<Entry>,
    started: u32,
    pub metrics: Metrics,
}

/// The request list: the scenario's blocks, or disk.py's random one (`MakeRequests`:
/// `int(random.random() * max) + min` for each, after `random.seed(seed)`), whose max, absent,
/// is disk.py's −1: `maxBlock` on the ostep disk, every sector of a drive.
pub fn request_blocks(c: &Config, mechanism: &Mechanism, seed: u64) -> Vec<u32> {
    if let Some(blocks) = &c.requests.blocks {
        return blocks.clone();
    }
    let r = &c.requests;
    let max = r.max.map_or_else(|| mechanism.default_max(), u64::from) as f64;
    let mut random = PythonRandom::new(seed);
    (0..r.count).map(|_| ((random.random() * max) as u64 + u64::from(r.min)) as u32).collect()
}

impl DiskSystem {
    fn assemble(s: &Scenario, seed: u64) -> DiskSystem {
        let c = s.disk();
        let mechanism = Mechanism::new(c);
        let blocks = request_blocks(c, &mechanism, seed);
        let entries = blocks
            .iter()
            .map(|&block| Entry {
                block,
                cylinder: mechanism.cylinder(block) as u32,
                order: None,
                service: None,
                done: false,
            })
            .collect();
        let requests = blocks
            .iter()
            .enumerate()
            .map(|(i, &block)| Request {
                token: Block { index: i as u32, block },
                addr: u64::from(block) * SECTOR_BYTES,
                len: SECTOR_BYTES,
            })
            .collect();
        DiskSystem {
            config: c.clone(),
            device: Device::new(c, mechanism, requests),
            entries,
            started: 0,
            metrics: Metrics::default(),
        }
    }

    /// Starts the request the scheduler picks, if any is left; its phases' ends are its events.
    fn start_next(&mut self, k: &mut K) -> bool {
        let Some((req, svc, waiting)) = self.device.start_next(k.now()) else {
            return false;
        };
        let entry = &mut self.entries[req.token.index as usize];
        entry.order = Some(self.started);
        entry.service = Some(svc);
        self.started += 1;
        let route = u64::from(svc.to_cylinder) | u64::from(svc.from_cylinder) << 32;
        k.record(RecordKind::Start, req.token.index, u64::from(req.token.block), waiting as u64, route);
        k.schedule(svc.seek_end, Event::SeekDone);
        k.schedule(svc.rotation_end, Event::RotationDone);
        k.schedule(svc.end, Event::TransferDone);
        true
    }

    /// The request in service and how it is served.
    fn active(&self) -> (Block, Service) {
        let (req, svc) = crate::components::disk::view::Drawn::active(&self.device).expect("a request in service");
        (req.token, *svc)
    }
}

impl System for DiskSystem {
    type Event = Event;
    type Summary = Summary;
    const STALL_HINT: &'static str =
        "Every request takes time (a time unit at least on the ostep disk): a disk run whose time stops is a bug.";

    fn summary(&self, k: &K) -> Summary {
        self.metrics.summary(k.now())
    }

    fn start(&mut self, k: &mut K) {
        for (i, e) in self.entries.iter().enumerate() {
            k.record(RecordKind::Arrive, i as u32, u64::from(e.block), u64::from(e.cylinder), 0);
        }
        self.start_next(k);
    }

    fn handle(&mut self, k: &mut K, e: Event) {
        let (b, svc) = self.active();
        let block = u64::from(b.block);
        match e {
            Event::SeekDone => k.record(RecordKind::SeekDone, b.index, block, svc.seek_ns(), 0),
            Event::RotationDone => k.record(RecordKind::RotationDone, b.index, block, svc.rotation_ns(), 0),
            Event::TransferDone => {
                self.device.complete(k.now());
                self.entries[b.index as usize].done = true;
                self.metrics.served(&svc);
                k.record(RecordKind::Done, b.index, block, svc.transfer_ns(), svc.end - svc.start);
                if !self.start_next(k) {
                    k.finish();
                }
            }
        }
    }

    fn warmed_up(&self) -> bool {
        true
    }

    fn begin_measurement(&mut self, _k: &mut K, _duration: SimTime) {}

    fn sample(&mut self, now: SimTime) {
        self.metrics.sample(now);
    }

    fn end(&mut self, _now: SimTime) {}

    fn frame(&self, now: SimTime) -> Frame {
        view::frame(self, now)
    }
}

impl PaperSystem for DiskSystem {
    type Sample = Sample;
    const DESCRIPTION: &'static Description = &describe::DESCRIPTION;
    type Config = Config;
    const CONFIG_SCHEMA: &'static str = include_str!("config.schema.json");
    const EXCLUSIVE: &'static [(&'static str, &'static str, &'static str)] = &[
        ("requests.count", "requests.blocks", "the list of blocks is served as given; count draws a random list"),
        ("requests.max", "requests.blocks", "the list of blocks is served as given; max bounds a random list"),
        ("requests.min", "requests.blocks", "the list of blocks is served as given; min bounds a random list"),
    ];

    fn config_problems(c: &Config, s: &Scenario) -> Vec<Problem> {
        validate::problems(c, s)
    }

    fn work(c: &Config, s: &Scenario) -> Work {
        validate::work(c, s)
    }

    fn warmup_may_wait(_s: &Scenario) -> bool {
        false
    }

    /// The run ends when the last request does.
    fn end_known(_s: &Scenario) -> bool {
        false
    }

    fn ends_itself(_s: &Scenario) -> bool {
        true
    }

    /// No warm-up, and a measured window as long as a run may be: the list ends the run.
    fn run_control(s: &Scenario) -> RunControl {
        RunControl::from_s(0.0, MAX_RUN_S, s.run.sample_interval_s)
    }

    fn new(s: &Scenario, seed: u64) -> DiskSystem {
        DiskSystem::assemble(s, seed)
    }

    fn series(&self) -> &[Sample] {
        &self.metrics.series
    }
}

#[cfg(test)]
mod tests;
