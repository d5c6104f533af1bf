//! O'Toole and Shrira's opportunistic log (OSDI 1994): a closed loop of clients running
//! one-object transactions against one server with non-volatile memory and one HP 97560 disk
//! (§4). The server is one of the four designs of §4.3: a page server, or an object server that
//! reads uncached pages at once (basic), or keeps modified objects in a log and reads pending
//! pages oldest first (absorbing) or by shortest positioning time (opportunistic). Dirty pages
//! are written by SPTF when clean frames run short, in every design. Fetches, commits, reads and
//! the triggers are in `server.rs`; this file assembles the system and dispatches its events.
pub mod client;
pub mod config;
pub mod describe;
pub mod disk;
pub mod log;
pub mod metrics;
pub mod records;
mod server;
mod validate;
pub mod view;

use crate::components::cpu::Cpu;
use crate::components::disk::sptf::CylinderPool;
use crate::components::disk::Disk;
use crate::components::page_cache::PageCache;
use crate::describe::Description;
use crate::frame::Frame;
use crate::kernel::rng::Rng;
use crate::kernel::{time, Engine, Kernel, SimTime, System};
use crate::kernel::work::Work;
use crate::scenario::{Problem, Scenario};
use crate::systems::PaperSystem;
use client::Client;
use config::Design;
use log::Log;
use metrics::{Metrics, Sample, Summary};
use std::collections::{BTreeMap, BTreeSet, VecDeque};

/// A message between a client and the server (spec §2.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Msg {
    Fetch,
    Commit,
    FetchReply,
    Confirm,
}

/// The system's events (spec §2.9).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// A client picks its page and fetches it or starts thinking.
    TxnStart { client: u32 },
    /// A client's message reached the server, whose CPU now receives it.
    ServerArrive { client: u32, msg: Msg },
    /// The server's CPU has received the message (and validated a commit).
    ServerReceived { client: u32, msg: Msg },
    /// A reply reached its client (the client's own CPU time included).
    ClientReceive { client: u32, msg: Msg },
    /// The client's computation is over: it commits.
    ThinkDone { client: u32 },
    /// Disk `device` finished its active request.
    DiskDone { device: u8 },
}

/// Why the server asked for an I/O; disk time is reported per class (spec §3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    /// A client waits for the page.
    FetchRead = 0,
    /// The page's pending modifications need its contents (§2 "Installing").
    InstallRead = 1,
    /// A dirty page is written back in place.
    Write = 2,
}

pub const OPS: usize = 3;

/// A disk request's token.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Io {
    pub op: Op,
    pub page: u32,
}

impl crate::components::disk::view::Token for Io {
    fn kind(&self) -> u8 {
        self.op as u8
    }
    fn page(&self) -> u32 {
        self.page
    }
}

/// A read in flight: its class and the clients waiting for the page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Read {
    pub op: Op,
    pub fetchers: Vec<u32>,
}

/// One scheduling decision of a background pool (spec §5.1's platter view): the head state it
/// was made from, the page chosen and its positioning time, and the other policy's choice from
/// the same state (the oldest pending page beside an SPTF choice, and the SPTF choice beside an
/// oldest-first one), so the saving is visible at every decision.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Decision {
    pub at: SimTime,
    pub op: Op,
    /// The projected head state the choice starts from (spec A4).
    pub from_cylinder: u32,
    pub from_time: SimTime,
    pub chosen: u32,
    pub chosen_ns: u64,
    /// The other policy's page and positioning time; none for writes, whose pool keeps no age.
    pub other: Option<(u32, u64)>,
    pub candidates: u32,
    pub examined: u32,
}

/// How many decisions the frame carries.
pub const RECENT_DECISIONS: usize = 24;

/// The data disk's device id.
const DATA_DISK: u8 = 0;
/// Stream ids of the per-component random streams.
const DISK_STREAM: u64 = 0;
const SETUP_STREAM: u64 = 1;
const CLIENT_STREAM: u64 = 2;

type K = Kernel<Event>;

#[derive(Clone, Debug)]
pub struct OplogSystem {
    pub design: Design,
    pub pages: u32,
    pub memory_pages: u32,
    pub objects_per_page: u32,
    pub clients: Vec<Client>,
    fetch_ratio: f64,
    write_ratio: f64,
    pub think: SimTime,
    latency: SimTime,
    message_cpu: SimTime,
    validation: SimTime,
    installation: SimTime,
    pub write_trigger: u32,
    pub iread_trigger: u32,
    pub cpu: Cpu,
    pub disk: Disk<Io>,
    pub cache: PageCache,
    pub log: Log,
    /// Dirty pages with no write in flight: the write-back pool.
    pub dirty: CylinderPool,
    /// Reads in flight, by page.
    pub reads: BTreeMap<u32, Read>,
    /// Pages being written, and which of them were modified again meanwhile (spec A13).
    pub writing: BTreeSet<u32>,
    redirtied: BTreeSet<u32>,
    /// Log entries covered by installation reads in flight (the trigger counts them as free).
    pub iread_entries: u32,
    /// Commits waiting for a log entry or a clean frame, with when they began to wait (A6).
    pub blocked: VecDeque<(u32, SimTime)>,
    /// Reads completed while no clean frame was free, waiting for one (A6).
    frame_waiters: VecDeque<u32>,
    pub decisions: VecDeque<Decision>,
    pub metrics: Metrics,
}

