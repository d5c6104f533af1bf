//! A switched network between addressed nodes (Venkataraman's thesis §3.4.1, §5.3; spec 004
//! §2.1–§2.3, A6): a full mesh of point-to-point FIFO links with no contention between messages,
//! so a message's delay is its own (the owner's cost model: a fixed part and a part per byte);
//! but on one link messages arrive in the order they were sent, a later one never overtaking an
//! earlier one. Each node has a finite number of message buffers: a send takes one at the sender
//! until the message is delivered, and a sender with none free must wait (the owner queues what
//! it cannot send yet and sends it at the next delivery). The owner schedules each delivery
//! itself, so the message returns to whoever it was for.
use crate::kernel::SimTime;

/// A node of the network.
pub type NodeId = u16;

#[derive(Clone, Debug)]
pub struct Network {
    nodes: usize,
    /// The latest arrival on each link, row `from`, column `to`.
    last: Vec<SimTime>,
    /// Free message buffers at each node.
    free: Vec<u32>,
    buffers: u32,
    pub messages: u64,
    pub bytes: u64,
}

impl Network {
    /// `nodes` nodes with `buffers` message buffers each.
    pub fn new(nodes: usize, buffers: u32) -> Network {
        Network { nodes, last: vec![0; nodes * nodes], free: vec![buffers; nodes], buffers, messages: 0, bytes: 0 }
    }

    pub fn nodes(&self) -> usize {
        self.nodes
    }

    /// Whether `from` has a free buffer to send with.
    pub fn can_send(&self, from: NodeId) -> bool {
        self.free[from as usize] > 0
    }

    /// Buffers of `from` holding messages not yet delivered.
    pub fn in_flight(&self, from: NodeId) -> u32 {
        self.buffers - self.free[from as usize]
    }

    /// Sends `bytes` from `from` to `to` at `now`, taking `delay_ns` unless an earlier message on
    /// the link arrives later: returns its arrival. Takes one of `from`'s buffers (check
    /// `can_send` first) until the owner calls `delivered`.
    pub fn send(&mut self, now: SimTime, from: NodeId, to: NodeId, bytes: u64, delay_ns: SimTime) -> SimTime {
        debug_assert_ne!(from, to, "a node does not send to itself");
        let f = &mut self.free[from as usize];
        assert!(*f > 0, "node {from} has no free message buffer: check can_send");
        *f -= 1;
        let link = &mut self.last[from as usize * self.nodes + to as usize];
        *link = (*link).max(now + delay_ns);
        self.messages += 1;
        self.bytes += bytes;
        *link
    }

    /// A message `from` sent has been delivered: its buffer is free again.
    pub fn delivered(&mut self, from: NodeId) {
        let f = &mut self.free[from as usize];
        debug_assert!(*f < self.buffers);
        *f = (*f + 1).min(self.buffers);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Messages on different links do not delay each other; on one link a short message sent
    /// after a long one arrives after it; buffers run out and come back at delivery.
    #[test]
    fn links_are_fifo_and_independent_and_buffers_are_finite() {
        let mut net = Network::new(3, 2);
        assert_eq!(net.send(0, 0, 1, 8192, 550_000), 550_000, "a page");
        assert_eq!(net.send(10, 0, 1, 128, 370_000), 550_000, "a control message behind it on the link");
        assert!(!net.can_send(0), "both buffers in flight");
        assert_eq!(net.in_flight(0), 2);
        assert!(net.can_send(1));
        assert_eq!(net.send(10, 1, 0, 128, 370_000), 370_010, "the reverse link is another link");
        net.delivered(0);
        assert!(net.can_send(0));
        assert_eq!(net.send(600_000, 0, 2, 128, 370_000), 970_000);
        assert_eq!((net.messages, net.bytes), (4, 8192 + 3 * 128));
    }
}
