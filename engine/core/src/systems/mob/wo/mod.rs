//! The write-optimized layout (thesis §3.2.2, §4.2.5; spec §2.9): the disk space of regions and
//! page fragments (`space.rs`), the server cache of headers and fragments (`cache.rs`), and the
//! fetch path and the flusher over them. A fetch reads the page's header with the fragment it was
//! written with when the header is not cached, then the fragment holding the object's newest
//! version when that is not in memory: at most two reads (§3.2.2). The flusher fills one region
//! with a fragment per page of the oldest modifications, reads the headers it lacks in address
//! order, and writes the region whole.
pub mod cache;
pub mod space;
#[cfg(test)]
mod tests;
pub mod view;

use crate::components::mob::{ModId, Oid};
use super::client::Reply;
use super::config::{self, Layout};
use super::database::Database;
use super::flusher::FlusherState;
use super::records::RecordKind;
use super::workload::Workload;
use super::{Io, MobSystem, RequestKind, Waiter, K};
use cache::{Item, WoCache};
use super::metrics::WoFigures;
use crate::kernel::SimTime;
use crate::stats::ratio;
use space::{CleanerStats, Sizes, Space, NONE};

/// Most regions a layout may have (each costs the cleaner a look when it picks a victim).
pub const MAX_REGIONS: u32 = 65_536;

/// The regions the layout takes for a database of `pages` pages of `page_kb` KB at the section's
/// utilisation, and how many the database fills at the start (whole pages, as many to a region
/// as fit).
pub fn regions(pages: u32, page_kb: u32, wo: &config::Wo) -> (u32, u32) {
    let per_region = (wo.region_kb / page_kb).max(1);
    let used = pages.div_ceil(per_region);
    let space_kb = f64::from(pages) * f64::from(page_kb) / wo.disk_utilisation;
    let total = (space_kb / f64::from(wo.region_kb)).ceil() as u32;
    (total.max(used), used)
}

/// What the write-optimized server did since time 0.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct WoCounts {
    /// Fetch reads of a header with its fragment, and of an older fragment's objects.
    pub header_reads: u64,
    pub fragment_reads: u64,
    /// Bytes those fetch reads took.
    pub fetch_read_bytes: u64,
    /// The flusher's header installation reads and region writes.
    pub installation_reads: u64,
    pub region_writes: u64,
    /// Fragments the flusher wrote, and their bytes (headers included).
    pub fragments_written: u64,
    pub fragment_bytes_written: u64,
}

#[derive(Clone, Debug)]
pub struct WoServer {
    pub space: Space,
    pub cache: WoCache,
    /// Fetches waiting for a read in flight: the fragment, whether the read takes its header.
    waiters: Vec<((u32, bool), Waiter)>,
    /// The flusher's pass: each page with the modifications its fragment installs, the pages
    /// whose headers it reads first (by disk address), the next of those, and its region.
    batch: Vec<(u32, Vec<(Oid, ModId)>)>,
    header_reads: Vec<u32>,
    next_read: usize,
    pub region: u32,
    pub counts: WoCounts,
    /// When the cleaner last cleaned (ns; 0 before it has).
    pub last_clean: SimTime,
    /// The counts and the cleaner's when the measured window began.
    at_begin: (WoCounts, CleanerStats),
}

impl WoServer {
    pub fn new(s: &config::Config, db: &Database, cache_bytes: u64) -> WoServer {
        let wo = &s.wo;
        let header_bytes = db.objects_per_page * s.database.header_bytes_per_object;
        let sizes = Sizes {
            region_bytes: wo.region_kb * 1024,
            page_bytes: db.page_bytes as u32,
            header_bytes,
            object_bytes: db.object_bytes,
        };
        let (total, _) = regions(db.pages, s.database.page_kb, wo);
        let mut space = Space::new(sizes, total, db.pages, db.objects_per_page, (wo.cleaner_low_water, wo.cleaner_high_water));
        space.costed = wo.cleaner == config::Cleaner::Costed;
        // Spec A12: room for a whole page's fragment per client and two more.
        let reserve = (u64::from(s.client.count) + 2) * db.page_bytes;
        WoServer {
            space,
            cache: WoCache::new(cache_bytes, reserve, db.pages, header_bytes as u64),
            waiters: Vec::new(),
            batch: Vec::new(),
            header_reads: Vec::new(),
            next_read: 0,
            region: NONE,
            counts: WoCounts::default(),
            last_clean: 0,
            at_begin: Default::default(),
        }
    }

