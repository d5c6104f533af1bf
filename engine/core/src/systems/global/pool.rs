//! A server's buffer pool and its replacement policies (thesis §3.3, §5.2.1, §5.4.1; spec 004
//! §2.7, A16): the resident pages with their last access times, in four lists ordered by last
//! access (a page shipped in keeps its age, so insertion is in time order, §4.1.2): the server's
//! own pages and other servers' pages, each split into duplicates (another server holds the page
//! too) and single copies (the only one in the cluster's memory, §4.1.3); and the hated copies,
//! the copies an owner keeps of pages it read from disk for another server, evicted first, newest
//! first (Ch. 3's LIFO) or oldest first (Ch. 5's FIFO, spec A13).
use std::collections::{BTreeMap, BTreeSet, VecDeque};

use super::config::{HatedOrder, Policy, Replacement};
use crate::kernel::SimTime;

/// A resident page: when it was last accessed, whether it is a hated copy, the server's own page,
/// a duplicate, and its owner.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Resident {
    pub ts: SimTime,
    pub hated: bool,
    pub local: bool,
    pub dup: bool,
    pub owner: u16,
}

/// What a victim's choice needs beside the pool: the policy, and for Hybrid the time and the
/// server's measured costs of a page from remote memory and from disk (§5.2.1); for Global the
/// other servers as this one last heard of them (its state table, §4.1.3).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rules<'a> {
    pub replacement: Replacement,
    pub reserve: f64,
    pub threshold: f64,
    pub hated_order: HatedOrder,
    pub now: SimTime,
    pub remote_ns: f64,
    pub disk_ns: f64,
    /// Global: this server, and every server's summary as this one knows it (its own exact).
    pub node: u16,
    pub states: &'a [State],
}

impl Rules<'_> {
    /// The policy's rules, Hybrid's costs and Global's state table to be filled in.
    pub fn of(p: &Policy) -> Rules<'static> {
        Rules {
            replacement: p.replacement,
            reserve: p.reserve,
            threshold: p.threshold,
            hated_order: p.hated_order,
            now: 0,
            remote_ns: 0.0,
            disk_ns: 0.0,
            node: 0,
            states: &[],
        }
    }
}

/// What a server tells the others of its memory, piggy-backed on its messages (§4.1.3): its hated
/// copies and duplicates, and its LRU tail's mean last access (the 100 least recently used pages;
/// the thesis ships their mean elapsed time, the same thing under one clock).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct State {
    pub hated: u32,
    pub dup: u32,
    pub tail_ts: SimTime,
}

impl State {
    /// A server never heard of.
    pub const NONE: State = State { hated: 0, dup: 0, tail_ts: 0 };

    /// Whether the server has slack: hated copies or duplicates to give up (§4.2.3).
    pub fn slack(&self) -> bool {
        self.hated + self.dup > 0
    }
}

/// Pages of the LRU tail whose mean age the state table carries (§4.1.3).
pub const TAIL: usize = 100;

type List = BTreeSet<(SimTime, u32)>;

#[derive(Clone, Debug)]
pub struct Pool {
    pub frames: u32,
    pages: BTreeMap<u32, Resident>,
    /// The pages that are not hated, by last access: `lists[local][dup]`; and under Global by
    /// owner too (§4.2.3's per-owner lists).
    lists: [[List; 2]; 2],
    owners: Vec<List>,
    hated: VecDeque<u32>,
    /// Frames set free for pages on their way in.
    pub reserved: u32,
}

impl Pool {
    /// A pool of `frames`; with lists by owner for `owners` servers (Global), or none (0).
    pub fn new(frames: u32, owners: u16) -> Pool {
        Pool { frames, pages: BTreeMap::new(), lists: Default::default(), owners: vec![List::new(); owners as usize], hated: VecDeque::new(), reserved: 0 }
    }

    pub fn len(&self) -> u32 {
        self.pages.len() as u32
    }

