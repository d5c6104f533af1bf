//! The hybrid layout (thesis §3.2.3, §4.3.13; spec §2.10): pages stay whole, so fetches read a
//! page as under the read-optimized layout, from wherever it now lies; the flusher does the
//! read-optimized installation reads (sorted by address, only for pages not cached), then writes
//! the pages sequentially into empty regions, as many whole pages to a region as fit (8 × 64 KB
//! in 512 KB), one write per region. The page map follows each page; the write-optimized
//! layout's regions and magic cleaner (`wo::space`) hold them.
//!
//! The thesis gives the pass as reads then region writes; the flusher here takes the batch a
//! region at a time (read that region's pages, write it), so no more than a region's pages are
//! pinned in the cache at once. The reads still go in address order.
use crate::components::mob::{ModId, Oid};
use super::config;
use super::database::Database;
use super::flusher::FlusherState;
use super::records::RecordKind;
use super::{Io, MobSystem, RequestKind, Waiter, K};
use crate::components::page_cache::PageState;
use crate::kernel::SimTime;
use super::metrics::WoFigures;
use super::wo::space::{CleanerStats, Sizes, Space, NONE};

#[derive(Clone, Debug)]
pub struct HybridServer {
    pub space: Space,
    /// Whole pages a region holds.
    per_region: usize,
    /// The pages of the region being filled, pinned in the cache, with the modifications each
    /// installs; the region being written (`NONE` when none).
    group: Vec<(u32, Vec<(Oid, ModId)>)>,
    pub region: u32,
    pub region_writes: u64,
    /// When the cleaner last cleaned (ns; 0 before it has).
    pub last_clean: SimTime,
    /// The region writes and the cleaner's totals when the measured window began.
    at_begin: (u64, CleanerStats),
}

impl HybridServer {
    pub fn new(s: &config::Config, db: &Database) -> HybridServer {
        let wo = &s.wo;
        let sizes = Sizes {
            region_bytes: wo.region_kb * 1024,
            page_bytes: db.page_bytes as u32,
            header_bytes: db.objects_per_page * s.database.header_bytes_per_object,
            object_bytes: db.object_bytes,
        };
        let (total, _) = super::wo::regions(db.pages, s.database.page_kb, wo);
        let mut space = Space::new(sizes, total, db.pages, db.objects_per_page, (wo.cleaner_low_water, wo.cleaner_high_water));
        space.costed = wo.cleaner == config::Cleaner::Costed;
        let per_region = (space.region_bytes / space.fragment_bytes(db.objects_per_page as usize)).max(1) as usize;
        HybridServer {
            space,
            per_region,
            group: Vec::new(),
            region: NONE,
            region_writes: 0,
            last_clean: 0,
            at_begin: Default::default(),
        }
    }

    /// Where `page` lies now and its bytes (its header and objects).
    pub fn extent(&self, page: u32) -> (u64, u64) {
        self.space.extent(self.space.header_of(page))
    }

    /// The measured window begins.
    pub fn begin(&mut self) {
        self.at_begin = (self.region_writes, self.space.cleaner);
    }

    /// The window's region and cleaner figures (the fragment figures are the write-optimized
    /// layout's: a hybrid page is one whole fragment).
    pub fn figures(&self) -> WoFigures {
        let (writes, cb) = &self.at_begin;
        let cl = &self.space.cleaner;
        WoFigures {
            region_writes: self.region_writes - writes,
            regions_cleaned: cl.regions_cleaned - cb.regions_cleaned,
            cleaner_copied_kb: (cl.bytes_copied - cb.bytes_copied) as f64 / 1024.0,
            free_regions: self.space.free_regions() as u64,
            ..WoFigures::default()
        }
    }

    /// A full cycle of the regions has been written (the warm-up of spec A31).
    pub fn cycled(&self) -> bool {
        self.region_writes >= u64::from(self.space.regions())
    }
}

impl MobSystem {
    fn hybrid(&mut self) -> &mut HybridServer {
        self.hybrid.as_mut().expect("the hybrid layout")
    }