    /// The measured window begins.
    pub fn begin(&mut self) {
        self.at_begin = (self.counts, self.space.cleaner);
    }

    /// The window's figures.
    pub fn figures(&self) -> WoFigures {
        let (c, b) = (&self.counts, &self.at_begin.0);
        let (cl, cb) = (&self.space.cleaner, &self.at_begin.1);
        let fragments = c.fragments_written - b.fragments_written;
        let reads = (c.header_reads + c.fragment_reads) - (b.header_reads + b.fragment_reads);
        let bytes = c.fragment_bytes_written - b.fragment_bytes_written;
        let pages = self.space.pages();
        let fragmentation = (0..pages).map(|p| self.space.fragments_of(p) as f64).sum::<f64>() / f64::from(pages.max(1));
        WoFigures {
            header_reads: c.header_reads - b.header_reads,
            fragment_reads: c.fragment_reads - b.fragment_reads,
            header_installation_reads: c.installation_reads - b.installation_reads,
            region_writes: c.region_writes - b.region_writes,
            mean_fragment_kb: ratio(bytes, fragments) / 1024.0,
            mean_fetch_read_kb: ratio(c.fetch_read_bytes - b.fetch_read_bytes, reads) / 1024.0,
            regions_cleaned: cl.regions_cleaned - cb.regions_cleaned,
            cleaner_copied_kb: (cl.bytes_copied - cb.bytes_copied) as f64 / 1024.0,
            free_regions: self.space.free_regions() as u64,
            fragments_per_page: fragmentation,
        }
    }

    /// A full cycle of the disk's regions has been written (the warm-up of spec A31): the
    /// fragmentation has reached its steady state.
    pub fn cycled(&self) -> bool {
        self.counts.region_writes >= u64::from(self.space.regions())
    }

    /// The bytes of fragment `f`'s objects, as the cache holds them.
    fn objects_bytes(&self, f: u32) -> u64 {
        self.space.objects_extent(f).1
    }
}

/// Whether a scenario runs the write-optimized layout.
pub fn is_wo(s: &config::Config) -> bool {
    s.server.layout == Layout::WriteOptimized
}

impl MobSystem {
    fn wo(&mut self) -> &mut WoServer {
        self.wo.as_mut().expect("the write-optimized layout")
    }

    /// A fetch under the write-optimized layout. After a read (`waited`), `fresh` is the fragment
    /// it brought, in memory for this lookup even if the cache could not keep it, and so is the
    /// page's header: the read was of the header, or issued once the header was known. So a fetch
    /// always progresses, however small the cache.
    pub(super) fn wo_fetch_lookup(&mut self, k: &mut K, client: u32, oid: u32, waited: bool, fresh: Option<u32>) {
        let pid = self.db.page_of(oid);
        let wo = self.wo.as_ref().expect("the write-optimized layout");
        let header = wo.space.header_of(pid);
        let header_known = wo.cache.has_header(pid) || waited;
        if !header_known {
            if self.mob.contains(oid) {
                // As spec A34: the object is buffered; answer with the page's buffered objects.
                let objs = self.mob.find_modifications(pid).into_iter().map(|(o, _)| o).collect();
                return self.reply(k, client, Reply::Objects(objs), waited);
            }
            return self.wo_read(k, client, oid, waited, (header, true));
        }
        let f = wo.space.loc(oid);
        let in_memory = |f: u32| wo.cache.has_fragment(f) || fresh == Some(f);
        if !self.mob.contains(oid) && !in_memory(f) {
            return self.wo_read(k, client, oid, waited, (f, false));
        }
        let in_server = |o: u32| self.mob.contains(o) || in_memory(wo.space.loc(o));
        let first = pid * self.db.objects_per_page;
        let page = first..first + self.db.objects_per_page;
        let objs = match self.workload {
            // The reply carries every object of the page in memory, but the synthetic
            // workload's client only looks up its transaction's later accesses: those are listed.
            Workload::Synthetic(_) => {
                let c = &mut self.clients[client as usize];
                let mut objs: Vec<u32> = c.upcoming_in(page).collect();
                objs.dedup();
                objs.retain(|&o| in_server(o));
                objs
            }
            Workload::Oo7(_) => page.filter(|&o| in_server(o)).collect(),
        };
        let wo = self.wo();
        wo.cache.use_header(pid);
        if wo.cache.has_fragment(f) {
            let bytes = wo.objects_bytes(f);
            wo.cache.use_fragment(f, bytes);
        }
        self.reply(k, client, Reply::Objects(objs), waited);
    }

