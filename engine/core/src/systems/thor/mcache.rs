//! The OR's modified object cache (Liskov et al. §4: the mcache, which is the MOB [Ghe95]):
//! a commit's new object versions go into it, and the stable log is kept in the memory of a
//! primary and a backup rather than on disk; a flusher installs them into their segments in the
//! background (thesis §6.2.5: start at 90% full, scan the oldest 10%, sort the segments by address
//! and read-modify-write each, free the batch at its end). No commit waits on a disk write
//! unless the mcache is full (R17). The buffer is `components::mob`'s, over Thor0's segments.
use super::config::{self, Log};
use super::costs::{ns, Category};
use super::records::RecordKind;
use super::{Event, ThorSystem, K};
use crate::components::disk::view::Token;
use crate::components::disk::Request;
use crate::components::mob::config::{Flusher, Release};
use crate::components::mob::{Layout, ModId, Mob, Oid};
use crate::kernel::SimTime;
use crate::workload::oo7::THOR0_SEGMENT_BYTES;

/// What an OR disk request is for: its token, which comes back with its completion.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Io {
    /// A fetch's segment read (§5.2).
    Fetch(u32),
    /// The flusher's installation read of a segment the OR's memory does not hold.
    Install(u32),
    /// The flusher's write of a segment with its buffered modifications installed.
    Write(u32),
}

/// The kind indexes the names `view::DISK` gives.
impl Token for Io {
    fn kind(&self) -> u8 {
        match self {
            Io::Fetch(_) => 0,
            Io::Install(_) => 1,
            Io::Write(_) => 2,
        }
    }
    fn page(&self) -> u32 {
        match *self {
            Io::Fetch(s) | Io::Install(s) | Io::Write(s) => s,
        }
    }
}

/// What the flusher is waiting for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum State {
    Idle,
    Reading(u32),
    Writing(u32),
}

/// The mcache's totals since time 0.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Counters {
    /// Commits that logged modified objects, and the objects and bytes they logged.
    pub commits: u64,
    pub objects: u64,
    pub bytes: u64,
    /// Commits that waited for the flusher to free room, and how long in all (R17: none).
    pub waits: u64,
    pub wait: SimTime,
    /// The time the backup's messages took (R5).
    pub backup: SimTime,
    pub passes: u64,
    pub installation_reads: u64,
    pub writes: u64,
    pub installed: u64,
    /// Objects a fetch shipped from the mcache rather than from their segment (§4).
    pub fetched: u64,
    /// The mcache's fullest, bytes.
    pub peak: u64,
}

/// A commit whose modified objects wait to enter the mcache, since when, and whether it has
/// found the mcache full.
#[derive(Clone, Debug)]
pub struct Pending {
    objects: Vec<(Oid, u8)>,
    since: SimTime,
    waited: bool,
}

#[derive(Clone, Debug)]
pub struct Mcache {
    pub mob: Mob,
    flusher: Flusher,
    log: Log,
    pub state: State,
    /// The pass's segments, sorted by address, and the position in it.
    batch: Vec<u32>,
    position: usize,
    /// The modifications being written, and (per batch) those written this pass.
    installing: Vec<(Oid, ModId)>,
    written: Vec<(Oid, ModId)>,
    log_index: u64,
    pub pending: Option<Pending>,
    pub counters: Counters,
}

impl Mcache {
    pub fn new(c: &config::Mcache, layout: Layout, smallest: u32) -> Mcache {
        let capacity = (c.mb * 1_048_576.0) as u64;
        Mcache {
            mob: Mob::new(capacity, c.object_overhead_bytes, c.chunk_overhead_bytes, layout, smallest),
            flusher: c.flusher.clone(),
            log: c.log,
            state: State::Idle,
            batch: Vec::new(),
            position: 0,
            installing: Vec::new(),
            written: Vec::new(),
            log_index: 0,
            pending: None,
            counters: Counters::default(),
        }
    }

    /// The occupancy that starts a pass, bytes.
    pub fn trigger_bytes(&self) -> u64 {
        (self.flusher.trigger * self.mob.capacity() as f64) as u64
    }

    /// The flusher's settings.
    pub fn flusher(&self) -> &Flusher {
        &self.flusher
    }

