//! Thor0 (Liskov et al., "Safe and Efficient Sharing of Persistent Objects in Thor", SIGMOD 1996;
//! spec `../shared/specs/003-thor.md`): an FE whose object cache is filled by prefetch groups
//! whose size it adapts to how much of each it uses, and emptied by shrinking whole groups into
//! surrogates and a copying collection; over an OR that serves sub-segment chunks of 28.5 KB
//! segments. `database.rs` is OO7 as the OR stores it, `prefetch.rs` the adaptive rule,
//! `heap.rs` and `collect.rs` the FE's cache, `fe.rs` the FE, `or.rs` the OR's fetch path,
//! `costs.rs` the categories of Tables 2–3. This file assembles the system and dispatches its
//! events: one FE and one OR working in turn, so the clock is the sum of the categories.
pub mod collect;
pub mod config;
pub mod costs;
pub mod database;
pub mod describe;
pub mod experiment;
pub mod fe;
pub mod heap;
pub mod mcache;
pub mod metrics;
pub mod or;
pub mod prefetch;
pub mod records;
pub mod sharing;
mod validate;
pub mod view;

#[cfg(test)]
mod tests;

use std::sync::Arc;

use crate::components::disk::Disk;
use crate::describe::Description;
use crate::frame::Frame;
use crate::kernel::rng::Rng;
use crate::kernel::work::Work;
use crate::kernel::{Kernel, RunControl, SimTime, System, MAX_RUN_S};
use crate::scenario::{Problem, Scenario};
use crate::systems::PaperSystem;
use crate::workload::oo7::THOR0_SEGMENT_BYTES;
use costs::{ns, Category, Costs};
use database::ThorDb;
use experiment::Params;
use fe::{Fe, Stop, XREF_BYTES};
use metrics::{Metrics, Sample, Summary};
use mcache::{Io, Mcache};
use or::{Group, Or};
use prefetch::{Adaptive, Policy};
use records::RecordKind;

/// The system's events.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// The FE runs the traversal: a slice of accesses, or up to a miss or a call's end.
    Run,
    /// The fetch request reaches the OR.
    FetchArrive,
    /// The OR's disk has finished a transfer.
    DiskDone,
    /// The prefetch group reaches the FE.
    FetchReply,
    /// A slice of shrinking and collection.
    Collect,
    /// A commit's modified objects reach the OR's mcache (or try again, once the flusher has
    /// freed room).
    Log,
    /// The commit's reply reaches the FE.
    CommitReply,
    /// Another FE commits (`sharing.rs`).
    OtherCommit,
    /// An invalidation reaches the FE.
    Invalidate,
}

/// Accesses the FE runs per `Run` event at most, and units of collection per `Collect` event, so
/// that the lab's frames stay fine-grained and no event does much work (`kernel::work`).
pub const SLICE: u32 = 4096;
pub const COLLECT_SLICE: u64 = 20_000;

/// A fetch in flight: the object, how the group is to be cut (and the k or n that says, 0 for a
/// page), and the group once the OR has cut it.
#[derive(Clone, Debug)]
pub struct Fetch {
    pub number: u32,
    pub object: u32,
    pub cut: prefetch::Cut,
    pub k: u32,
    pub sent: SimTime,
    /// When the OR asked its disk for the segment.
    pub disk_from: SimTime,
    pub group: Option<Group>,
}

/// Traversals a hot run makes (§6.1: "five times within a single transaction").
pub const HOT_TRAVERSALS: usize = 5;

/// Where the run stood when a traversal began or ended: the time, Table 1's parts so far, and the
/// fetches and swizzles so far.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Mark {
    pub at: SimTime,
    pub safety: [SimTime; 5],
    pub fetches: u64,
    pub swizzles: u64,
}

/// What the FE does once the collection in progress is over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum After {
    Run,
    Install,
}

type K = Kernel<Event>;

