//! A client workstation (thesis §2.3, §4.2.1): a closed loop of transactions with no think time.
//! Its cache is modelled probabilistically (the draws are part of each `Access`), plus the
//! objects that fetch replies brought earlier in the same transaction (spec A2: a reply marks the
//! transaction's later accesses to them cached); under the OO7
//! workload it is the real object cache of §6.1.2 (`client_cache.rs`).
use super::client_cache::UseBitCache;
use super::workload::{Access, Workload};
use crate::kernel::rng::Rng;
use crate::kernel::SimTime;
use std::ops::Range;

/// What a fetch reply carries: the whole page (it was cached or just read), or only the
/// buffered objects of a page that is not cached (spec A34).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    Page(u32),
    Objects(Vec<u32>),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClientState {
    Running,
    Fetching,
    Committing,
}

#[derive(Clone, Debug)]
pub struct Client {
    pub id: u32,
    pub state: ClientState,
    rng: Rng,
    accesses: Vec<Access>,
    /// Scratch space for drawing clustered accesses.
    picked: Vec<u64>,
    next: usize,
    /// The transaction's accesses by object, oid << 32 | position, sorted; made when
    /// `upcoming_in` first needs it (one u64 a key sorts faster than a pair).
    by_object: Vec<u64>,
    pub pending_reply: Option<Reply>,
    /// The committing transaction's modified objects, sorted and distinct, with their areas.
    pub write_set: Vec<(u32, u8)>,
    pub commit_wait_since: SimTime,
    pub fetching: u32,
    /// Object accesses performed so far (each is an `Access` event of spec §2.12, run inline).
    pub accesses_done: u64,
    /// The OO7 workload's object cache (None: the synthetic workload's draws decide hits).
    pub cache: Option<UseBitCache>,
}

impl Client {
    pub fn new(id: u32, rng: Rng, cache: Option<UseBitCache>) -> Client {
        Client {
            id,
            state: ClientState::Running,
            rng,
            accesses: Vec::new(),
            picked: Vec::new(),
            next: 0,
            by_object: Vec::new(),
            pending_reply: None,
            write_set: Vec::new(),
            commit_wait_since: 0,
            fetching: 0,
            accesses_done: 0,
            cache,
        }
    }

    /// Accesses done in the current transaction, and its length.
    pub fn progress(&self) -> (usize, usize) {
        (self.next, self.accesses.len())
    }

    /// The objects in `objects` (a page's) the transaction accesses from the current access on
    /// (the one being fetched, while fetching), in oid order, with repeats.
    pub fn upcoming_in(&mut self, objects: Range<u32>) -> impl Iterator<Item = u32> + '_ {
        if self.by_object.is_empty() {
            self.by_object.extend(self.accesses.iter().zip(0u64..).map(|(a, i)| u64::from(a.oid) << 32 | i));
            self.by_object.sort_unstable();
        }
        let from = self.by_object.partition_point(|&key| key < u64::from(objects.start) << 32);
        let next = self.next as u32;
        let in_page = self.by_object[from..].iter().map(|&key| ((key >> 32) as u32, key as u32));
        in_page.take_while(move |&(oid, _)| oid < objects.end).filter(move |&(_, i)| i >= next).map(|(oid, _)| oid)
    }

    /// Start a new transaction.
    pub fn begin(&mut self, workload: &Workload, write_prob: f64) {
        workload.transaction(self.id, write_prob, &mut self.rng, &mut self.accesses, &mut self.picked);
        if let Some(cache) = &self.cache {
            // Eviction happens only between transactions (§6.1.2): what is cached now stays.
            for a in &mut self.accesses {
                a.cached = cache.has(a.oid);
            }
        }
        self.next = 0;
        self.by_object.clear();
        self.state = ClientState::Running;
    }

    /// Whether the OO7 workload's object cache holds `oid` (the synthetic workload's accesses
    /// say it themselves).
    fn has(&self, oid: u32) -> bool {
        self.cache.as_ref().is_some_and(|cache| cache.has(oid))
    }

    /// Perform accesses until one misses in the client cache: returns the object to fetch, or
    /// None when every access of the transaction is done.
    pub fn run(&mut self) -> Option<u32> {
        while let Some(a) = self.accesses.get(self.next) {
            if !a.cached && !self.has(a.oid) {
                self.state = ClientState::Fetching;
                self.fetching = a.oid;
                return Some(a.oid);
            }
            self.next += 1;
            self.accesses_done += 1;
        }
        None
    }

    /// The fetch reply arrived: the transaction's later accesses to what it carried hit (or its
    /// objects join the OO7 cache); the fetched access is now done.
    pub fn receive(&mut self, objects_per_page: u32) {
        let later = &mut self.accesses[self.next + 1..];
        match (self.pending_reply.take().expect("reply without a fetch"), &mut self.cache) {
            // The OO7 workload's server always answers with the objects it prefetched.
            (Reply::Objects(objs), Some(cache)) => objs.into_iter().for_each(|o| cache.install(o)),
            (Reply::Page(p), None) => {
                let objects = p * objects_per_page..(p + 1) * objects_per_page;
                later.iter_mut().filter(|a| objects.contains(&a.oid)).for_each(|a| a.cached = true);
            }
            // The synthetic workload's replies list objects in oid order.
            (Reply::Objects(objs), None) => {
                debug_assert!(objs.is_sorted());
                if let (Some(&lo), Some(&hi)) = (objs.first(), objs.last()) {
                    for a in later.iter_mut().filter(|a| (lo..=hi).contains(&a.oid)) {
                        a.cached |= objs.binary_search(&a.oid).is_ok();
                    }
                }
            }
            (Reply::Page(_), Some(_)) => unreachable!("an object cache is sent objects"),
        }
        self.received();
    }

    /// The fetched access is done.
    fn received(&mut self) {
        self.next += 1;
        self.accesses_done += 1;
        self.state = ClientState::Running;
    }

    /// Build the write set of the finished transaction (object shipping, §2.4).
    pub fn prepare_commit(&mut self, area_of: impl Fn(u32) -> u8) {
        if let Some(cache) = &mut self.cache {
            // Every object the traversal used is cached now; then the end-of-transaction scan.
            for a in &self.accesses {
                cache.touch(a.oid);
            }
            cache.end_transaction();
        }
        // Every access is put at the end and kept only if it writes: no branch on the draw.
        let ws = &mut self.write_set;
        ws.resize(self.accesses.len(), (0, 0));
        let mut n = 0;
        for a in &self.accesses {
            ws[n] = (a.oid, 0);
            n += usize::from(a.write);
        }
        ws.truncate(n);
        // The area is a function of the oid: ordering and deduplicating by oid alone suffices.
        ws.sort_unstable_by_key(|&(oid, _)| oid);
        ws.dedup_by_key(|&mut (oid, _)| oid);
        for w in ws.iter_mut() {
            w.1 = area_of(w.0);
        }
        self.state = ClientState::Committing;
    }
}
