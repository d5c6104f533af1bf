//! Callback locking and the write path (thesis §2.4, after Wang & Rowe; spec 004 §2.4, A10): each
//! page's owner grants its locks, and a primary server caches them until it drops the page or the
//! owner calls the lock back. A write lock calls back every other copy in the cluster's memory (an
//! invalidation and its acknowledgement each) before it is granted; a read lock downgrades a
//! writer's. An updated page is written at its owner's disk when its last copy leaves the
//! cluster's memory (`discard.rs` sends it home when it must). At a transaction's end the client's
//! primary sends its log to the owners of the pages it updated and waits for their
//! acknowledgements. Callbacks are answered at once: the thesis's writes run on private locality
//! sets, where no other transaction holds the lock (docs/models.md).
use super::records::RecordKind;
use super::{GlobalSystem, Io, Kind, Msg, Stage, K, NO_CLIENT};
use crate::components::disk::Request as DiskRequest;

/// No server holds the page's write lock.
pub const NO_WRITER: u16 = u16::MAX;

impl GlobalSystem {
    /// Whether client `c`'s primary may use its copy of the page without asking its owner: any
    /// cached lock lets it read; a write needs the write lock.
    pub(super) fn lock_cached(&self, c: u16) -> bool {
        let r = &self.requests[c as usize];
        !r.write || self.writer[r.page as usize] == r.primary
    }

    /// At the owner, before it serves client `c`'s write: the page's other copies called back,
    /// but the primary's, the owner's own and the holder it will forward from (those give theirs
    /// up as they send it, `give_up`). Whether the request waits for acknowledgements.
    pub(super) fn call_back(&mut self, k: &mut K, c: u16) -> bool {
        let r = self.requests[c as usize];
        if !r.write || r.called_back {
            return false;
        }
        self.requests[c as usize].called_back = true;
        let owner = self.owner(r.page);
        let spared = if r.upgrade || self.nodes[owner as usize].pool.contains(r.page) { None } else { self.forwarder(c) };
        let mut others = self.holders[r.page as usize] & !(1 << r.primary) & !(1 << owner);
        if let Some(h) = spared {
            others &= !(1 << h);
        }
        let mut acks = 0;
        while others != 0 {
            let holder = others.trailing_zeros() as u16;
            others &= others - 1;
            self.unhold(r.page, holder);
            self.counters.invalidations += 1;
            self.send(k, Msg { kind: Kind::Invalidate, from: owner, to: holder, page: r.page, client: c, dest: r.primary, ..Msg::NEW });
            acks += 1;
        }
        (self.requests[c as usize].acks, self.requests[c as usize].stage) = (acks, Stage::CallBack);
        acks > 0
    }

    /// Server `node` gives up its copy of `page`: called back by a write lock, or sent to the writer.
    pub(super) fn give_up(&mut self, node: u16, page: u32) {
        self.remove_copy(node, page);
        self.unhold(page, node);
    }

    /// A read lock granted to `primary`: a writer elsewhere keeps its copy under a read lock (the
    /// owner's downgrade rides on the forward it asks of it, the only copy).
    pub(super) fn downgrade(&mut self, page: u32, primary: u16) {
        if self.writer[page as usize] != primary {
            self.writer[page as usize] = NO_WRITER;
        }
    }

    /// The write lock for a page client `c`'s primary holds under a read lock: the owner's own
    /// copy given up, the lock sent (or granted at once when the primary is the owner).
    pub(super) fn grant_write(&mut self, k: &mut K, c: u16) {
        let (page, primary) = (self.requests[c as usize].page, self.requests[c as usize].primary);
        let owner = self.owner(page);
        if owner == primary {
            return self.fetched(k, c);
        }
        if self.nodes[owner as usize].pool.contains(page) {
            self.give_up(owner, page);
        }
        self.send(k, Msg { kind: Kind::LockGrant, from: owner, to: primary, page, client: c, dest: primary, ..Msg::NEW });
    }

