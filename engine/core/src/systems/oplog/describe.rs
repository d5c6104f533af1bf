//! What the opportunistic-log system reports, described once (`crate::describe`): its trace
//! records (`records.rs`), the figures of its summary (`metrics::Summary`) in the order the CLI's
//! run report and sweep CSV list them, and the views the lab shows for it.
use super::records::RECORD_KINDS;
use crate::describe::{figure as fig, view, Description, FigureInfo, ViewInfo};

pub const FIGURES: &[FigureInfo] = &[
    fig(
        "throughput_tps",
        "throughput",
        "tx/s",
        1.0,
        "Committed transactions per simulated second, read-only ones included (Fig. 3, Table 4).",
    ),
    fig(
        "i_abs",
        "I-Abs: installations absorbed",
        "%",
        100.0,
        "Share of installed modifications that needed no installation read of their own (Fig. 3 table, Table 4).",
    ),
    fig(
        "cost_ms.install_read",
        "ICost: installation read",
        "ms",
        1.0,
        "Mean disk time per installation read: seek + rotation + transfer, queueing excluded (Fig. 3 table, Table 4).",
    ),
    fig(
        "disk_share.install_read",
        "IDsk: disk busy with installation reads",
        "%",
        100.0,
        "Share of the measured time the disk spent on installation reads (Fig. 3 table, Table 4).",
    ),
    fig("cost_ms.write", "WCost: page write", "ms", 1.0, "Mean disk time per page write (Table 4)."),
    fig(
        "disk_share.write",
        "WDsk: disk busy with page writes",
        "%",
        100.0,
        "Share of the measured time the disk spent writing dirty pages (Table 4).",
    ),
    fig(
        "cost_ms.fetch_read",
        "FCost: fetch read",
        "ms",
        1.0,
        "Mean disk time per fetch read (spec §4.6: about 19 ms).",
    ),
    fig(
        "disk_share.fetch_read",
        "FDsk: disk busy with fetch reads",
        "%",
        100.0,
        "Share of the measured time the disk spent on fetch reads.",
    ),
    fig("disk_utilisation", "disk busy", "%", 100.0, "Share of the measured time the disk was busy."),
    fig("server_hit_ratio", "server cache hit ratio", "%", 100.0, "Fetches answered from the server cache (§5.2)."),
    fig("commit_hit_ratio", "commit-time hit ratio", "%", 100.0, "Modifying commits whose page was cached."),
    fig(
        "mean_pool_pages",
        "mean pending pool",
        "pages",
        1.0,
        "Time-averaged pending pages: log entries' pages with no read in flight, the installation reads' candidates.",
    ),
    fig(
        "mean_candidates",
        "mean candidates per choice",
        "pages",
        1.0,
        "Mean pending pages each installation-read choice was made among (§5.1: about 3000 entries).",
    ),
    fig("mean_log_entries", "mean log entries", "entries", 1.0, "Time-averaged entries in the log."),
    fig(
        "mean_dirty_pages",
        "mean dirty pages",
        "pages",
        1.0,
        "Time-averaged dirty pages in the cache (§5.2: about 31,000).",
    ),
    fig(
        "installation_reads_per_tx",
        "installation reads per transaction",
        "",
        1.0,
        "Installation reads per committed transaction (§5.3: about 16% in the paper's reading).",
    ),
    fig(
        "writes_per_tx",
        "page writes per transaction",
        "",
        1.0,
        "Page writes per committed transaction (spec §4.6: 0.17–0.19).",
    ),
    fig("fetch_latency_ms", "fetch latency", "ms", 1.0, "Mean time from sending a fetch to its reply, at the client."),
    fig(
        "cpu_utilisation",
        "server CPU busy",
        "%",
        100.0,
        "Share of the measured time the server CPU was busy (spec §2.5: 10–15%).",
    ),
    fig(
        "commit_blocked_s",
        "time commits waited",
        "s",
        1.0,
        "Total time commits waited for log space or a clean frame (spec A6: about 0).",
    ),
];

pub const VIEWS: &[ViewInfo] = &[
    view("OplogDiagram", "System: clients, network, server, disk",
        "Clients think, fetch and commit through the network; the server's CPU, its log and cache, and the disk's FIFO queue."),
    view("PoolPlatter", "Pending pool on the platter",
        "Every pending installation read as a mark at its cylinder and angle, ageing in colour; the head, its chosen target and the other policy's pick, with their positioning times."),
    view("OplogMemory", "Server memory: log and cache",
        "Non-volatile memory split between the log (pending and in-flight entries) and the cache (dirty and clean frames), with both triggers."),
    view("OplogCharts", "Charts over time",
        "Throughput, installation-read cost, pool size and disk time by operation class."),
    view("EventLog", "Event log", "Every engine event, newest last, filterable by kind."),
    view("Inspector", "Inspector", "Click anything in a view to see its full state here."),
];

pub const DESCRIPTION: Description = Description {
    kind: "oplog",
    title: "The opportunistic log",
    paper: "O'Toole & Shrira, Opportunistic Log: Efficient Installation Reads in a Reliable Storage Server (OSDI 1994)",
    records: RECORD_KINDS,
    sections: super::view::SECTIONS,
    figures: FIGURES,
    views: VIEWS,
    // The parameters §5's experiments vary, most used first.
    knobs: &[
        "server.design",
        "client.count",
        "server.log_pages",
        "client.fetch_ratio",
        "client.write_ratio",
        "server.memory_pages",
        "disk.preset",
        "server.objects_per_page",
    ],
    work: "transactions",
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario;
    use crate::systems::PaperSystem;

    #[test]
    fn every_figure_is_a_number_of_the_summary() {
        let s = scenario::parse("[system]\nkind = \"oplog\"\n").unwrap();
        let mut sim = super::super::OplogSystem::engine(&s, 1);
        sim.run_until(2_000_000_000);
        let summary = serde_json::to_value(sim.summary()).unwrap();
        for f in FIGURES {
            let value = f.path.split('.').fold(&summary, |v, k| &v[k]);
            assert!(value.is_number(), "{} is not a summary figure", f.path);
        }
        let work: Vec<u64> = sim.system().series().iter().map(|x| serde_json::to_value(x).unwrap()[DESCRIPTION.work].as_u64().unwrap()).collect();
        assert!(work.windows(2).all(|w| w[0] <= w[1]) && work.last() > Some(&0), "the work figure only grows: {work:?}");
    }
}
