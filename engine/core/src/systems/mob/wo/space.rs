//! The write-optimized layout's disk space (thesis §3.2.2, §4.2.5; spec §2.9). The disk is cut
//! into regions written whole. Each object's newest version lives in one fragment of its page,
//! laid out `[whole page header | objects]`; the page map points at each page's current header,
//! the one written with its latest fragment. The database starts clustered, each page one
//! fragment, as many whole pages to a region as fit. The magic cleaner (§4.2.5) compacts the live
//! data of the emptiest regions when free ones run short, merging each page's fragments into one
//! written with its header, in zero simulated time.
use std::collections::{BTreeMap, BTreeSet};

/// No fragment (an id), or no region.
pub const NONE: u32 = u32::MAX;

/// Exact packings the cleaner tries at most when it picks its victims, and regions it takes at
/// most in one run (bounds on its work).
const MAX_PLANS: usize = 64;
const MAX_VICTIMS: usize = 1024;


#[derive(Clone, Debug, Default)]
pub struct Fragment {
    pub page: u32,
    pub region: u32,
    /// Where the fragment starts in its region, its header first.
    pub offset: u32,
    /// The objects written in it, live or not.
    pub objects: Vec<u32>,
    /// How many of them it holds the newest version of.
    pub live: u32,
    /// Written with its page's header (every flusher fragment; a cleaner's merged fragment
    /// only when it carries the page's current header).
    pub header: bool,
    /// Reads of it in flight: its slot is kept until they complete.
    pub reading: u32,
    /// Freed by the cleaner (its slot is reused once no read is in flight).
    pub dead: bool,
}

#[derive(Clone, Debug, Default)]
struct Region {
    fragments: Vec<u32>,
    /// Bytes written into it.
    fill: u32,
    /// Bytes of newest object versions and current headers in it.
    live: u64,
}

/// What the cleaner has done since time 0.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct CleanerStats {
    pub runs: u64,
    /// Runs that found regions to clean.
    pub cleanings: u64,
    pub regions_cleaned: u64,
    /// Live bytes the cleaner copied (objects and the headers written with them).
    pub bytes_copied: u64,
}

#[derive(Clone, Debug)]
pub struct Space {
    pub region_bytes: u32,
    pub header_bytes: u32,
    pub object_bytes: u32,
    objects_per_page: u32,
    regions: Vec<Region>,
    /// Free regions; the lowest-numbered is allocated first (spec A14).
    free: BTreeSet<u32>,
    /// Regions taken for a write in flight, or the cleaner's half-filled output: never victims.
    open: BTreeSet<u32>,
    fragments: Vec<Fragment>,
    free_slots: Vec<u32>,
    /// Each object's fragment, and each page's current header's fragment (the page map).
    loc: Vec<u32>,
    header: Vec<u32>,
    low_water: u32,
    high_water: u32,
    /// What the cleaner did, until `take_cleaned`; freed fragments whose read is in flight.
    cleaned: Cleaned,
    released: Vec<u32>,
    pub cleaner: CleanerStats,
    /// The latest cleaning's victims and the regions its merged fragments went into (the
    /// disk-space view lights them).
    pub last_victims: Vec<u32>,
    pub last_outputs: Vec<u32>,
    /// The cleaner's reads and writes go to the disk (`Cleaner::Costed`), or cost nothing.
    pub costed: bool,
}

impl Space {
    /// `regions` regions of `region_bytes`; the database's `pages` pages of `objects_per_page`
    /// objects laid out whole, in page order, `page_bytes` apart, as many to a region as fit.
    pub fn new(sizes: Sizes, regions: u32, pages: u32, objects_per_page: u32, water: (u32, u32)) -> Space {
        let Sizes { region_bytes, page_bytes, header_bytes, object_bytes } = sizes;
        let per_region = (region_bytes / page_bytes).max(1);
        let mut s = Space {
            region_bytes,
            header_bytes,
            object_bytes,
            objects_per_page,
            regions: vec![Region::default(); regions as usize],
            free: BTreeSet::new(),
            open: BTreeSet::new(),
            fragments: Vec::with_capacity(pages as usize),
            free_slots: Vec::new(),
            loc: vec![NONE; (pages * objects_per_page) as usize],
            header: vec![NONE; pages as usize],
            low_water: water.0,
            high_water: water.1,
            cleaned: Cleaned::default(),
            released: Vec::new(),
            cleaner: CleanerStats::default(),
            last_victims: Vec::new(),
            last_outputs: Vec::new(),
            costed: false,
        };
        for p in 0..pages {
            let (region, offset) = (p / per_region, (p % per_region) * page_bytes);
            let objects: Vec<u32> = (p * objects_per_page..(p + 1) * objects_per_page).collect();
            s.place(p, region, offset, objects, true);
        }
        let used = pages.div_ceil(per_region);
        s.free.extend(used..regions);
        s
    }

