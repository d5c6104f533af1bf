//! What the Thor system reports, described once (`crate::describe`): its trace records
//! (`records.rs`), the figures of its summary (`metrics::Summary`) in the order the CLI's run
//! report and sweep CSV list them, and the views the lab shows for it.
use super::records::RECORD_KINDS;
use crate::describe::{figure as fig, view, Description, FigureInfo, ViewInfo};

pub const FIGURES: &[FigureInfo] = &[
    fig("elapsed_s", "elapsed time", "s", 1.0, "The cold traversal from its first access to its last commit (§6.1): the total of Tables 2–3."),
    fig("mean_group", "objects a fetch", "objects", 1.0, "Objects shipped per fetch reply: the prefetch group (§6.2: 485.2 for T1 small, 25.7 for T6)."),
    fig("mean_group_kb", "KB a fetch", "KB", 1.0, "Bytes shipped per fetch reply (§6.2: 24.5 KB for T1 small)."),
    fig("fetches", "fetches", "", 1.0, "Fetch requests the FE sent."),
    fig("segment_reads", "segment reads", "", 1.0, "28.5 KB segments the OR read from disk."),
    fig("peak_heap_mb", "largest heap", "MB", 1.0, "The FE's heap at its largest, objects and surrogates (Fig. 8's cache space)."),
    fig("collections", "collections", "", 1.0, "Shrinkings and copying collections (§6.4: 54 for T1 medium)."),
    fig("mean_from_mb", "from-space before a collection", "MB", 1.0, "Mean from-space when a collection began (§6.4: 7.7 MB)."),
    fig("mean_to_mb", "to-space after a collection", "MB", 1.0, "Mean to-space when a collection ended (§6.4: 1.4 MB)."),
    fig("cache_used", "cache used on average", "", 100.0, "Mean of from-space before and to-space after a collection over the cache, % (§6.4: 38%)."),
    fig("traversal_s", "traversal", "s", 1.0, "Table 2–3 category: the traversal's own work."),
    fig("lazy_swizzling_s", "lazy swizzling", "s", 1.0, "Table 2–3 category: swizzling objects at their first use."),
    fig("commit_s", "commit", "s", 1.0, "Table 2–3 category: commits."),
    fig("shrinking_s", "shrinking", "s", 1.0, "Table 3 category: discarding prefetch groups into surrogates."),
    fig("gc_s", "GC", "s", 1.0, "Table 3 category: the copying collections."),
    fig("fetch_fe_s", "fetch handling FE", "s", 1.0, "Table 2–3 category: the FE's work per fetch and object installed."),
    fig("fetch_communication_s", "fetch communication", "s", 1.0, "Table 2–3 category: fetch requests and groups on the network."),
    fig("fetch_or_s", "fetch handling OR", "s", 1.0, "Table 2–3 category: the OR's work per fetch and chunk."),
    fig("disk_s", "disk", "s", 1.0, "Table 2–3 category: segment reads, and their waits behind the flusher's transfers."),
    fig("traversal_ms", "one traversal", "ms", 1.0, "A cold run's traversal; a hot run's mean of the middle three of five in one transaction (§6.1)."),
    fig("measured_fetches", "fetches in it", "", 1.0, "Fetches during that traversal (hot runs: during the middle three; R1: none)."),
    fig("measured_swizzles", "swizzles in it", "", 1.0, "First swizzles during that traversal (hot runs: none, §6.2)."),
    fig("safety.traversal_ms", "Table 1: traversal", "ms", 1.0, "The traversal's own code, per traversal measured (Table 1: 340 ms, hot T1 small)."),
    fig("safety.concurrency_control_ms", "Table 1: concurrency control", "ms", 1.0, "Tracking reads and writes of mutable objects (Table 1: 120 ms)."),
    fig("safety.residency_checks_ms", "Table 1: residency checks", "ms", 1.0, "Checking each object is resident before using it (Table 1: 72 ms)."),
    fig("safety.exceptions_ms", "Table 1: exceptions", "ms", 1.0, "Exception generation and handling: overflow checks and the like (Table 1: 156 ms)."),
    fig("safety.bounds_checks_ms", "Table 1: bounds checks", "ms", 1.0, "Array bounds checking, the only cost intrinsic to safe sharing (Table 1: 36 ms, §6.3: about 11%)."),
    fig("safety.total_ms", "Table 1: total", "ms", 1.0, "Table 1's parts together (724 ms)."),
    fig("swizzles", "objects swizzled", "", 1.0, "Objects swizzled at their first use after a fetch."),
    fig("surrogates_made", "surrogates made", "", 1.0, "Empty surrogates swizzling made for references to objects not resident."),
    fig("weeded", "left out as sent recently", "objects", 1.0, "Objects of the chunks the OR left out because its table of objects recently sent to the FE listed them (§5.2)."),
    fig("accesses", "object accesses", "", 1.0, "Method calls the traversal made on objects."),
    fig("calls", "client calls", "", 1.0, "Client calls the traversal was split into (§6.1: 9112 for the medium ones but T6)."),
    fig("transactions", "transactions", "", 1.0, "Transactions (§6.1: 110 for the medium ones but T6)."),
    fig("logged_objects", "objects logged", "objects", 1.0, "Modified objects the commits put in the OR's mcache (§4)."),
    fig("backup_s", "backup messages", "s", 1.0, "The stable log's copy at the backup: part of commit (§6.2's estimates: T2a 0.1 s and T2b 0.7 s small, 3.6 s and 29.9 s medium)."),
    fig("commit_waits", "commits waiting for the mcache", "", 1.0, "Commits that found the mcache full and waited for the flusher (R17: none)."),
    fig("commit_wait_s", "commit wait", "s", 1.0, "Time commits waited for the flusher to free the mcache: part of commit."),
    fig("peak_mcache_mb", "fullest mcache", "MB", 1.0, "The OR's mcache at its fullest, overheads included (§6.1: 6 MB)."),
    fig("segment_writes", "segment writes", "", 1.0, "Segments the flusher wrote back with modifications installed (thesis §6.2.5)."),
    fig("installation_reads", "installation reads", "", 1.0, "Segments the flusher read first because the OR's memory did not hold them."),
    fig("mcache_fetched", "shipped from the mcache", "objects", 1.0, "Objects a fetch shipped in the newer version the mcache held, not its segment's (§4)."),
    fig("other_commits", "commits elsewhere", "", 1.0, "Transactions other FEs sharing the database committed (sharing.other_fes)."),
    fig("invalidations", "invalidations received", "", 1.0, "Invalidation messages that reached this FE after other FEs' commits (§5.1)."),
    fig("invalidated", "copies invalidated", "objects", 1.0, "Resident copies invalidations turned into surrogates (§5.1)."),
    fig("aborts", "aborts", "", 1.0, "Transactions of this FE that aborted and ran again: an invalidation named an object they used, or validation failed."),
    fig("validation_failures", "failed validations", "", 1.0, "Aborts at commit: the transaction used an object whose invalidation was still on its way (§5.1)."),
    fig("aborted_s", "work lost to aborts", "s", 1.0, "The FE time of the aborted transactions, done again."),
    fig("invalidations_sent", "invalidations sent", "", 1.0, "Invalidation messages this FE's commits made the OR send the other FEs whose tables name a written segment."),
    fig("emergency_collections", "collections inside a call", "", 1.0, "Collections a group forced inside a call (spec A13)."),
];

