//! PAGE, the page-shipping server (thesis §5.1; spec §2.11, A29): all of the server's memory is
//! one LRU cache of whole pages. A commit ships each modified page whole; the server puts it in
//! the cache (no installation read: the page arrives complete) and marks it dirty. A fetch reads
//! the page if it is not cached and sends it whole. To make room, the least recently used page
//! is evicted; a dirty one is first written to disk, the requester waiting for the write (no
//! background cleaning, §5.1). The MOB is not used.
use super::records::RecordKind;
use super::{Event, MobSystem, RequestKind, Waiter, K};
use super::metrics::PageFigures;
use crate::components::page_cache::PageState;
use crate::stats::ratio;

#[derive(Clone, Debug)]
pub struct PageServer {
    objects_per_page: u32,
    /// Each object modified since its page was last written, as bits, and the count per page.
    dirty_objects: Vec<u64>,
    dirty_count: Vec<u32>,
    /// Requests waiting for the eviction write of a page to finish: each has one write in flight
    /// at most, the one it started.
    room_waiters: Vec<(u32, Waiter)>,
    /// Eviction writes in flight: the page and the modified objects it carries. Commits during
    /// the write dirty the page again.
    writing: Vec<(u32, u32)>,
    /// Each committing client's pages, and how many of them are in the cache.
    commits: Vec<(Vec<u32>, usize)>,
    /// Eviction writes since time 0, and when the measured window began.
    pub eviction_writes: u64,
    writes_at_begin: u64,
    /// Dirty pages held now and the modified objects in them.
    held_pages: u32,
    held_objects: u64,
    /// Samples of those over the measured window: count, sums.
    samples: (u64, u64, u64),
}

impl PageServer {
    pub fn new(pages: u32, objects_per_page: u32, clients: u32) -> PageServer {
        let bits = (pages as usize * objects_per_page as usize).div_ceil(64);
        PageServer {
            objects_per_page,
            dirty_objects: vec![0; bits],
            dirty_count: vec![0; pages as usize],
            room_waiters: Vec::new(),
            writing: Vec::new(),
            commits: vec![(Vec::new(), 0); clients as usize],
            eviction_writes: 0,
            writes_at_begin: 0,
            held_pages: 0,
            held_objects: 0,
            samples: (0, 0, 0),
        }
    }

    /// The measured window begins.
    pub fn begin(&mut self) {
        self.writes_at_begin = self.eviction_writes;
        self.samples = (0, 0, 0);
    }

    /// A sample of the dirty pages held, in the measured window.
    pub fn sample(&mut self) {
        let (n, pages, objects) = self.samples;
        self.samples = (n + 1, pages + u64::from(self.held_pages), objects + self.held_objects);
    }

    /// The window's figures; `object_bytes` and `page_bytes` size them.
    pub fn figures(&self, object_bytes: u32, page_bytes: u64) -> PageFigures {
        let (n, pages, objects) = self.samples;
        let per_page = ratio(objects, pages);
        PageFigures {
            eviction_writes: self.eviction_writes - self.writes_at_begin,
            dirty_pages_held: ratio(pages, n),
            dirty_kb_per_page_held: per_page * f64::from(object_bytes) / 1024.0,
            modified_share_of_held: per_page * f64::from(object_bytes) / page_bytes as f64,
        }
    }

    /// Modified objects `page` holds that its disk copy lacks.
    pub fn dirty_objects(&self, page: u32) -> u32 {
        self.dirty_count[page as usize]
    }

    fn modify(&mut self, oid: u32) {
        let (word, bit) = (oid as usize / 64, oid % 64);
        if self.dirty_objects[word] & (1 << bit) == 0 {
            self.dirty_objects[word] |= 1 << bit;
            let count = &mut self.dirty_count[(oid / self.objects_per_page) as usize];
            self.held_pages += u32::from(*count == 0);
            *count += 1;
            self.held_objects += 1;
        }
    }

    fn clean(&mut self, page: u32) -> u32 {
        let first = page * self.objects_per_page;
        for oid in first..first + self.objects_per_page {
            self.dirty_objects[oid as usize / 64] &= !(1 << (oid % 64));
        }
        let count = std::mem::take(&mut self.dirty_count[page as usize]);
        self.held_pages -= u32::from(count > 0);
        self.held_objects -= u64::from(count);
        count
    }
}

