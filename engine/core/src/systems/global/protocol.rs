//! The access path (thesis §2.3, §5.2; spec 004 §2.4, A8, A9): a request (a database client's
//! page, or a web request's next page) is looked up in its primary's pool; a miss faults, then
//! makes room (`discard.rs`) and fetches the page at once, and the page is installed once both
//! are done; a request for a page another of the server's requests is fetching waits for it. The
//! owner sends the page from its memory, has the holder it last sent it to forward it, or reads it
//! from disk, keeping a hated copy when the reader is another server. A write lock first calls the
//! page's other copies back (`locks.rs`).
use super::config::{MessageCost, Model, Replacement};
use super::metrics::Level;
use super::pool::{Resident, Rules};
use super::records::RecordKind;
use super::{GlobalSystem, Io, Job, Kind, Msg, Request, Stage, K, NO_CLIENT};
use crate::kernel::{time, SimTime};
use crate::components::disk::Request as DiskRequest;

/// How an owner served a page (the record's and the counters' access levels).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Served {
    OwnerMemory = 0,
    Forwarded = 1,
    Disk = 2,
}

impl GlobalSystem {
    /// Client `c` asks for its next page: a database client's from its locality set at its
    /// primary; a web client's, the next of its file's, or the first of a new file's at the
    /// server the router gives it (§5.2).
    pub(super) fn issue(&mut self, k: &mut K, c: u16) {
        let now = k.now();
        let last = self.requests[c as usize];
        let r = if self.config.workload.model == Model::Web {
            let pages = |file: u32| self.layout.files[file as usize].pages;
            let (file, left, then, began, primary) = if last.left > 0 {
                (last.file, last.left - 1, last.then, last.began, last.primary)
            } else if let Some(cold) = last.then {
                // Fig. 60: the hot file done, its cold file follows at the same server.
                (cold, pages(cold) - 1, None, last.began, last.primary)
            } else {
                let primary = self.route;
                self.route = (self.route + 1) % self.nodes.len() as u16;
                let (file, then) = self.layout.next_files(&mut self.rng);
                (file, pages(file) - 1, then, now, primary)
            };
            let f = self.layout.files[file as usize];
            Request { page: f.first + (f.pages - 1 - left), primary, file, left, then, began, ..Request::default() }
        } else {
            let w = &self.config.workload;
            let page = self.layout.next_page(c as usize, w.p_hot, w.p_shared, &mut self.rng);
            // Tab. 8's P_write (drawn only when writes may happen, so read-only runs keep their draws).
            let write = w.p_write > 0.0 && self.rng.chance(w.p_write);
            Request { page, primary: self.layout.clients[c as usize].primary, began: now, write, ..Request::default() }
        };
        self.requests[c as usize] = Request { issued: now, ..r };
        self.cpu(k, r.primary, Job::Lookup(c), self.config.execution.table_lookup);
    }

    pub(super) fn looked_up(&mut self, k: &mut K, c: u16) {
        let (primary, page) = (self.requests[c as usize].primary, self.requests[c as usize].page);
        // Optimal's one pool has no locks; a server's copy serves a write only under its write lock.
        let locked = self.central.is_some() || self.lock_cached(c);
        let pool = match self.central.as_mut() {
            Some(pool) => pool,
            None => &mut self.nodes[primary as usize].pool,
        };
        if pool.contains(page) && !locked {
            // Held under a read lock: only the write lock is asked for (§2.4).
            let r = &mut self.requests[c as usize];
            (r.upgrade, r.fetching, r.stage) = (true, true, Stage::Fault);
            self.cpu(k, primary, Job::Fault(c), self.config.execution.fault);
        } else if pool.contains(page) {
            pool.touch(page, k.now());
            if self.layout.clients[c as usize].large {
                self.counters.local_hits += 1;
            }
            self.available(k, c);
        } else if self.fetching(c).next().is_some() {
            // Another of the server's requests is fetching the page: this one waits for it, as a
            // buffer manager does, rather than fetch it twice (web requests share a server).
            (self.requests[c as usize].waiting, self.requests[c as usize].stage) = (true, Stage::Waiting);
        } else {
            (self.requests[c as usize].fetching, self.requests[c as usize].stage) = (true, Stage::Fault);
            self.cpu(k, primary, Job::Fault(c), self.config.execution.fault);
        }
    }

