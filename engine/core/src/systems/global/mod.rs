//! Global memory management in a cluster of database servers (Venkataraman's thesis, Ch. 3; spec
//! `../shared/specs/004-global.md`): N peer servers, each owning the pages on its disks and the
//! primary server of its clients, whose buffer pools serve one another. A server that misses a
//! page asks its owner, which sends it from its memory, has another server that holds it forward
//! it, or reads it from disk, keeping a hated copy; a server that evicts another's page offers it
//! back, and the owner takes it if it has room for it (push-pull). `layout.rs` places the pages,
//! `pool.rs` is a buffer pool and its replacement policies, `protocol.rs` the access path and the
//! discard handshake, `disk.rs` the Fujitsu M2266. Each server's processor is shared by its jobs
//! (`components::ps_cpu`); messages run half their protocol at each end and cross FIFO links
//! (`components::network`). This file assembles the system and dispatches its events.
pub mod config;
pub mod costs;
pub mod describe;
pub mod disk;
pub mod layout;
pub mod metrics;
pub mod pool;
mod copies;
mod discard;
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
use config::{Config, MessageCost, Replacement};
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

/// A disk request's token: the page, and the client whose request read it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Io {
    pub page: u32,
    pub client: u16,
    pub submitted: SimTime,
}

impl crate::components::disk::view::Token for Io {
    fn kind(&self) -> u8 {
        0
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
    /// It read its page from disk; it came from another server's memory.
    pub disk_read: bool,
    pub remote: bool,
    pub file: u32,
    pub left: u32,
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
    /// The owner has asked a holder to forward the page.
    Forwarded,
    /// The owner reads it from disk.
    Disk,
    /// The page is on its way to the primary.
    Shipped,
    /// In the primary's memory, being processed (and the client thinking after).
    Processing,
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
    pub requests: Vec<Request>,
    /// Web: the server the next file request goes to (the round-robin router, §5.2).
    route: u16,
    /// Whether the servers keep state tables (Global's victims, the SP/2's discard).
    states: bool,
    rng: Rng,
    pub counters: Counters,
    pub metrics: Metrics,
}

impl GlobalSystem {
    fn assemble(s: &Scenario, seed: u64) -> GlobalSystem {
        GlobalSystem::of(s.global(), seed)
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
                disks: (0..c.cluster.disks).map(|d| disk::M2266::disk(d as u8, phases.unit(), c.cluster.disk_time_scale)).collect(),
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

    /// The messages in flight, in their slots' order.
    pub fn messages(&self) -> impl Iterator<Item = &Msg> {
        self.msgs.iter().filter(|m| m.phase != Phase::Done)
    }

    /// Sends a message: its protocol's first half at the sender, then the wire.
    fn send(&mut self, k: &mut K, msg: Msg) {
        let state = if self.states { self.nodes[msg.from as usize].pool.state(k.now()) } else { State::NONE };
        let msg = Msg { phase: Phase::Sending, wire: (0, 0), state, ..msg };
        let id = match self.free_msgs.pop() {
            Some(id) => {
                self.msgs[id as usize] = msg;
                id
            }
            None => {
                self.msgs.push(msg);
                (self.msgs.len() - 1) as u32
            }
        };
        if msg.kind.data() {
            self.counters.data_messages += 1;
        }
        self.counters.messages += 1;
        self.cpu(k, msg.from, Job::Send(id), self.protocol().0);
    }

    /// The protocol's instructions at a message's sender and at its receiver (spec A1).
    fn protocol(&self) -> (u32, u32) {
        let m = self.message_instructions();
        (m / 2, m - m / 2)
    }

    /// The protocol's instructions of one message, both ends (spec A1).
    fn message_instructions(&self) -> u32 {
        let (n, m) = (&self.config.network, self.config.execution.message);
        match n.cost {
            MessageCost::Split => m,
            MessageCost::Latency => 0,
            MessageCost::Scaled => (f64::from(m) * n.page_latency_ms / n.base_latency_ms).round() as u32,
        }
    }

    /// The wire's delay of a message: what the page latency leaves beside the protocol's
    /// processing, scaled by its size for a control message (spec A1, A2); or, as pure latency,
    /// the page latency, and 0.55 of it for a control message (E4).
    fn wire_ns(&self, kind: Kind) -> SimTime {
        let latency = self.config.network.page_latency_ms * 1e6;
        if self.config.network.cost == MessageCost::Latency {
            return (if kind.data() { latency } else { 0.55 * latency }).round() as SimTime;
        }
        let delay = (latency - self.ns(self.message_instructions()) as f64).max(0.0);
        let bytes = if kind.data() { disk::PAGE_BYTES as f64 } else { f64::from(self.config.network.control_bytes) };
        (delay * bytes / disk::PAGE_BYTES as f64).round() as SimTime
    }

    fn sent(&mut self, k: &mut K, id: u32) {
        let from = self.msgs[id as usize].from;
        if self.network.can_send(from) {
            self.transmit(k, id);
        } else {
            self.outbox[from as usize].push_back(id);
        }
    }

    fn transmit(&mut self, k: &mut K, id: u32) {
        let m = self.msgs[id as usize];
        let bytes = if m.kind.data() { disk::PAGE_BYTES } else { u64::from(self.config.network.control_bytes) };
        let at = self.network.send(k.now(), m.from, m.to, bytes, self.wire_ns(m.kind));
        let msg = &mut self.msgs[id as usize];
        (msg.phase, msg.wire) = (Phase::Wire, (k.now(), at));
        k.schedule(at, Event::Arrive { msg: id });
    }

    fn arrived(&mut self, k: &mut K, id: u32) {
        self.msgs[id as usize].phase = Phase::Receiving;
        let m = self.msgs[id as usize];
        self.network.delivered(m.from);
        if let Some(next) = self.outbox[m.from as usize].pop_front() {
            self.transmit(k, next);
        }
        self.cpu(k, m.to, Job::Receive(id), self.protocol().1);
    }

    fn received(&mut self, k: &mut K, id: u32) {
        let m = self.msgs[id as usize];
        if self.states {
            self.nodes[m.to as usize].states[m.from as usize] = m.state;
        }
        self.msgs[id as usize].phase = Phase::Done;
        self.free_msgs.push(id);
        self.handle_msg(k, m);
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
        }
    }

    fn warmed_up(&self) -> bool {
        true
    }

    fn begin_measurement(&mut self, k: &mut K, _duration: SimTime) {
        self.metrics.begin(k.now(), self.counters);
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
