//! Ghemawat's MOB system (thesis Chapter 4): clients, network, the MOB server and its disk.
//! The server's memory is split between the modified object buffer (`components::mob`) and a page
//! cache; a flusher installs buffered modifications (`flusher.rs`) under the read-optimized layout
//! (pages at fixed homes in the page map), or writes them as page fragments into empty regions
//! under the write-optimized one (`wo/`). Fetches and commits follow `fetch.rs` and `commit.rs`.
//! This file assembles the system from a scenario and dispatches its events.
pub mod client;
pub mod client_cache;
mod commit;
pub mod config;
pub mod database;
pub mod describe;
mod fetch;
pub mod flusher;
pub mod hybrid;
pub mod metrics;
pub mod network;
pub mod oo7;
pub mod page_map;
pub mod page_server;
pub mod records;
mod validate;
pub mod view;
pub mod wo;
pub mod workload;

use crate::components::disk::{Disk, Request};
use crate::components::page_cache::PageCache;
use crate::describe::Description;
use crate::frame::Frame;
use crate::kernel::rng::Rng;
use crate::kernel::{Engine, Kernel, Phase, SimTime, System};
use crate::kernel::work::Work;
use crate::scenario::{Problem, Scenario};
use crate::systems::PaperSystem;
use crate::components::mob::{Layout, Mob};
use client::{Client, ClientState};
use client_cache::UseBitCache;
use database::Database;
use flusher::Flusher;
use metrics::{Metrics, Sample, Summary};
use network::Network;
use page_map::PageMap;
use records::RecordKind;
use workload::Workload;

/// The MOB system's events.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// A client starts its first transaction.
    ClientStart {
        client: u32,
    },
    FetchArrive {
        client: u32,
        oid: u32,
    },
    FetchReplyArrive {
        client: u32,
    },
    CommitArrive {
        client: u32,
    },
    /// The backup acknowledged the commit's modifications (§4.2.4).
    BackupAck {
        client: u32,
    },
    CommitReplyArrive {
        client: u32,
    },
    /// Disk `device` finished its active request.
    DiskDone {
        device: u8,
    },
}

/// Why the server asked for an I/O; disk time is reported per kind (spec §5).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RequestKind {
    /// A fetch missed in the MOB and the cache.
    FetchRead = 0,
    /// The flusher reads a page that is not cached before installing modifications (§3.2.1).
    InstallRead = 1,
    /// The flusher writes a page back in place.
    Write = 2,
    /// The costed cleaner reads a victim region or writes a region it compacted into.
    Clean = 3,
}

pub const REQUEST_KINDS: usize = 4;

/// A disk request's token: what it is for and which page; under the write-optimized layout, the
/// fragment a read is of (`wo::space::NONE` otherwise) and whether it takes the header too.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Io {
    pub kind: RequestKind,
    pub page: u32,
    pub fragment: u32,
    pub header: bool,
}

impl crate::components::disk::view::Token for Io {
    fn kind(&self) -> u8 {
        self.kind as u8
    }
    fn page(&self) -> u32 {
        self.page
    }
}

/// Who is waiting for a page read or a free cache frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Waiter {
    Fetch { client: u32, oid: u32 },
    Flusher,
    /// A page-shipping commit waiting for room in the cache (PAGE, §5.1).
    Commit { client: u32 },
}

/// The data disk's device id; the MOB server has one disk.
const DATA_DISK: u8 = 0;

/// Stream ids of the per-component random streams.
const DISK_STREAM: u64 = 0;
const CLIENT_STREAM: u64 = 1;

type K = Kernel<Event>;

#[derive(Clone, Debug)]
pub struct MobSystem {
    pub db: Database,
    pub workload: Workload,
    pub net: Network,
    pub disk: Disk<Io>,
    pub clients: Vec<Client>,
    pub mob: Mob,
    pub cache: PageCache,
    pub page_map: PageMap,
    /// The write-optimized layout's disk space and cache (None under the read-optimized one,
    /// whose pages sit in `cache` at the homes of `page_map`).
    pub wo: Option<Box<wo::WoServer>>,
    /// The hybrid layout's regions: whole pages that move with each write (§3.2.3).
    pub hybrid: Option<Box<hybrid::HybridServer>>,
    /// PAGE's dirty objects and eviction writes (page shipping, §5.1).
    pub page: Option<Box<page_server::PageServer>>,
    /// MOB, PAGE or FREEMOB (Chapter 5); FREEMOB's installation reads cost nothing (§5.3).
    pub architecture: config::Architecture,
    pub free_installation_reads: bool,
    pub flusher: Flusher,
    /// Requests waiting for a page read in flight (coalesced, spec §2.5).
    read_waiters: Vec<(u32, Waiter)>,
    /// Requests waiting for an unpinned cache frame.
    frame_waiters: Vec<Waiter>,
    /// Commits waiting for MOB space, in arrival order (§2.6).
    space_waiters: std::collections::VecDeque<u32>,
    /// The disk's last `RECENT_REQUESTS` completed requests, oldest first (the disk view's
    /// breakdown: state, so a view that opens late or a permalink shows the same).
    recent_requests: std::collections::VecDeque<DoneRequest>,
    log_index: u64,
    pub metrics: Metrics,
    write_prob: f64,
    warmup_write_prob: f64,
    warmup_passes: u32,
}