    /// A pass: the oldest modifications' pages, sorted by where they lie now.
    pub(super) fn hybrid_start_pass(&mut self, k: &mut K) {
        let target = (self.flusher.scan_frac() * self.mob.capacity() as f64).ceil() as u64;
        let (mut pages, last) = self.mob.find_pages(target);
        if pages.is_empty() {
            return;
        }
        let hy = self.hybrid.as_ref().expect("the hybrid layout");
        pages.sort_unstable_by_key(|&p| hy.extent(p).0);
        k.record(RecordKind::FlusherStart, 0, pages.len() as u64, self.mob.used(), last);
        self.flusher.batch = pages;
        self.flusher.position = 0;
        self.hybrid_next_page(k);
    }

    /// Gather the next page of the region into the cache (an installation read if it is not
    /// there), or write the region once it is full or the batch is done.
    pub(super) fn hybrid_next_page(&mut self, k: &mut K) {
        let full = self.hybrid().per_region;
        while let Some(&pid) = self.flusher.batch.get(self.flusher.position) {
            let pending = self.mob.page_count(pid);
            if pending == 0 {
                self.flusher.position += 1;
                continue;
            }
            if self.hybrid().group.len() == full {
                return self.hybrid_write_region(k);
            }
            k.record(RecordKind::FlusherPage, pid, pending as u64, self.flusher.position as u64, 0);
            match self.cache.state(pid) {
                PageState::Cached => {
                    self.cache.pin(pid);
                    self.cache.touch(pid);
                    self.hybrid().group.push((pid, Vec::new()));
                    self.flusher.position += 1;
                    continue;
                }
                PageState::Reading => {
                    self.flusher.state = FlusherState::Reading(pid);
                    self.read_waiters.push((pid, Waiter::Flusher));
                }
                PageState::Absent => match self.cache.reserve(pid) {
                    Ok(_) => {
                        self.flusher.state = FlusherState::Reading(pid);
                        self.read_waiters.push((pid, Waiter::Flusher));
                        self.disk_submit(k, RequestKind::InstallRead, pid);
                    }
                    // The region's pages hold every frame: write them first.
                    Err(_) if !self.hybrid().group.is_empty() => self.hybrid_write_region(k),
                    Err(_) => self.frame_waiters.push(Waiter::Flusher),
                },
            }
            return;
        }
        if self.hybrid().group.is_empty() {
            self.flusher_end_pass(k);
        } else {
            self.hybrid_write_region(k);
        }
    }

    /// Install each gathered page's pending modifications and write the pages whole, one after
    /// another, into an empty region: one write.
    fn hybrid_write_region(&mut self, k: &mut K) {
        let mut group = std::mem::take(&mut self.hybrid().group);
        for (pid, mods) in &mut group {
            *mods = self.mob.find_modifications(*pid);
            self.cache.mark_dirty(*pid);
        }
        let opp = self.db.objects_per_page as usize;
        let hy = self.hybrid.as_deref_mut().expect("the hybrid layout");
        hy.group = group;
        let Some((region, cleaning)) = hy.space.allocate_reporting() else {
            let free = hy.space.free_regions();
            return k.end_early(format!(
                "the hybrid layout ran out of regions ({free} free, none the cleaner could free): \
                 lower wo.disk_utilisation"
            ));
        };
        // Pages are located by page, not by fragment: nothing refers to the freed fragments.
        let cleaned = hy.space.take_cleaned();
        hy.space.release(cleaned.freed);
        if let Some(c) = cleaning {
            hy.last_clean = k.now();
            // The cleaner moved pages: the rest of the pass reads in their new address order.
            let rest = &mut self.flusher.batch[self.flusher.position..];
            rest.sort_unstable_by_key(|&p| hy.extent(p).0);
            self.cleaned(k, c);
        }
        let hy = self.hybrid.as_deref_mut().expect("the hybrid layout");
        hy.region = region;
        let bytes = u64::from(hy.space.fragment_bytes(opp)) * hy.group.len() as u64;
        let first = hy.group[0].0;
        let addr = hy.space.region_addr(region);
        self.flusher.state = FlusherState::Writing(first);
        self.disk_submit_at(k, Io { kind: RequestKind::Write, page: first, fragment: NONE, header: false }, addr, bytes);
    }

