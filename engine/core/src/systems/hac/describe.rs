//! What the HAC system reports, described once (`crate::describe`): its trace records
//! (`records.rs`), its frame sections (`view.rs`), the figures of its summary
//! (`metrics::Summary`) and the views the lab shows for it.
use super::records::RECORD_KINDS;
use crate::describe::{figure as fig, view, Description, FigureInfo, ViewInfo};
use crate::workload::oo7;

pub const FIGURES: &[FigureInfo] = &[
    fig("elapsed_s", "elapsed time", "s", 1.0, "Simulated time of the measured traversal (§4.5)."),
    fig("fetches", "fetches", "pages", 1.0, "Pages fetched in the measured traversal (Table 2, Figure 5)."),
    fig("compulsory_misses", "compulsory misses", "pages", 1.0, "Fetches of pages not fetched before in the run."),
    fig("capacity_misses", "capacity misses", "pages", 1.0, "Fetches of pages fetched before and since evicted."),
    fig("miss_rate", "miss rate", "fetches per 1000 accesses", 1000.0, "Page fetches per object access (§4)."),
    fig("hit_time_s", "hit time", "s", 1.0, "Time spent on accesses that hit (Table 3)."),
    fig("fetch_time_s", "fetch time", "s", 1.0, "Time waiting for the network, the server and its disk (Figure 11)."),
    fig(
        "replacement_time_s",
        "replacement time (waited)",
        "s",
        1.0,
        "Replacement the client waited for: what outlasted the fetch, or all of it for HAC-FG (§3.3, §4.5).",
    ),
    fig(
        "replacement_work_s",
        "replacement work",
        "s",
        1.0,
        "All the time replacement took, hidden behind fetches or not (Figure 10).",
    ),
    fig(
        "conversion_time_s",
        "conversion time",
        "s",
        1.0,
        "Installing fetched objects and swizzling their pointers (§4.4).",
    ),
    fig(
        "table_overhead",
        "indirection table / cache",
        "%",
        100.0,
        "The indirection table at its largest over the frames (§4.2.2: HAC 55%, FPC 27% in T1).",
    )
    // Small objects (16-byte entries) can give a table larger than the frames.
    .may_pass_whole(),
    fig(
        "memory_mb",
        "cache + table",
        "MB",
        1.0,
        "Frames plus the indirection table at its largest: Figure 5's x axis.",
    ),
    fig(
        "retained_fraction",
        "objects retained per compaction",
        "%",
        100.0,
        "Mean fraction of a compacted frame's objects kept (§3.2.2).",
    ),
    fig("frames_freed_per_fetch", "frames freed per fetch", "", 1.0, "Frames replacement freed over fetches."),
    fig("bytes_moved", "bytes moved", "MB", 1.0 / 1_048_576.0, "Bytes compaction copied (§3.1)."),
    fig(
        "server_hit_ratio",
        "server hit ratio",
        "%",
        100.0,
        "Fetches the server answered from its cache (§4.1: at least 86%).",
    ),
    fig("page_use", "page use", "%", 100.0, "Mean fraction of each touched page's bytes the traversal uses (§4.1.1)."),
];

pub const VIEWS: &[ViewInfo] = &[
    view("HacView", "Client cache: frames, scan pointers, candidates",
        "The frames as bars of their bytes, objects coloured by usage; the scan pointers and the candidate set; compaction step by step."),
    oo7::view::PANEL,
    view("EventLog", "Event log", "Every engine event, newest last, filterable by kind."),
    view("Inspector", "Inspector", "Everything about the frame, candidate or record you clicked."),
];

pub const DESCRIPTION: Description = Description {
    kind: "hac",
    title: "Hybrid adaptive caching",
    paper: "Castro, Adya, Liskov, Myers, HAC: Hybrid Adaptive Caching for Distributed Storage Systems (SOSP 1997)",
    records: RECORD_KINDS,
    sections: super::view::SECTIONS,
    figures: FIGURES,
    views: VIEWS,
    // The parameters §4's experiments vary, most used first.
    knobs: &[
        "client.policy",
        "client.cache_mb",
        "workload.traversal",
        "workload.start",
        "client.retention",
        "client.secondary_pointers",
        "client.scan_frames",
        "client.replacement",
    ],
    work: "composite_visits",
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_figure_is_a_number_of_the_summary() {
        let summary = serde_json::to_value(super::super::metrics::Summary::default()).unwrap();
        for f in FIGURES {
            assert!(summary[f.path].is_number(), "{} is not a summary figure", f.path);
        }
    }

    #[test]
    fn the_work_figure_counts_every_traversal_s_visits() {
        use crate::systems::PaperSystem;
        let body = "[system]\nkind = \"hac\"\n[database]\nsize = \"small\"\n[workload]\ntraversal = \"t6\"\nstart = \"hot\"\n";
        let s = crate::scenario::parse(body).unwrap();
        let mut sim = super::super::HacSystem::engine(&s, 1);
        sim.run_until(u64::MAX);
        let work: Vec<u64> = sim.system().series().iter().map(|x| serde_json::to_value(x).unwrap()[DESCRIPTION.work].as_u64().unwrap()).collect();
        assert!(work.windows(2).all(|w| w[0] <= w[1]), "the work figure only grows: {work:?}");
        // A hot run walks the traversal twice (unmeasured, then measured): T6 visits each of the
        // small database's composite parts.
        assert!(*work.last().unwrap() >= 2 * 500, "{work:?}");
    }
}