    /// The other requests into the same pool as client `c`'s (its primary's, or Optimal's one
    /// pool) that are fetching its page.
    fn fetching(&self, c: u16) -> impl Iterator<Item = usize> + '_ {
        let r = self.requests[c as usize];
        let central = self.central.is_some();
        self.requests.iter().enumerate().filter_map(move |(i, x)| {
            (i != c as usize && x.fetching && x.page == r.page && (central || x.primary == r.primary)).then_some(i)
        })
    }

    /// A page sent to the server of the request it serves: a copy on its way (`GlobalSystem::dup`).
    pub(super) fn send_page(&mut self, k: &mut K, m: Msg) {
        self.ship(m.page, false);
        let r = &mut self.requests[m.client as usize];
        (r.shipped, r.stage, r.from) = (true, Stage::Shipped, m.from);
        self.send(k, m);
    }

    /// The fault is handled: make room and fetch, both at once (spec §2.4's fork).
    pub(super) fn faulted(&mut self, k: &mut K, c: u16) {
        self.requests[c as usize].faulted = k.now();
        let primary = self.requests[c as usize].primary;
        let page = self.requests[c as usize].page;
        if self.central.is_some() {
            return self.optimal_fault(k, c);
        }
        if self.requests[c as usize].upgrade {
            self.requests[c as usize].room = true;
        } else {
            self.make_room(k, c, primary);
        }
        let owner = self.owner(page);
        if owner == primary {
            self.grant(k, c, owner);
        } else {
            let write = self.requests[c as usize].write;
            self.send(k, Msg { kind: Kind::PageReq, from: primary, to: owner, page, client: c, dest: primary, write, ..Msg::NEW });
        }
    }

    /// Client `c`'s request at its page's owner: the lock and the directory lookup.
    fn grant(&mut self, k: &mut K, c: u16, owner: u16) {
        (self.requests[c as usize].stage, self.requests[c as usize].from) = (Stage::AtOwner, owner);
        self.cpu(k, owner, Job::Grant(c), self.config.execution.lock + self.config.execution.table_lookup);
    }

    /// The owner has granted the lock and looked the page up (§2.3): it sends it, has it
    /// forwarded, or reads it from disk. A write lock first calls back the other copies, and the
    /// copy the page comes from is given up as it is sent; a read lock downgrades a writer's.
    pub(super) fn serve(&mut self, k: &mut K, c: u16) {
        if self.call_back(k, c) {
            return;
        }
        let Request { page, primary, write, upgrade, .. } = self.requests[c as usize];
        let owner = self.owner(page);
        if upgrade {
            return self.grant_write(k, c);
        }
        if !write {
            self.downgrade(page, primary);
        }
        if owner == primary && self.nodes[owner as usize].pool.contains(page) {
            // Shipped back here since the lookup: it is in memory now.
            self.fetched(k, c);
        } else if self.nodes[owner as usize].pool.contains(page) {
            self.hold(page, primary);
            self.recent[page as usize] = primary;
            self.count_served(k, c, Served::OwnerMemory);
            self.send_page(k, Msg { kind: Kind::PageData, from: owner, to: primary, page, client: c, dest: primary, ..Msg::NEW });
            if write {
                self.give_up(owner, page);
            }
        } else if let Some(holder) = self.forwarder(c) {
            self.hold(page, primary);
            self.recent[page as usize] = primary;
            self.count_served(k, c, Served::Forwarded);
            (self.requests[c as usize].stage, self.requests[c as usize].from) = (Stage::Forwarded, holder);
            self.send(k, Msg { kind: Kind::FwdReq, from: owner, to: holder, page, client: c, dest: primary, write, ..Msg::NEW });
        } else {
            self.read_from_disk(k, c);
        }
    }

    /// The holder the owner has forward client `c`'s page (spec A8): the one it was last sent to,
    /// if it still holds it, else the lowest; not the owner, the primary, or the servers that
    /// already said it was gone (their copies may be on the way).
    pub(super) fn forwarder(&self, c: u16) -> Option<u16> {
        let r = &self.requests[c as usize];
        let bit = |n: u16| 1u64 << n;
        let others = self.holders[r.page as usize] & !bit(r.primary) & !bit(self.owner(r.page)) & !r.tried;
        let last = self.recent[r.page as usize];
        match others {
            0 => None,
            _ if others & bit(last) != 0 => Some(last),
            _ => Some(others.trailing_zeros() as u16),
        }
    }

    /// The owner reads client `c`'s page from its disk.
    fn read_from_disk(&mut self, k: &mut K, c: u16) {
        let page = self.requests[c as usize].page;
        self.count_served(k, c, Served::Disk);
        self.requests[c as usize].stage = Stage::Disk;
        let h = self.layout.homes[page as usize];
        let io = Io { page, client: c, submitted: k.now(), write: false };
        let req = DiskRequest { token: io, addr: u64::from(h.block) * super::disk::PAGE_BYTES, len: super::disk::PAGE_BYTES };
        if let Some(end) = self.nodes[h.owner as usize].disks[h.disk as usize].submit(k.now(), req) {
            k.schedule(end, super::Event::Disk { node: h.owner, disk: h.disk });
        }
    }

    /// Optimal's miss (§3.3): the one pool's LRU page leaves it, and the owner's disk reads the
    /// page, with no message.
    fn optimal_fault(&mut self, k: &mut K, c: u16) {
        let pool = self.central.as_mut().expect("Optimal's pool");
        if pool.free() == 0 {
            let rules = Rules { replacement: Replacement::Optimal, ..Rules::of(&self.config.policy) };
            if let Some(v) = pool.victim(&rules) {
                pool.remove(v);
                self.holders[v as usize] = 0;
                k.record(RecordKind::Drop, u32::from(self.layout.homes[v as usize].owner), u64::from(v), u64::from(self.owner(v)), 0);
                if self.dirty[v as usize] {
                    self.write_back(k, v, NO_CLIENT);
                }
            }
        }
        self.central.as_mut().expect("Optimal's pool").reserved += 1;
        self.requests[c as usize].room = true;
        self.read_from_disk(k, c);
    }

    fn count_served(&mut self, k: &mut K, c: u16, how: Served) {
        let page = self.requests[c as usize].page;
        self.requests[c as usize].served = Some(how);
        k.record(RecordKind::Serve, u32::from(c), u64::from(page), how as u64, u64::from(self.owner(page)));
        if !self.layout.clients[c as usize].large {
            return;
        }
        match how {
            Served::OwnerMemory => self.counters.owner_hits += 1,
            Served::Forwarded => self.counters.forwarded += 1,
            Served::Disk => self.counters.disk_reads += 1,
        }
    }

    /// A disk read is done at the owner: the page goes to the reader, the owner keeping a copy
    /// when the reader is another server (hated, but under Base).
    pub(super) fn disk_done(&mut self, k: &mut K, node: u16, d: u8) {
        let (req, svc, next) = self.nodes[node as usize].disks[d as usize].complete(k.now());
        if let Some(end) = next {
            k.schedule(end, super::Event::Disk { node, disk: d });
        }
        let Io { page, client: c, submitted, write } = req.token;
        if write {
            return self.written(k, c);
        }
        self.counters.disk_ios += 1;
        self.counters.disk_ns += k.now() - submitted;
        self.counters.cache_hits += u64::from(svc.cached);
        let primary = self.requests[c as usize].primary;
        k.record(RecordKind::DiskRead, u32::from(node), u64::from(page), k.now() - submitted, u64::from(c));
        let interval = time::from_s(self.config.policy.cost_interval_s);
        self.nodes[primary as usize].costs.disk(k.now(), k.now() - submitted, interval);
        if self.central.is_some() {
            return self.fetched(k, c);
        }
        self.hold(page, primary);
        self.recent[page as usize] = primary;
        if node == primary {
            self.fetched(k, c);
            return;
        }
        // Spec A10: the owner keeps no copy of a page it reads for a writer.
        if !self.nodes[node as usize].pool.contains(page) && !self.requests[c as usize].write {
            self.evict_for_copy(k, node);
            if self.nodes[node as usize].pool.free() > 0 {
                let hated = self.replacement() != Replacement::Base;
                self.hold(page, node);
                self.insert_copy(node, page, Resident { ts: k.now(), hated, local: true, dup: false, owner: node });
            }
        }
        self.send_page(k, Msg { kind: Kind::PageData, from: node, to: primary, page, client: c, dest: primary, ts: 0, ..Msg::NEW });
    }

    pub(super) fn handle_msg(&mut self, k: &mut K, m: Msg) {
        match m.kind {
            Kind::PageReq => self.grant(k, m.client, m.to),
            Kind::FwdReq => {
                if self.nodes[m.to as usize].pool.contains(m.page) {
                    self.send_page(k, Msg { kind: Kind::PageData, from: m.to, to: m.dest, write: false, ..m });
                    if m.write {
                        self.give_up(m.to, m.page);
                    }
                } else {
                    // The race of §4.1.3: the holder dropped it since; the owner serves again.
                    self.send(k, Msg { kind: Kind::FwdNack, from: m.to, to: m.from, ..m });
                }
            }
            Kind::FwdNack => {
                // The directory is exact: a holder without the page has a copy on its way (its
                // own request's), so it stays listed; this request is served elsewhere.
                self.requests[m.client as usize].tried |= 1 << m.from;
                self.counters.reserviced += 1;
                self.serve(k, m.client);
            }
            Kind::PageData => self.fetched(k, m.client),
            Kind::DiscardNotify | Kind::ShipbackReq | Kind::ShipbackNo | Kind::PageReturn => self.discard_msg(k, m),
            Kind::Invalidate | Kind::InvalidateAck | Kind::LockGrant | Kind::CommitLog | Kind::CommitAck => self.lock_msg(k, m),
        }
    }

    /// The page has reached the primary; a page from another server's memory tells Hybrid's
    /// measure what such a page costs.
    pub(super) fn fetched(&mut self, k: &mut K, c: u16) {
        let r = &mut self.requests[c as usize];
        r.fetched = true;
        if matches!(r.served, Some(Served::OwnerMemory | Served::Forwarded)) {
            let (node, ns) = (r.primary, k.now() - r.faulted);
            self.nodes[node as usize].costs.remote(k.now(), ns, time::from_s(self.config.policy.cost_interval_s));
        }
        self.join(k, c);
    }

    /// Both halves of the miss are done: the page is installed in the frame made free.
    pub(super) fn join(&mut self, k: &mut K, c: u16) {
        let r = self.requests[c as usize];
        if !(r.fetched && r.room) {
            return;
        }
        let primary = self.requests[c as usize].primary;
        if r.upgrade && !self.nodes[primary as usize].pool.contains(r.page) {
            // Evicted while its copies were called back: it is fetched as a miss.
            self.requests[c as usize] = Request { upgrade: false, fetched: false, room: false, called_back: false, tried: 0, ..r };
            return self.faulted(k, c);
        }
        let local = self.owner(r.page) == primary;
        if r.shipped {
            self.ship(r.page, true);
        }
        let resident = Resident { ts: k.now(), hated: false, local, dup: false, owner: self.owner(r.page) };
        match self.central.as_mut() {
            None if r.upgrade => self.nodes[primary as usize].pool.touch(r.page, k.now()),
            // Under Optimal the page joins the one pool, held at its owner.
            Some(pool) => {
                pool.reserved -= 1;
                pool.remove(r.page);
                pool.insert(r.page, resident);
                self.holders[r.page as usize] |= 1 << self.layout.homes[r.page as usize].owner;
            }
            None => {
                self.nodes[primary as usize].pool.reserved -= 1;
                // A copy that reached this server meanwhile (shipped back, or kept hated) gives way.
                self.remove_copy(primary, r.page);
                self.hold(r.page, primary);
                self.insert_copy(primary, r.page, resident);
            }
        }
        if r.write {
            self.writer[r.page as usize] = primary;
        }
        self.requests[c as usize].fetching = false;
        self.available(k, c);
        // The requests that waited for this page have it too.
        let waiting: Vec<usize> = (0..self.requests.len())
            .filter(|&i| {
                let x = self.requests[i];
                x.waiting && x.page == r.page && (self.central.is_some() || x.primary == primary)
            })
            .collect();
        for i in waiting {
            self.requests[i].waiting = false;
            self.available(k, i as u16);
        }
    }

    /// The page is in the client's primary's memory, and is processed. The request's response
    /// time ends here (spec A3): a web request's with its file's last page.
    pub(super) fn available(&mut self, k: &mut K, c: u16) {
        if let Some(at) = self.held_until(c) {
            if at > k.now() {
                self.requests[c as usize].stage = Stage::Held;
                k.schedule(at, super::Event::Held { client: c });
                return;
            }
        }
        self.requests[c as usize].stage = Stage::Processing;
        let r = self.requests[c as usize];
        if r.write {
            self.updated(c);
        }
        if !self.layout.clients[c as usize].large {
            self.counters.small_requests += 1;
            self.counters.small_response_ns += k.now() - r.began;
        } else {
            self.counters.pages += 1;
            let level = self.level(&r);
            self.counters.access_n[level as usize] += 1;
            self.counters.access_ns[level as usize] += k.now() - r.issued;
            if r.last_page() {
                self.counters.requests += 1;
                self.counters.response_ns += k.now() - r.began;
                self.metrics.batches.add(k.now(), (k.now() - r.began) as f64);
            }
        }
        let primary = self.requests[c as usize].primary;
        self.cpu(k, primary, Job::Process(c), self.config.execution.per_page);
    }

    /// Where a request's page came from (Tab. 3's rows).
    fn level(&self, r: &Request) -> Level {
        match r.served {
            None => Level::Primary,
            Some(Served::OwnerMemory) => Level::OwnerMemory,
            Some(Served::Forwarded) => Level::RemoteMemory,
            Some(Served::Disk) if self.owner(r.page) == r.primary => Level::LocalDisk,
            Some(Served::Disk) => Level::RemoteDisk,
        }
    }

    /// Under Tab. 3's hierarchy (spec A27), the time a page from the primary's memory, its
    /// owner's or a third server's is available at the soonest: that level's measured access time
    /// after it was asked for. A disk read keeps its own time.
    fn held_until(&self, c: u16) -> Option<SimTime> {
        let n = &self.config.network;
        if n.cost != MessageCost::Calibrated {
            return None;
        }
        let r = &self.requests[c as usize];
        let ms = match self.level(r) {
            Level::Primary => n.primary_ms,
            Level::OwnerMemory => n.owner_memory_ms,
            Level::RemoteMemory => n.remote_memory_ms,
            Level::LocalDisk | Level::RemoteDisk => return None,
        };
        Some(r.issued + (ms * 1e6).round() as SimTime)
    }

    pub(super) fn processed(&mut self, k: &mut K, c: u16) {
        let r = self.requests[c as usize];
        if self.layout.clients[c as usize].large && r.last_page() {
            self.counters.processed += 1;
            self.counters.processed_ns += k.now() - r.began;
        }
        if self.config.workload.model == Model::Oodb && self.end_of_transaction(k, c) {
            return;
        }
        self.next(k, c);
    }

    /// The client thinks, then asks for its next page; a web request's next page comes at once.
    pub(super) fn next(&mut self, k: &mut K, c: u16) {
        let r = self.requests[c as usize];
        let w = &self.config.workload;
        let think_ms = if self.layout.clients[c as usize].large { w.think_ms } else { w.small_think_ms };
        let think = (think_ms * 1e6).round() as u64;
        if think == 0 || !r.last_page() {
            self.issue(k, c);
        } else {
            k.schedule(k.now() + think, super::Event::Think { client: c });
        }
    }
}