    /// The region write finished: each page now lies there whole (its old place is dead), its
    /// modifications leave the MOB, its frame is clean and unpinned.
    pub(super) fn hybrid_write_done(&mut self, k: &mut K) {
        let opp = self.db.objects_per_page;
        let hy = self.hybrid();
        let group = std::mem::take(&mut hy.group);
        let region = std::mem::replace(&mut hy.region, NONE);
        let whole = group.iter().map(|&(p, _)| (p, (p * opp..(p + 1) * opp).collect())).collect();
        hy.space.install(region, whole);
        hy.region_writes += 1;
        let mut installed = Vec::new();
        for (pid, mods) in &group {
            self.page_written(k, *pid, mods.len());
            self.cache.mark_clean(*pid);
            installed.extend_from_slice(mods);
        }
        self.flusher_installed(k, installed);
        for (pid, _) in group {
            self.unpin(k, pid);
        }
        self.hybrid_next_page(k);
    }
}

#[cfg(test)]
mod tests {
    use crate::scenario;
    use crate::systems::mob::records::RecordKind;
    use crate::systems::mob::MobSystem;
    use crate::systems::PaperSystem;

    /// A hybrid run (§3.2.3): the flusher writes whole pages eight to a region, so every page
    /// stays one fragment wherever it moves; the cleaner runs; the page map follows each page;
    /// the disk-space sections show the hybrid layout's regions, and the summary its regions' figures.
    #[test]
    fn pages_stay_whole_and_move_a_region_at_a_time() {
        let text = "[run]\nwarmup_s = 30\nwarmup_flusher_passes = 0\nduration_s = 90\n[server]\nlayout = \"hybrid\"\nmob_mb = 1\n";
        let s = scenario::parse(text).unwrap();
        let mut e = MobSystem::engine(&s, 3);
        e.run_until(120_000_000_000);
        let sim = e.system();
        let hy = sim.hybrid.as_ref().expect("a hybrid server");
        hy.space.check();
        // A pass's last region may take fewer than eight pages.
        let (regions, pages) = (hy.region_writes, sim.flusher.pages_written);
        assert!(regions > 0 && pages > 4 * regions && pages <= 8 * regions, "{regions} regions, {pages} pages");
        assert!(hy.space.cleaner.regions_cleaned > 0, "the cleaner runs: {:?}", hy.space.cleaner);
        assert!((0..sim.db.pages).all(|p| hy.space.fragments_of(p) == 1), "pages stay whole");
        let moved = (0..sim.db.pages).filter(|&p| hy.extent(p).0 != sim.page_map.addr(p)).count();
        assert!(moved > 0, "written pages left their first place");
        let f = crate::systems::mob::view::frame(sim, e.now());
        f.check(crate::systems::mob::view::SECTIONS).unwrap();
        assert_eq!(f.section("disk_space").scalar("layout"), 2.0);
        assert_eq!(f.section("cache").scalar("layout"), 2.0);
        assert_eq!(f.section("fragments").rows(), sim.db.pages as usize, "one fragment a page");
        // The summary gives the measured window's region writes and cleanings, as under WO.
        let w = e.summary().wo;
        assert!(w.region_writes > 0 && w.region_writes < regions, "measured region writes: {w:?}");
        assert!(w.regions_cleaned > 0 && w.cleaner_copied_kb > 0.0 && w.free_regions > 0, "{w:?}");
    }

    /// The flusher's installation reads go in address order within a pass, as under RO
    /// (§3.2.1), and a region write follows the reads of its pages.
    #[test]
    fn installation_reads_go_in_address_order_then_a_region_write() {
        let text = "[run]\nwarmup_s = 20\nwarmup_flusher_passes = 0\nduration_s = 10\n[server]\nlayout = \"hybrid\"\nmob_mb = 1\n";
        let s = scenario::parse(text).unwrap();
        let mut e = MobSystem::engine(&s, 1);
        e.set_tracing(true);
        e.run_until(25_000_000_000);
        let starts: Vec<_> = e.trace().records().iter().filter(|t| t.kind == RecordKind::DiskStart as u8).collect();
        let (mut last_read, mut writes) = (None::<u64>, 0);
        for t in &starts {
            match t.a {
                1 => {
                    if let Some(prev) = last_read {
                        assert!(t.b > prev, "installation reads ascend within a region's pages: {prev} then {} at {}", t.b, t.t);
                    }
                    last_read = Some(t.b);
                }
                2 => {
                    writes += 1;
                    last_read = None;
                }
                _ => {}
            }
        }
        assert!(writes > 0, "{} disk starts kept, {} emitted", starts.len(), e.trace().count(RecordKind::DiskStart as u8));
    }
}