    pub fn pages(&self) -> u32 {
        self.header.len() as u32
    }

    pub fn regions(&self) -> u32 {
        self.regions.len() as u32
    }

    pub fn free_regions(&self) -> usize {
        self.free.len()
    }

    pub fn fragment(&self, f: u32) -> &Fragment {
        &self.fragments[f as usize]
    }

    /// The fragment holding `object`'s newest version.
    pub fn loc(&self, object: u32) -> u32 {
        self.loc[object as usize]
    }

    /// The fragment written with `page`'s current header.
    pub fn header_of(&self, page: u32) -> u32 {
        self.header[page as usize]
    }

    /// Where fragment `f` starts on the disk (its header), and its bytes: the header and every
    /// object written in it.
    pub fn extent(&self, f: u32) -> (u64, u64) {
        let fr = &self.fragments[f as usize];
        (self.addr(fr.region, fr.offset), u64::from(self.bytes_of(fr.objects.len(), fr.header)))
    }

    /// The bytes of fragment `f`'s objects, after its header: what reading an older fragment
    /// reads (spec A11).
    pub fn objects_extent(&self, f: u32) -> (u64, u64) {
        let fr = &self.fragments[f as usize];
        let header = if fr.header { u64::from(self.header_bytes) } else { 0 };
        let (addr, len) = self.extent(f);
        (addr + header, len - header)
    }

    /// The bytes a region starts at on the disk.
    pub fn region_addr(&self, region: u32) -> u64 {
        self.addr(region, 0)
    }

    fn addr(&self, region: u32, offset: u32) -> u64 {
        region as u64 * self.region_bytes as u64 + offset as u64
    }

    /// The bytes a fragment of `objects` objects takes: the whole header, then the objects.
    pub fn fragment_bytes(&self, objects: usize) -> u32 {
        self.bytes_of(objects, true)
    }

    fn bytes_of(&self, objects: usize, header: bool) -> u32 {
        let header = if header { self.header_bytes } else { 0 };
        header + objects as u32 * self.object_bytes
    }

    /// A read of `f` starts: its slot is kept until the read is done.
    pub fn start_read(&mut self, f: u32) {
        self.fragments[f as usize].reading += 1;
    }

    /// A read of `f` is done. Returns true when the cleaner freed `f` meanwhile (the read is
    /// stale: its objects have moved); its slot is then reused once no read of it is left.
    pub fn end_read(&mut self, f: u32) -> bool {
        let fr = &mut self.fragments[f as usize];
        fr.reading -= 1;
        let stale = fr.dead;
        if stale && fr.reading == 0 && self.released.contains(&f) {
            self.released.retain(|&g| g != f);
            self.free_slots.push(f);
        }
        stale
    }

    /// What the cleaner did since the last call: each merged fragment with the fragments it
    /// merged, and the fragments it freed. Their slots are reused only after `release`, so the
    /// caller can look the freed ids up (its cache) first.
    pub fn take_cleaned(&mut self) -> Cleaned {
        std::mem::take(&mut self.cleaned)
    }

    /// The freed fragments' slots may be reused (those with a read in flight once it is done).
    pub fn release(&mut self, freed: Vec<u32>) {
        for f in freed {
            if self.fragments[f as usize].reading == 0 {
                self.free_slots.push(f);
            } else {
                self.released.push(f);
            }
        }
    }

    /// Takes a free region for a write of up to `region_bytes`, cleaning first when free regions
    /// have fallen below the low-water mark. None when the disk has no region left to clean.
    pub fn allocate(&mut self) -> Option<u32> {
        if self.free.len() < self.low_water as usize {
            self.clean();
        }
        let r = self.free.pop_first()?;
        self.open.insert(r);
        Some(r)
    }

