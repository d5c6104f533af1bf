//! Hybrid adaptive caching (Castro, Adya, Liskov, Myers, SOSP 1997; spec
//! `../shared/specs/002-hac.md`): a client cache of page-sized frames that compacts the hot
//! objects of poorly used pages and keeps well-used pages whole. `cache/` is the cache itself,
//! `baselines/` the page caches it is measured against, and `experiment.rs` runs OO7 traversals
//! through any of them. This file assembles the system the lab and the CLI run: one client
//! walking an OO7 traversal through its cache, a network, and a server with a page cache and a
//! disk, which turn misses into time (spec §5).
pub mod baselines;
pub mod cache;
pub mod client_cache;
pub mod config;
pub mod describe;
pub mod experiment;
pub mod metrics;
mod page_cache_view;
pub mod records;
mod replacement_view;
mod setup;
pub mod steps;
mod validate;
pub mod view;
pub mod walk;

#[cfg(test)]
mod tests;

use std::sync::Arc;

use baselines::{fpc::Fpc, gom::Gom, quickstore::QuickStore};
use cache::HacCache;
use client_cache::ClientCache;
use config::{Pinning, Policy, Replacement, Start};
use metrics::{CacheFigures, Metrics, Sample, Summary};
use records::RecordKind;

use crate::components::disk::{Disk, Request};
use crate::components::page_cache::{PageCache, PageState};
use crate::describe::Description;
use crate::frame::Frame;
use crate::kernel::rng::Rng;
use crate::kernel::{time, Kernel, RunControl, SimTime, System};
use crate::kernel::work::Work;
use crate::scenario::{Problem, Scenario};
use crate::systems::PaperSystem;
use crate::workload::oo7::{Oo7Database, Traversal, TraversalKind};
use config::Traversal as TraversalName;
use setup::{prepared, Prepared, WalkSpec};
use steps::{Replacement as Steps, StepCosts};
use walk::Walk;

/// The HAC system's events.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// The client runs its traversal until it misses, or for a slice of accesses.
    Run,
    /// The access that missed, once the hits before it have taken their time: the client sends
    /// the fetch and starts replacement.
    Miss { page: u32, object: u32 },
    /// A fetch request reaches the server.
    FetchArrive { page: u32 },
    /// The server's disk finished its active read.
    DiskDone,
    /// The fetched page reaches the client.
    FetchReply { page: u32 },
    /// The commit's modified objects reach the server.
    CommitArrive { objects: u64 },
    /// The server's reply to the commit reaches the client.
    CommitReply,
}

/// The client cache, whichever policy the scenario names.
#[derive(Clone, Debug)]
pub enum Cache {
    /// Boxed: HAC's cache is the largest, and the simulation enum holds every system inline.
    Hac(Box<HacCache>),
    Fpc(Fpc),
    QuickStore(QuickStore),
    Gom(Gom),
}

impl Cache {
    pub fn as_dyn(&self) -> &dyn ClientCache {
        match self {
            Cache::Hac(c) => c.as_ref(),
            Cache::Fpc(c) => c,
            Cache::QuickStore(c) => c,
            Cache::Gom(c) => c,
        }
    }

    fn as_dyn_mut(&mut self) -> &mut dyn ClientCache {
        match self {
            Cache::Hac(c) => c.as_mut(),
            Cache::Fpc(c) => c,
            Cache::QuickStore(c) => c,
            Cache::Gom(c) => c,
        }
    }

    /// HAC's replacement counters so far (0 for a page cache).
    fn work(&self) -> cache::CacheStats {
        match self {
            Cache::Hac(c) => c.stats.clone(),
            _ => cache::CacheStats::default(),
        }
    }
}

/// Accesses the client runs per `Run` event at most, so that the lab's frames stay fine-grained.
const SLICE: u32 = 4096;

const DISK_STREAM: u64 = 0;
const CLIENT_STREAM: u64 = 1;

/// The costs of the client's work (spec §5), ns.
#[derive(Clone, Debug)]
struct Costs {
    hit: SimTime,
    install: f64,
    scan_object: f64,
    move_byte: f64,
    discard_object: f64,
    foreground: bool,
    pin: bool,
}

/// A fetch in flight: when it was sent and the replacement work it overlaps.
#[derive(Clone, Copy, Debug)]
struct Pending {
    sent: SimTime,
    replacement: SimTime,
}

type K = Kernel<Event>;