    /// Reads fragment `read.0` (with its header when `read.1`) for a fetch, or waits for the
    /// same read in flight.
    fn wo_read(&mut self, k: &mut K, client: u32, oid: u32, waited: bool, read: (u32, bool)) {
        if !waited {
            self.metrics.fetch(false);
            k.record(RecordKind::CacheMiss, self.db.page_of(oid), client as u64, 0, 0);
        }
        let w = Waiter::Fetch { client, oid };
        let wo = self.wo();
        let in_flight = wo.waiters.iter().any(|&(r, _)| r == read);
        wo.waiters.push((read, w));
        if in_flight {
            return;
        }
        let (f, header) = read;
        wo.space.start_read(f);
        let (addr, len) = if header { wo.space.extent(f) } else { wo.space.objects_extent(f) };
        if header {
            wo.counts.header_reads += 1;
        } else {
            wo.counts.fragment_reads += 1;
        }
        wo.counts.fetch_read_bytes += len;
        let page = wo.space.fragment(f).page;
        self.disk_submit_at(k, Io { kind: RequestKind::FetchRead, page, fragment: f, header }, addr, len);
    }

    /// A fetch read finished: unless the cleaner moved the fragment's objects meanwhile, the
    /// cache keeps it (and the header, when read with it); its waiters look up again.
    pub(super) fn wo_fetch_read_done(&mut self, k: &mut K, io: Io) {
        let wo = self.wo();
        let stale = wo.space.end_read(io.fragment);
        if !stale {
            if io.header && wo.space.header_of(io.page) == io.fragment {
                wo.cache.use_header(io.page);
            }
            let bytes = wo.objects_bytes(io.fragment);
            wo.cache.use_fragment(io.fragment, bytes);
        }
        let read = (io.fragment, io.header);
        let mut waiting = Vec::new();
        wo.waiters.retain(|&(r, w)| {
            if r == read {
                waiting.push(w);
            }
            r != read
        });
        let fresh = (!stale).then_some(io.fragment);
        for w in waiting {
            if let Waiter::Fetch { client, oid } = w {
                self.wo_fetch_lookup(k, client, oid, true, fresh);
            }
        }
    }

    /// A flusher pass (spec A10): a fragment per page of the oldest modifications, in scan order,
    /// as many as fill one region; then the headers the cache lacks, read in address order.
    pub(super) fn wo_start_pass(&mut self, k: &mut K) {
        let region_bytes = u64::from(self.wo.as_ref().expect("write-optimized").space.region_bytes);
        let (pages, last) = self.mob.find_pages(2 * region_bytes);
        let mut batch = Vec::new();
        let mut bytes = 0u64;
        for pid in pages {
            let mods = self.mob.find_modifications(pid);
            let fb = u64::from(self.wo().space.fragment_bytes(mods.len()));
            if bytes + fb > region_bytes && !batch.is_empty() {
                break;
            }
            bytes += fb;
            batch.push((pid, mods));
        }
        if batch.is_empty() {
            return;
        }
        k.record(RecordKind::FlusherStart, 0, batch.len() as u64, self.mob.used(), last);
        let wo = self.wo();
        let mut missing: Vec<u32> = batch.iter().map(|&(p, _)| p).filter(|&p| !wo.cache.has_header(p)).collect();
        missing.sort_unstable_by_key(|&p| wo.space.extent(wo.space.header_of(p)).0);
        wo.header_reads = missing;
        wo.next_read = 0;
        wo.batch = batch;
        self.flusher.batch = self.wo().batch.iter().map(|&(p, _)| p).collect();
        self.flusher.position = 0;
        self.wo_flusher_next(k);
    }