    /// Takes a free region as `allocate` does, and what the cleaning it started did, if any.
    pub fn allocate_reporting(&mut self) -> Option<(u32, Option<Cleaning>)> {
        let before = self.cleaner;
        let region = self.allocate()?;
        let after = self.cleaner;
        if after.regions_cleaned == before.regions_cleaned {
            return Some((region, None));
        }
        // A costed cleaner reads each victim whole (as LFS reads segments) and writes each
        // region it filled.
        let reads = self.last_victims.iter().map(|&r| (self.region_addr(r), u64::from(self.region_bytes)));
        let writes = self.last_outputs.iter().map(|&r| (self.region_addr(r), u64::from(self.regions[r as usize].fill)));
        let io = if self.costed { reads.chain(writes).collect() } else { Vec::new() };
        let cleaning = Cleaning {
            regions: after.regions_cleaned - before.regions_cleaned,
            copied: after.bytes_copied - before.bytes_copied,
            free: self.free.len() as u64,
            io,
        };
        Some((region, Some(cleaning)))
    }

    /// Writes the fragments of a region write into `region` (taken with `allocate`): for each
    /// page, the objects whose newest versions it carries. Returns their ids, in order.
    pub fn install(&mut self, region: u32, batch: Vec<(u32, Vec<u32>)>) -> Vec<u32> {
        self.open.remove(&region);
        let mut at = self.regions[region as usize].fill;
        let mut out = Vec::with_capacity(batch.len());
        for (page, objects) in batch {
            let bytes = self.fragment_bytes(objects.len());
            debug_assert!(at + bytes <= self.region_bytes, "a batch fits its region");
            out.push(self.place(page, region, at, objects, true));
            at += bytes;
        }
        out
    }

    /// A new fragment of `page` at `offset` in `region` with `objects`, now their newest
    /// versions; written with the page's header (`header`), that becomes the current one.
    fn place(&mut self, page: u32, region: u32, offset: u32, objects: Vec<u32>, header: bool) -> u32 {
        let id = match self.free_slots.pop() {
            Some(id) => id,
            None => {
                self.fragments.push(Fragment::default());
                self.fragments.len() as u32 - 1
            }
        };
        let (hb, ob) = (self.header_bytes as u64, self.object_bytes as u64);
        // A fragment the cleaner is emptying (dead) has left its region already.
        for &o in &objects {
            let old = std::mem::replace(&mut self.loc[o as usize], id);
            if old != NONE && !self.fragments[old as usize].dead {
                self.fragments[old as usize].live -= 1;
                let r = self.fragments[old as usize].region;
                self.regions[r as usize].live -= ob;
            }
        }
        if header {
            let old = std::mem::replace(&mut self.header[page as usize], id);
            if old != NONE && !self.fragments[old as usize].dead {
                let r = self.fragments[old as usize].region;
                self.regions[r as usize].live -= hb;
            }
        }
        let bytes = self.bytes_of(objects.len(), header);
        let reg = &mut self.regions[region as usize];
        reg.fragments.push(id);
        reg.fill = reg.fill.max(offset + bytes);
        reg.live += u64::from(header) * hb + objects.len() as u64 * ob;
        let live = objects.len() as u32;
        self.fragments[id as usize] = Fragment { page, region, offset, objects, live, header, reading: 0, dead: false };
        id
    }

    /// The magic cleaner (§4.2.5, spec A13). It takes the regions with the fewest live bytes, as
    /// few as leave `high_water` regions free once their live data is copied, and merges each
    /// page's live objects there into one fragment (a page with fragments in several of them
    /// gets one), with the page's header when its current header was there: it compacts live
    /// data, and a magic cleaner updates the headers it leaves in place. The fragments go into
    /// free regions, largest first, each into the first with room. It cleans nothing when no set
    /// of regions would gain one. Zero simulated time.
    fn clean(&mut self) {
        self.cleaner.runs += 1;
        let Some(victims) = self.victims() else { return };
        self.cleaner.cleanings += 1;
        let merged = self.merge(&victims);
        for &r in &victims {
            for f in std::mem::take(&mut self.regions[r as usize].fragments) {
                self.fragments[f as usize].dead = true;
                self.cleaned.freed.push(f);
            }
            self.regions[r as usize] = Region::default();
            self.free.insert(r);
        }
        let sizes: Vec<u32> = merged.iter().map(|m| self.bytes_of(m.objects.len(), m.header)).collect();
        let (bins, of) = first_fit_decreasing(&sizes, self.region_bytes);
        let regions: Vec<u32> = (0..bins).map(|_| self.free.pop_first().expect("the plan fits the victims")).collect();
        for (i, m) in merged.into_iter().enumerate() {
            let (bin, at) = of[i];
            self.cleaner.bytes_copied += u64::from(sizes[i]);
            let id = self.place(m.page, regions[bin], at, m.objects, m.header);
            self.cleaned.merged.push((id, m.sources));
        }
        for &f in &self.cleaned.freed {
            self.fragments[f as usize].objects = Vec::new();
        }
        self.cleaner.regions_cleaned += victims.len() as u64;
        self.last_victims = victims;
        self.last_outputs = regions;
    }