#[derive(Clone, Debug)]
pub struct HacSystem {
    pub db: Arc<Oo7Database>,
    pub cache: Cache,
    pub frames: u32,
    pub walk: Walk,
    kind: TraversalKind,
    hot: bool,
    /// 0 while the unmeasured traversal of a hot run walks, 1 for the measured one, 2 once done.
    traversal: u8,
    pub accesses: u64,
    /// Composite-part visits of the traversals walked before the current one (the samples' work).
    visits_before: u64,
    costs: Costs,
    latency: SimTime,
    /// ns per byte on the wire.
    wire: f64,
    request_bytes: u64,
    server: PageCache,
    disk: Disk<u32>,
    fetched: Vec<bool>,
    pending: Option<Pending>,
    /// The replacement the fetch in flight overlaps (or the last one), step by step (HAC only).
    pub replacement: Option<Steps>,
    /// Objects the transaction has modified, and their bytes (what the commit ships, §4.6).
    written: Vec<bool>,
    written_bytes: u64,
    commit_object: SimTime,
    /// When the commit in flight was sent.
    commit_sent: SimTime,
    /// Where the cache's counters stood when the measured traversal began, and at the last miss.
    work_at_start: cache::CacheStats,
    work_at_miss: cache::CacheStats,
    /// The indirection table at its largest since the measured traversal began.
    table_peak: u64,
    page_use: f64,
    pub metrics: Metrics,
}

impl HacSystem {
    fn assemble(s: &Scenario, seed: u64) -> HacSystem {
        let c = s.hac();
        let kind = c.workload.traversal.kind();
        let dynamic = c.workload.traversal == TraversalName::Dynamic;
        let page_bytes = c.database.page_kb * 1024;
        let server_pages = (c.server.cache_mb * 1_048_576.0 / page_bytes as f64) as usize;
        let spec = if dynamic { WalkSpec::Dynamic(c.workload.dynamic()) } else { WalkSpec::Traversal(kind) };
        let prepared = prepared(c.database.oo7(), seed, spec, server_pages);
        let mut walk = prepared.walk(seed);
        if let Walk::Dynamic(d) = &mut walk {
            // Its first operations warm the cache unmeasured (§4.1.1).
            d.stop_after(c.workload.dynamic_warmup);
        }
        let Prepared { db, page_use, server, .. } = prepared;
        let pages = experiment::pages_of(&db);
        let frames = c.client.frames(page_bytes);
        let cache = match c.client.policy {
            Policy::Hac => {
                let mut cache = HacCache::new(c.client.hac_params(page_bytes), pages);
                cache.record_events(true);
                Cache::Hac(Box::new(cache))
            }
            Policy::Fpc => Cache::Fpc(Fpc::new(frames, page_bytes, pages)),
            Policy::Quickstore => Cache::QuickStore(QuickStore::new(
                frames,
                page_bytes,
                pages,
                c.client.mapping_fetch_prob,
                seed ^ CLIENT_STREAM,
            )),
            Policy::Gom => {
                Cache::Gom(Gom::new(frames as u64 * page_bytes as u64, c.client.gom_page_share, page_bytes, pages))
            }
        };
        let mut disk_rng = Rng::stream(seed, DISK_STREAM);
        let us = |x: f64| (x * 1e3).round() as SimTime;
        HacSystem {
            cache,
            frames,
            walk,
            kind,
            hot: dynamic || c.workload.start == Start::Hot,
            traversal: 0,
            accesses: 0,
            visits_before: 0,
            costs: Costs {
                hit: us(c.client.hit_us.unwrap_or_else(|| config::table_3_hit_us(c.workload.traversal))),
                install: c.client.install_us * 1e3,
                scan_object: c.client.scan_object_us * 1e3,
                move_byte: c.client.move_kb_us * 1e3 / 1024.0,
                discard_object: c.client.discard_object_us * 1e3,
                foreground: c.client.replacement == Replacement::Foreground,
                pin: c.client.pinning == Pinning::Path,
            },
            latency: time::from_ms(c.network.latency_ms),
            wire: 8e3 / c.network.bandwidth_mbps,
            request_bytes: c.network.request_bytes as u64,
            server,
            disk: c.disk.build(0, disk_rng.unit()),
            fetched: vec![false; db.pages as usize],
            pending: None,
            replacement: None,
            written: vec![false; db.objects.len()],
            written_bytes: 0,
            commit_object: us(c.server.commit_object_us),
            commit_sent: 0,
            work_at_start: cache::CacheStats::default(),
            work_at_miss: cache::CacheStats::default(),
            table_peak: 0,
            page_use,
            metrics: Metrics::default(),
            db,
        }
    }

