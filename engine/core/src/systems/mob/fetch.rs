//! The fetch path (thesis §3.1.2, §6.2.1; spec §2.5): MOB, then cache, then disk; after a read
//! the lookup restarts. The reply carries every object of the page that is in server memory.
use super::client::Reply;
use super::oo7;
use super::records::RecordKind;
use super::workload::Workload;
use super::{Event, MobSystem, RequestKind, Waiter, K};
use crate::components::page_cache::PageState;

impl MobSystem {
    pub(super) fn fetch_arrive(&mut self, k: &mut K, client: u32, oid: u32) {
        if self.wo.is_some() {
            return self.wo_fetch_lookup(k, client, oid, false, None);
        }
        self.fetch_lookup(k, client, oid, false);
    }

    /// `waited` is true when this lookup restarts after a disk read or a frame wait.
    fn fetch_lookup(&mut self, k: &mut K, client: u32, oid: u32, waited: bool) {
        let pid = self.db.page_of(oid);
        let state = self.cache.state(pid);
        if state == PageState::Cached {
            self.cache.touch(pid);
            self.reply(k, client, Reply::Page(pid), waited);
        } else if self.mob.contains(oid) {
            // Spec A34: the page is not cached but the object is buffered: answer from memory
            // with the page's buffered objects, without a disk read.
            let objs = self.mob.find_modifications(pid).into_iter().map(|(o, _)| o).collect();
            self.reply(k, client, Reply::Objects(objs), waited);
        } else {
            if !waited {
                self.metrics.fetch(false);
                k.record(RecordKind::CacheMiss, pid, client as u64, 0, 0);
            }
            let w = Waiter::Fetch { client, oid };
            if state == PageState::Reading {
                self.read_waiters.push((pid, w)); // coalesce with the read in flight
            } else if self.page.is_none() || self.page_room(k, w) {
                self.start_read(k, pid, RequestKind::FetchRead, w);
            }
        }
    }

    pub(super) fn reply(&mut self, k: &mut K, client: u32, reply: Reply, waited: bool) {
        let reply = match self.workload {
            Workload::Oo7(_) => Reply::Objects(self.prefetched(client, &reply)),
            Workload::Synthetic(_) => reply,
        };
        if !waited {
            self.metrics.fetch(true);
            let page = match &reply {
                Reply::Page(p) => *p,
                Reply::Objects(o) => self.db.page_of(o[0]),
            };
            k.record(RecordKind::CacheHit, page, client as u64, 1, 0);
        }
        self.clients[client as usize].pending_reply = Some(reply);
        k.after(self.net.latency, Event::FetchReplyArrive { client });
    }

    /// What a reply under the OO7 workload carries (§6.2.1): the objects of a breadth-first walk
    /// from the requested one, up to `oo7::PREFETCH`, that are in server memory: the requested
    /// object, what the lookup found (`found`), and the rest of the walk in the MOB or the cache.
    fn prefetched(&self, client: u32, found: &Reply) -> Vec<u32> {
        let oid = self.clients[client as usize].fetching;
        let mut walk = Vec::with_capacity(oo7::PREFETCH);
        oo7::prefetch(oid, oo7::PREFETCH, &mut walk);
        let found = |o: u32| match found {
            Reply::Page(p) => self.db.page_of(o) == *p,
            Reply::Objects(objs) => objs.contains(&o),
        };
        walk.retain(|&o| o == oid || found(o) || self.in_memory(o));
        walk
    }

    /// Whether the server has object `oid` in memory: in the MOB, or its page (its newest
    /// fragment, under the write-optimized layout) in the cache.
    fn in_memory(&self, oid: u32) -> bool {
        self.mob.contains(oid)
            || match &self.wo {
                Some(wo) => wo.cache.has_fragment(wo.space.loc(oid)),
                None => self.cache.state(self.db.page_of(oid)) == PageState::Cached,
            }
    }

    /// Reserve a pinned frame for `pid` and read the page into it, or wait for a frame when every
    /// frame is pinned.
    pub(super) fn start_read(&mut self, k: &mut K, pid: u32, kind: RequestKind, waiter: Waiter) {
        match self.cache.reserve(pid) {
            Ok(_) => {
                self.read_waiters.push((pid, waiter));
                self.disk_submit(k, kind, pid);
            }
            Err(_all_pinned) => self.frame_waiters.push(waiter),
        }
    }

    /// A page read finished: the frame becomes valid, its waiters resume, the read's pin goes.
    pub(super) fn read_done(&mut self, k: &mut K, pid: u32) {
        self.cache.validate(pid);
        let mut waiting = Vec::new();
        self.read_waiters.retain(|&(p, w)| {
            if p == pid {
                waiting.push(w);
            }
            p != pid
        });
        for w in waiting {
            self.resume(k, w);
        }
        self.unpin(k, pid);
    }

    pub(super) fn resume(&mut self, k: &mut K, w: Waiter) {
        match w {
            Waiter::Fetch { client, oid } => self.fetch_lookup(k, client, oid, true),
            Waiter::Flusher => self.flusher_next_page(k),
            Waiter::Commit { client } => self.page_commit_next(k, client),
        }
    }

    /// Unpin a frame and retry the requests that were waiting for one.
    pub(super) fn unpin(&mut self, k: &mut K, pid: u32) {
        self.cache.unpin(pid);
        for w in std::mem::take(&mut self.frame_waiters) {
            self.resume(k, w);
        }
    }
}