pub type OplogEngine = Engine<OplogSystem>;

impl OplogSystem {
    fn assemble(s: &Scenario, seed: u64) -> OplogSystem {
        let c = s.oplog();
        let mut disk_rng = Rng::stream(seed, DISK_STREAM);
        let mut disk = disk::hp97560(DATA_DISK, c.disk.preset, disk_rng.unit());
        let pages = c.database.pages;
        let log_capacity = if c.server.has_log() { c.server.log_entries() } else { u32::MAX };
        let mut sys = OplogSystem {
            design: c.server.design,
            pages,
            memory_pages: c.server.memory_pages,
            objects_per_page: c.server.objects_per_page,
            clients: (0..c.client.count).map(|i| Client::new(Rng::stream(seed, CLIENT_STREAM + i as u64))).collect(),
            fetch_ratio: c.client.fetch_ratio,
            write_ratio: c.client.write_ratio,
            think: time::from_ms(c.client.think_ms),
            latency: time::from_ms(c.network.latency_ms),
            message_cpu: time::from_ms(c.network.message_cpu_us / 1000.0),
            validation: time::from_ms(c.server.validation_us / 1000.0),
            installation: time::from_ms(c.server.installation_ms),
            write_trigger: c.server.write_trigger,
            iread_trigger: c.server.iread_trigger,
            cpu: Cpu::default(),
            cache: PageCache::new(c.server.cache_frames() as usize, pages),
            log: Log::new(log_capacity, &disk.geometry, pages),
            dirty: CylinderPool::new(&disk.geometry, disk::PAGE_BYTES, pages),
            reads: BTreeMap::new(),
            writing: BTreeSet::new(),
            redirtied: BTreeSet::new(),
            iread_entries: 0,
            blocked: VecDeque::new(),
            frame_waiters: VecDeque::new(),
            decisions: VecDeque::new(),
            metrics: Metrics::new(s.run.batches),
            disk: {
                let head = disk_rng.below(pages) as u64 * disk::PAGE_BYTES;
                disk.place_head(head);
                disk
            },
        };
        sys.steady_state(&mut Rng::stream(seed, SETUP_STREAM));
        sys
    }

    /// Spec §2.11: start in steady state, the cache full of distinct random pages, all but
    /// `write_trigger` of them dirty, and the log holding its capacity less `iread_trigger`
    /// entries on random uncached pages.
    fn steady_state(&mut self, rng: &mut Rng) {
        let frames = self.cache.capacity() as u32;
        let clean = self.write_trigger.min(frames);
        let mut placed = 0;
        while placed < frames.min(self.pages) {
            let p = rng.below(self.pages);
            if self.cache.state(p) != crate::components::page_cache::PageState::Absent {
                continue;
            }
            self.cache.reserve(p).expect("the cache fills");
            self.cache.validate(p);
            self.cache.unpin(p);
            if placed >= clean {
                self.cache.hold_dirty(p);
                self.dirty.insert(p);
            }
            placed += 1;
        }
        if self.design.has_log() {
            let entries = self.log.capacity.saturating_sub(self.iread_trigger);
            let uncached = self.pages.saturating_sub(frames);
            let mut added = 0;
            while added < entries && uncached > 0 {
                let p = rng.below(self.pages);
                if self.cache.state(p) == crate::components::page_cache::PageState::Absent {
                    self.log.append(p, 0, false);
                    added += 1;
                }
            }
        }
    }

    pub fn cylinder(&self, page: u32) -> u64 {
        self.disk.geometry.cylinder(page as u64 * disk::PAGE_BYTES)
    }

    /// Clean frames, free ones included: the write trigger's count.
    pub fn clean_frames(&self) -> u32 {
        (self.cache.capacity() - self.cache.held()) as u32
    }

    fn begin_transaction(&mut self, k: &mut K, client: u32) {
        let c = &mut self.clients[client as usize];
        // Spec §2.4: a uniform page, a Bernoulli fetch, then think.
        let fetch = c.begin(k.now(), self.pages, self.fetch_ratio);
        k.record(records::RecordKind::TxnStart, client, c.page as u64, fetch as u64, 0);
        if fetch {
            self.client_send(k, client, Msg::Fetch);
        } else {
            k.after(self.think, Event::ThinkDone { client });
        }
    }