#[derive(Clone, Debug)]
pub struct ThorSystem {
    pub db: Arc<ThorDb>,
    /// Boxed: the simulation enum holds every system inline.
    pub fe: Box<Fe>,
    pub or: Or,
    pub mcache: Mcache,
    pub disk: Disk<Io>,
    pub costs: Costs,
    pub fetch: Option<Fetch>,
    /// The latest fetch whose group has arrived.
    pub latest: Option<Fetch>,
    /// The adaptive rule's constants (the defaults under a fixed k).
    rule: prefetch::Rule,
    /// The groups so far: the k asked for, objects shipped, and how many of them the traversal has
    /// used (swizzled) since (for the prefetch view).
    pub groups: Vec<metrics::GroupRecord>,
    after: After,
    /// The traversal is over and its last commit is in flight; and once that is done.
    ending: bool,
    pub done: bool,
    /// The traversal, as the scenario names it (`config::Traversal`).
    pub traversal: config::Traversal,
    pub segment_reads: u64,
    /// A hot run (five traversals in one transaction), and where each traversal began and the
    /// last ended.
    pub hot: bool,
    pub runs: Vec<Mark>,
    /// The runs' marks when the running transaction began: an abort goes back to them.
    tx_runs: usize,
    /// Other FEs sharing the database, if any (spec A18).
    pub sharing: Option<sharing::Sharing>,
    pub metrics: Metrics,
}

impl ThorSystem {
    /// The system a scenario's sections describe.
    fn assemble(s: &Scenario, seed: u64) -> ThorSystem {
        ThorSystem::of(&Params::of(s.thor()), seed)
    }

    /// The system of `p` with seed `seed` (the database's, the mixed traversal's coins, the
    /// platter's angle at time 0).
    pub fn of(p: &Params, seed: u64) -> ThorSystem {
        let db = ThorDb::shared(p.size, seed);
        let segment = u64::from(THOR0_SEGMENT_BYTES);
        let policy = match p.prefetch {
            experiment::Prefetch::Adaptive(rule) => Policy::Adaptive(Adaptive::new(rule)),
            experiment::Prefetch::Fixed(k) => Policy::Fixed(k),
            experiment::Prefetch::Page(bytes) => Policy::Page(bytes),
            experiment::Prefetch::BreadthFirst(n) => Policy::BreadthFirst(n),
        };
        let fe = Box::new(Fe::new(
            db.clone(),
            experiment::traversal_kind(p.workload),
            experiment::root_only(p.workload, p.phase_visits, seed),
            fe::Setup {
                cache_bytes: (p.cache_mb * 1_048_576.0) as u64,
                surrogate_bytes: p.surrogate_bytes,
                shrink: p.shrink,
                segment_bytes: segment,
                split: p.split,
                handles: p.handles,
                strong_rot: p.strong_rot,
                shared: p.sharing.other_fes > 0,
            },
            policy,
            p.costs.clone(),
        ));
        let or_segments = (p.or_cache_mb * 1_048_576.0 / segment as f64) as usize;
        let or = Or::new(db.layout.clone(), or_segments, p.recent, p.big_bytes);
        let smallest = db.oo7.objects.iter().map(|o| u32::from(o.bytes)).min().unwrap_or(1);
        let mcache = Mcache::new(&p.mcache, db.layout.clone(), smallest);
        let disk = p.disk.build::<Io>(0, Rng::stream(seed, 0xd15c).unit());
        let sharing = sharing::Sharing::of(&p.sharing, db.layout.pages(), seed);
        ThorSystem {
            db,
            fe,
            or,
            mcache,
            disk,
            costs: p.costs.clone(),
            fetch: None,
            latest: None,
            rule: match p.prefetch {
                experiment::Prefetch::Adaptive(rule) => rule,
                _ => prefetch::Rule::default(),
            },
            groups: Vec::new(),
            after: After::Run,
            ending: false,
            done: false,
            traversal: p.workload,
            segment_reads: 0,
            hot: p.hot,
            runs: Vec::new(),
            tx_runs: 1,
            sharing,
            metrics: Metrics::default(),
        }
    }