/// The MOB system's run: the kernel and the system.
pub type MobEngine = Engine<MobSystem>;

impl MobSystem {
    /// The system of a validated scenario with run seed `seed`.
    fn assemble(s: &Scenario, seed: u64) -> MobSystem {
        let db = Database::new(s);
        let workload = Workload::new(s, &db);
        let oo7 = s.mob().workload.kind == config::WorkloadKind::Oo7;
        let cache_objects = (s.mob().client.cache_mb * database::MB / f64::from(db.object_bytes)) as u64;
        let mut disk_rng = Rng::stream(seed, DISK_STREAM);
        let mb = |x: f64| (x * database::MB) as u64;
        let srv = &s.mob().server;
        let wo = wo::is_wo(s.mob());
        MobSystem {
            disk: s.mob().disk.build(DATA_DISK, disk_rng.unit()),
            net: Network::new(&s.mob().network),
            clients: (0..s.mob().client.count)
                .map(|i| {
                    let cache = oo7.then(|| UseBitCache::new(db.objects, cache_objects));
                    Client::new(i, Rng::stream(seed, CLIENT_STREAM + i as u64), cache)
                })
                .collect(),
            mob: Mob::new(
                mb(srv.mob_mb),
                srv.mob_object_overhead_bytes,
                srv.mob_chunk_overhead_bytes,
                Layout::Uniform { pages: db.pages, objects_per_page: db.objects_per_page, object_bytes: db.object_bytes },
                db.object_bytes,
            ),
            cache: PageCache::new(if wo { 0 } else { (mb(srv.page_cache_mb()) / db.page_bytes) as usize }, db.pages),
            page_map: PageMap::new(&db),
            wo: wo.then(|| Box::new(wo::WoServer::new(s.mob(), &db, mb(srv.page_cache_mb())))),
            hybrid: (srv.layout == config::Layout::Hybrid).then(|| Box::new(hybrid::HybridServer::new(s.mob(), &db))),
            page: (srv.architecture == config::Architecture::Page)
                .then(|| Box::new(page_server::PageServer::new(db.pages, db.objects_per_page, s.mob().client.count))),
            architecture: srv.architecture,
            free_installation_reads: srv.architecture == config::Architecture::Freemob,
            flusher: Flusher::new(&s.mob().flusher),
            read_waiters: Vec::new(),
            frame_waiters: Vec::new(),
            space_waiters: Default::default(),
            recent_requests: Default::default(),
            log_index: 0,
            metrics: Metrics::new(s.run.batches),
            write_prob: s.mob().workload.write_prob,
            warmup_write_prob: s.run.warmup_write_prob.unwrap_or(s.mob().workload.write_prob),
            warmup_passes: s.run.warmup_flusher_passes,
            db,
            workload,
        }
    }

    /// Object accesses the clients performed so far. Accesses that hit in the client cache run
    /// inline, without a queue event.
    pub fn accesses(&self) -> u64 {
        self.clients.iter().map(|c| c.accesses_done).sum()
    }

    fn begin_transaction(&mut self, k: &mut K, client: u32) {
        let warming = k.phase() == Phase::Warmup;
        let p = if warming { self.warmup_write_prob } else { self.write_prob };
        self.clients[client as usize].begin(&self.workload, p);
        self.continue_transaction(k, client);
    }

    /// Let the client run until it misses (send a fetch) or finishes (send the commit).
    fn continue_transaction(&mut self, k: &mut K, client: u32) {
        let c = &mut self.clients[client as usize];
        match c.run() {
            Some(oid) => {
                k.record(RecordKind::Fetch, client, oid as u64, 0, 0);
                k.after(self.net.latency, Event::FetchArrive { client, oid });
            }
            None => {
                let w = &self.workload;
                c.prepare_commit(|oid| w.area_of(oid) as u8);
                debug_assert_eq!(c.state, ClientState::Committing);
                k.after(self.net.latency, Event::CommitArrive { client });
            }
        }
    }

