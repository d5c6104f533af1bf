//! The disk-space view's sections (thesis §3.2.2, §4.2.5): the regions of the write-optimized
//! and hybrid layouts with their live and dead bytes, the cleaner's latest work, and every fragment that
//! still holds a page's newest data. Under the read-optimized layout both are empty and the view
//! draws the pages at their fixed homes from the `database` section.
use super::space::{Space, NONE};
use crate::kernel::SimTime;
use crate::describe::columns::{f64, u32, u8};
use crate::describe::SectionInfo;
use crate::frame::Section;

/// The layouts, as `server.layout` names them, in the order of the `layout` scalars.
pub const LAYOUTS: &[&str] = &["read_optimized", "write_optimized", "hybrid"];

/// A layout's regions as the view shows them: the space, the region being written (`NONE` when
/// none), when the cleaner last cleaned, and which layout (an index into `LAYOUTS`).
pub struct Regions<'a> {
    pub space: &'a Space,
    pub writing: u32,
    pub last_clean: SimTime,
    pub layout: u8,
}

pub const DISK_SPACE: SectionInfo = SectionInfo {
    name: "disk_space",
    description: "The write-optimized layout's disk space, one row per 512 KB region in address \
        order (§3.2.2): bytes written into it and bytes still live (newest object versions and \
        current page headers); the rest is dead, left behind by newer fragments. The cleaner \
        (§4.2.5) compacts the emptiest regions when free ones fall below the low-water mark.",
    scalars: &[
        f64("layout", "disk layout", "").values(LAYOUTS),
        f64("region_bytes", "region size", "B"),
        f64("page_bytes", "page size", "B"),
        f64("free_regions", "free regions", "regions"),
        f64("low_water", "cleaner starts below", "free regions"),
        f64("high_water", "cleaner frees up to", "free regions"),
        f64("writing_region", "region being written (−1 when none)", ""),
        f64("cleanings", "cleaner runs that freed regions", ""),
        f64("regions_cleaned", "regions cleaned since 0 s", "regions"),
        f64("bytes_copied", "live bytes the cleaner copied since 0 s", "B"),
        f64("last_clean_ns", "the cleaner last ran at", "ns"),
    ],
    row: "a region, in disk order",
    columns: &[
        u32("fill", "bytes written", "B"),
        u32("live", "live bytes", "B"),
        u8("state", "state", "").values(&["free", "used", "writing"]),
        u8("cleaned", "a victim of the latest cleaning (now free or reused)", ""),
        u8("output", "took the latest cleaning's merged fragments", ""),
    ],
};

pub const FRAGMENTS: SectionInfo = SectionInfo {
    name: "fragments",
    description: "Every fragment that still holds newest object versions or its page's current \
        header (§3.2.2): where it lies and how much of it is live. A page read needs one read per \
        fragment it is spread over.",
    scalars: &[],
    row: "a fragment with live data, by region and offset",
    columns: &[
        u32("page", "page", ""),
        u32("region", "region", ""),
        u32("offset", "offset in its region", "B"),
        u32("bytes", "bytes written", "B"),
        u32("live_objects", "objects it holds the newest version of", "objects"),
        u8("header", "holds the page's current header", ""),
    ],
};

/// The `disk_space` section; `page_bytes` is the database's page size.
pub fn disk_space(regions: Option<&Regions>, page_bytes: u64) -> Section {
    let mut s = Section::new(&DISK_SPACE);
    s.set("page_bytes", page_bytes as f64);
    let Some(wo) = regions else {
        // The read-optimized layout: no regions, no cleaner.
        for scalar in DISK_SPACE.scalars.iter().filter(|c| c.name != "page_bytes") {
            s.set(scalar.name, 0.0);
        }
        s.set("writing_region", -1.0);
        return s;
    };
    let sp = wo.space;
    let regions = 0..sp.regions();
    let mark = |list: &[u32]| -> Vec<u8> {
        let mut m = vec![0u8; sp.regions() as usize];
        list.iter().for_each(|&r| m[r as usize] = 1);
        m
    };
    let state = |r: u32| match () {
        _ if r == wo.writing => 2,
        _ if sp.is_free(r) => 0,
        _ => 1,
    };
    let writing = if wo.writing == NONE { -1.0 } else { f64::from(wo.writing) };
    s.set("layout", f64::from(wo.layout))
        .set("region_bytes", f64::from(sp.region_bytes))
        .set("free_regions", sp.free_regions() as f64)
        .set("low_water", f64::from(sp.low_water()))
        .set("high_water", f64::from(sp.high_water()))
        .set("writing_region", writing)
        .set("cleanings", sp.cleanings() as f64)
        .set("regions_cleaned", sp.cleaner.regions_cleaned as f64)
        .set("bytes_copied", sp.cleaner.bytes_copied as f64)
        .set("last_clean_ns", wo.last_clean as f64)
        .u32s("fill", regions.clone().map(|r| sp.fill_bytes(r)))
        .u32s("live", regions.clone().map(|r| sp.live_bytes(r) as u32))
        .u8s("state", regions.map(state))
        .u8s("cleaned", mark(&sp.last_victims))
        .u8s("output", mark(&sp.last_outputs));
    s
}

/// The `fragments` section: the live fragments, region by region.
pub fn fragments(regions: Option<&Regions>) -> Section {
    let mut s = Section::new(&FRAGMENTS);
    let Some(wo) = regions else {
        return s;
    };
    let sp = wo.space;
    let live: Vec<u32> = (0..sp.regions())
        .flat_map(|r| sp.fragments_in(r).iter().copied())
        .filter(|&f| {
            let fr = sp.fragment(f);
            !fr.dead && (fr.live > 0 || sp.header_of(fr.page) == f)
        })
        .collect();
    let fr = |f: &u32| sp.fragment(*f);
    s.u32s("page", live.iter().map(|f| fr(f).page))
        .u32s("region", live.iter().map(|f| fr(f).region))
        .u32s("offset", live.iter().map(|f| fr(f).offset))
        .u32s("bytes", live.iter().map(|&f| sp.extent(f).1 as u32))
        .u32s("live_objects", live.iter().map(|f| fr(f).live))
        .u8s("header", live.iter().map(|&f| (sp.header_of(fr(&f).page) == f) as u8));
    s
}
