//! The server (§4.3, spec §2.5–2.8): fetches, commits by design, reads and writes on the FIFO
//! disk, and the two triggers whose background pools are scheduled by positioning time.
use super::disk::PAGE_BYTES;
use super::records::{Outcome, RecordKind as R};
use super::{Decision, Design, Event, Msg, Op, OplogSystem, Read, K, RECENT_DECISIONS};
use crate::components::disk::sptf::{self, Choice};
use crate::components::disk::Request;
use crate::components::page_cache::PageState;
use crate::kernel::SimTime;

fn addr(page: u32) -> u64 {
    page as u64 * PAGE_BYTES
}

impl OplogSystem {
    /// A fetch (spec §2.5 "Fetch handling"): a hit replies at once; a miss waits for a read of
    /// the page already in flight, or issues a fetch read at the tail of the FIFO queue. Fetch
    /// reads are never deferred or reordered (§3.1, §4.4).
    pub(super) fn fetch(&mut self, k: &mut K, client: u32) {
        let page = self.clients[client as usize].page;
        if self.cache.state(page) == PageState::Cached {
            self.cache.touch(page);
            self.metrics.fetch(true);
            k.record(R::FetchHit, page, client as u64, 0, 0);
            self.server_send(k, client, Msg::FetchReply);
            return;
        }
        self.metrics.fetch(false);
        let joins = self.reads.get_mut(&page).map(|r| r.fetchers.push(client)).is_some();
        k.record(R::FetchMiss, page, client as u64, joins as u64, 0);
        if !joins {
            self.read(k, Op::FetchRead, page, vec![client]);
        }
    }

    /// A commit (spec §2.7), received and validated at `k.now()`; a commit that had to wait for
    /// log space or a clean frame began waiting at `since`.
    pub(super) fn commit(&mut self, k: &mut K, client: u32, since: SimTime) {
        let (page, modified) = (self.clients[client as usize].page, self.clients[client as usize].modified);
        let cached = self.cache.state(page) == PageState::Cached;
        let full = modified
            && match self.design {
                Design::Page => !cached && self.cache.reserve(page).is_err(),
                Design::Absorbing | Design::Opportunistic => self.log.is_full(),
                Design::Basic => false,
            };
        if full {
            // Spec A6: the client is not confirmed until an entry (or a clean frame) frees.
            if since == k.now() {
                k.record(R::CommitBlocked, client, page as u64, 0, 0);
            }
            self.blocked.push_back((client, since));
            return;
        }
        self.metrics.commit_received(modified, cached, k.now() - since);
        let outcome = if !modified {
            Outcome::ReadOnly
        } else if self.design == Design::Page {
            if !cached {
                // The reserve above evicted the LRU clean frame; the page arrives whole.
                self.cache.validate(page);
                self.cache.unpin(page);
            }
            self.dirty_page(page);
            Outcome::PageStored
        } else if cached {
            Outcome::Installed
        } else {
            let reading = self.reads.get(&page).map(|r| r.op);
            let before = self.log.append(page, k.now(), reading.is_some());
            match reading {
                Some(op) => {
                    if op == Op::InstallRead {
                        self.iread_entries += 1;
                    }
                    Outcome::Attached
                }
                None if self.design == Design::Basic => {
                    self.read(k, Op::InstallRead, page, Vec::new());
                    Outcome::ReadIssued
                }
                None if before > 0 => Outcome::JoinedPending,
                None => Outcome::NewPending,
            }
        };
        k.record(R::Commit, client, page as u64, outcome as u64, 0);
        // The commit is done once its modification is in the (non-volatile) log (§1.1).
        self.server_send(k, client, Msg::Confirm);
        if outcome == Outcome::Installed {
            // A commit to a cached page is installed at once (spec §2.6), after the confirmation.
            self.cpu.run(k.now(), self.installation);
            self.metrics.installed(None, 1);
            k.record(R::Install, page, 1, 3, 0);
            self.dirty_page(page);
        }
        self.triggers(k);
    }

    /// Issue a read of `page` at the tail of the FIFO queue; its log entries, if any, leave the
    /// pool and wait for it.
    fn read(&mut self, k: &mut K, op: Op, page: u32, fetchers: Vec<u32>) {
        let entries = self.log.read_issued(page);
        if op == Op::InstallRead {
            self.iread_entries += entries;
        }
        self.reads.insert(page, Read { op, fetchers });
        self.submit(k, op, page);
    }

    fn submit(&mut self, k: &mut K, op: Op, page: u32) {
        let req = Request { token: super::Io { op, page }, addr: addr(page), len: PAGE_BYTES };
        if let Some(end) = self.disk.submit(k.now(), req) {
            self.disk_started(k, end);
        }
    }

    fn disk_started(&mut self, k: &mut K, end: SimTime) {
        let (req, svc) = *self.disk.active().expect("disk started");
        let cylinders = (svc.from_cylinder as u64) << 32 | svc.to_cylinder as u64;
        k.record(R::DiskStart, req.token.page, req.token.op as u64, req.addr, cylinders);
        k.schedule(end, Event::DiskDone { device: self.disk.id });
    }

    pub(super) fn disk_done(&mut self, k: &mut K, device: u8) {
        debug_assert_eq!(device, self.disk.id);
        let (req, svc, next) = self.disk.complete(k.now());
        let super::Io { op, page } = req.token;
        self.metrics.disk(op, &svc);
        k.record(R::DiskEnd, page, op as u64 | svc.transfer_ns() << 8, svc.seek_ns(), svc.rotation_ns());
        if let Some(end) = next {
            self.disk_started(k, end);
        }
        match op {
            Op::FetchRead | Op::InstallRead => self.read_done(k, page),
            Op::Write => self.write_done(k, page),
        }
        self.triggers(k);
    }