    /// 0: the unmeasured traversal, 1: the measured one, 2: done.
    pub fn traversal_index(&self) -> u8 {
        self.traversal
    }

    fn message(&self, bytes: u64) -> SimTime {
        // Validation keeps a message within a run's limit; the sum saturates all the same.
        self.latency.saturating_add((bytes as f64 * self.wire).round() as SimTime)
    }

    /// The client walks its traversal: hits take the hit time (and installs their conversion);
    /// the first miss sends a fetch, with replacement running meanwhile (§3.3).
    fn run(&mut self, k: &mut K) {
        let mut elapsed: SimTime = 0;
        let mut conversion = 0.0;
        for _ in 0..SLICE {
            let Some(a) = self.walk.next() else {
                // The traversal ends when its last access has taken its time.
                if elapsed > 0 || conversion > 0.0 {
                    self.metrics.measured.conversion_ns += conversion;
                    k.after(elapsed + conversion.round() as SimTime, Event::Run);
                } else {
                    self.traversal_done(k);
                }
                return;
            };
            self.accesses += 1;
            self.metrics.measured.accesses += 1;
            if a.write && !std::mem::replace(&mut self.written[a.object as usize], true) {
                self.written_bytes += self.db.objects[a.object as usize].bytes as u64;
            }
            let installs = self.cache.as_dyn().installs();
            let (walk, pin) = (&self.walk, self.costs.pin);
            let stack = || if pin { walk.path_objects() } else { Vec::new() };
            let miss = self.cache.as_dyn_mut().access(a.object, a.write, &stack);
            self.table_peak = self.table_peak.max(self.cache.as_dyn().table_bytes());
            conversion += (self.cache.as_dyn().installs() - installs) as f64 * self.costs.install;
            elapsed += self.costs.hit;
            self.metrics.measured.hit_ns += self.costs.hit as f64;
            if miss {
                let page = self.db.objects[a.object as usize].page;
                // Replacement works only at misses: its counters moved since the last one.
                let (work, after) = (std::mem::take(&mut self.work_at_miss), self.cache.work());
                let replacement = (after.objects_scanned - work.objects_scanned) as f64 * self.costs.scan_object
                    + (after.bytes_moved - work.bytes_moved) as f64 * self.costs.move_byte
                    + (after.objects_discarded - work.objects_discarded) as f64 * self.costs.discard_object;
                self.work_at_miss = after;
                self.metrics.measured.replacement_work_ns += replacement;
                self.metrics.measured.fetches += 1;
                if !std::mem::replace(&mut self.fetched[page as usize], true) {
                    self.metrics.measured.compulsory += 1;
                }
                let sent = k.now() + elapsed + conversion.round() as SimTime;
                self.metrics.measured.conversion_ns += conversion;
                self.pending = Some(Pending { sent, replacement: replacement.round() as SimTime });
                self.keep_steps(page, sent);
                k.schedule(sent, Event::Miss { page, object: a.object });
                return;
            }
        }
        self.metrics.measured.conversion_ns += conversion;
        k.after((elapsed + conversion.round() as SimTime).max(1), Event::Run);
    }

    /// The miss is sent, and what replacement did meanwhile is recorded (the cache took the page
    /// and compacted when the access was walked: `docs/models.md`).
    fn miss(&mut self, k: &mut K, page: u32, object: u32) {
        k.record(RecordKind::Fetch, page, object as u64, 0, 0);
        self.record_compactions(k);
        if self.cache.work().steals > 0 {
            let why = "the client cache filled with objects the transaction modified, which no-steal keeps until the \
                       commit (§4.6): give client.cache_mb more room";
            k.end_early(why.to_string());
            return;
        }
        k.after(self.message(self.request_bytes), Event::FetchArrive { page });
    }

    /// Keeps the steps of the replacement this miss made, timed from when it starts (`steps.rs`).
    fn keep_steps(&mut self, page: u32, sent: SimTime) {
        let Cache::Hac(c) = &mut self.cache else { return };
        let frame = c.resident(page).expect("the page has its frame");
        let costs = StepCosts {
            scan_object: self.costs.scan_object,
            move_byte: self.costs.move_byte,
            discard_object: self.costs.discard_object,
        };
        let events = c.take_events();
        let before = std::mem::take(&mut c.candidates_before);
        self.replacement = Some(Steps::new(page, frame, sent, !self.costs.foreground, events, &costs, before));
    }

