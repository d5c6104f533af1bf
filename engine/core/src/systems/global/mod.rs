//! Global memory management in a cluster of database servers (Venkataraman's thesis, Ch. 3; spec
//! `../shared/specs/004-global.md`): N peer servers, each owning the pages on its disks and the
//! primary server of its clients, whose buffer pools serve one another. A server that misses a
//! page asks its owner, which sends it from its memory, has another server that holds it forward
//! it, or reads it from disk, keeping a hated copy; a server that evicts another's page offers it
//! back, and the owner takes it if it has room for it (push-pull). `layout.rs` places the pages,
//! `pool.rs` is a buffer pool and its replacement policies, `protocol.rs` the access path,
//! `discard.rs` the discard handshake, `copies.rs` the directory and the duplicate states,
//! `locks.rs` callback locking and the writes, `messages.rs` the messages, `disk.rs` the Fujitsu
//! M2266. Each server's processor is shared by its jobs (`components::ps_cpu`); messages cross
//! FIFO links (`components::network`). This file assembles the system and dispatches its events.
pub mod config;
pub mod costs;
pub mod describe;
pub mod disk;
pub mod layout;
pub mod metrics;
pub mod pool;
mod copies;
mod discard;
mod locks;
mod messages;
mod protocol;
pub mod records;
mod validate;
pub mod view;

#[cfg(test)]
mod tests;

use crate::components::disk::Disk;
use crate::components::network::Network;
use crate::components::ps_cpu::PsCpu;
use crate::describe::Description;
use crate::frame::Frame;
use crate::kernel::rng::Rng;
use crate::kernel::time;
use crate::kernel::work::Work;
use crate::kernel::{Kernel, SimTime, System};
use crate::scenario::{Problem, Scenario};
use crate::systems::PaperSystem;
use config::{Config, Replacement};
use costs::Costs;
use layout::Layout;
use metrics::{Counters, Metrics, Sample, Summary};
use pool::{Pool, Rules, State};

/// The system's events.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// A server's processor finishes its next job, if the generation is still current.
    Cpu { node: u16, generation: u64 },
    /// A message reaches its receiver.
    Arrive { msg: u32 },
    /// A server's disk finishes its request.
    Disk { node: u16, disk: u8 },
    /// A client's think time is over: it asks for its next page.
    Think { client: u16 },
    /// Tab. 3's access time is up for a client's page, held at its primary (spec A27).
    Held { client: u16 },
}

/// A processor's job: what to do once it is done.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Job {
    /// The client's page looked up in its primary's pool.
    Lookup(u16),
    /// The buffer fault at the primary.
    Fault(u16),
    /// The owner's lock and directory lookup for the client's page.
    Grant(u16),
    /// The page processed for the client.
    Process(u16),
    /// A message's protocol at its sender, and at its receiver.
    Send(u32),
    Receive(u32),
}

/// What a message says (spec §2.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Primary to owner: the client's page, please.
    PageReq,
    /// Owner to holder: send the page to `dest`.
    FwdReq,
    /// The page, to the client's primary.
    PageData,
    /// Holder to owner: the forward came too late, the page is gone here.
    FwdNack,
    /// Evicting server to owner: the page is leaving my memory.
    DiscardNotify,
    /// Owner to evicting server: send it back; or: drop it.
    ShipbackReq,
    ShipbackNo,
    /// The evicted page, back to its owner (push).
    PageReturn,
    /// Owner to holder: a write lock calls your copy back (§2.4); holder to owner: done.
    Invalidate,
    InvalidateAck,
    /// Owner to primary: the write lock, for the copy the primary holds.
    LockGrant,
    /// Primary to owner at a transaction's end: the log of its updates to the owner's pages; and
    /// the owner's acknowledgement (spec A10).
    CommitLog,
    CommitAck,
}

impl Kind {
    /// Whether it carries a page: the data messages of Figs. 18, 35, 52.
    pub fn data(self) -> bool {
        matches!(self, Kind::PageData | Kind::PageReturn)
    }
}

/// A message in flight.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Msg {
    pub kind: Kind,
    pub from: u16,
    pub to: u16,
    pub page: u32,
    /// The client whose request it serves.
    pub client: u16,
    /// FwdReq: the server to send the page to.
    pub dest: u16,
    /// DiscardNotify, PageReturn: the page's last access.
    pub ts: SimTime,
    /// PageReq: for a write lock; FwdReq: the holder gives its copy up as it forwards it (a write
    /// lock calls it back); PageReturn: an updated last copy, home to be written, not kept.
    pub write: bool,
    /// Its size when not a page's or a control message's (CommitLog: the log's bytes).
    pub bytes: u32,
    /// Its sender's state, piggy-backed (§4.1.3), where a policy or the discard reads it.
    pub state: State,
    /// Where it is: at its sender's processor, on the wire (from `wire.0` to `wire.1`), at its
    /// receiver's processor (for the cluster view).
    pub phase: Phase,
    pub wire: (SimTime, SimTime),
}

