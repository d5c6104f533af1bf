//! The simulated system of thesis Chapter 4: clients, network, the MOB server and its disk.
//! Components are plain structs; events are an enum dispatched by `match`. The server's
//! behaviour lives beside its state, in `server/fetch.rs`, `server/commit.rs` and
//! `server/flusher.rs`, as `impl Simulation` blocks.
use super::queue::EventQueue;
use super::rng::Rng;
use super::time::{self, SimTime};
use crate::client::{Client, ClientState};
use crate::disk::{Disk, Request};
use crate::metrics::{Metrics, Summary};
use crate::net::Network;
use crate::scenario::Scenario;
use crate::server::flusher::Flusher;
use crate::server::{cache::PageCache, mob::Mob, page_map::PageMap, Waiter};
use crate::trace::{Record, RecordKind, Trace};
use crate::workload::{Database, SyntheticWorkload};

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
    /// The disk finished its active request.
    DiskDone,
    WarmupCheck,
    Sample,
    End,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    Warmup,
    Measuring,
    Done,
}

/// Stream ids of the per-component random streams.
const DISK_STREAM: u64 = 0;
const CLIENT_STREAM: u64 = 1;

const TRACE_CAPACITY: usize = 1 << 16;

#[derive(Clone, Debug)]
pub struct Simulation {
    pub(crate) now: SimTime,
    queue: EventQueue<Event>,
    events: u64,
    pub(crate) phase: Phase,
    pub(crate) db: Database,
    pub(crate) workload: SyntheticWorkload,
    pub(crate) net: Network,
    pub(crate) disk: Disk,
    pub(crate) clients: Vec<Client>,
    pub(crate) mob: Mob,
    pub(crate) cache: PageCache,
    pub(crate) page_map: PageMap,
    pub(crate) flusher: Flusher,
    /// Requests waiting for a page read in flight (coalesced, spec §2.5).
    pub(crate) read_waiters: Vec<(u32, Waiter)>,
    /// Requests waiting for an unpinned cache frame.
    pub(crate) frame_waiters: Vec<Waiter>,
    /// Commits waiting for MOB space, in arrival order (§2.6).
    pub(crate) space_waiters: std::collections::VecDeque<u32>,
    pub(crate) log_index: u64,
    pub(crate) metrics: Metrics,
    pub(crate) trace: Trace,
    write_prob: f64,
    warmup_write_prob: f64,
    warmup_passes: u32,
    warmup_complete: bool,
    duration: SimTime,
    sample_interval: SimTime,
}

impl Simulation {
    /// A simulation of a validated scenario with run seed `seed`.
    pub fn new(s: &Scenario, seed: u64) -> Simulation {
        let db = Database::new(s);
        let workload = SyntheticWorkload::new(s, &db);
        let mut disk_rng = Rng::stream(seed, DISK_STREAM);
        let mb = |x: f64| (x * crate::workload::database::MB) as u64;
        let srv = &s.server;
        let mut sim = Simulation {
            now: 0,
            queue: EventQueue::default(),
            events: 0,
            phase: Phase::Warmup,
            disk: Disk::new(&s.disk, disk_rng.unit()),
            net: Network::new(&s.network),
            clients: (0..s.client.count).map(|i| Client::new(i, Rng::stream(seed, CLIENT_STREAM + i as u64))).collect(),
            mob: Mob::new(
                mb(srv.mob_mb),
                db.object_bytes,
                srv.mob_object_overhead_bytes,
                srv.mob_chunk_overhead_bytes,
                db.pages,
                db.objects_per_page,
            ),
            cache: PageCache::new((mb(srv.page_cache_mb()) / db.page_bytes) as usize, db.pages),
            page_map: PageMap::new(srv.layout, &db),
            flusher: Flusher::new(&s.flusher),
            read_waiters: Vec::new(),
            frame_waiters: Vec::new(),
            space_waiters: Default::default(),
            log_index: 0,
            metrics: Metrics::new(s.run.batches),
            trace: Trace::new(false, TRACE_CAPACITY),
            write_prob: s.workload.write_prob,
            warmup_write_prob: s.run.warmup_write_prob.unwrap_or(s.workload.write_prob),
            warmup_passes: s.run.warmup_flusher_passes,
            warmup_complete: true,
            duration: time::from_s(s.run.duration_s),
            sample_interval: time::from_s(s.run.sample_interval_s),
            db,
            workload,
        };
        for client in 0..s.client.count {
            sim.schedule(0, Event::ClientStart { client });
        }
        sim.schedule(time::from_s(s.run.warmup_s), Event::WarmupCheck);
        sim.schedule(sim.sample_interval, Event::Sample);
        sim
    }