pub const VIEWS: &[ViewInfo] = &[
    view(
        "PrefetchView",
        "Prefetching: group size, use and the segment",
        "The group size the FE asks for, fetch by fetch, against use ÷ fetch and the 0.3 threshold; each group as \
         it arrives with the objects used and never used; and the latest fetch's segment with its chunk.",
    ),
    view(
        "HeapView",
        "FE heap: from-space, surrogates, collections",
        "The FE's cache as a strip: groups appended at the free pointer, objects unused, used and modified, \
         surrogates, shrinking's holes, a collection copying into to-space and the flip; and the cache's use \
         over time.",
    ),
    crate::workload::oo7::view::PANEL,
    view(
        crate::components::mob::view::VIEW,
        "The OR's mcache: modified objects and the flusher",
        "The mcache, the OR's modified object buffer, as a log strip: chunks of modified atomic parts in commit order, \
         the 90% trigger line and the flusher's 10% scan window; below, the segments of the flusher's pass in address \
         order, each read unless the OR's cache holds it, then written.",
    ),
    view("EventLog", "Event log", "Every engine event, newest last, filterable by kind."),
    view("Inspector", "Inspector", "Click anything in a view to see its full state here."),
];

pub const DESCRIPTION: Description = Description {
    kind: "thor",
    title: "Thor0: adaptive prefetching into an object cache",
    paper: "Liskov, Adya, Castro, Day, Ghemawat, Gruber, Maheshwari, Myers, Shrira, Safe and Efficient Sharing of \
            Persistent Objects in Thor (SIGMOD 1996)",
    records: RECORD_KINDS,
    sections: super::view::SECTIONS,
    figures: FIGURES,
    views: VIEWS,
    knobs: &[
        "workload.traversal",
        "prefetch.policy",
        "prefetch.k",
        "prefetch.threshold",
        "prefetch.step",
        "workload.start",
        "fe.shrink",
        "fe.cache_mb",
        "database.size",
    ],
    work: "accesses",
};