    /// A client sends: its own CPU, then the network.
    fn client_send(&mut self, k: &mut K, client: u32, msg: Msg) {
        k.after(self.message_cpu + self.latency, Event::ServerArrive { client, msg });
    }

    /// The server sends: its CPU (after the jobs before it), the network, the client's CPU.
    fn server_send(&mut self, k: &mut K, client: u32, msg: Msg) {
        let sent = self.cpu.run(k.now(), self.message_cpu);
        k.schedule(sent + self.latency + self.message_cpu, Event::ClientReceive { client, msg });
    }

    fn client_receive(&mut self, k: &mut K, client: u32, msg: Msg) {
        match msg {
            Msg::FetchReply => {
                let c = &mut self.clients[client as usize];
                self.metrics.fetch_done(k.now() - c.since);
                c.think(k.now());
                k.after(self.think, Event::ThinkDone { client });
            }
            Msg::Confirm => {
                self.metrics.commit(k.now());
                k.record(records::RecordKind::TxnEnd, client, self.clients[client as usize].page as u64, 0, 0);
                self.begin_transaction(k, client);
            }
            Msg::Fetch | Msg::Commit => unreachable!("clients receive replies"),
        }
    }
}

impl System for OplogSystem {
    type Event = Event;
    type Summary = Summary;
    const STALL_HINT: &'static str = "A transaction takes its think time, two network latencies and its messages' \
        CPU: give network.latency_ms, client.think_ms or network.message_cpu_us a larger value.";

    fn summary(&self, k: &K) -> Summary {
        self.metrics.summary(k.now(), k.warmup_complete(), self.cpu.busy_by(k.now()))
    }

    fn start(&mut self, k: &mut K) {
        for client in 0..self.clients.len() as u32 {
            k.schedule(0, Event::TxnStart { client });
        }
        self.triggers(k);
    }

    #[inline]
    fn handle(&mut self, k: &mut K, e: Event) {
        match e {
            Event::TxnStart { client } => self.begin_transaction(k, client),
            Event::ServerArrive { client, msg } => {
                // Spec A11: the receive, and a commit's validation, on the FCFS CPU.
                let cost = self.message_cpu + if msg == Msg::Commit { self.validation } else { 0 };
                let done = self.cpu.run(k.now(), cost);
                k.schedule(done, Event::ServerReceived { client, msg });
            }
            Event::ServerReceived { client, msg: Msg::Fetch } => self.fetch(k, client),
            Event::ServerReceived { client, msg: Msg::Commit } => self.commit(k, client, k.now()),
            Event::ServerReceived { .. } => unreachable!("the server receives requests"),
            Event::ClientReceive { client, msg } => self.client_receive(k, client, msg),
            Event::ThinkDone { client } => {
                self.clients[client as usize].decide(k.now(), self.write_ratio);
                self.client_send(k, client, Msg::Commit);
            }
            Event::DiskDone { device } => self.disk_done(k, device),
        }
        self.metrics.levels(k.now(), self.levels());
    }

    fn warmed_up(&self) -> bool {
        true
    }

    fn begin_measurement(&mut self, k: &mut K, duration: SimTime) {
        self.metrics.begin(k.now(), duration, self.cpu.busy_by(k.now()));
        self.metrics.levels(k.now(), self.levels());
    }

    fn sample(&mut self, now: SimTime) {
        let levels = self.levels();
        self.metrics.sample(now, levels);
    }

    fn end(&mut self, now: SimTime) {
        self.metrics.levels(now, self.levels());
        self.metrics.end(now, self.cpu.busy_by(now));
    }

    fn frame(&self, now: SimTime) -> Frame {
        view::frame(self, now)
    }
}

impl PaperSystem for OplogSystem {
    type Sample = Sample;
    const DESCRIPTION: &'static Description = &describe::DESCRIPTION;
    type Config = config::Config;
    const CONFIG_SCHEMA: &'static str = include_str!("config.schema.json");

    fn config_problems(c: &config::Config, s: &Scenario) -> Vec<Problem> {
        validate::problems(c, s)
    }

    fn work(c: &config::Config, s: &Scenario) -> Work {
        validate::work(c, s)
    }

    fn warmup_may_wait(_s: &Scenario) -> bool {
        false
    }

    fn new(s: &Scenario, seed: u64) -> OplogSystem {
        OplogSystem::assemble(s, seed)
    }

    fn series(&self) -> &[Sample] {
        &self.metrics.series
    }
}

impl OplogSystem {
    /// The pool sizes the metrics average over time: pending pages, log entries, dirty pages.
    fn levels(&self) -> metrics::Levels {
        metrics::Levels {
            pool: self.log.pool.len() as f64,
            log: if self.design.has_log() { self.log.used as f64 } else { 0.0 },
            dirty: self.cache.held() as f64,
        }
    }
}

#[cfg(test)]
mod tests;
