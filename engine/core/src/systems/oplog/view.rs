//! The opportunistic-log system's frames (DESIGN.md §2, §4; spec 001 §5.1): the sections the
//! views draw, declared once in `SECTIONS` and filled by name from the models at the frame's
//! time. Everything here only reads the models.
use super::client::STATES;
use super::disk::{PAGES_PER_TRACK, PAGE_BYTES};
use super::records::OP;
use super::{Design, OplogSystem};
use crate::components::disk::view::{disk_section, disk_sections, queue_section, Shown};
use crate::describe::columns::{f64, u32, u8};
use crate::describe::SectionInfo;
use crate::frame::{Frame, Section};
use crate::kernel::SimTime;

pub const DESIGNS: &[&str] = &["page", "basic", "absorbing", "opportunistic"];

const SERVER: SectionInfo = SectionInfo {
    name: "server",
    description: "The server's non-volatile memory split between the log and the cache, both \
        triggers, and its CPU (§4.3, spec §2.5–2.8).",
    scalars: &[
        f64("design", "design", "").values(DESIGNS),
        f64("memory_pages", "memory", "pages"),
        f64("log_capacity", "log capacity (0: no bounded log)", "entries"),
        f64("objects_per_page", "log entries per page of memory", "entries"),
        f64("log_used", "log entries", "entries"),
        f64("pending_pages", "pending pages (the pool)", "pages"),
        f64("pending_entries", "entries of pending pages", "entries"),
        f64("iread_entries", "entries covered by installation reads in flight", "entries"),
        f64("iread_trigger", "installation-read trigger (empty entries)", "entries"),
        f64("cache_frames", "cache frames", "frames"),
        f64("dirty_pages", "dirty frames", "frames"),
        f64("writing", "writes in flight", "pages"),
        f64("clean_frames", "clean frames", "frames"),
        f64("write_trigger", "write trigger (clean frames)", "frames"),
        f64("blocked_commits", "commits waiting for log space", ""),
        f64("cpu_backlog_ns", "CPU work queued", "ns"),
    ],
    row: "",
    columns: &[],
};

const POOL: SectionInfo = SectionInfo {
    name: "pool",
    description: "The pending-installation pool: every page with log entries and no read in \
        flight, at its place on the platter (§3.2).",
    scalars: &[f64("pages_per_track", "pages per track", ""), f64("database_pages", "database", "pages")],
    row: "a pending page",
    columns: &[
        u32("page", "page", ""),
        u32("cylinder", "cylinder", ""),
        u8("slot", "angular slot on its track", ""),
        u32("entries", "log entries", ""),
        // Times as doubles: ns stay far below 2^53 and cross into JS exactly.
        f64("first_at", "oldest entry committed at", "ns"),
    ],
};

const DIRTY: SectionInfo = SectionInfo {
    name: "dirty",
    description: "Dirty pages awaiting write-back, counted per place on the platter (a cylinder \
        and an angular slot, over all its tracks), cylinder by cylinder.",
    scalars: &[f64("count", "dirty pages not being written", "pages")],
    row: "a cylinder × slot cell",
    columns: &[u8("count", "dirty pages", "")],
};

/// The disk's sections, the disk component's (`disk`, `disk_queue`), with the log's request kinds.
const DISK: [SectionInfo; 2] = disk_sections!(OP);

const DECISIONS: SectionInfo = SectionInfo {
    name: "decisions",
    description: "The latest choices of the two background pools, oldest first: the projected \
        head state each started from (spec A4), the page chosen with its positioning time, and \
        the other policy's pick from the same state.",
    scalars: &[],
    row: "a scheduling decision",
    columns: &[
        f64("at", "decided at", "ns"),
        u8("op", "pool", "").values(OP),
        u32("from_cylinder", "head cylinder", ""),
        f64("from_time", "head free at", "ns"),
        u32("chosen", "chosen page", ""),
        f64("chosen_ns", "its positioning time", "ns"),
        f64("other", "other policy's page (−1: none)", ""),
        f64("other_ns", "its positioning time (−1: none)", "ns"),
        u32("candidates", "candidates", "pages"),
        u32("examined", "examined by the search", "pages"),
    ],
};

const CLIENTS: SectionInfo = SectionInfo {
    name: "clients",
    description: "Each client: what it is doing since when, and on which page (§4.4).",
    scalars: &[f64("think_ns", "think time", "ns")],
    row: "a client",
    columns: &[
        u8("state", "state", "").values(STATES),
        u32("page", "page", ""),
        f64("since", "in this state since", "ns"),
        u8("blocked", "commit waits for log space", ""),
    ],
};

pub const SECTIONS: &[SectionInfo] = &[SERVER, POOL, DIRTY, DISK[0], DISK[1], DECISIONS, CLIENTS];