    pub fn is_empty(&self) -> bool {
        self.pages.is_empty()
    }

    /// Frames neither holding a page nor set free for one on its way.
    pub fn free(&self) -> u32 {
        self.frames.saturating_sub(self.len() + self.reserved)
    }

    pub fn get(&self, page: u32) -> Option<Resident> {
        self.pages.get(&page).copied()
    }

    pub fn contains(&self, page: u32) -> bool {
        self.pages.contains_key(&page)
    }

    /// The resident pages, in page order.
    pub fn iter(&self) -> impl Iterator<Item = (u32, Resident)> + '_ {
        self.pages.iter().map(|(&p, &r)| (p, r))
    }

    pub fn hated(&self) -> u32 {
        self.hated.len() as u32
    }

    /// Frames holding this server's own pages, hated copies included (spec A16).
    pub fn local(&self) -> u32 {
        (self.lists[1][0].len() + self.lists[1][1].len()) as u32 + self.hated()
    }

    /// Duplicates that are not hated.
    pub fn duplicates(&self) -> u32 {
        (self.lists[0][1].len() + self.lists[1][1].len()) as u32
    }

    fn list(&mut self, r: Resident) -> &mut List {
        &mut self.lists[usize::from(r.local)][usize::from(r.dup)]
    }

    /// Puts `page` in, last accessed at `ts`.
    pub fn insert(&mut self, page: u32, r: Resident) {
        debug_assert!(!self.contains(page), "page {page} twice");
        debug_assert!(!r.hated || r.local, "only an owner keeps hated copies");
        self.pages.insert(page, r);
        if r.hated {
            self.hated.push_back(page);
        } else {
            self.list(r).insert((r.ts, page));
            if let Some(l) = self.owners.get_mut(r.owner as usize) {
                l.insert((r.ts, page));
            }
        }
    }

    /// Takes `page` out.
    pub fn remove(&mut self, page: u32) -> Option<Resident> {
        let r = self.pages.remove(&page)?;
        if r.hated {
            let i = self.hated.iter().rposition(|&p| p == page).expect("listed");
            self.hated.remove(i);
        } else {
            self.list(r).remove(&(r.ts, page));
            if let Some(l) = self.owners.get_mut(r.owner as usize) {
                l.remove(&(r.ts, page));
            }
        }
        Some(r)
    }

    /// `page` is accessed at `now`: it moves to the most recent end, no longer hated (it is in
    /// use here).
    pub fn touch(&mut self, page: u32, now: SimTime) {
        let r = self.remove(page).expect("a resident page");
        self.insert(page, Resident { ts: now, hated: false, ..r });
    }

    /// `page`, if resident, is now a duplicate or the only copy (§4.1.3), keeping its age.
    /// A hated copy keeps its place in the hated list.
    pub fn set_dup(&mut self, page: u32, dup: bool) {
        let Some(r) = self.get(page).filter(|r| r.dup != dup) else { return };
        if r.hated {
            self.pages.insert(page, Resident { dup, ..r });
        } else {
            self.remove(page);
            self.insert(page, Resident { dup, ..r });
        }
    }

    /// The hated copy that goes first: the newest (LIFO) or the oldest (FIFO).
    fn hated_first(&self, order: HatedOrder) -> Option<u32> {
        match order {
            HatedOrder::Lifo => self.hated.back().copied(),
            HatedOrder::Fifo => self.hated.front().copied(),
        }
    }

    /// The least recently used page of the lists at `which` (`[local][dup]`) that is not hated.
    fn lru_of(&self, which: &[(usize, usize)]) -> Option<(SimTime, u32)> {
        which.iter().filter_map(|&(l, d)| self.lists[l][d].first().copied()).min()
    }

    /// The least recently used page that is not hated, and its last access.
    pub fn lru(&self) -> Option<(SimTime, u32)> {
        self.lru_of(&[(0, 0), (0, 1), (1, 0), (1, 1)])
    }

    /// What this server tells the others (§4.1.3): its slack, and the mean last access of its
    /// `TAIL` least recently used pages that are not hated (0 while it has a free frame).
    pub fn state(&self, now: SimTime) -> State {
        let mut heads: Vec<_> = self.lists.iter().flatten().map(|l| l.iter().peekable()).collect();
        let (mut sum, mut n) = (0u128, 0u128);
        while n < TAIL as u128 {
            // The oldest head of the four lists.
            let mut oldest: Option<(SimTime, usize)> = None;
            for (i, h) in heads.iter_mut().enumerate() {
                if let Some(&&(ts, _)) = h.peek() {
                    if oldest.is_none_or(|(t, _)| ts < t) {
                        oldest = Some((ts, i));
                    }
                }
            }
            let Some((ts, i)) = oldest else { break };
            heads[i].next();
            sum += u128::from(ts);
            n += 1;
        }
        // Free frames are colder than any page: a server with room takes what it is sent.
        let tail_ts = if self.free() > 0 { 0 } else { sum.checked_div(n).map_or(now, |t| t as SimTime) };
        State { hated: self.hated(), dup: self.duplicates(), tail_ts }
    }

    /// How long ago, on average, its `TAIL` least recently used pages were last used; none while
    /// a frame is free.
    pub fn tail_age(&self, now: SimTime) -> Option<SimTime> {
        let t = self.state(now).tail_ts;
        (t != 0).then(|| now - t)
    }

    /// The least recently used page of owner `o` here that is not hated (Global's lists).
    fn lru_owned(&self, o: u16) -> Option<(SimTime, u32)> {
        self.owners.get(o as usize).and_then(|l| l.first().copied())
    }

    /// Global's victim once no hated copy or duplicate is left (§4.2.3, spec §2.7 (5), A15): the
    /// LRU page among those owned by servers with slack; else, with the servers ordered from the
    /// coldest tail (the oldest mean last access, this server's own exact), this server's LRU
    /// page if it is the coldest or older than the coldest other's tail, else the LRU page of the
    /// coldest server that owns a page here.
    fn global_victim(&self, r: &Rules) -> Option<(SimTime, u32)> {
        let slack = (0..r.states.len() as u16).filter(|&t| t != r.node && r.states[t as usize].slack());
        if let Some(x) = slack.filter_map(|t| self.lru_owned(t)).min() {
            return Some(x);
        }
        let lru = self.lru()?;
        let mut order: Vec<u16> = (0..r.states.len() as u16).collect();
        order.sort_by_key(|&t| (r.states[t as usize].tail_ts, t));
        for o in order {
            if o == r.node {
                return Some(lru);
            }
            if let Some(x) = self.lru_owned(o) {
                return Some(if lru.0 < r.states[o as usize].tail_ts { lru } else { x });
            }
        }
        Some(lru)
    }

    /// The page the policy evicts to make room (§3.3, §5.2.1, §5.4.1). Every policy but Base and
    /// Optimal gives up a hated copy first. Then Base, ClSv and Optimal take the LRU page;
    /// Reserve the LRU own page while own pages fill more than `reserve` of the frames, else the
    /// LRU page of another server, else the LRU own page; Dup-Elim the LRU duplicate, else the LRU
    /// page; Threshold the LRU duplicate while duplicates fill more than `threshold` of the
    /// frames, else the LRU page; Hybrid, of the LRU duplicate d and the LRU single page s, d when
    /// (C_remote / T(d)) / (C_disk / T(s)) ≤ 1, T being the time since last access.
    pub fn victim(&self, r: &Rules) -> Option<u32> {
        use Replacement::*;
        if r.replacement == ReserveDup {
            return self.reserve_dup_victim(r);
        }
        if !matches!(r.replacement, Base | Optimal) {
            if let Some(p) = self.hated_first(r.hated_order) {
                return Some(p);
            }
        }
        const LOCAL: [(usize, usize); 2] = [(1, 0), (1, 1)];
        const REMOTE: [(usize, usize); 2] = [(0, 0), (0, 1)];
        const DUP: [(usize, usize); 2] = [(0, 1), (1, 1)];
        const SINGLE: [(usize, usize); 2] = [(0, 0), (1, 0)];
        let page = |x: Option<(SimTime, u32)>| x.map(|(_, p)| p);
        match r.replacement {
            Base | Clsv | Optimal => page(self.lru()),
            Reserve => {
                if f64::from(self.local()) > r.reserve * f64::from(self.frames) {
                    page(self.lru_of(&LOCAL).or_else(|| self.lru_of(&REMOTE)))
                } else {
                    page(self.lru_of(&REMOTE).or_else(|| self.lru_of(&LOCAL)))
                }
            }
            DupElim => page(self.lru_of(&DUP).or_else(|| self.lru())),
            Global => page(self.lru_of(&DUP).or_else(|| self.global_victim(r))),
            ReserveDup => unreachable!("chosen above"),
            Threshold => {
                if f64::from(self.duplicates()) > r.threshold * f64::from(self.frames) {
                    page(self.lru_of(&DUP))
                } else {
                    page(self.lru())
                }
            }
            Hybrid => match (self.lru_of(&DUP), self.lru_of(&SINGLE)) {
                (Some((td, d)), Some((ts, s))) => {
                    // (C_remote / T(d)) / (C_disk / T(s)) ≤ 1, multiplied out: a page used this
                    // very moment is infinitely hot, not a division by zero.
                    let (elapsed_d, elapsed_s) = ((r.now - td) as f64, (r.now - ts) as f64);
                    Some(if r.remote_ns * elapsed_s <= r.disk_ns * elapsed_d { d } else { s })
                }
                (d, s) => page(d.or(s)),
            },
        }
    }

    /// Ch. 4's Reserve (§4.2.2, spec §2.7 (3)): while own pages (hated copies counted) fill more
    /// than the reservation, the newest hated copy or the LRU own page; else the LRU duplicate,
    /// else the LRU page of another server, or the LRU own page. The thesis gives up duplicates
    /// before it checks the reservation; its Tab. 13 (60% own pages) shows the reservation binding
    /// even so, which it does here only checked first (docs/models.md).
    fn reserve_dup_victim(&self, r: &Rules) -> Option<u32> {
        let page = |x: Option<(SimTime, u32)>| x.map(|(_, p)| p);
        if f64::from(self.local()) > r.reserve * f64::from(self.frames) {
            return self.hated_first(r.hated_order).or_else(|| page(self.lru_of(&[(1, 0), (1, 1)]).or_else(|| self.lru_of(&[(0, 0)]))));
        }
        if let Some(d) = self.lru_of(&[(0, 1), (1, 1)]) {
            return Some(d.1);
        }
        page(self.lru_of(&[(0, 0)]).or_else(|| self.lru_of(&[(1, 0)]))).or_else(|| self.hated.back().copied())
    }

    /// Whether the owner takes back a page last accessed at `ts` that another server evicts
    /// (§3.3 "Base", spec §2.4, A7): it has a free frame or a hated copy to give up, or under a
    /// policy that tells duplicates apart a duplicate, or the page is younger than its LRU page.
    pub fn would_accept(&self, ts: SimTime, duplicates: bool) -> bool {
        self.free() > 0 || !self.hated.is_empty() || (duplicates && self.duplicates() > 0) || self.lru().is_none_or(|(lru, _)| ts > lru)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(ts: SimTime, local: bool) -> Resident {
        Resident { ts, local, owner: u16::from(!local), ..Resident::default() }
    }

    fn hated(ts: SimTime) -> Resident {
        Resident { ts, hated: true, local: true, ..Resident::default() }
    }

    fn rules(replacement: Replacement, reserve: f64) -> Rules<'static> {
        Rules { replacement, reserve, ..Rules::of(&Policy::default()) }
    }

    /// §3.3: Base evicts the LRU page; ClSv hated copies first, newest first; Reserve keeps its
    /// own pages while they fill at most the reservation, evicting others' pages instead.
    #[test]
    fn each_policy_picks_its_victim() {
        let mut p = Pool::new(10, 0);
        p.insert(1, r(10, true));
        p.insert(2, r(5, false));
        p.insert(3, r(20, true));
        assert_eq!(p.victim(&rules(Replacement::Base, 0.6)), Some(2));
        p.insert(4, hated(30));
        p.insert(5, hated(31));
        assert_eq!(p.victim(&rules(Replacement::Base, 0.6)), Some(2), "Base knows no hated copies");
        assert_eq!(p.victim(&rules(Replacement::Clsv, 0.6)), Some(5), "the newest hated copy (LIFO)");
        let fifo = Rules { hated_order: HatedOrder::Fifo, ..rules(Replacement::Clsv, 0.6) };
        assert_eq!(p.victim(&fifo), Some(4), "Ch. 5: the oldest hated copy (FIFO)");
        p.remove(5);
        p.remove(4);
        // Own pages 1 and 3 are 2 of 10 frames, under 60%: Reserve evicts the other server's.
        assert_eq!(p.victim(&rules(Replacement::Reserve, 0.6)), Some(2));
        assert_eq!(p.victim(&rules(Replacement::Reserve, 0.1)), Some(1), "over the reservation: the LRU own page");
        p.touch(1, 40);
        assert_eq!((p.lru(), p.get(1).unwrap().ts), (Some((5, 2)), 40));
    }

    /// §5.2.1, §5.4.1: Dup-Elim evicts the LRU duplicate before any single page; Threshold only
    /// while duplicates fill more than θ of the frames; Hybrid weighs the LRU duplicate's and the
    /// LRU single page's re-fetch costs by how recently each was used.
    #[test]
    fn duplicates_go_first_as_each_policy_says() {
        let mut p = Pool::new(10, 0);
        p.insert(1, r(10, true));
        p.insert(2, r(20, false));
        p.insert(3, r(30, false));
        p.set_dup(2, true);
        p.set_dup(3, true);
        assert_eq!((p.duplicates(), p.get(2).unwrap().ts), (2, 20), "a page's age survives its change of state");
        assert_eq!(p.victim(&rules(Replacement::Clsv, 0.6)), Some(1), "ClSv: the LRU page, duplicate or not");
        assert_eq!(p.victim(&rules(Replacement::DupElim, 0.6)), Some(2), "Dup-Elim: the LRU duplicate");
        let theta = |threshold| Rules { threshold, ..rules(Replacement::Threshold, 0.6) };
        assert_eq!(p.victim(&theta(0.1)), Some(2), "2 of 10 frames duplicates, over θ = 0.1");
        assert_eq!(p.victim(&theta(0.2)), Some(1), "not over θ = 0.2: the LRU page");
        // At 100: the duplicate unused for 80, the single page for 90. A disk read costing 10
        // times a remote page, the duplicate is kept only if it is 10 times hotter.
        let hybrid = |remote_ns, disk_ns| Rules { now: 100, remote_ns, disk_ns, ..rules(Replacement::Hybrid, 0.6) };
        assert_eq!(p.victim(&hybrid(1.0, 10.0)), Some(2), "1/80 : 10/90, the duplicate's expected cost is lower");
        assert_eq!(p.victim(&hybrid(10.0, 1.0)), Some(1), "remote memory dearer than disk: the single page goes");
        p.set_dup(2, false);
        p.set_dup(3, false);
        assert_eq!(p.victim(&hybrid(1.0, 10.0)), Some(1), "no duplicate: the LRU single page");
        p.insert(4, hated(40));
        p.insert(5, hated(50));
        p.set_dup(4, true);
        assert_eq!(p.victim(&rules(Replacement::Clsv, 0.6)), Some(5), "a hated copy keeps its place as its state changes");
    }

    /// §4.2.3: Global gives up pages of servers with slack first; else it compares its own LRU
    /// page with the coldest server's tail and sends that server's page home if its tail is
    /// older. §4.1.3: a server's state is its slack and the mean last access of its LRU tail.
    #[test]
    fn global_evicts_toward_the_coldest_memory() {
        let mut p = Pool::new(10, 3);
        let page = |ts, owner| Resident { ts, owner, local: owner == 0, ..Resident::default() };
        p.insert(1, page(50, 0));
        p.insert(2, page(30, 1));
        p.insert(3, page(40, 2));
        p.insert(4, page(60, 2));
        assert_eq!(p.state(100).tail_ts, 0, "a free frame is colder than any page");
        p.frames = 4;
        assert_eq!(p.state(100), State { hated: 0, dup: 0, tail_ts: 45 }, "full: the mean of the four last accesses");
        let mut states = [p.state(100), State { hated: 0, dup: 0, tail_ts: 20 }, State { hated: 0, dup: 0, tail_ts: 10 }];
        let global = |states: &[State]| p.victim(&Rules { replacement: Replacement::Global, node: 0, states, ..rules(Replacement::Global, 0.6) });
        assert_eq!(global(&states), Some(3), "server 2's tail is the coldest, and older than this server's LRU page: its page goes home");
        states[2].tail_ts = 35;
        assert_eq!(global(&states), Some(2), "server 1's is the coldest now");
        states[1].tail_ts = 25;
        assert_eq!(global(&states), Some(2), "older than the own LRU page (30), server 1's LRU page still goes");
        states[0].tail_ts = 5;
        assert_eq!(global(&states), Some(2), "this server coldest: its LRU page overall");
        states[0].tail_ts = 45;
        states[2].dup = 4;
        assert_eq!(global(&states), Some(3), "server 2 has duplicates to give up: its page goes first");
    }

    /// §4.2.2: Ch. 4's Reserve keeps its own pages within the reservation, and otherwise evicts
    /// duplicates first.
    #[test]
    fn chapter_4_reserve_gives_up_duplicates_first() {
        let mut p = Pool::new(10, 0);
        p.insert(1, r(10, true));
        p.insert(2, r(20, false));
        p.insert(3, r(30, false));
        p.insert(4, hated(40));
        p.set_dup(3, true);
        assert_eq!(p.victim(&rules(Replacement::ReserveDup, 0.6)), Some(3), "the duplicate, before the hated copy");
        p.set_dup(3, false);
        assert_eq!(p.victim(&rules(Replacement::ReserveDup, 0.6)), Some(2), "2 own of 10 frames: another server's page");
        assert_eq!(p.victim(&rules(Replacement::ReserveDup, 0.1)), Some(4), "over the reservation: the hated copy first");
        p.remove(4);
        p.set_dup(3, true);
        assert_eq!(p.victim(&rules(Replacement::ReserveDup, 0.05)), Some(1), "over the reservation: the own page, duplicates or not");
    }

    /// Spec A7: an owner takes a page back while it has room or a hated copy, or if the page is
    /// younger than its LRU page.
    #[test]
    fn an_owner_takes_back_what_is_younger_than_its_lru_page() {
        let mut p = Pool::new(2, 0);
        assert!(p.would_accept(0, false), "empty");
        p.insert(1, r(10, true));
        p.insert(2, r(20, false));
        assert_eq!(p.free(), 0);
        assert!(!p.would_accept(9, false) && p.would_accept(11, false));
        p.set_dup(2, true);
        assert!(p.would_accept(9, true) && !p.would_accept(9, false), "a duplicate to give up, under a policy that knows them");
        p.remove(2);
        p.insert(2, hated(20));
        assert!(p.would_accept(0, false), "a hated copy to give up");
        assert_eq!((p.local(), p.hated()), (2, 1));
    }
}
