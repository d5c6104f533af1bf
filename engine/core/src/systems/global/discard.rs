//! Letting go of pages (thesis §3.3, §4.1.3; spec 004 §2.4, A7, A11): the frame a request needs,
//! made free by the policy's victim; a server's own victim dropped at once; another server's
//! offered back to its owner by the simulations' handshake in the request's path (a notice, then
//! "send it back" or "drop it"), or let go as the SP/2 implementation does (no handshake: dropped
//! if a duplicate or older than its owner's tail, else pushed home); the owner taking a page back
//! (push-pull), displacing its own victim with no further cascade (A7). An updated page's last copy
//! is never just dropped (A10): its owner writes it, and it goes home to be written if it must.
use super::config::Discard;
use super::pool::Resident;
use super::records::RecordKind;
use super::{GlobalSystem, Kind, Msg, K, NO_CLIENT};

impl GlobalSystem {
    /// A frame at `node` for a copy it keeps: its victim is dropped, without a handshake (spec
    /// A7: no cascade), its owner's directory updated.
    pub(super) fn evict_for_copy(&mut self, k: &mut K, node: u16) {
        if self.nodes[node as usize].pool.free() > 0 {
            return;
        }
        let Some(v) = self.victim(node, k.now()) else { return };
        let r = self.remove_copy(node, v).expect("resident");
        self.unhold(v, node);
        k.record(RecordKind::Drop, u32::from(node), u64::from(v), u64::from(self.owner(v)), 0);
        if self.dirty[v as usize] && self.gone(v) {
            let owner = self.owner(v);
            if owner == node {
                self.write_back(k, v, NO_CLIENT);
            } else {
                self.ship(v, false);
                self.send(k, Msg { kind: Kind::PageReturn, from: node, to: owner, page: v, client: NO_CLIENT, dest: node, ts: r.ts, write: true, ..Msg::NEW });
            }
        }
    }

    /// Makes room at `node` for client `c`'s page (spec §2.4's MakeRoom): a free frame, or the
    /// policy's victim, dropped at once if it is the server's own or offered back to its owner.
    pub(super) fn make_room(&mut self, k: &mut K, c: u16, node: u16) {
        if self.nodes[node as usize].pool.free() > 0 {
            self.nodes[node as usize].pool.reserved += 1;
            self.requests[c as usize].room = true;
            return;
        }
        let v = self.victim(node, k.now()).expect("a full pool has a victim");
        let r = self.remove_copy(node, v).expect("resident");
        self.nodes[node as usize].pool.reserved += 1;
        self.unhold(v, node);
        let owner = self.owner(v);
        let msg = Msg { from: node, to: owner, page: v, client: c, dest: node, ts: r.ts, ..Msg::NEW };
        if owner == node {
            k.record(RecordKind::Drop, u32::from(node), u64::from(v), u64::from(owner), 0);
            if self.dirty[v as usize] && self.gone(v) {
                // The frame is free once the updated page is on its disk (spec §2.4's MakeRoom).
                self.write_back(k, v, c);
            } else {
                self.requests[c as usize].room = true;
            }
        } else if self.config.policy.discard == Discard::Piggyback {
            self.requests[c as usize].room = true;
            self.let_go(k, msg, r);
        } else {
            self.send(k, Msg { kind: Kind::DiscardNotify, ..msg });
        }
    }

    /// The SP/2's discard (§4.1.3, spec §2.4's DiscardProtocolImpl), off the request's path: a
    /// duplicate is dropped (a copy survives); so is a page older than its owner's LRU tail when
    /// the owner has no hated copy or duplicate to give up (as this server's state table says);
    /// any other goes home at once, and so does an updated last copy, to be written.
    fn let_go(&mut self, k: &mut K, m: Msg, r: Resident) {
        let owner = self.nodes[m.from as usize].states[m.to as usize];
        let drop = r.dup || (!owner.slack() && r.ts < owner.tail_ts);
        if drop && !(self.dirty[m.page as usize] && self.gone(m.page)) {
            k.record(RecordKind::Drop, u32::from(m.from), u64::from(m.page), u64::from(m.to), 0);
        } else {
            self.ship(m.page, false);
            self.send(k, Msg { kind: Kind::PageReturn, write: drop, ..m });
        }
    }

    /// A message of the handshake, or a page pushed home.
    pub(super) fn discard_msg(&mut self, k: &mut K, m: Msg) {
        match m.kind {
        Kind::DiscardNotify => {
            let pool = &self.nodes[m.to as usize].pool;
            let last = self.holders[m.page as usize] == 0;
            let accept = last && !pool.contains(m.page) && pool.would_accept(m.ts, self.replacement().duplicates());
            // An updated last copy the owner would not keep comes home all the same, to be written.
            let write = !accept && last && self.dirty[m.page as usize];
            let kind = if accept || write { Kind::ShipbackReq } else { Kind::ShipbackNo };
            self.send(k, Msg { kind, from: m.to, to: m.from, write, ..m });
        }
        Kind::ShipbackReq => {
            self.ship(m.page, false);
            self.send(k, Msg { kind: Kind::PageReturn, from: m.to, to: m.from, ..m });
            self.roomed(k, m.client);
        }
        Kind::ShipbackNo => {
            self.counters.refused += 1;
            k.record(RecordKind::Drop, u32::from(m.to), u64::from(m.page), u64::from(m.from), 1);
            self.roomed(k, m.client);
        }
        Kind::PageReturn => self.returned(k, m),
        _ => unreachable!("not a discard message"),
        }
    }

    /// An evicted page is back at its owner (push-pull): it displaces the owner's victim and
    /// keeps its age.
    fn returned(&mut self, k: &mut K, m: Msg) {
        let owner = m.to;
        self.ship(m.page, true);
        // Pushed without asking, the owner keeps it only if it would (§2.4).
        let pool = &self.nodes[owner as usize].pool;
        let refused = self.config.policy.discard == Discard::Piggyback && !pool.would_accept(m.ts, self.replacement().duplicates());
        if m.write || refused {
            if refused {
                self.counters.refused += 1;
                k.record(RecordKind::Drop, u32::from(owner), u64::from(m.page), u64::from(m.from), 1);
            }
            if self.dirty[m.page as usize] && self.gone(m.page) {
                self.write_back(k, m.page, NO_CLIENT);
            }
            return;
        }
        self.counters.accepted += 1;
        k.record(RecordKind::ShipBack, u32::from(m.from), u64::from(m.page), u64::from(owner), 0);
        if self.nodes[owner as usize].pool.contains(m.page) || self.holders[m.page as usize] != 0 {
            return; // a copy came back meanwhile: the returned one is dropped
        }
        self.evict_for_copy(k, owner);
        if self.nodes[owner as usize].pool.free() > 0 {
            self.hold(m.page, owner);
            self.insert_copy(owner, m.page, Resident { ts: m.ts, hated: false, local: true, dup: false, owner });
        }
    }

    fn roomed(&mut self, k: &mut K, c: u16) {
        self.requests[c as usize].room = true;
        self.join(k, c);
    }
}
