//! The modified object buffer's frame sections, declared here once for every system with a `Mob`
//! (DESIGN.md §4): `mob`, the scan list in log order with one row per chunk, and `flusher`, the
//! flusher's state and the pages of its pass in disk-address order. A system names what a page is
//! and how it divides its modified objects into areas (`mob_sections!`), and fills both sections
//! from its `Mob` and its flusher (`fill_mob_sections`); the web app draws them with one view
//! (web/src/views/lib/mob/, `MobView`): the MOB server's buffer, and the mcache of Thor0's OR.
use super::{Mob, ScanEntry};
use crate::describe::SectionInfo;
use crate::frame::Section;

/// The name of the view that draws the sections, for a system's `describe.rs` (each says in its
/// own words what its buffer is).
pub const VIEW: &str = "MobView";

/// The `mob` and `flusher` sections (`[SectionInfo; 2]`), for a system's `SECTIONS`:
///
/// - `areas`: the names of the `area` column's values, and `area`, its label;
/// - `page`: what the buffer's pages are called (`"page"`, `"segment"`), in the labels;
/// - `data`: the scalars of the object data each area holds, one for each area, in order
///   (`describe::columns::f64(name, label, "B")`);
/// - `mob`, `flusher`: the sections' descriptions.
macro_rules! mob_sections {
    (
        areas: $areas:expr,
        area: $area:literal,
        page: $page:literal,
        data: [$($data:expr),+ $(,)?],
        mob: $mob:literal,
        flusher: $flusher:literal $(,)?
    ) => {
        [
            $crate::describe::SectionInfo {
                name: "mob",
                description: $mob,
                scalars: &[
                    $crate::describe::columns::f64("capacity_bytes", "capacity", "B"),
                    $crate::describe::columns::f64("used_bytes", "used", "B"),
                    $crate::describe::columns::f64("trigger", "flusher trigger", "fraction of capacity"),
                    $crate::describe::columns::f64("scan_frac", "flusher scan window", "fraction of capacity"),
                    $crate::describe::columns::f64("inserted", "modifications inserted", ""),
                    $crate::describe::columns::f64("superseded", "modifications superseded (absorbed)", ""),
                    $crate::describe::columns::f64("removed", concat!("modifications removed by ", $page, " writes"), ""),
                    $($data),+
                ],
                row: "a chunk of the scan list, oldest first",
                columns: &[
                    $crate::describe::columns::u32("page", $page, ""),
                    $crate::describe::columns::u32("count", "modifications", ""),
                    // Log indices as doubles: they stay far below 2^53 and cross into JS exactly.
                    $crate::describe::columns::f64("log_index", "log index", ""),
                    $crate::describe::columns::u8("area", $area, "").values($areas),
                ],
            },
            $crate::describe::SectionInfo {
                name: "flusher",
                description: $flusher,
                scalars: &[
                    $crate::describe::columns::f64("state", "state", "").values(&["idle", "reading", "writing"]),
                    $crate::describe::columns::f64("page", concat!($page, " (−1 when idle)"), ""),
                    $crate::describe::columns::f64("position", "position in the batch", ""),
                    $crate::describe::columns::f64("passes", "passes", ""),
                    $crate::describe::columns::f64("pages_written", concat!($page, "s written since 0 s"), concat!($page, "s")),
                    $crate::describe::columns::f64("installed", "modifications installed by those writes", "modifications"),
                ],
                row: concat!("a ", $page, " of the pass's batch"),
                columns: &[$crate::describe::columns::u32("page", $page, "")],
            },
        ]
    };
}
pub(crate) use mob_sections;

/// What the flusher is waiting for: the `flusher` section's `state` and `page`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Busy {
    Idle,
    /// The installation read of a page.
    Reading(u32),
    /// The write of a page with its modifications installed.
    Writing(u32),
}

/// What the sections show of a flusher.
#[derive(Clone, Copy, Debug)]
pub struct Flushing<'a> {
    /// The fraction of the capacity that starts a pass, and the oldest fraction a pass scans.
    pub trigger: f64,
    pub scan_frac: f64,
    pub busy: Busy,
    /// The pages of the pass, sorted by disk address, and the position in them (empty when idle).
    pub batch: &'a [u32],
    pub position: usize,
    /// Passes finished (the one under way is the next).
    pub passes: u64,
    /// Pages written since time 0, and the modifications those writes installed.
    pub pages_written: u64,
    pub installed: u64,
}

/// The `mob` and `flusher` sections of `infos` (a system's two `mob_sections!`), filled from `mob`
/// and `flusher`. `data` names the data scalars of the areas, in area order (the areas `Mob`
/// keeps: no modification of a later one may be buffered), and `area` gives a chunk's area.
pub fn fill_mob_sections(
    infos: [&'static SectionInfo; 2],
    mob: &Mob,
    flusher: &Flushing,
    data: &[&str],
    area: impl Fn(&ScanEntry) -> u8,
) -> [Section; 2] {
    let scan = mob.scan_list();
    let (inserted, superseded, removed) = mob.totals();
    let bytes = mob.data_bytes_by_area();
    debug_assert!(bytes[data.len()..].iter().all(|&b| b == 0), "a modification of an area with no data scalar");
    let mut m = Section::new(infos[0]);
    m.set("capacity_bytes", mob.capacity() as f64)
        .set("used_bytes", mob.used() as f64)
        .set("trigger", flusher.trigger)
        .set("scan_frac", flusher.scan_frac)
        .set("inserted", inserted as f64)
        .set("superseded", superseded as f64)
        .set("removed", removed as f64);
    for (name, b) in data.iter().zip(bytes) {
        m.set(name, b as f64);
    }
    m.u32s("page", scan.clone().map(|e| e.page))
        .u32s("count", scan.clone().map(|e| e.count))
        .f64s("log_index", scan.clone().map(|e| e.log_index as f64))
        .u8s("area", scan.map(|e| area(&e)));
    let f = flusher;
    let (state, page) = match f.busy {
        Busy::Idle => (0, -1.0),
        Busy::Reading(p) => (1, p as f64),
        Busy::Writing(p) => (2, p as f64),
    };
    let mut s = Section::new(infos[1]);
    s.set("state", state as f64)
        .set("page", page)
        .set("position", f.position as f64)
        .set("passes", f.passes as f64)
        .set("pages_written", f.pages_written as f64)
        .set("installed", f.installed as f64)
        .u32s("page", f.batch.iter().copied());
    [m, s]
}