    /// The pass's segments, sorted by address (empty between passes), and the position in them.
    pub fn batch(&self) -> (&[u32], usize) {
        (&self.batch, self.position)
    }

    /// The segment the flusher is reading or writing.
    pub fn busy_segment(&self) -> Option<u32> {
        match self.state {
            State::Idle => None,
            State::Reading(s) | State::Writing(s) => Some(s),
        }
    }

    fn fits(&self, objects: &[(Oid, u8)]) -> bool {
        let chunks = objects.len(); // at most one chunk an object
        self.mob.fits(self.mob.need(objects)) && self.mob.has_room_for(chunks)
    }

    /// Logs a commit's objects if they fit.
    fn insert(&mut self, objects: &[(Oid, u8)]) -> bool {
        if !self.fits(objects) {
            return false;
        }
        self.log_index += 1;
        self.mob.insert(self.log_index, objects);
        let c = &mut self.counters;
        c.commits += 1;
        c.objects += objects.len() as u64;
        c.bytes += objects.iter().map(|&(x, _)| self.mob.layout().bytes(x)).sum::<u64>();
        c.peak = c.peak.max(self.mob.used());
        true
    }

    /// Starts a pass if the flusher is idle and the mcache is past its trigger or a commit waits;
    /// whether one started.
    fn start_pass(&mut self) -> bool {
        let full = self.mob.used() >= self.trigger_bytes();
        if self.state != State::Idle || !(full || self.pending.is_some()) {
            return false;
        }
        let target = (self.flusher.scan_frac * self.mob.capacity() as f64).ceil() as u64;
        let (mut segments, _) = self.mob.find_pages(target);
        if segments.is_empty() {
            return false;
        }
        // A segment's address is its index times the segment size (`ThorSystem::segment_io`).
        segments.sort_unstable();
        self.batch = segments;
        self.position = 0;
        self.counters.passes += 1;
        true
    }

    /// The pass's next segment with modifications still buffered, or None when the pass is over
    /// (its modifications then leave, per batch).
    fn next_segment(&mut self) -> Option<u32> {
        while let Some(&s) = self.batch.get(self.position) {
            if self.mob.page_count(s) > 0 {
                return Some(s);
            }
            self.position += 1;
        }
        let written = std::mem::take(&mut self.written);
        self.mob.remove(&written);
        self.state = State::Idle;
        self.batch.clear();
        None
    }

    /// The segment `s` is in memory: its modifications, of any age, are installed and it is
    /// written (§6.2.5).
    fn write(&mut self, s: u32) -> Io {
        self.installing = self.mob.find_modifications(s);
        self.state = State::Writing(s);
        Io::Write(s)
    }

    /// The write of `s` is done: its modifications leave now or at the pass's end.
    fn written(&mut self) -> usize {
        let installed = std::mem::take(&mut self.installing);
        let n = installed.len();
        self.counters.writes += 1;
        self.counters.installed += n as u64;
        match self.flusher.release {
            Release::PerPage => {
                self.mob.remove(&installed);
            }
            Release::PerBatch => self.written.extend(installed),
        }
        self.position += 1;
        n
    }
}

impl ThorSystem {
    /// The commit's modified objects go to the mcache and, with a backup, to the backup's memory
    /// (§4); the reply follows. A commit that does not fit waits for the flusher.
    pub(super) fn log(&mut self, k: &mut K) {
        let Some(mut p) = self.mcache.pending.take() else { return };
        if k.now() < p.since {
            // A pass ended while this commit was on its way: its own event comes at `since`.
            self.mcache.pending = Some(p);
            return;
        }
        if !self.mcache.insert(&p.objects) {
            if !std::mem::replace(&mut p.waited, true) {
                self.mcache.counters.waits += 1;
            }
            let need = self.mcache.mob.need(&p.objects);
            self.mcache.pending = Some(p);
            // A pass in progress retries the commit at its end.
            if self.mcache.state == State::Idle {
                if self.mcache.start_pass() {
                    self.flusher_started(k);
                } else {
                    k.end_early(format!(
                        "a commit's modified objects need {need} bytes of the OR's mcache, more than its {} bytes \
                         hold even empty: raise mcache.mb, or commit more often (workload.calls_per_transaction)",
                        self.mcache.mob.capacity()
                    ));
                }
            }
            return;
        }
        let wait = k.now() - p.since;
        self.mcache.counters.wait += wait;
        let bytes: u64 = p.objects.iter().map(|&(x, _)| self.mcache.mob.layout().bytes(x)).sum();
        let c = &self.costs;
        let backup = match self.mcache.log {
            Log::Backup => {
                let wire = bytes + p.objects.len() as u64 * super::fe::XREF_BYTES;
                ns(c.message, 2.0) + ns(c.wire_byte, wire as f64 + 2.0 * c.request_bytes)
            }
            Log::None => 0,
        };
        self.mcache.counters.backup += backup;
        self.fe.ledger.add(Category::Commit, wait + backup);
        k.record(RecordKind::Log, self.fe.counters.transactions as u32, p.objects.len() as u64, bytes, wait + backup);
        k.schedule(k.now() + backup, Event::CommitReply);
        self.flusher_kick(k);
    }

