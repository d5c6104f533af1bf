//! Messages between the servers (thesis §2.3, spec 004 §2.3, A1, A2, A6): a message's protocol runs
//! half on its sender's processor and half on its receiver's; between them it crosses the switched
//! network's FIFO link, waiting at its sender while every message buffer is taken. Its size and
//! the page latency set its wire delay; it carries its sender's state (the state table, §4.1.3).
use super::config::MessageCost;
use super::pool::State;
use super::{disk, Event, GlobalSystem, Job, Msg, Phase, K};
use crate::kernel::SimTime;

impl GlobalSystem {
    /// The messages in flight, in their slots' order.
    pub fn messages(&self) -> impl Iterator<Item = &Msg> {
        self.msgs.iter().filter(|m| m.phase != Phase::Done)
    }

    /// Sends a message: its protocol's first half at the sender, then the wire.
    pub(super) fn send(&mut self, k: &mut K, msg: Msg) {
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
            MessageCost::Latency | MessageCost::Calibrated => 0,
            MessageCost::Scaled => (f64::from(m) * n.page_latency_ms / n.base_latency_ms).round() as u32,
        }
    }

    /// The wire's delay of a message: what the page latency leaves beside the protocol's
    /// processing, scaled by its size for a control message (spec A1, A2); or, as pure latency,
    /// the page latency, and 0.55 of it for a control message (E4).
    fn wire_ns(&self, m: &Msg) -> SimTime {
        let latency = self.config.network.page_latency_ms * 1e6;
        if matches!(self.config.network.cost, MessageCost::Latency | MessageCost::Calibrated) {
            return (if m.kind.data() { latency } else { 0.55 * latency }).round() as SimTime;
        }
        let delay = (latency - self.ns(self.message_instructions()) as f64).max(0.0);
        (delay * self.bytes(m) as f64 / disk::PAGE_BYTES as f64).round() as SimTime
    }

    /// A message's size: a page's, a control message's, or its own (a commit's log).
    fn bytes(&self, m: &Msg) -> u64 {
        match (m.kind.data(), m.bytes) {
            (true, _) => disk::PAGE_BYTES,
            (false, 0) => u64::from(self.config.network.control_bytes),
            (false, b) => u64::from(b),
        }
    }

    pub(super) fn sent(&mut self, k: &mut K, id: u32) {
        let from = self.msgs[id as usize].from;
        if self.network.can_send(from) {
            self.transmit(k, id);
        } else {
            self.outbox[from as usize].push_back(id);
        }
    }

    fn transmit(&mut self, k: &mut K, id: u32) {
        let m = self.msgs[id as usize];
        let at = self.network.send(k.now(), m.from, m.to, self.bytes(&m), self.wire_ns(&m));
        let msg = &mut self.msgs[id as usize];
        (msg.phase, msg.wire) = (Phase::Wire, (k.now(), at));
        k.schedule(at, Event::Arrive { msg: id });
    }

    pub(super) fn arrived(&mut self, k: &mut K, id: u32) {
        self.msgs[id as usize].phase = Phase::Receiving;
        let m = self.msgs[id as usize];
        self.network.delivered(m.from);
        if let Some(next) = self.outbox[m.from as usize].pop_front() {
            self.transmit(k, next);
        }
        self.cpu(k, m.to, Job::Receive(id), self.protocol().1);
    }

    pub(super) fn received(&mut self, k: &mut K, id: u32) {
        let m = self.msgs[id as usize];
        if self.states {
            self.nodes[m.to as usize].states[m.from as usize] = m.state;
        }
        self.deliver_notices(m.from, m.to);
        self.msgs[id as usize].phase = Phase::Done;
        self.free_msgs.push(id);
        self.handle_msg(k, m);
    }
}