    /// The next header installation read, or, once every header is in memory, the region write.
    fn wo_flusher_next(&mut self, k: &mut K) {
        let wo = self.wo();
        while let Some(&pid) = wo.header_reads.get(wo.next_read) {
            if wo.cache.has_header(pid) {
                wo.next_read += 1;
                continue;
            }
            let f = wo.space.header_of(pid);
            wo.space.start_read(f);
            let addr = wo.space.extent(f).0;
            let len = u64::from(wo.space.header_bytes);
            wo.counts.installation_reads += 1;
            k.record(RecordKind::FlusherPage, pid, 0, wo.next_read as u64, 0);
            self.flusher.state = FlusherState::Reading(pid);
            return self.disk_submit_at(k, Io { kind: RequestKind::InstallRead, page: pid, fragment: f, header: true }, addr, len);
        }
        let Some((region, cleaning)) = wo.space.allocate_reporting() else {
            let free = wo.space.free_regions();
            return k.end_early(format!(
                "the write-optimized layout ran out of regions ({free} free, none the cleaner could \
                 free): lower wo.disk_utilisation"
            ));
        };
        if let Some(c) = cleaning {
            self.wo().last_clean = k.now();
            self.cleaned(k, c);
        }
        self.wo_after_cleaning();
        let wo = self.wo();
        wo.region = region;
        let bytes: u64 = wo.batch.iter().map(|(_, m)| u64::from(wo.space.fragment_bytes(m.len()))).sum();
        let addr = wo.space.region_addr(region);
        let first = wo.batch[0].0;
        self.flusher.state = FlusherState::Writing(first);
        self.disk_submit_at(k, Io { kind: RequestKind::Write, page: first, fragment: NONE, header: false }, addr, bytes);
    }

    /// A cleaning happened (an allocation started it): its record, and a costed cleaner's reads
    /// and writes, queued before the flusher's region write, which waits for them in the FIFO.
    pub(super) fn cleaned(&mut self, k: &mut K, c: space::Cleaning) {
        k.record(RecordKind::Cleaning, 0, c.regions, c.copied, c.free);
        for (addr, len) in c.io {
            self.disk_submit_at(k, Io { kind: RequestKind::Clean, page: 0, fragment: NONE, header: false }, addr, len);
        }
    }

    /// The cache after the cleaner ran: a merged fragment stays in memory when every fragment it
    /// merged was (spec A13: re-labelled, not invalidated); the freed fragments leave.
    fn wo_after_cleaning(&mut self) {
        let wo = self.wo();
        let cleaned = wo.space.take_cleaned();
        for (merged, sources) in &cleaned.merged {
            if sources.iter().all(|&f| wo.cache.has_fragment(f)) {
                let bytes = wo.objects_bytes(*merged);
                wo.cache.use_fragment(*merged, bytes);
            }
        }
        for &f in &cleaned.freed {
            wo.cache.evict(Item::Fragment(f));
        }
        wo.space.release(cleaned.freed);
    }

    /// A header installation read finished: the header is in memory; on to the next.
    pub(super) fn wo_install_read_done(&mut self, k: &mut K, io: Io) {
        let wo = self.wo();
        wo.space.end_read(io.fragment);
        wo.cache.use_header(io.page);
        wo.next_read += 1;
        self.flusher.position += 1;
        self.wo_flusher_next(k);
    }

    /// The region write finished: each page's new fragment holds its objects' newest versions
    /// and its header is the current one; the installed modifications leave the MOB.
    pub(super) fn wo_write_done(&mut self, k: &mut K) {
        let wo = self.wo();
        let batch = std::mem::take(&mut wo.batch);
        let objects: Vec<(u32, Vec<u32>)> = batch.iter().map(|(p, m)| (*p, m.iter().map(|&(o, _)| o).collect())).collect();
        let region = std::mem::replace(&mut wo.region, NONE);
        let fragments = wo.space.install(region, objects);
        wo.counts.region_writes += 1;
        for (&f, (pid, _)) in fragments.iter().zip(&batch) {
            wo.counts.fragments_written += 1;
            wo.counts.fragment_bytes_written += wo.space.extent(f).1;
            wo.cache.use_header(*pid);
        }
        let mut installed = Vec::new();
        for (pid, mods) in batch {
            self.page_written(k, pid, mods.len());
            installed.extend(mods);
        }
        self.flusher_release(k, &installed);
        self.flusher_end_pass(k);
    }
}