    /// A read completed (spec §2.5): the page takes the LRU clean frame, every log entry of the
    /// page is installed (1 ms of CPU each), and the waiting fetchers get their replies.
    fn read_done(&mut self, k: &mut K, page: u32) {
        if self.cache.state(page) == PageState::Cached {
            // A page server's commit stored the whole page meanwhile.
            self.cache.touch(page);
        } else if self.cache.reserve(page).is_err() {
            self.frame_waiters.push_back(page); // spec A6: waits for a clean frame
            return;
        } else {
            self.cache.validate(page);
            self.cache.unpin(page);
        }
        let read = self.reads.remove(&page).expect("a read in flight");
        let n = self.log.installed(page);
        if read.op == Op::InstallRead {
            self.iread_entries -= n;
        }
        if n > 0 {
            self.cpu.run(k.now(), self.installation * n as u64);
            self.metrics.installed(Some(read.op), n);
            k.record(R::Install, page, n as u64, read.op as u64, 0);
            self.dirty_page(page);
        }
        for client in read.fetchers {
            self.server_send(k, client, Msg::FetchReply);
        }
        self.unblock(k);
    }

    /// `page`'s write completed: it is clean, unless modified again meanwhile (spec A13).
    fn write_done(&mut self, k: &mut K, page: u32) {
        self.writing.remove(&page);
        if self.redirtied.remove(&page) {
            self.dirty.insert(page);
        } else {
            self.cache.release_clean(page);
            for p in std::mem::take(&mut self.frame_waiters) {
                self.read_done(k, p);
            }
            self.unblock(k);
        }
    }

    /// Modifications reached `page`'s cached frame: it is dirty until written.
    fn dirty_page(&mut self, page: u32) {
        if self.writing.contains(&page) {
            self.redirtied.insert(page);
        } else if !self.cache.is_dirty(page) {
            self.cache.hold_dirty(page);
            self.dirty.insert(page);
        }
    }

    /// Retry the commits that wait for log space or a clean frame, in arrival order.
    fn unblock(&mut self, k: &mut K) {
        for _ in 0..self.blocked.len() {
            let (client, since) = self.blocked[0];
            let page = self.clients[client as usize].page;
            let can = match self.design {
                Design::Page => self.clean_frames() > 0 || self.cache.state(page) == PageState::Cached,
                _ => !self.log.is_full(),
            };
            if !can {
                break;
            }
            self.blocked.pop_front();
            self.commit(k, client, since);
        }
    }

    /// Both triggers (spec §2.8), re-evaluated after every commit and disk completion. Writes in
    /// flight count as clean frames and entries covered by installation reads in flight as free
    /// (A5), so each trigger keeps about one request in flight. Each choice is made from the head
    /// state at which the FIFO queue will drain (A4), exact since service is deterministic.
    pub(super) fn triggers(&mut self, k: &mut K) {
        while self.clean_frames() + (self.writing.len() as u32) < self.write_trigger && !self.dirty.is_empty() {
            let head = self.disk.tail(k.now());
            let c = sptf::choose(&self.disk, head, &self.dirty).expect("a dirty page");
            self.dirty.remove(c.page);
            self.writing.insert(c.page);
            let candidates = self.dirty.len() as u32 + 1;
            k.record(R::WriteChoice, c.page, candidates as u64, c.positioning_ns, 0);
            self.decided(k.now(), Op::Write, head, c, None, candidates);
            self.submit(k, Op::Write, c.page);
        }
        if !self.design.has_log() {
            return;
        }
        while self.log.free() + self.iread_entries < self.iread_trigger && !self.log.pool.is_empty() {
            let head = self.disk.tail(k.now());
            let sptf = sptf::choose(&self.disk, head, &self.log.pool).expect("a pending page");
            let oldest = self.log.oldest_pending().expect("a pending page");
            let oldest_ns = sptf::positioning_ns(&self.disk, head, addr(oldest), PAGE_BYTES);
            let oldest = Choice { page: oldest, positioning_ns: oldest_ns, examined: 1 };
            // §4.3: the opportunistic server reads the nearest pending page, the absorbing one
            // the oldest (spec A8); each decision keeps the other's pick for the views.
            let (chosen, other) = match self.design {
                Design::Opportunistic => (sptf, oldest),
                _ => (oldest, sptf),
            };
            let candidates = self.log.pool.len() as u32;
            k.record(R::InstallChoice, chosen.page, candidates as u64, chosen.positioning_ns, other.positioning_ns);
            self.decided(k.now(), Op::InstallRead, head, chosen, Some(other), candidates);
            self.metrics.install_choice(candidates);
            self.read(k, Op::InstallRead, chosen.page, Vec::new());
        }
    }

    fn decided(
        &mut self,
        at: SimTime,
        op: Op,
        head: crate::components::disk::HeadState,
        chosen: Choice,
        other: Option<Choice>,
        candidates: u32,
    ) {
        if self.decisions.len() == RECENT_DECISIONS {
            self.decisions.pop_front();
        }
        self.decisions.push_back(Decision {
            at,
            op,
            from_cylinder: head.cylinder as u32,
            from_time: head.time,
            chosen: chosen.page,
            chosen_ns: chosen.positioning_ns,
            other: other.map(|o| (o.page, o.positioning_ns)),
            candidates,
            examined: chosen.examined,
        });
    }
}