impl MobSystem {
    fn page_server(&mut self) -> &mut PageServer {
        self.page.as_mut().expect("the PAGE architecture")
    }

    /// Whether a frame can be taken now without writing a dirty page. If not, the least recently
    /// used unpinned page is dirty: it is written (pinned meanwhile) and `w` waits for the write.
    pub(super) fn page_room(&mut self, k: &mut K, w: Waiter) -> bool {
        let Some(victim) = self.cache.victim() else { return true };
        if !self.cache.is_dirty(victim) {
            return true;
        }
        self.cache.pin(victim);
        let ps = self.page_server();
        ps.room_waiters.push((victim, w));
        let dirty = ps.clean(victim);
        ps.writing.push((victim, dirty));
        self.disk_submit(k, RequestKind::Write, victim);
        false
    }

    /// An eviction write finished: the page is clean (unless a commit modified it meanwhile) and
    /// unpinned, and the request that started the write retries.
    pub(super) fn page_evict_written(&mut self, k: &mut K, pid: u32) {
        let ps = self.page_server();
        let at = ps.writing.iter().position(|&(p, _)| p == pid).expect("an eviction write in flight");
        let (_, dirty) = ps.writing.swap_remove(at);
        ps.eviction_writes += 1;
        let clean = ps.dirty_count[pid as usize] == 0;
        self.page_written(k, pid, dirty as usize);
        if clean {
            self.cache.mark_clean(pid);
        }
        let ps = self.page_server();
        let at = ps.room_waiters.iter().position(|&(p, _)| p == pid).expect("the write's requester");
        let (_, w) = ps.room_waiters.swap_remove(at);
        self.unpin(k, pid);
        self.resume(k, w);
    }

    /// A commit ships its modified pages whole (§5.1): each goes into the cache, dirty.
    pub(super) fn page_commit(&mut self, k: &mut K, client: u32) {
        let opp = self.db.objects_per_page;
        let mut pages: Vec<u32> = self.clients[client as usize].write_set.iter().map(|&(o, _)| o / opp).collect();
        pages.dedup();
        self.page_server().commits[client as usize] = (pages, 0);
        self.page_commit_next(k, client);
    }

    /// Put the commit's next pages into the cache, making room as needed; reply once all are in.
    pub(super) fn page_commit_next(&mut self, k: &mut K, client: u32) {
        loop {
            let (pages, at) = &self.page_server().commits[client as usize];
            let Some(&pid) = pages.get(*at) else { break };
            match self.cache.state(pid) {
                PageState::Cached => self.cache.touch(pid),
                // A read of it is in flight: the shipped page supersedes what it brings.
                PageState::Reading => {}
                PageState::Absent => {
                    if !self.page_room(k, Waiter::Commit { client }) {
                        return;
                    }
                    if self.cache.reserve(pid).is_err() {
                        return self.frame_waiters.push(Waiter::Commit { client });
                    }
                    self.cache.validate(pid);
                    self.cache.unpin(pid);
                }
            }
            self.cache.set_dirty(pid);
            let opp = self.db.objects_per_page;
            let ws = std::mem::take(&mut self.clients[client as usize].write_set);
            let ps = self.page_server();
            for &(oid, _) in ws.iter().filter(|&&(o, _)| o / opp == pid) {
                ps.modify(oid);
            }
            ps.commits[client as usize].1 += 1;
            self.clients[client as usize].write_set = ws;
        }
        let pages = self.page_server().commits[client as usize].0.len();
        let c = &self.clients[client as usize];
        self.metrics.commit_waited(k.now() - c.commit_wait_since);
        self.metrics.committed_modifications(c.write_set.len(), pages);
        k.record(RecordKind::Commit, client, c.write_set.len() as u64, 0, 0);
        k.after(self.net.backup_delay, Event::BackupAck { client });
    }
}

#[cfg(test)]
mod tests {
    use crate::scenario;
    use crate::systems::mob::MobSystem;
    use crate::systems::PaperSystem;

    fn scenario(architecture: &str) -> scenario::Scenario {
        let text = format!(
            "[run]\nwarmup_s = 5\nwarmup_flusher_passes = 0\nduration_s = 60\n[workload]\ntxn_len = 512\ncluster_len = 128\n\
             [server]\narchitecture = \"{architecture}\"\nmemory_mb = 4\nmob_mb = 3\n"
        );
        scenario::parse(&text).unwrap()
    }