    pub(crate) fn schedule(&mut self, at: SimTime, e: Event) {
        self.queue.push(at, e);
    }

    pub(crate) fn after(&mut self, delay: SimTime, e: Event) {
        self.queue.push(self.now + delay, e);
    }

    #[inline]
    pub(crate) fn record(&mut self, kind: RecordKind, entity: u32, a: u64, b: u64, c: u64) {
        self.trace.record(Record { t: self.now, kind, entity, a, b, c });
    }

    pub fn now(&self) -> SimTime {
        self.now
    }

    pub fn phase(&self) -> Phase {
        self.phase
    }

    pub fn finished(&self) -> bool {
        self.phase == Phase::Done
    }

    /// Events processed so far.
    pub fn events(&self) -> u64 {
        self.events
    }

    /// Object accesses the clients performed so far. Accesses that hit in the client cache run
    /// inline, without a queue event, so they are not counted in `events`.
    pub fn accesses(&self) -> u64 {
        self.clients.iter().map(|c| c.accesses_done).sum()
    }

    pub fn trace(&self) -> &Trace {
        &self.trace
    }

    pub fn set_tracing(&mut self, on: bool) {
        self.trace.set_enabled(on);
    }

    pub fn trace_hash(&self) -> u64 {
        self.trace.hash()
    }

    pub fn metrics(&self) -> &Metrics {
        &self.metrics
    }

    pub fn mob(&self) -> &Mob {
        &self.mob
    }

    pub fn disk(&self) -> &Disk {
        &self.disk
    }

    pub fn cache(&self) -> &PageCache {
        &self.cache
    }

    pub fn database(&self) -> &Database {
        &self.db
    }

    /// Time of the next event, if any.
    pub fn next_event_time(&self) -> Option<SimTime> {
        if self.finished() {
            None
        } else {
            self.queue.peek_time()
        }
    }

    /// Process one event. Returns false once the run is over.
    pub fn step(&mut self) -> bool {
        if self.finished() {
            return false;
        }
        let Some((t, e)) = self.queue.pop() else {
            self.phase = Phase::Done;
            return false;
        };
        self.now = t;
        self.events += 1;
        self.dispatch(e);
        true
    }

    /// Process every event up to and including time `t`, then stop at `t`.
    pub fn run_until(&mut self, t: SimTime) {
        while self.next_event_time().is_some_and(|next| next <= t) {
            self.step();
        }
        if !self.finished() {
            self.now = self.now.max(t);
        }
    }

    /// Process events until one emits a trace record of `kind` (and stop right after it), or
    /// until every event up to time `limit` is processed, as `run_until(limit)` does. Returns
    /// whether such a record was emitted. Works with tracing off: it counts, it does not read.
    pub fn run_until_kind(&mut self, kind: RecordKind, limit: SimTime) -> bool {
        let seen = self.trace.count(kind);
        while self.next_event_time().is_some_and(|next| next <= limit) {
            self.step();
            if self.trace.count(kind) > seen {
                return true;
            }
        }
        self.run_until(limit);
        false
    }

    /// Run to the end of the measured window.
    pub fn run(&mut self) {
        while self.step() {}
    }

    /// The measured figures; meaningful once the run is over (or the window so far).
    pub fn summary(&self) -> Summary {
        self.metrics.summary(self.now, self.warmup_complete, self.mob.capacity())
    }

    fn dispatch(&mut self, e: Event) {
        match e {
            Event::ClientStart { client } => self.begin_transaction(client),
            Event::FetchArrive { client, oid } => self.fetch_arrive(client, oid),
            Event::FetchReplyArrive { client } => {
                self.clients[client as usize].receive();
                self.continue_transaction(client);
            }
            Event::CommitArrive { client } => self.commit_arrive(client),
            Event::BackupAck { client } => self.after(self.net.latency, Event::CommitReplyArrive { client }),
            Event::CommitReplyArrive { client } => {
                self.metrics.commit(self.now);
                self.record(RecordKind::TxnEnd, client, 0, 0, 0);
                self.begin_transaction(client);
            }
            Event::DiskDone => self.disk_done(),
            Event::WarmupCheck => self.warmup_check(),
            Event::Sample => {
                self.sample();
                self.after(self.sample_interval, Event::Sample);
            }
            Event::End => {
                let (data, used) = (self.mob.data_bytes_by_area(), self.mob.used());
                self.metrics.mob_before_change(self.now, data, used);
                self.sample(); // the last interval, which may be shorter
                self.phase = Phase::Done;
            }
        }
    }

