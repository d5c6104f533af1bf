//! What the MOB system reports, described once (`crate::describe`): its trace records
//! (`records.rs`), the figures of its summary (`metrics::Summary`) in the order the CLI's run
//! report and sweep CSV list them, and the views the lab shows for it.
use super::records::RECORD_KINDS;
use crate::describe::{figure as fig, view, Description, FigureInfo, ViewInfo};

/// A figure of the write-optimized layout only.
const fn wo(f: FigureInfo) -> FigureInfo {
    f.only_when("server.layout", &["write_optimized"])
}

/// A figure of the layouts that write regions (write-optimized and hybrid).
const fn regions(f: FigureInfo) -> FigureInfo {
    f.only_when("server.layout", &["write_optimized", "hybrid"])
}

/// A figure of PAGE only.
const fn page(f: FigureInfo) -> FigureInfo {
    f.only_when("server.architecture", &["page"])
}

/// A figure of the costed cleaner only.
const fn costed(f: FigureInfo) -> FigureInfo {
    f.only_when("wo.cleaner", &["costed"])
}

pub const FIGURES: &[FigureInfo] = &[
    fig("throughput_tps", "throughput", "tx/s", 1.0, "Committed transactions per simulated second (§4.3.1)."),
    fig(
        "disk_utilisation.fetch_read",
        "disk busy: fetch reads",
        "%",
        100.0,
        "Share of the measured time the disk spent reading pages for fetches that missed.",
    ),
    fig(
        "disk_utilisation.install_read",
        "disk busy: installation reads",
        "%",
        100.0,
        "Share of the measured time the disk spent reading pages the flusher installs into (§3.2.1).",
    ),
    fig(
        "disk_utilisation.write",
        "disk busy: page writes",
        "%",
        100.0,
        "Share of the measured time the disk spent writing pages back.",
    ),
    costed(fig(
        "disk_utilisation.clean",
        "disk busy: cleaner",
        "%",
        100.0,
        "Share of the measured time the disk spent on the costed cleaner's region reads and writes (§6.3.4: under 3% in Thor, with twice the space needed).",
    )),
    fig("mean_seek_ms", "mean seek", "ms", 1.0, "Mean seek time per disk request."),
    fig("mean_rotation_ms", "mean rotational latency", "ms", 1.0, "Mean wait for the sector per disk request."),
    fig("mean_transfer_ms", "mean transfer", "ms", 1.0, "Mean transfer time per disk request."),
    fig(
        "server_cache_hit_ratio",
        "server hit ratio (MOB or cache)",
        "%",
        100.0,
        "Fetches answered from server memory without waiting for a disk read.",
    ),
    fig(
        "fetches_per_transaction",
        "fetches per transaction",
        "",
        1.0,
        "Fetches a committed transaction made on average: its client-cache misses.",
    ),
    fig(
        "disk_ops_per_100_transactions",
        "disk operations per 100 transactions",
        "",
        1.0,
        "Disk requests of every kind (reads, installation reads, writes, the cleaner's) per 100 committed transactions: the measure of the thesis's scalability analysis (§6.3.8).",
    ),
    fig("mob_occupancy", "MOB occupancy", "%", 100.0, "Time-averaged MOB use, overheads included, over its capacity."),
    fig(
        "mob_division_mb.hot",
        "MOB data: hot",
        "MB",
        1.0,
        "Time-averaged object data in the MOB from the hot area (Fig. 4-4, Table 4.9).",
    ),
    fig(
        "mob_division_mb.warm",
        "MOB data: warm",
        "MB",
        1.0,
        "Time-averaged object data in the MOB from the warm area (Fig. 4-4, Table 4.9).",
    ),
    fig(
        "mob_division_mb.cold",
        "MOB data: cold",
        "MB",
        1.0,
        "Time-averaged object data in the MOB from the cold area (Fig. 4-4, Table 4.9).",
    ),
    fig(
        "write_absorption",
        "write absorption: modifications committed per page write",
        "",
        1.0,
        "Modifications committed per page write over the measured window, superseded ones included (Fig. 4-2). \
         The MOB view's header gives the same measure since 0 s.",
    ),
    fig("page_writes_per_chunk", "page writes per chunk", "", 1.0, "Page writes per committed chunk (Eq. 4.3)."),
    fig(
        "dirty_per_page_written.hot",
        "dirty objects per page written: hot",
        "",
        1.0,
        "Distinct modified objects installed per hot page write (Table 4.9).",
    ),
    fig(
        "dirty_per_page_written.warm",
        "dirty objects per page written: warm",
        "",
        1.0,
        "Distinct modified objects installed per warm page write (Table 4.9).",
    ),
    fig(
        "dirty_per_page_written.cold",
        "dirty objects per page written: cold",
        "",
        1.0,
        "Distinct modified objects installed per cold page write (Table 4.9).",
    ),
    fig("commit_wait_ms", "mean commit wait for MOB space", "ms", 1.0, "Mean time a commit waited for MOB space."),
    wo(fig(
        "wo.mean_fetch_read_kb",
        "WO: mean fetch read",
        "KB",
        1.0,
        "Mean size of a fetch's disk read under the write-optimized layout: a fragment's objects, or a header with its fragment (§4.3.4: f = 24 KB).",
    )),
    wo(fig(
        "wo.fragment_reads",
        "WO: fragment reads",
        "reads",
        1.0,
        "Fetch reads of a fragment holding the object's newest version, beyond its page's header.",
    )),
    wo(fig(
        "wo.header_installation_reads",
        "WO: header installation reads",
        "reads",
        1.0,
        "Headers the flusher read because the cache lacked them (§3.2.2).",
    )),
    wo(fig(
        "wo.mean_fragment_kb",
        "WO: mean fragment written",
        "KB",
        1.0,
        "Mean size of the fragments the flusher wrote, header included.",
    )),
    wo(fig(
        "wo.fragments_per_page",
        "WO: fragments per page (end)",
        "fragments",
        1.0,
        "Mean number of fragments holding a page's objects at the end of the run: what a page's reads meet.",
    )),
    regions(fig("wo.regions_cleaned", "regions cleaned", "regions", 1.0, "Regions the cleaner freed (§4.2.5).")),
    regions(fig(
        "wo.cleaner_copied_kb",
        "cleaner copied",
        "MB",
        1.0 / 1024.0,
        "Live data the cleaner copied to free its regions (in zero simulated time unless wo.cleaner = costed).",
    )),
    regions(fig("wo.free_regions", "free regions (end)", "regions", 1.0, "Free regions when the run ended.")),
    page(fig("page.eviction_writes", "PAGE: eviction writes", "writes", 1.0, "Dirty pages written because they were evicted (§5.1).")),
    page(fig("page.dirty_pages_held", "PAGE: dirty pages held", "pages", 1.0, "Mean dirty pages in the server cache.")),
    page(fig(
        "page.dirty_kb_per_page_held",
        "PAGE: modified data per dirty page",
        "KB",
        1.0,
        "Mean modified object data a dirty page in the cache holds: the rest of the page is memory PAGE spends to keep it (§5.3.1).",
    )),
    page(fig(
        "page.modified_share_of_held",
        "PAGE: modified share of dirty pages",
        "%",
        100.0,
        "The modified data's share of the memory the dirty pages take.",
    )),
];