    /// A trace record for each compaction the last replacement made (the HAC view and "next
    /// compaction" follow them).
    fn record_compactions(&mut self, k: &mut K) {
        let Cache::Hac(c) = &mut self.cache else { return };
        for c in c.take_compactions() {
            let counts = c.retained as u64 | (c.objects as u64) << 24;
            k.record(RecordKind::Compaction, c.frame, c.t as u64, counts, c.freed as u64);
        }
    }

    fn fetch_arrive(&mut self, k: &mut K, page: u32) {
        if self.server.state(page) == PageState::Cached {
            self.server.touch(page);
            self.metrics.measured.server_hits += 1;
            k.record(RecordKind::ServerHit, page, 0, 0, 0);
            self.reply(k, page);
            return;
        }
        let page_bytes = self.db.params.page_bytes as u64;
        let req = Request { token: page, addr: page as u64 * page_bytes, len: page_bytes };
        if let Some(end) = self.disk.submit(k.now(), req) {
            k.schedule(end, Event::DiskDone);
        }
    }

    fn disk_done(&mut self, k: &mut K) {
        let (req, svc, next) = self.disk.complete(k.now());
        if let Some(end) = next {
            k.schedule(end, Event::DiskDone);
        }
        let page = req.token;
        k.record(RecordKind::DiskRead, page, svc.end - svc.start, 0, 0);
        if self.server.capacity() > 0
            && self.server.state(page) == PageState::Absent
            && self.server.reserve(page).is_ok()
        {
            self.server.validate(page);
            self.server.unpin(page);
        }
        self.reply(k, page);
    }

    fn reply(&mut self, k: &mut K, page: u32) {
        let bytes = self.db.params.page_bytes as u64;
        k.after(self.message(bytes), Event::FetchReply { page });
    }

    /// The page is in: the client resumes once replacement is done too, at once if it finished
    /// within the fetch (background), or after it (HAC-FG, §4.5).
    fn fetch_reply(&mut self, k: &mut K, page: u32) {
        let p = self.pending.take().expect("a reply answers the fetch in flight");
        let now = k.now();
        self.metrics.measured.fetch_ns += (now - p.sent) as f64;
        let frame = match &self.cache {
            Cache::Hac(c) => c.resident(page).unwrap_or(u32::MAX),
            _ => u32::MAX,
        };
        k.record(RecordKind::FetchReply, page, frame as u64, now - p.sent, 0);
        if let Some(r) = &mut self.replacement {
            r.reply = Some(now);
            r.start.get_or_insert(now);
        }
        let resume = if self.costs.foreground { now + p.replacement } else { now.max(p.sent + p.replacement) };
        self.metrics.measured.replacement_ns += (resume - now) as f64;
        if resume == now {
            self.run(k);
        } else {
            k.schedule(resume, Event::Run);
        }
    }

    /// The traversal is over: its transaction commits, shipping its modified objects (§4.6),
    /// then the next traversal may start or the run ends.
    fn traversal_done(&mut self, k: &mut K) {
        let fetches = self.cache.as_dyn().fetches();
        k.record(RecordKind::TraversalEnd, 0, self.traversal as u64, fetches, 0);
        if self.traversal == 1 {
            // Elapsed time is the traversal's; the commit is reported apart (§4.5, Figure 14).
            self.metrics.finished = Some(k.now());
        }
        let objects = self.cache.as_dyn_mut().commit();
        if objects > 0 {
            self.commit_sent = k.now();
            let bytes = self.written_bytes + self.request_bytes;
            self.written.fill(false);
            self.written_bytes = 0;
            k.record(RecordKind::Commit, 0, objects, bytes, 0);
            k.after(self.message(bytes), Event::CommitArrive { objects });
        } else {
            self.committed(k);
        }
    }

    fn committed(&mut self, k: &mut K) {
        if self.traversal == 0 && self.hot {
            // The kernel begins the measured window once `warmed_up` says so, after this event.
            self.traversal = 1;
        } else {
            self.traversal = 2;
            k.finish();
        }
    }

    fn start_traversal(&mut self, k: &mut K, measured: bool) {
        match &mut self.walk {
            // The dynamic traversal's measured operations go on from the unmeasured ones.
            Walk::Dynamic(d) if measured => d.stop_after(u32::MAX),
            Walk::Dynamic(_) => {}
            Walk::Traversal(_) => {
                self.visits_before += self.walk.composite_visits() as u64;
                self.walk = Walk::Traversal(Traversal::new(self.db.clone(), self.kind));
            }
        }
        k.record(RecordKind::TraversalStart, 0, measured as u64, 0, 0);
        k.after(0, Event::Run);
    }