    /// A commit with modified objects: they reach the OR's mcache at `at`.
    pub(super) fn log_at(&mut self, k: &mut K, at: SimTime, mut objects: Vec<Oid>) {
        objects.sort_unstable();
        let objects = objects.into_iter().map(|x| (x, 0)).collect();
        self.mcache.pending = Some(Pending { objects, since: at, waited: false });
        k.schedule(at, Event::Log);
    }

    /// Starts a flusher pass if one is due.
    fn flusher_kick(&mut self, k: &mut K) {
        if self.mcache.start_pass() {
            self.flusher_started(k);
        }
    }

    fn flusher_started(&mut self, k: &mut K) {
        let m = &self.mcache;
        k.record(RecordKind::FlushPass, m.counters.passes as u32, m.batch.len() as u64, m.mob.used(), 0);
        self.flusher_next(k);
    }

    /// The pass goes on: the next segment is read unless the OR's memory holds it, then written.
    fn flusher_next(&mut self, k: &mut K) {
        match self.mcache.next_segment() {
            Some(s) if self.or.cached(s) => {
                let io = self.mcache.write(s);
                self.segment_io(k, io);
            }
            Some(s) => {
                self.mcache.state = State::Reading(s);
                self.segment_io(k, Io::Install(s));
            }
            None => {
                // The batch left the mcache: a waiting commit may fit now, or another pass is due.
                if self.mcache.pending.is_some() {
                    k.schedule(k.now(), Event::Log);
                } else {
                    self.flusher_kick(k);
                }
            }
        }
    }

    /// Queues a whole-segment transfer at the OR's disk (a segment is one track, §5.2).
    pub(super) fn segment_io(&mut self, k: &mut K, io: Io) {
        let segment = u64::from(THOR0_SEGMENT_BYTES);
        let request = Request { token: io, addr: u64::from(io.page()) * segment, len: segment };
        if let Some(end) = self.disk.submit(k.now(), request) {
            k.schedule(end, Event::DiskDone);
        }
    }

    /// The disk finished a request: the next queued one starts, and the finished one goes back to
    /// whoever asked.
    pub(super) fn disk_done(&mut self, k: &mut K) {
        let (req, svc, next) = self.disk.complete(k.now());
        if let Some(end) = next {
            k.schedule(end, Event::DiskDone);
        }
        let time = svc.end - svc.start;
        match req.token {
            Io::Fetch(s) => {
                self.or.read(s);
                self.segment_reads += 1;
                k.record(RecordKind::DiskRead, s, time, 0, 0);
                let from = self.fetch.as_ref().expect("a fetch in flight").disk_from;
                // The FE waits for the read, and for any flusher transfer queued before it.
                self.fe.ledger.add(Category::Disk, k.now() - from);
                self.reply(k);
            }
            Io::Install(s) => {
                self.or.read(s);
                self.mcache.counters.installation_reads += 1;
                k.record(RecordKind::InstallRead, s, time, 0, 0);
                let io = self.mcache.write(s);
                self.segment_io(k, io);
            }
            Io::Write(s) => {
                let installed = self.mcache.written();
                k.record(RecordKind::SegmentWrite, s, time, installed as u64, 0);
                if self.mcache.flusher.release == Release::PerPage && self.mcache.pending.is_some() {
                    // The write freed room now, not at the pass's end.
                    k.schedule(k.now(), Event::Log);
                }
                self.flusher_next(k);
            }
        }
    }
}