    pub fn rule(&self) -> prefetch::Rule {
        self.rule
    }

    /// A fetch request's time from the FE to the OR.
    pub fn request_ns(&self) -> SimTime {
        ns(self.costs.message, 1.0) + ns(self.costs.wire_byte, self.costs.request_bytes)
    }

    /// The fetch the segment view shows: the one in flight once the OR has cut its group, else
    /// the latest.
    pub fn latest_fetch(&self) -> Option<&Fetch> {
        self.fetch.as_ref().filter(|f| f.group.is_some()).or(self.latest.as_ref())
    }

    fn mark(&self, at: SimTime) -> Mark {
        let c = &self.fe.counters;
        Mark { at, safety: self.fe.safety, fetches: c.fetches, swizzles: c.swizzles }
    }

    /// The time the FE's CPU categories have taken since `before`.
    fn fe_time(&self, before: SimTime) -> SimTime {
        self.fe.ledger.total() - before
    }

    fn run(&mut self, k: &mut K) {
        if self.fe.doomed {
            self.abort(k, k.now(), sharing::Why::Invalidated);
            return;
        }
        let before = self.fe.ledger.total();
        let stop = self.fe.run(SLICE);
        self.note_uses();
        let at = k.now() + self.fe_time(before);
        match stop {
            Stop::Slice => k.schedule(at, Event::Run),
            Stop::Miss(x) => {
                let ratio = match self.fe.policy {
                    Policy::Adaptive(a) => a.ratio(),
                    _ => 0.0,
                };
                let cut = self.fe.request();
                let size = match cut {
                    prefetch::Cut::Chunk(k) | prefetch::Cut::BreadthFirst(k) => k,
                    prefetch::Cut::Page(_) => 0,
                };
                let number = self.fe.counters.fetches as u32;
                k.record(RecordKind::Fetch, number, u64::from(x), u64::from(size), (ratio * 1e4).round() as u64);
                let t = self.request_ns();
                self.fe.ledger.add(Category::FetchCommunication, t);
                self.fetch = Some(Fetch { number, object: x, cut, k: size, sent: at, disk_from: 0, group: None });
                k.schedule(at + t, Event::FetchArrive);
            }
            Stop::CallEnd => {
                k.record(RecordKind::CallEnd, self.fe.counters.calls as u32 + 1, 0, 0, 0);
                if self.fe.end_call() {
                    self.commit(k, at);
                } else {
                    self.safe_point(k, at);
                }
            }
            Stop::Done => {
                let run = self.runs.len() as u32;
                k.record(RecordKind::TraversalEnd, run, self.fe.counters.fetches, 0, 0);
                self.runs.push(self.mark(at));
                if self.hot && (run as usize) < HOT_TRAVERSALS {
                    // The next traversal, in the same transaction (§6.1).
                    self.fe.restart();
                    k.schedule(at, Event::Run);
                } else {
                    self.fe.counters.calls += 1;
                    self.ending = true;
                    self.commit(k, at);
                }
            }
        }
    }

    /// Credits each group with the uses (first swizzles) of its objects since the last call.
    fn note_uses(&mut self) {
        for g in self.fe.take_uses() {
            if let Some(r) = self.groups.get_mut(g as usize - 1) {
                r.used += 1;
            }
        }
    }

    /// Between calls: collect if from-space is past the trigger, else run the next call.
    fn safe_point(&mut self, k: &mut K, at: SimTime) {
        if self.fe.must_collect() {
            self.begin_collect(k, at, false);
        } else {
            k.schedule(at, Event::Run);
        }
    }

    fn begin_collect(&mut self, k: &mut K, at: SimTime, emergency: bool) {
        self.fe.begin_collect(emergency);
        let n = self.fe.counters.collections as u32;
        k.record(RecordKind::Collection, n, self.fe.heap.used, u64::from(emergency), 0);
        self.after = if emergency { After::Install } else { After::Run };
        k.schedule(at, Event::Collect);
    }