    fn run(architecture: &str, seconds: u64) -> crate::systems::mob::MobEngine {
        let mut e = MobSystem::engine(&scenario(architecture), 2);
        e.run_until(seconds * 1_000_000_000);
        e
    }

    /// PAGE (§5.1): all memory caches pages, the MOB stays empty, commits leave whole dirty pages
    /// in the cache, and only evictions write them; a written page's dirty objects are the
    /// modifications it installed; the dirty bookkeeping agrees with the cache.
    #[test]
    fn page_keeps_whole_dirty_pages_and_writes_them_when_evicted() {
        let e = run("page", 40);
        let sim = e.system();
        let ps = sim.page.as_ref().expect("a PAGE server");
        assert_eq!(sim.cache.capacity(), 64, "all 4 MB are page cache");
        assert_eq!(sim.mob.used(), 0, "PAGE uses no MOB");
        assert_eq!(sim.flusher.passes, 0, "and no flusher");
        assert!(ps.eviction_writes > 0 && sim.flusher.pages_written == ps.eviction_writes);
        assert!(sim.flusher.installed > sim.flusher.pages_written, "a write carries many modified objects");
        let lru: Vec<_> = sim.cache.lru_order().collect();
        assert!(lru.len() <= 64);
        let dirty = lru.iter().filter(|e| e.3).count();
        assert!(dirty > 0, "dirty pages wait in the cache");
        for &(page, _, _, is_dirty) in &lru {
            assert!(ps.dirty_objects(page) == 0 || is_dirty, "page {page} holds modifications but is clean");
        }
        let f = crate::systems::mob::view::frame(sim, e.now());
        let c = f.section("cache");
        assert_eq!(c.scalar("architecture"), 1.0);
        let held: f64 = (0..c.rows()).map(|i| c.get("dirty_objects").get(i)).sum();
        let want: u32 = lru.iter().map(|e| ps.dirty_objects(e.0)).sum();
        assert_eq!(held, f64::from(want), "the frame gives each cached page's modified objects");
    }

    /// FREEMOB (§5.3, spec A30): the flusher's installation reads take no disk time and no cache
    /// frame; MOB does them on the disk.
    #[test]
    fn freemob_installs_without_reading_the_disk() {
        let summary = |a: &str| {
            let r = crate::experiment::run_seed(&scenario(a), 2, false).expect("the run ends");
            r.summary.as_mob().expect("a MOB run").clone()
        };
        let (free, mob) = (summary("freemob"), summary("mob"));
        assert!(free.page_writes > 0 && mob.page_writes > 0);
        assert_eq!(free.disk_requests.install_read, 0.0, "no installation read reaches the disk");
        assert!(mob.disk_requests.install_read > 0.0);
    }

    /// PAGE's figures (§5.3.1): its eviction writes are its page writes, and the dirty pages it
    /// holds are mostly unmodified data.
    #[test]
    fn page_figures_count_eviction_writes_and_what_dirty_pages_hold() {
        let r = crate::experiment::run_seed(&scenario("page"), 2, false).expect("the run ends");
        let s = r.summary.as_mob().expect("a MOB run");
        let p = &s.page;
        assert!(p.eviction_writes > 0 && p.eviction_writes as f64 == s.disk_requests.write, "{p:?}");
        assert!(p.dirty_pages_held > 1.0 && p.dirty_pages_held <= 64.0, "{p:?}");
        assert!(p.modified_share_of_held > 0.0 && p.modified_share_of_held < 0.5, "{p:?}");
        let kb = p.modified_share_of_held * 64.0;
        assert!((p.dirty_kb_per_page_held - kb).abs() < 1e-9, "{p:?}");
    }

    /// Chapter 5 runs on the read-optimized layout: another is refused at server.architecture.
    #[test]
    fn page_shipping_on_another_layout_is_refused_at_its_field() {
        let e = scenario::parse("[server]\narchitecture = \"page\"\nlayout = \"write_optimized\"\n").unwrap_err();
        assert!(e.iter().any(|e| e.path == "server.architecture" && e.message.contains("read-optimized")), "{e:?}");
        assert!(scenario::parse("[server]\narchitecture = \"freemob\"\n").is_ok());
    }
}