impl Msg {
    /// The fields a new message starts with beside what it says.
    pub const NEW: Msg = Msg {
        kind: Kind::PageReq,
        from: 0,
        to: 0,
        page: 0,
        client: 0,
        dest: 0,
        ts: 0,
        write: false,
        bytes: 0,
        state: State::NONE,
        phase: Phase::Sending,
        wire: (0, 0),
    };
}

/// Where a message is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Phase {
    #[default]
    Sending,
    Wire,
    Receiving,
    /// Delivered and handled: its slot is free.
    Done,
}

/// A disk request's token: the page, and the client whose request read it; or an updated
/// page's last copy written back (for the client whose room it makes, or `NO_CLIENT`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Io {
    pub page: u32,
    pub client: u16,
    pub submitted: SimTime,
    pub write: bool,
}

/// A disk write, or a message, on no client's behalf.
pub const NO_CLIENT: u16 = u16::MAX;

impl crate::components::disk::view::Token for Io {
    fn kind(&self) -> u8 {
        u8::from(self.write)
    }
    fn page(&self) -> u32 {
        self.page
    }
}

/// A client's request in progress: the page, the server it asks, when it was asked for and
/// when it faulted, and the two halves of a miss (the page fetched, a frame made free), which
/// both must finish (spec §2.4's fork). A web request asks for a file's pages one after another:
/// the file, its pages still to come after this one, and when the file was asked for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Request {
    pub page: u32,
    pub primary: u16,
    pub issued: SimTime,
    pub faulted: SimTime,
    pub fetched: bool,
    pub room: bool,
    /// How the owner served its page: from its memory, by a forward, from disk (none: found in
    /// the primary's memory).
    pub served: Option<protocol::Served>,
    pub file: u32,
    pub left: u32,
    /// Fig. 60's workload: the cold file the request asks for after this (hot) one.
    pub then: Option<u32>,
    pub began: SimTime,
    /// The holders a forward found without the page (§4.1.3's race), not asked again.
    pub tried: u64,
    /// It is fetching its page; it waits for another request's fetch of it.
    pub fetching: bool,
    pub waiting: bool,
    /// Its page was shipped to it (a copy on its way, until it is installed).
    pub shipped: bool,
    /// Where it is on its path (the cluster view draws it), and the server its page comes from
    /// (the owner, a forwarding holder).
    pub stage: Stage,
    pub from: u16,
    /// It updates its page, under a write lock (§2.4); its primary holds the page with a read
    /// lock and asks only for the write lock; the other copies are called back; the callbacks
    /// not yet acknowledged.
    pub write: bool,
    pub upgrade: bool,
    pub called_back: bool,
    pub acks: u16,
}

/// Where a request is on its path (§2.3, spec §2.4): primary → owner → memory, a holder or the
/// disk → primary.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Stage {
    /// Looked up in its primary's pool.
    #[default]
    Lookup,
    /// Another of the primary's requests is fetching its page: it waits for it.
    Waiting,
    /// A miss: the primary's fault, and its request on the way to the owner.
    Fault,
    /// At the owner: its lock and directory lookup.
    AtOwner,
    /// The owner calls back the page's other copies for a write lock (§2.4).
    CallBack,
    /// The owner has asked a holder to forward the page.
    Forwarded,
    /// The owner reads it from disk.
    Disk,
    /// The page is on its way to the primary.
    Shipped,
    /// In the primary's memory, being processed (and the client thinking after).
    Processing,
    /// The transaction's end: its log sent to the owners of the pages it updated, awaiting their
    /// acknowledgements (spec A10).
    Committing,
    /// In the primary's memory, held until Tab. 3's access time from where it came is up
    /// (`network.cost = "calibrated"`, spec A27).
    Held,
}

/// A server: its processor, disks and buffer pool, and Hybrid's measured costs.
#[derive(Clone, Debug)]
pub struct Node {
    pub cpu: PsCpu<Job>,
    pub disks: Vec<Disk<Io>>,
    pub pool: Pool,
    pub costs: Costs,
    /// Every server's state as this one last heard of it, piggy-backed on their messages (the
    /// state table, §4.1.3; kept when the policy or the discard reads it).
    pub states: Vec<State>,
}

type K = Kernel<Event>;