    /// Queue a disk request for the whole of `page` at its home (the read-optimized layout), or
    /// wherever it lies now (the hybrid one).
    fn disk_submit(&mut self, k: &mut K, kind: RequestKind, page: u32) {
        let io = Io { kind, page, fragment: wo::space::NONE, header: false };
        let (addr, len) = match &self.hybrid {
            Some(hy) => hy.extent(page),
            None => (self.page_map.addr(page), self.db.page_bytes),
        };
        self.disk_submit_at(k, io, addr, len);
    }

    /// Queue a disk request of `len` bytes at `addr`; if the disk was idle it starts now.
    fn disk_submit_at(&mut self, k: &mut K, io: Io, addr: u64, len: u64) {
        if let Some(end) = self.disk.submit(k.now(), Request { token: io, addr, len }) {
            self.disk_started(k, end);
        }
    }

    fn disk_started(&mut self, k: &mut K, end: SimTime) {
        let (req, svc) = *self.disk.active().expect("disk started");
        k.record(
            RecordKind::DiskStart,
            req.token.page,
            req.token.kind as u64,
            req.addr,
            (svc.from_cylinder as u64) << 32 | svc.to_cylinder as u64,
        );
        k.schedule(end, Event::DiskDone { device: self.disk.id });
    }

    fn disk_done(&mut self, k: &mut K, device: u8) {
        debug_assert_eq!(device, DATA_DISK);
        let (req, svc, next) = self.disk.complete(k.now());
        let io = req.token;
        let Io { kind, page, .. } = io;
        self.metrics.disk(kind, &svc);
        k.record(RecordKind::DiskEnd, page, kind as u64 | svc.transfer_ns() << 8, svc.seek_ns(), svc.rotation_ns());
        if self.recent_requests.len() == RECENT_REQUESTS {
            self.recent_requests.pop_front();
        }
        let (seek, rotation, transfer) = (svc.seek_ns(), svc.rotation_ns(), svc.transfer_ns());
        self.recent_requests.push_back(DoneRequest { kind, page, seek, rotation, transfer, end: k.now() });
        if let Some(end) = next {
            self.disk_started(k, end);
        }
        match (kind, self.wo.is_some()) {
            (RequestKind::FetchRead | RequestKind::InstallRead, false) => self.read_done(k, page),
            (RequestKind::Clean, _) => {}
            (RequestKind::Write, false) if self.hybrid.is_some() => self.hybrid_write_done(k),
            (RequestKind::Write, false) if self.page.is_some() => self.page_evict_written(k, page),
            (RequestKind::Write, false) => self.write_done(k, page),
            (RequestKind::FetchRead, true) => self.wo_fetch_read_done(k, io),
            (RequestKind::InstallRead, true) => self.wo_install_read_done(k, io),
            (RequestKind::Write, true) => self.wo_write_done(k),
        }
    }
}

impl System for MobSystem {
    type Event = Event;
    type Summary = Summary;
    const STALL_HINT: &'static str = "Transactions that hit in the client cache and commit no \
        modification take no time but the network's: give network.latency_ms a larger value.";
    const WARMUP_HINT: &'static str = "The warm-up waits for run.warmup_flusher_passes passes of the \
        flusher (and, under the write-optimized and hybrid layouts, a full cycle of its regions; \
        under PAGE, as many eviction writes as its cache has frames): give fewer passes, or a \
        longer run.warmup_s.";

    fn summary(&self, k: &K) -> Summary {
        let mut s = self.metrics.summary(k.now(), k.warmup_complete(), self.mob.capacity());
        // Like the other figures, the layouts' count from the measured window's start.
        if let Some(wo) = self.wo.as_ref().filter(|_| self.metrics.measuring()) {
            s.wo = wo.figures();
        }
        if let Some(hy) = self.hybrid.as_ref().filter(|_| self.metrics.measuring()) {
            s.wo = hy.figures();
        }
        if let Some(page) = self.page.as_ref().filter(|_| self.metrics.measuring()) {
            s.page = page.figures(self.db.object_bytes, self.db.page_bytes);
        }
        s
    }

    fn start(&mut self, k: &mut K) {
        for client in 0..self.clients.len() as u32 {
            k.schedule(0, Event::ClientStart { client });
        }
    }