    /// Each page with live data in `victims`: its live objects there, the fragments they are in,
    /// and whether its current header is among them, in page order.
    fn merge(&self, victims: &[u32]) -> Vec<Merged> {
        let mut by_page: BTreeMap<u32, (Vec<u32>, Vec<u32>)> = BTreeMap::new();
        for &r in victims {
            for &f in &self.regions[r as usize].fragments {
                let fr = &self.fragments[f as usize];
                if fr.live == 0 && self.header[fr.page as usize] != f {
                    continue;
                }
                let (objs, sources) = by_page.entry(fr.page).or_default();
                objs.extend(fr.objects.iter().copied().filter(|&o| self.loc[o as usize] == f));
                sources.push(f);
            }
        }
        by_page
            .into_iter()
            .map(|(page, (objects, sources))| {
                let header = sources.contains(&self.header[page as usize]);
                Merged { page, objects, sources, header }
            })
            .collect()
    }

    /// The cleaner's victims: the used regions (not open) in order of live bytes, as few as the
    /// plan of their copy leaves `high_water` regions free with, else the most of them that gains
    /// a region; None when none does.
    fn victims(&self) -> Option<Vec<u32>> {
        let mut taken = vec![false; self.regions.len()];
        for &r in self.free.iter().chain(&self.open) {
            taken[r as usize] = true;
        }
        let mut used: Vec<(u64, u32)> =
            (0..self.regions.len() as u32).filter(|&r| !taken[r as usize]).map(|r| (self.regions[r as usize].live, r)).collect();
        used.sort_unstable();
        let rb = u64::from(self.region_bytes);
        let want = i64::from(self.high_water) - self.free.len() as i64;
        let (mut copy, mut plans) = (0u64, 0);
        let mut best = None;
        // What `merge` would give for the regions so far: each page's live objects and whether
        // its current header is among them, in page order.
        let mut by_page: BTreeMap<u32, (u32, bool)> = BTreeMap::new();
        for (n, &(live, r)) in used.iter().enumerate().take(MAX_VICTIMS) {
            copy += live;
            for &f in &self.regions[r as usize].fragments {
                let fr = &self.fragments[f as usize];
                let header = self.header[fr.page as usize] == f;
                if fr.live > 0 || header {
                    let (objects, has_header) = by_page.entry(fr.page).or_default();
                    *objects += fr.live;
                    *has_header |= header;
                }
            }
            // The packing needs this many regions at least; plan it exactly only then, and a
            // bounded number of times.
            if (n as i64 + 1) - (copy.div_ceil(rb) as i64) < want.max(1) {
                continue;
            }
            plans += 1;
            if plans > MAX_PLANS {
                break;
            }
            let victims: Vec<u32> = used[..=n].iter().map(|&(_, r)| r).collect();
            let sizes: Vec<u32> = by_page.values().map(|&(objects, header)| self.bytes_of(objects as usize, header)).collect();
            let gain = victims.len() as i64 - first_fit_decreasing(&sizes, self.region_bytes).0 as i64;
            if gain > 0 {
                best = Some(victims);
                if gain >= want {
                    break;
                }
            }
        }
        best
    }

    /// How many fragments hold `page`'s newest object versions (the fragmentation a fetch of it
    /// meets).
    pub fn fragments_of(&self, page: u32) -> usize {
        let first = page * self.objects_per_page;
        let mut seen: Vec<u32> = (first..first + self.objects_per_page).map(|o| self.loc[o as usize]).collect();
        seen.sort_unstable();
        seen.dedup();
        seen.len()
    }