    /// Client `c` has updated its page: dirty in memory, and logged for its owner.
    pub(super) fn updated(&mut self, c: u16) {
        let page = self.requests[c as usize].page;
        self.dirty[page as usize] = true;
        let owner = self.owner(page);
        self.logs[c as usize][owner as usize] += 1;
    }

    /// No copy of `page` is left in the cluster's memory, none on its way.
    pub(super) fn gone(&self, page: u32) -> bool {
        self.resident[page as usize] == 0 && self.shipped[page as usize] == 0
    }

    /// An updated page's last copy written at its owner's disk, for client `c`'s frame (or
    /// `NO_CLIENT`'s, off any request's path).
    pub(super) fn write_back(&mut self, k: &mut K, page: u32, c: u16) {
        self.dirty[page as usize] = false;
        let h = self.layout.homes[page as usize];
        k.record(RecordKind::DiskWrite, u32::from(h.owner), u64::from(page), u64::from(c != NO_CLIENT), 0);
        let io = Io { page, client: c, submitted: k.now(), write: true };
        let req = DiskRequest { token: io, addr: u64::from(h.block) * super::disk::PAGE_BYTES, len: super::disk::PAGE_BYTES };
        if let Some(end) = self.nodes[h.owner as usize].disks[h.disk as usize].submit(k.now(), req) {
            k.schedule(end, super::Event::Disk { node: h.owner, disk: h.disk });
        }
    }

    /// A write-back is on disk: the frame it held is free for the request that waited.
    pub(super) fn written(&mut self, k: &mut K, c: u16) {
        self.counters.disk_writes += 1;
        if c != NO_CLIENT {
            self.requests[c as usize].room = true;
            self.join(k, c);
        }
    }

    /// A database client's request is done: at the end of its transaction the client's primary
    /// sends each owner of pages it updated its log (its own pages' log stays with it), and the
    /// client waits for their acknowledgements. Whether it waits.
    pub(super) fn end_of_transaction(&mut self, k: &mut K, c: u16) -> bool {
        let n = &mut self.txn_pages[c as usize];
        *n += 1;
        if *n < self.config.workload.transaction_pages {
            return false;
        }
        *n = 0;
        let primary = self.requests[c as usize].primary;
        let mut acks = 0;
        for owner in 0..self.nodes.len() as u16 {
            let updates = std::mem::take(&mut self.logs[c as usize][owner as usize]);
            if updates > 0 && owner != primary {
                let bytes = updates.saturating_mul(self.config.network.log_bytes);
                self.send(k, Msg { kind: Kind::CommitLog, from: primary, to: owner, client: c, dest: primary, bytes, ..Msg::NEW });
                acks += 1;
            }
        }
        self.commit_acks[c as usize] = acks;
        if acks > 0 {
            self.requests[c as usize].stage = Stage::Committing;
        }
        acks > 0
    }

    /// A message of callback locking or of a commit.
    pub(super) fn lock_msg(&mut self, k: &mut K, m: Msg) {
        match m.kind {
            Kind::Invalidate => {
                if self.nodes[m.to as usize].pool.contains(m.page) {
                    self.remove_copy(m.to, m.page);
                }
                self.send(k, Msg { kind: Kind::InvalidateAck, from: m.to, to: m.from, ..m });
            }
            Kind::InvalidateAck => {
                let r = &mut self.requests[m.client as usize];
                r.acks -= 1;
                if r.acks == 0 {
                    self.serve(k, m.client);
                }
            }
            Kind::LockGrant => self.fetched(k, m.client),
            Kind::CommitLog => self.send(k, Msg { kind: Kind::CommitAck, from: m.to, to: m.from, bytes: 0, ..m }),
            Kind::CommitAck => {
                self.commit_acks[m.client as usize] -= 1;
                if self.commit_acks[m.client as usize] == 0 {
                    self.next(k, m.client);
                }
            }
            _ => unreachable!("not a lock or commit message"),
        }
    }
}
