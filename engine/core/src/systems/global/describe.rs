//! What the global-memory cluster reports, described once (`crate::describe`): its trace records
//! (`records.rs`), the figures of its summary (`metrics::Summary`) in the order the CLI's run
//! report and sweep CSV list them, and the views the lab shows for it.
use super::records::RECORD_KINDS;
use crate::describe::{figure as fig, view, Description, FigureInfo, ViewInfo};

pub const FIGURES: &[FigureInfo] = &[
    fig("response_ms", "response time", "ms", 1.0, "A large client's request, from asking to the page in its primary's memory (spec A3); a web request's, to its file's last page; over the window."),
    fig("page_response_ms", "response time a page", "ms", 1.0, "The response time over the pages a request asks for: a web file's time a page, the measure file sizes leave unchanged (§5.4.4, Fig. 58); a database request's own."),
    fig("small_response_ms", "small clients' response time", "ms", 1.0, "A small client's request, from asking to the page in its primary's memory, over the window (Fig. 40); 0 without small clients."),
    fig("response_with_processing_ms", "response time with processing", "ms", 1.0, "The same with the page's 30,000-instruction processing at the primary (Fig. 27's measure, spec E3)."),
    fig("misses_per_request", "misses a request", "", 1.0, "Disk reads per large-client request (Fig. 18: about 0.75 Clus-Same, 0.5 Clus-Diff, small ClSv-Decl)."),
    fig("data_messages_per_request", "data messages a request", "", 1.0, "Messages carrying a page per request: pages sent and pages shipped back (Fig. 18)."),
    fig("owner_hits_per_request", "owner's memory a request", "", 1.0, "Pages the owner sent from its memory, per request."),
    fig("forwards_per_request", "forwards a request", "", 1.0, "Pages another server forwarded at the owner's request, per request."),
    fig("local_hit_ratio", "found in the primary's memory", "", 1.0, "The share of pages found in the primary server's own memory."),
    fig("messages_per_request", "messages a request", "", 1.0, "Every message, control and data, per request."),
    fig("mean_disk_ms", "disk time", "ms", 1.0, "A disk read from its request to its end, queueing included (§3.5.5: 13.57 ms clustered, 15.4 declustered)."),
    fig("disk_cache_ratio", "disk reads from the drive's cache", "", 100.0, "The share of disk reads, %, the M2266's read-ahead cache served in its transfer time alone (Tab. 6: 8 contexts of 4 pages; spec E6)."),
    fig("ship_backs_per_request", "ship-backs a request", "", 1.0, "Evicted pages their owners took back (push-pull), per request."),
    fig("refused_per_request", "refused ship-backs a request", "", 1.0, "Evicted pages their owners did not take back, per request."),
    fig("disk_writes_per_request", "disk writes a request", "", 1.0, "Updated pages written to their owner's disk as their last copy left memory, per request (Fig. 24)."),
    fig("invalidations_per_request", "copies called back a request", "", 1.0, "Copies a write lock called back at other servers, per request (§2.4)."),
    fig("unique_pages", "distinct pages in memory", "", 100.0, "Distinct pages cached anywhere over all the frames of the cluster, % (Fig. 51)."),
    fig("primary_access_ms", "a page in the primary's memory", "ms", 1.0, "Tab. 3's hierarchy: a large client's page found in its primary's memory, from asking to having it (the SP/2: 0.15 ms)."),
    fig("owner_memory_access_ms", "a page from the owner's memory", "ms", 1.0, "Tab. 3: a page sent from its owner's memory, from asking to its arrival in the primary's (the SP/2: 2.8 ms)."),
    fig("remote_memory_access_ms", "a page forwarded", "ms", 1.0, "Tab. 3: a page forwarded from a third server's memory (the SP/2: 5.5 ms)."),
    fig("local_disk_access_ms", "a page from the primary's disk", "ms", 1.0, "Tab. 3: a page the primary owns, read from its disk, queueing included (the SP/2: 9.9 ms)."),
    fig("remote_disk_access_ms", "a page from another server's disk", "ms", 1.0, "Tab. 3: a page read from its owner's disk and sent, queueing included (the SP/2: 11.5 ms)."),
    fig("requests", "requests", "", 1.0, "The large clients' requests in the window."),
];

pub const VIEWS: &[ViewInfo] = &[
    view(
        "ClusterView",
        "Cluster: every server's memory and the messages between them",
        "Each server's buffer frames as a bar, coloured by the server that owns each page (its own pages in its own \
         colour, hated copies hatched, free frames blank), its processor's jobs and its disks' queue below; and the \
         messages in flight between the servers, a page as a filled dot and a control message as a ring.",
    ),
    view(
        "GlobalCharts",
        "Charts: response time, disk reads and each server's LRU tail age (Fig. 42)",
        "Over simulated time: the measured requests' mean response time and disk reads so far, and the mean time since \
         the last use of each server's 100 least recently used pages: close lines mean the cluster evicts pages of about \
         the same age everywhere, as one global LRU list would.",
    ),
    view(
        "OwnerChart",
        "Frames by owner (Tab. 13)",
        "One server's buffer frames by the server that owns their pages, a bar an owner in its colour; under Table 13's \
         runs the thesis's numbers as ticks. Pick the server from the list, or inspect one in the cluster view.",
    ),
    view("EventLog", "Event log", "Every engine event, newest last, filterable by kind."),
    view("Inspector", "Inspector", "Click anything in a view to see its full state here."),
];

pub const DESCRIPTION: Description = Description {
    kind: "global",
    title: "Global memory management in a cluster of servers",
    paper: "Venkataraman, Global Memory Management for Multi-Server Database Systems (PhD thesis, University of \
            Wisconsin–Madison, 1996), Chapters 3 to 5",
    records: RECORD_KINDS,
    sections: super::view::SECTIONS,
    figures: FIGURES,
    views: VIEWS,
    knobs: &[
        "policy.replacement",
        "workload.locality_m",
        "policy.placement",
        "network.page_latency_ms",
        "workload.large_clients",
        "cluster.nodes",
        "policy.reserve",
        "web.zipf",
        "policy.threshold",
        "workload.p_write",
        "workload.p_shared",
        "web.hot_files",
    ],
    work: "requests",
};