    fn sample(&mut self) {
        let occupancy = self.mob.used() as f64 / self.mob.capacity() as f64;
        self.metrics.sample(self.now, occupancy);
    }

    fn begin_transaction(&mut self, client: u32) {
        let p = if self.phase == Phase::Warmup { self.warmup_write_prob } else { self.write_prob };
        self.clients[client as usize].begin(&self.workload, p);
        self.continue_transaction(client);
    }

    /// Let the client run until it misses (send a fetch) or finishes (send the commit).
    fn continue_transaction(&mut self, client: u32) {
        let opp = self.db.objects_per_page;
        let c = &mut self.clients[client as usize];
        match c.run(opp) {
            Some(oid) => {
                self.record(RecordKind::Fetch, client, oid as u64, 0, 0);
                self.after(self.net.latency, Event::FetchArrive { client, oid });
            }
            None => {
                let w = &self.workload;
                c.prepare_commit(|oid| w.area_of(oid) as u8);
                debug_assert_eq!(c.state, ClientState::Committing);
                self.after(self.net.latency, Event::CommitArrive { client });
            }
        }
    }

    /// Queue a disk request; if the disk was idle it starts now.
    pub(crate) fn disk_submit(&mut self, req: Request) {
        if let Some(end) = self.disk.submit(self.now, req) {
            self.disk_started(end);
        }
    }

    fn disk_started(&mut self, end: SimTime) {
        let (req, svc) = *self.disk.active().expect("disk started");
        self.record(
            RecordKind::DiskStart,
            req.page,
            req.kind as u64,
            req.addr,
            (svc.from_cylinder as u64) << 32 | svc.to_cylinder as u64,
        );
        self.schedule(end, Event::DiskDone);
    }

    fn disk_done(&mut self) {
        let (req, svc, next) = self.disk.complete(self.now);
        self.metrics.disk(req.kind, &svc);
        self.record(
            RecordKind::DiskEnd,
            req.page,
            req.kind as u64 | svc.transfer_ns() << 8,
            svc.seek_ns(),
            svc.rotation_ns(),
        );
        if let Some(end) = next {
            self.disk_started(end);
        }
        match req.kind {
            crate::disk::RequestKind::FetchRead | crate::disk::RequestKind::InstallRead => self.read_done(req.page),
            crate::disk::RequestKind::Write => self.write_done(req.page),
        }
    }

    /// Warm-up (spec §5, A31) lasts at least `run.warmup_s` and until the flusher has made
    /// `run.warmup_flusher_passes` passes, when the warm-up commits writes at all; after ten times
    /// the warm-up plus an hour it gives up waiting and says so in the summary.
    fn warmup_check(&mut self) {
        if self.phase != Phase::Warmup {
            return;
        }
        let passes_done = self.warmup_write_prob == 0.0 || self.flusher.passes >= self.warmup_passes as u64;
        let limit = time::from_s(3600.0) + 10 * self.now;
        if passes_done {
            self.begin_measurement();
        } else if self.flusher.awaiting_warmup {
            self.warmup_complete = false;
            self.begin_measurement();
        } else {
            self.flusher.awaiting_warmup = true;
            self.schedule(limit, Event::WarmupCheck);
        }
    }

    /// Called by the flusher after each pass while the warm-up waits for passes.
    pub(crate) fn flusher_pass_done(&mut self) {
        self.metrics.flusher_pass();
        if self.phase == Phase::Warmup
            && self.flusher.awaiting_warmup
            && self.flusher.passes >= self.warmup_passes as u64
        {
            self.begin_measurement();
        }
    }

    fn begin_measurement(&mut self) {
        self.phase = Phase::Measuring;
        self.metrics.begin(self.now, self.duration);
        self.after(self.duration, Event::End);
    }
}