pub fn frame(sim: &OplogSystem, now: SimTime) -> Frame {
    let disks = [Shown {
        disk: &sim.disk,
        data_end: sim.pages as u64 * PAGE_BYTES,
    }];
    Frame(vec![
        server(sim, now),
        pool(sim),
        dirty(sim),
        disk_section(&SECTIONS[3], &disks, now),
        queue_section(&SECTIONS[4], &disks),
        decisions(sim),
        clients(sim),
    ])
}

fn server(sim: &OplogSystem, now: SimTime) -> Section {
    let log = &sim.log;
    let has_log = sim.design.has_log();
    let pending_entries: u32 = log.pending().map(|(_, p)| p.entries).sum();
    let mut s = Section::new(&SECTIONS[0]);
    s.set("design", sim.design as u8 as f64)
        .set("memory_pages", sim.memory_pages as f64)
        .set("log_capacity", if has_log { log.capacity as f64 } else { 0.0 })
        .set("objects_per_page", sim.objects_per_page as f64)
        .set("log_used", log.used as f64)
        .set("pending_pages", log.pool.len() as f64)
        .set("pending_entries", pending_entries as f64)
        .set("iread_entries", sim.iread_entries as f64)
        .set("iread_trigger", if has_log { sim.iread_trigger as f64 } else { 0.0 })
        .set("cache_frames", sim.cache.capacity() as f64)
        .set("dirty_pages", sim.cache.held() as f64)
        .set("writing", sim.writing.len() as f64)
        .set("clean_frames", sim.clean_frames() as f64)
        .set("write_trigger", sim.write_trigger as f64)
        .set("blocked_commits", sim.blocked.len() as f64)
        .set("cpu_backlog_ns", sim.cpu.backlog(now) as f64);
    s
}

fn pool(sim: &OplogSystem) -> Section {
    let pending: Vec<_> = sim.log.pending().collect();
    let mut s = Section::new(&SECTIONS[1]);
    s.set("pages_per_track", PAGES_PER_TRACK as f64)
        .set("database_pages", sim.pages as f64)
        .u32s("page", pending.iter().map(|&(p, _)| p))
        .u32s("cylinder", pending.iter().map(|&(p, _)| sim.cylinder(p) as u32))
        .u8s("slot", pending.iter().map(|&(p, _)| (p as u64 % PAGES_PER_TRACK) as u8))
        .u32s("entries", pending.iter().map(|(_, lp)| lp.entries))
        .f64s("first_at", pending.iter().map(|(_, lp)| lp.first_at as f64));
    s
}

fn dirty(sim: &OplogSystem) -> Section {
    let cylinders = sim.disk.geometry.cylinders as usize;
    let mut cells = vec![0u8; cylinders * PAGES_PER_TRACK as usize];
    for p in sim.dirty.iter() {
        let cell = sim.cylinder(p) as usize * PAGES_PER_TRACK as usize + (p as u64 % PAGES_PER_TRACK) as usize;
        cells[cell] = cells[cell].saturating_add(1);
    }
    let mut s = Section::new(&SECTIONS[2]);
    s.set("count", sim.dirty.len() as f64).u8s("count", cells);
    s
}

fn decisions(sim: &OplogSystem) -> Section {
    let d = &sim.decisions;
    let mut s = Section::new(&SECTIONS[5]);
    s.f64s("at", d.iter().map(|x| x.at as f64))
        .u8s("op", d.iter().map(|x| x.op as u8))
        .u32s("from_cylinder", d.iter().map(|x| x.from_cylinder))
        .f64s("from_time", d.iter().map(|x| x.from_time as f64))
        .u32s("chosen", d.iter().map(|x| x.chosen))
        .f64s("chosen_ns", d.iter().map(|x| x.chosen_ns as f64))
        .f64s("other", d.iter().map(|x| x.other.map_or(-1.0, |o| o.0 as f64)))
        .f64s("other_ns", d.iter().map(|x| x.other.map_or(-1.0, |o| o.1 as f64)))
        .u32s("candidates", d.iter().map(|x| x.candidates))
        .u32s("examined", d.iter().map(|x| x.examined));
    s
}

fn clients(sim: &OplogSystem) -> Section {
    let blocked: std::collections::BTreeSet<u32> = sim.blocked.iter().map(|&(c, _)| c).collect();
    let c = &sim.clients;
    let mut s = Section::new(&SECTIONS[6]);
    s.set("think_ns", sim.think as f64)
        .u8s("state", c.iter().map(|x| x.state as u8))
        .u32s("page", c.iter().map(|x| x.page))
        .f64s("since", c.iter().map(|x| x.since as f64))
        .u8s("blocked", (0..c.len() as u32).map(|i| blocked.contains(&i) as u8));
    s
}

/// Keeps the design's numbering and the frame's names in step.
const _: () = assert!(Design::Opportunistic as usize == DESIGNS.len() - 1);