    /// Live bytes per region, for the views and tests.
    pub fn live_bytes(&self, region: u32) -> u64 {
        self.regions[region as usize].live
    }

    /// Bytes written into `region` since it was last free.
    pub fn fill_bytes(&self, region: u32) -> u32 {
        self.regions[region as usize].fill
    }

    pub fn cleanings(&self) -> u64 {
        self.cleaner.cleanings
    }

    pub fn is_free(&self, region: u32) -> bool {
        self.free.contains(&region)
    }

    /// The fragments written into `region`, in the order they were placed.
    pub fn fragments_in(&self, region: u32) -> &[u32] {
        &self.regions[region as usize].fragments
    }

    pub fn low_water(&self) -> u32 {
        self.low_water
    }

    pub fn high_water(&self) -> u32 {
        self.high_water
    }

    /// Checks the space's bookkeeping: every object and header in a live fragment, live counts
    /// and live bytes as the locations say. Tests call it.
    pub fn check(&self) {
        let mut live = vec![0u32; self.fragments.len()];
        for &f in &self.loc {
            assert!(!self.fragments[f as usize].dead, "an object's fragment is live");
            live[f as usize] += 1;
        }
        for (f, fr) in self.fragments.iter().enumerate() {
            if !fr.dead {
                assert_eq!(fr.live, live[f], "fragment {f}'s live count");
            }
        }
        for (r, reg) in self.regions.iter().enumerate() {
            let objects: u64 = reg.fragments.iter().map(|&f| live[f as usize] as u64).sum();
            let headers = reg.fragments.iter().filter(|&&f| self.header[self.fragments[f as usize].page as usize] == f).count();
            let want = objects * self.object_bytes as u64 + headers as u64 * self.header_bytes as u64;
            assert_eq!(reg.live, want, "region {r}'s live bytes");
            assert!(reg.fill <= self.region_bytes, "region {r} overfilled");
        }
    }
}

/// Regions the packing looks back over for room (it stays linear in the fragments).
const PACK_WINDOW: usize = 16;

/// Packs fragments of `sizes` bytes into regions of `region` bytes, largest first, each into the
/// first with room of the last `PACK_WINDOW` regions opened, else a new one: how many regions,
/// and each fragment's region and offset.
fn first_fit_decreasing(sizes: &[u32], region: u32) -> (usize, Vec<(usize, u32)>) {
    let mut order: Vec<usize> = (0..sizes.len()).collect();
    order.sort_by_key(|&i| (std::cmp::Reverse(sizes[i]), i));
    let mut fill: Vec<u32> = Vec::new();
    let mut of = vec![(0, 0); sizes.len()];
    for i in order {
        let from = fill.len().saturating_sub(PACK_WINDOW);
        let bin = match fill[from..].iter().position(|&f| f + sizes[i] <= region) {
            Some(b) => from + b,
            None => {
                fill.push(0);
                fill.len() - 1
            }
        };
        of[i] = (bin, fill[bin]);
        fill[bin] += sizes[i];
    }
    (fill.len(), of)
}

/// A page's live data in the cleaner's victims, merged into one fragment: with the page's
/// header only when its current header was there (the cleaner copies live data, §4.2.5).
struct Merged {
    page: u32,
    objects: Vec<u32>,
    sources: Vec<u32>,
    header: bool,
}

/// What a cleaning did: each merged fragment with the fragments it merged, and the fragments it
/// freed.
#[derive(Clone, Debug, Default)]
pub struct Cleaned {
    pub merged: Vec<(u32, Vec<u32>)>,
    pub freed: Vec<u32>,
}

/// What one cleaning did: regions freed, live bytes copied, free regions after it, and under a
/// costed cleaner its disk requests (address, bytes), the reads first.
#[derive(Clone, Debug)]
pub struct Cleaning {
    pub regions: u64,
    pub copied: u64,
    pub free: u64,
    pub io: Vec<(u64, u64)>,
}

/// The sizes the space is laid out with, bytes.
#[derive(Clone, Copy, Debug)]
pub struct Sizes {
    pub region_bytes: u32,
    pub page_bytes: u32,
    pub header_bytes: u32,
    pub object_bytes: u32,
}