#[derive(Clone, Debug)]
pub struct GlobalSystem {
    pub config: Config,
    pub layout: Layout,
    pub nodes: Vec<Node>,
    pub network: Network,
    /// The messages in flight, and the free slots among them.
    msgs: Vec<Msg>,
    free_msgs: Vec<u32>,
    /// Messages waiting at each server for a free buffer.
    outbox: Vec<std::collections::VecDeque<u32>>,
    /// Each page's holders, one bit a server: its owner's directory (spec §2.4). Under Optimal
    /// a resident page's bit is its owner's.
    pub holders: Vec<u64>,
    /// Each page's copies in the servers' pools, one bit a server, and its copies shipped and on
    /// their way (`dup`).
    pub resident: Vec<u64>,
    shipped: Vec<u16>,
    /// Optimal's one pool of every server's frames (§3.3), instead of the servers' own.
    pub central: Option<Pool>,
    /// The holder each page was last sent to (spec A8: the owner forwards from it).
    recent: Vec<u16>,
    /// Under lazy duplicate states, each owner's word to each server (`owner · N + server`) that
    /// pages there are the last copies now, sent with its next message to it.
    notices: Vec<Vec<u32>>,
    /// Each page's write lock's holder (`NO_WRITER`: none), and whether its copies in memory are
    /// newer than its disk's (callback locking, §2.4; spec A10).
    pub writer: Vec<u16>,
    pub dirty: Vec<bool>,
    /// Each client's requests in its transaction so far, and its updates of each server's pages
    /// (the log its commit sends), and the commit's acknowledgements still awaited.
    txn_pages: Vec<u32>,
    logs: Vec<Vec<u32>>,
    commit_acks: Vec<u16>,
    pub requests: Vec<Request>,
    /// Web: the server the next file request goes to (the round-robin router, §5.2).
    route: u16,
    /// Whether the servers keep state tables (Global's victims, the SP/2's discard).
    states: bool,
    rng: Rng,
    pub counters: Counters,
    pub metrics: Metrics,
}

impl Request {
    /// Whether this page is the request's last (a web request's: its last file's last page).
    pub fn last_page(&self) -> bool {
        self.left == 0 && self.then.is_none()
    }
}

impl GlobalSystem {
    fn assemble(s: &Scenario, seed: u64) -> GlobalSystem {
        let mut sys = GlobalSystem::of(s.global(), seed);
        sys.metrics.batch_count = s.run.batches;
        sys
    }

    pub fn of(c: &Config, seed: u64) -> GlobalSystem {
        let layout = Layout::new(c, seed);
        let mut phases = Rng::stream(seed, 0xd15c);
        // Spec A23: a remote page first costs two page latencies and the fault.
        let remote_ns = 2.0 * c.network.page_latency_ms * 1e6 + f64::from(c.execution.fault) * 1e3 / c.cluster.mips;
        let interval = time::from_s(c.policy.cost_interval_s);
        let nodes = (0..c.cluster.nodes)
            .map(|_| Node {
                cpu: PsCpu::default(),
                disks: (0..c.cluster.disks)
                    .map(|d| {
                        let drive = disk::M2266::disk(d as u8, phases.unit(), c.cluster.disk_time_scale);
                        disk::M2266::cached(drive, c.cluster.cache_contexts, c.cluster.cache_pages, |io: &Io| !io.write)
                    })
                    .collect(),
                pool: Pool::new(c.cluster.frames, if c.policy.replacement == Replacement::Global { c.cluster.nodes as u16 } else { 0 }),
                costs: Costs::new(remote_ns, interval),
                states: vec![State::default(); c.cluster.nodes as usize],
            })
            .collect();
        let pages = layout.pages() as usize;
        GlobalSystem {
            config: c.clone(),
            nodes,
            network: Network::new(c.cluster.nodes as usize, c.cluster.message_buffers),
            msgs: Vec::new(),
            free_msgs: Vec::new(),
            outbox: vec![Default::default(); c.cluster.nodes as usize],
            holders: vec![0; pages],
            resident: vec![0; pages],
            shipped: vec![0; pages],
            central: (c.policy.replacement == Replacement::Optimal).then(|| Pool::new(c.cluster.nodes * c.cluster.frames, 0)),
            recent: vec![0; pages],
            notices: vec![Vec::new(); (c.cluster.nodes * c.cluster.nodes) as usize],
            writer: vec![locks::NO_WRITER; pages],
            dirty: vec![false; pages],
            txn_pages: vec![0; layout.clients.len()],
            logs: vec![vec![0; c.cluster.nodes as usize]; layout.clients.len()],
            commit_acks: vec![0; layout.clients.len()],
            requests: vec![Request::default(); layout.clients.len()],
            route: 0,
            states: c.policy.replacement == Replacement::Global || c.policy.discard == config::Discard::Piggyback,
            rng: Rng::stream(seed, 0xc11e),
            layout,
            counters: Counters::default(),
            metrics: Metrics::default(),
        }
    }