    fn cache_figures(&self) -> CacheFigures {
        let (now, then) = (self.cache.work(), &self.work_at_start);
        CacheFigures {
            frame_bytes: self.cache.as_dyn().frame_bytes(),
            table_bytes_peak: self.table_peak,
            compactions: now.compactions - then.compactions,
            retained_sum: now.retained_fraction_sum - then.retained_fraction_sum,
            frames_freed: now.frames_freed - then.frames_freed,
            bytes_moved: now.bytes_moved - then.bytes_moved,
            objects_discarded: now.objects_discarded - then.objects_discarded,
        }
    }
}

impl System for HacSystem {
    type Event = Event;
    type Summary = Summary;
    /// The measured traversal starts when the unmeasured one is over, not before (§4.1).
    const MEASURES_UNWARMED: bool = false;
    const STALL_HINT: &'static str = "Accesses take client.hit_us and fetches network.latency_ms and the wire's \
        time: give them larger values.";
    const WARMUP_HINT: &'static str = "A hot run measures its traversal after an unmeasured one (a \
        dynamic run after its first operations), which did not end within the run's limit, so \
        nothing was measured: its fetches take too long; raise network.bandwidth_mbps or lower \
        network.latency_ms.";

    fn summary(&self, k: &K) -> Summary {
        self.metrics.summary(k.now(), k.warmup_complete(), self.cache_figures(), self.page_use)
    }

    fn start(&mut self, k: &mut K) {
        if self.hot {
            self.start_traversal(k, false);
        }
    }

    fn handle(&mut self, k: &mut K, e: Event) {
        match e {
            Event::Run => self.run(k),
            Event::Miss { page, object } => self.miss(k, page, object),
            Event::FetchArrive { page } => self.fetch_arrive(k, page),
            Event::DiskDone => self.disk_done(k),
            Event::FetchReply { page } => self.fetch_reply(k, page),
            Event::CommitArrive { objects } => {
                let reply = self.message(self.request_bytes);
                k.after(objects * self.commit_object + reply, Event::CommitReply);
            }
            Event::CommitReply => {
                if self.traversal == 1 {
                    self.metrics.measured.commit_ns += (k.now() - self.commit_sent) as f64;
                }
                self.committed(k);
            }
        }
    }

    fn warmed_up(&self) -> bool {
        !self.hot || self.traversal >= 1
    }

    fn begin_measurement(&mut self, k: &mut K, _duration: SimTime) {
        self.metrics.begin(k.now());
        self.traversal = 1;
        self.work_at_start = self.cache.work();
        self.table_peak = self.cache.as_dyn().table_bytes();
        self.start_traversal(k, true);
    }

    fn sample(&mut self, now: SimTime) {
        let (intact, compacted) = match &self.cache {
            Cache::Hac(c) => c.frame_kinds(),
            _ => (0, 0),
        };
        let cache = self.cache.as_dyn();
        self.metrics.series.push(Sample {
            t_s: time::to_s(now),
            measuring: self.metrics.started.is_some(),
            composite_visits: self.visits_before + self.walk.composite_visits() as u64,
            fetches: cache.fetches(),
            table_bytes: cache.table_bytes(),
            intact_frames: intact,
            compacted_frames: compacted,
        });
    }

    fn end(&mut self, _now: SimTime) {}

    fn inline_events(&self) -> u64 {
        self.accesses
    }

    fn frame(&self, now: SimTime) -> Frame {
        view::frame(self, now)
    }
}

impl PaperSystem for HacSystem {
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

    /// A hot run measures after one unmeasured traversal, a dynamic one after its first
    /// operations.
    fn warmup_may_wait(s: &Scenario) -> bool {
        let w = &s.hac().workload;
        w.start == Start::Hot || w.traversal == TraversalName::Dynamic
    }

    /// The run ends when the measured traversal does.
    fn end_known(_: &Scenario) -> bool {
        false
    }

    fn ends_itself(_: &Scenario) -> bool {
        true
    }

    /// The warm-up is the unmeasured traversal, not a time (`run.warmup_s` does not apply).
    fn run_control(s: &Scenario) -> RunControl {
        s.run.control().warming_by_work()
    }

    fn new(s: &Scenario, seed: u64) -> HacSystem {
        HacSystem::assemble(s, seed)
    }

    fn series(&self) -> &[Sample] {
        &self.metrics.series
    }
}