    #[inline]
    fn handle(&mut self, k: &mut K, e: Event) {
        match e {
            Event::ClientStart { client } => self.begin_transaction(k, client),
            Event::FetchArrive { client, oid } => self.fetch_arrive(k, client, oid),
            Event::FetchReplyArrive { client } => {
                self.clients[client as usize].receive(self.db.objects_per_page);
                self.continue_transaction(k, client);
            }
            Event::CommitArrive { client } => self.commit_arrive(k, client),
            Event::BackupAck { client } => k.after(self.net.latency, Event::CommitReplyArrive { client }),
            Event::CommitReplyArrive { client } => {
                self.metrics.commit(k.now());
                k.record(RecordKind::TxnEnd, client, 0, 0, 0);
                self.begin_transaction(k, client);
            }
            Event::DiskDone { device } => self.disk_done(k, device),
        }
    }

    /// Spec §5, A31: the warm-up waits for `run.warmup_flusher_passes` flusher passes, when it
    /// commits writes at all; under the write-optimized and hybrid layouts also a full cycle of
    /// their regions. `run.warmup_flusher_passes = 0` waits for none of these, so the end is known
    /// from the start (`warmup_may_wait`).
    fn warmed_up(&self) -> bool {
        if self.warmup_write_prob == 0.0 || self.warmup_passes == 0 {
            return true;
        }
        if let Some(page) = &self.page {
            // PAGE has no flusher: it waits until its cache has turned over, as many eviction
            // writes as it has frames.
            return page.eviction_writes >= self.cache.capacity() as u64;
        }
        let cycled = self.wo.as_ref().is_none_or(|wo| wo.cycled()) && self.hybrid.as_ref().is_none_or(|hy| hy.cycled());
        self.flusher.passes >= self.warmup_passes as u64 && cycled
    }

    fn begin_measurement(&mut self, k: &mut K, duration: SimTime) {
        self.metrics.begin(k.now(), duration);
        if let Some(wo) = &mut self.wo {
            wo.begin();
        }
        if let Some(hy) = &mut self.hybrid {
            hy.begin();
        }
        if let Some(page) = &mut self.page {
            page.begin();
        }
    }

    fn sample(&mut self, now: SimTime) {
        let occupancy = self.mob.used() as f64 / self.mob.capacity() as f64;
        let serving = self.disk.active().map(|(r, svc)| (r.token.kind, svc.start));
        self.metrics.sample(now, occupancy, serving);
        if let Some(page) = self.page.as_mut().filter(|_| self.metrics.measuring()) {
            page.sample();
        }
    }

    fn end(&mut self, now: SimTime) {
        let (data, used) = (self.mob.data_bytes_by_area(), self.mob.used());
        self.metrics.mob_before_change(now, data, used);
    }

    fn inline_events(&self) -> u64 {
        self.accesses()
    }

    fn frame(&self, now: SimTime) -> Frame {
        view::frame(self, now)
    }
}

impl PaperSystem for MobSystem {
    type Sample = Sample;
    const DESCRIPTION: &'static Description = &describe::DESCRIPTION;
    type Config = config::Config;
    const CONFIG_SCHEMA: &'static str = include_str!("config.schema.json");
    const EXCLUSIVE: &'static [(&'static str, &'static str, &'static str)] =
        &[("server.cache_mb", "server.memory_mb", "with memory_mb the page cache is memory_mb − mob_mb")];

    fn config_problems(c: &config::Config, s: &Scenario) -> Vec<Problem> {
        validate::problems(c, s)
    }

    fn work(c: &config::Config, s: &Scenario) -> Work {
        validate::work(c, s)
    }

    /// The warm-up waits for `run.warmup_flusher_passes` passes, unless it commits no writes
    /// (spec §5, A31).
    fn warmup_may_wait(s: &Scenario) -> bool {
        let writes = s.run.warmup_write_prob.unwrap_or(s.mob().workload.write_prob) > 0.0;
        s.run.warmup_flusher_passes > 0 && writes
    }

    fn new(s: &Scenario, seed: u64) -> MobSystem {
        MobSystem::assemble(s, seed)
    }

    fn series(&self) -> &[Sample] {
        &self.metrics.series
    }
}

/// How many completed disk requests the frame carries (`disk_history`).
pub const RECENT_REQUESTS: usize = 20;

/// A completed disk request: its kind, page, the time of each phase and when it ended (ns).
#[derive(Clone, Copy, Debug)]
pub struct DoneRequest {
    pub kind: RequestKind,
    pub page: u32,
    pub seek: u64,
    pub rotation: u64,
    pub transfer: u64,
    pub end: SimTime,
}