    pub fn owner(&self, page: u32) -> u16 {
        self.layout.homes[page as usize].owner
    }

    fn replacement(&self) -> Replacement {
        self.config.policy.replacement
    }

    /// The page server `node`'s policy evicts now, Hybrid's costs refreshed and under Global its
    /// own line of its state table exact.
    fn victim(&mut self, node: u16, now: SimTime) -> Option<u32> {
        let interval = time::from_s(self.config.policy.cost_interval_s);
        let global = self.replacement() == Replacement::Global;
        let n = &mut self.nodes[node as usize];
        n.costs.refresh(now, interval);
        if global {
            n.states[node as usize] = n.pool.state(now);
        }
        let rules = Rules { now, remote_ns: n.costs.remote_ns, disk_ns: n.costs.disk_ns, node, states: &n.states, ..Rules::of(&self.config.policy) };
        n.pool.victim(&rules)
    }

    /// Time on an idle processor for `instructions`.
    fn ns(&self, instructions: u32) -> u64 {
        (f64::from(instructions) * 1e3 / self.config.cluster.mips).round() as u64
    }

    /// Gives server `node`'s processor a job, and schedules its next completion again; a job of
    /// no work is done at once.
    fn cpu(&mut self, k: &mut K, node: u16, job: Job, instructions: u32) {
        let work = self.ns(instructions);
        if work == 0 {
            return self.done(k, job);
        }
        let cpu = &mut self.nodes[node as usize].cpu;
        cpu.start(k.now(), job, work);
        let (at, generation) = cpu.next().expect("a job in service");
        k.schedule(at, Event::Cpu { node, generation });
    }

    fn cpu_done(&mut self, k: &mut K, node: u16, generation: u64) {
        let cpu = &mut self.nodes[node as usize].cpu;
        let Some(job) = cpu.finish(k.now(), generation) else { return };
        if let Some((at, generation)) = cpu.next() {
            k.schedule(at, Event::Cpu { node, generation });
        }
        self.done(k, job);
    }

    /// What follows a job.
    fn done(&mut self, k: &mut K, job: Job) {
        match job {
            Job::Lookup(c) => self.looked_up(k, c),
            Job::Fault(c) => self.faulted(k, c),
            Job::Grant(c) => self.serve(k, c),
            Job::Process(c) => self.processed(k, c),
            Job::Send(m) => self.sent(k, m),
            Job::Receive(m) => self.received(k, m),
        }
    }
}

impl System for GlobalSystem {
    type Event = Event;
    type Summary = Summary;
    const STALL_HINT: &'static str =
        "Every request takes processor time (execution.table_lookup and execution.per_page at least): raise them, or workload.think_ms.";

    fn summary(&self, k: &K) -> Summary {
        self.metrics.summary(self, k.now())
    }

    fn start(&mut self, k: &mut K) {
        for c in 0..self.layout.clients.len() {
            self.issue(k, c as u16);
        }
    }

    fn handle(&mut self, k: &mut K, e: Event) {
        match e {
            Event::Cpu { node, generation } => self.cpu_done(k, node, generation),
            Event::Arrive { msg } => self.arrived(k, msg),
            Event::Disk { node, disk } => self.disk_done(k, node, disk),
            Event::Think { client } => self.issue(k, client),
            Event::Held { client } => self.available(k, client),
        }
    }

    fn warmed_up(&self) -> bool {
        true
    }

    fn begin_measurement(&mut self, k: &mut K, duration: SimTime) {
        self.metrics.begin(k.now(), self.counters, duration);
    }

    fn sample(&mut self, now: SimTime) {
        let s = Sample::of(self, now);
        self.metrics.series.push(s);
    }

    fn end(&mut self, _now: SimTime) {}

    fn frame(&self, now: SimTime) -> Frame {
        view::frame(self, now)
    }
}

impl PaperSystem for GlobalSystem {
    type Sample = Sample;
    const DESCRIPTION: &'static Description = &describe::DESCRIPTION;
    type Config = Config;
    const CONFIG_SCHEMA: &'static str = include_str!("config.schema.json");

    fn config_problems(c: &Config, s: &Scenario) -> Vec<Problem> {
        validate::problems(c, s)
    }

    fn work(c: &Config, s: &Scenario) -> Work {
        validate::work(c, s)
    }

    fn warmup_may_wait(_s: &Scenario) -> bool {
        false
    }

    fn new(s: &Scenario, seed: u64) -> GlobalSystem {
        GlobalSystem::assemble(s, seed)
    }

    fn series(&self) -> &[Sample] {
        &self.metrics.series
    }

    fn sample_bytes(s: &Scenario) -> usize {
        std::mem::size_of::<Sample>() + s.global().cluster.nodes as usize * std::mem::size_of::<Option<f64>>()
    }
}