pub const VIEWS: &[ViewInfo] = &[
    view("SystemDiagram", "System: clients, network, server, disk",
        "Clients fetch and commit through the network to the server, which reads and writes the disk."),
    view(crate::components::mob::view::VIEW, "Modified object buffer (MOB)",
        "The MOB as a log strip: chunks in commit order coloured hot, warm or cold, the 99% trigger line and the flusher’s 1% scan window."),
    view("DiskView", "Disk: platter, head and queue",
        "Top view of the platter with the head sweeping the database band; each request coloured fetch read, installation read or page write."),
    view("CacheView", "Server page cache", "Server cache frames from most to least recently used."),
    view("SpaceView", "Disk space: regions, fragments and the cleaner",
        "The regions of the write-optimized and hybrid layouts in disk order with their live and dead bytes, the free regions against the cleaner's thresholds and its latest work, and a page's fragments beside its one home under the read-optimized layout."),
    view("Charts", "Charts over time",
        "Throughput, disk utilisation by request type, MOB occupancy and server cache hit ratio."),
    view("EventLog", "Event log", "Every engine event, newest last, filterable by kind."),
    view("Inspector", "Inspector", "Click anything in a view to see its full state here."),
];

pub const DESCRIPTION: Description = Description {
    kind: "mob",
    title: "The modified object buffer",
    paper: "Ghemawat, The Modified Object Buffer (MIT, 1995), Chapter 4",
    records: RECORD_KINDS,
    sections: super::view::SECTIONS,
    figures: FIGURES,
    views: VIEWS,
    // The parameters Chapter 4's experiments vary (§4.3), most used first.
    knobs: &[
        "server.mob_mb",
        "server.cache_mb",
        "workload.write_prob",
        "client.count",
        "client.cache_mb",
        "workload.hot_frac",
        "database.page_kb",
        "flusher.trigger",
        "flusher.scan_frac",
    ],
    work: "transactions",
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::Scenario;
    use crate::systems::PaperSystem;

    #[test]
    fn every_figure_is_a_number_of_the_summary() {
        let mut sim = super::super::MobSystem::engine(&Scenario::default(), 1);
        sim.run_until(1_000_000_000);
        let summary = serde_json::to_value(sim.summary()).unwrap();
        for f in FIGURES {
            let value = f.path.split('.').fold(&summary, |v, k| &v[k]);
            assert!(value.is_number(), "{} is not a summary figure", f.path);
        }
        let work: Vec<u64> = sim.system().series().iter().map(|x| serde_json::to_value(x).unwrap()[DESCRIPTION.work].as_u64().unwrap()).collect();
        assert!(work.windows(2).all(|w| w[0] <= w[1]) && work.last() > Some(&0), "the work figure only grows: {work:?}");
    }
}