    fn commit(&mut self, k: &mut K, at: SimTime) {
        let before = self.fe.ledger.total();
        if self.validate() {
            self.fe.send_commit();
            self.abort(k, at + self.fe_time(before), sharing::Why::Validation);
            return;
        }
        let (reads, writes, objects) = self.fe.commit();
        self.committed(&objects);
        self.tx_runs = self.runs.len();
        k.record(RecordKind::Commit, self.fe.counters.transactions as u32, u64::from(reads), u64::from(writes), 0);
        let at = at + self.fe_time(before);
        if objects.is_empty() {
            k.schedule(at, Event::CommitReply);
        } else {
            self.log_at(k, at, objects);
        }
    }

    /// The OR cuts the group for the fetch in flight and sends it.
    fn reply(&mut self, k: &mut K) {
        let f = self.fetch.as_mut().expect("a fetch in flight");
        let g = self.or.group(&self.db.oo7, &self.db.refs, f.object, f.cut);
        // Newer versions come from the mcache (§4): the same bytes, counted.
        if self.mcache.mob.used() > 0 {
            self.mcache.counters.fetched += g.objects.iter().filter(|&&(y, _)| self.mcache.mob.contains(y)).count() as u64;
        }
        let c = &self.costs;
        let or = ns(c.or_fetch, 1.0) + ns(c.or_object, f64::from(g.chunk.1 - g.chunk.0 + g.visited));
        let wire = c.request_bytes + (g.bytes() + g.objects.len() as u64 * XREF_BYTES) as f64;
        let comm = ns(c.message, 1.0) + ns(c.wire_byte, wire);
        self.fe.ledger.add(Category::FetchOr, or);
        self.fe.ledger.add(Category::FetchCommunication, comm);
        let chunk = u64::from(g.chunk.0) | u64::from(g.chunk.1) << 16;
        let shipped = g.objects.len() as u64 | u64::from(g.segment) << 16;
        k.record(RecordKind::Group, f.number, shipped, g.bytes(), chunk);
        if let Some(s) = self.sharing.as_mut() {
            for &(y, _) in &g.objects {
                s.shipped(self.db.oo7.objects[y as usize].page);
            }
            s.reply_at(k.now() + or + comm);
        }
        f.group = Some(g);
        k.schedule(k.now() + or + comm, Event::FetchReply);
    }

    fn install(&mut self, k: &mut K) {
        self.after = After::Run;
        let f = self.fetch.take().expect("a fetch in flight");
        let g = f.group.as_ref().expect("its group");
        let before = self.fe.ledger.total();
        self.fe.install(g);
        self.groups.push(metrics::GroupRecord {
            k: f.k,
            shipped: g.objects.len() as u32,
            used: 0,
            sent: f.sent,
            arrived: k.now(),
        });
        self.latest = Some(f);
        self.note_uses();
        // Invalidations that came after the group was sent apply to it too.
        self.apply_deferred(k);
        k.schedule(k.now() + self.fe_time(before), Event::Run);
    }
}

impl System for ThorSystem {
    type Event = Event;
    type Summary = Summary;
    const STALL_HINT: &'static str = "Every access, fetch and collection takes time: a Thor run whose time stops is a bug.";

    fn summary(&self, k: &K) -> Summary {
        self.metrics.summary(self, k.now())
    }

    fn start(&mut self, k: &mut K) {
        self.runs.push(self.mark(0));
        k.schedule(0, Event::Run);
        if let Some(s) = self.sharing.as_mut() {
            k.schedule(s.next_commit(), Event::OtherCommit);
        }
    }

    fn handle(&mut self, k: &mut K, e: Event) {
        match e {
            Event::Run => self.run(k),
            Event::FetchArrive => {
                let x = self.fetch.as_ref().expect("a fetch in flight").object;
                let s = self.db.oo7.objects[x as usize].page;
                if self.or.cached(s) {
                    self.reply(k);
                } else {
                    self.fetch.as_mut().expect("a fetch in flight").disk_from = k.now();
                    self.segment_io(k, Io::Fetch(s));
                }
            }
            Event::DiskDone => self.disk_done(k),
            Event::Log => self.log(k),
            Event::FetchReply => {
                let g = self.fetch.as_ref().and_then(|f| f.group.as_ref()).expect("a group in flight");
                let room = g.bytes() + g.objects.len() as u64 * u64::from(self.fe.heap.surrogate_bytes);
                if self.fe.fits(room) {
                    self.install(k);
                } else if self.after == After::Install {
                    // A collection has just made all the room it can (spec A13).
                    k.end_early(format!(
                        "the FE's cache cannot take a prefetch group of {room} bytes even after a collection, with \
                         {} bytes in from-space: raise fe.cache_mb, or commit more often (workload.calls_per_transaction)",
                        self.fe.heap.used
                    ));
                } else {
                    self.begin_collect(k, k.now(), true);
                }
            }
            Event::Collect => {
                let before = self.fe.ledger.total();
                let done = self.fe.collect_step(COLLECT_SLICE);
                let at = k.now() + self.fe_time(before);
                match done {
                    None => k.schedule(at, Event::Collect),
                    Some(c) => {
                        let n = self.fe.counters.collections as u32;
                        k.record(RecordKind::Flip, n, c.shrunk, c.copied, c.to_bytes);
                        // The FE has discarded what the OR's table lists as sent (spec A7).
                        self.or.recent.clear();
                        match self.after {
                            After::Run => {
                                self.apply_deferred(k);
                                k.schedule(at, Event::Run);
                            }
                            After::Install => {
                                // The group waits in the FE's buffer while it collects.
                                k.schedule(at, Event::FetchReply);
                            }
                        }
                    }
                }
            }
            Event::OtherCommit => self.other_commit(k),
            Event::Invalidate => self.invalidation_arrives(k),
            Event::CommitReply => {
                if self.ending {
                    self.done = true;
                    k.finish();
                } else {
                    self.safe_point(k, k.now());
                }
            }
        }
    }

    fn warmed_up(&self) -> bool {
        true
    }

    fn begin_measurement(&mut self, _k: &mut K, _duration: SimTime) {}

    fn sample(&mut self, now: SimTime) {
        let s = Sample::of(self, now);
        self.metrics.series.push(s);
    }

    fn end(&mut self, _now: SimTime) {}

    fn inline_events(&self) -> u64 {
        self.fe.counters.accesses
    }

    fn frame(&self, now: SimTime) -> Frame {
        view::frame(self, now)
    }
}

impl PaperSystem for ThorSystem {
    type Sample = Sample;
    const DESCRIPTION: &'static Description = &describe::DESCRIPTION;
    type Config = config::Config;
    const CONFIG_SCHEMA: &'static str = include_str!("config.schema.json");
    const EXCLUSIVE: &'static [(&'static str, &'static str, &'static str)] = &[];

    fn config_problems(c: &config::Config, s: &Scenario) -> Vec<Problem> {
        validate::problems(c, s)
    }

    fn work(c: &config::Config, s: &Scenario) -> Work {
        validate::work(c, s)
    }

    fn warmup_may_wait(_s: &Scenario) -> bool {
        false
    }

    /// The run ends when the traversal's last commit does.
    fn end_known(_s: &Scenario) -> bool {
        false
    }

    fn ends_itself(_s: &Scenario) -> bool {
        true
    }

    /// A cold traversal, measured whole (§6.1): no warm-up, and a window as long as a run may be.
    fn run_control(s: &Scenario) -> RunControl {
        RunControl::from_s(0.0, MAX_RUN_S, s.run.sample_interval_s)
    }

    fn new(s: &Scenario, seed: u64) -> ThorSystem {
        ThorSystem::assemble(s, seed)
    }

    fn series(&self) -> &[Sample] {
        &self.metrics.series
    }
}
