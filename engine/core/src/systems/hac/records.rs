//! The HAC system's trace records, declared once (`crate::describe::record_kinds`): what the
//! handlers emit and what the CLI and the web app read. Kinds are numbered in declaration order.
use crate::describe::{record_kinds, FieldInfo, RecordKindInfo};

const fn f(field: &'static str, label: &'static str, unit: &'static str) -> FieldInfo {
    FieldInfo::new(field, label, unit)
}

pub const TRAVERSAL: &[&str] = &["warm-up", "measured"];

record_kinds! {
    TraversalStart = "traversal_start", "traversal starts", None,
        "The client starts a traversal of the assembly hierarchy (§4.1.1).",
        "client starts the {traversal} traversal",
        [f("a", "traversal", "").values(TRAVERSAL)];
    Fetch = "fetch", "fetch", None,
        "The client misses: the object's page is not in its cache, so it sends a fetch (§2.3).",
        "client misses object {object} and fetches page {page}",
        [f("entity", "page", ""), f("a", "object", "")];
    ServerHit = "server_hit", "server hit", None,
        "The server has the page in its cache and replies at once.",
        "server: page {page} in its cache",
        [f("entity", "page", "")];
    DiskRead = "disk_read", "disk read", None,
        "The server misses in its cache and reads the page from disk.",
        "server: page {page} read from disk in {time}",
        [f("entity", "page", ""), f("a", "time", "ns")];
    Compaction = "compaction", "compaction", Some("next compaction"),
        "Replacement compacts a victim frame: its cold objects are discarded and its hot ones move \
         to the target frame (§3.1).",
        "frame {frame} compacted at threshold {threshold}: {retained} of {objects} objects kept, {freed}",
        [f("entity", "frame", ""), f("a", "threshold", ""), f("b", "retained", "").bits(0, 24),
         f("b", "objects", "").bits(24, 24), f("c", "freed", "").values(&["not freed (new target)", "frame freed"])];
    FetchReply = "fetch_reply", "fetch reply", None,
        "The fetched page arrives and is loaded into the free frame (HAC) or in the place of the page \
         evicted (a page cache).",
        "page {page} arrives after {fetch time}",
        [f("entity", "page", ""), f("a", "HAC frame (4294967295: a page cache)", ""), f("b", "fetch time", "ns")];
    Commit = "commit", "commit", Some("next commit"),
        "The traversal's transaction commits: its modified objects go to the server, which keeps \
         them in its MOB (§4.6).",
        "client commits {modified objects} modified objects ({bytes})",
        [f("a", "modified objects", ""), f("b", "bytes", "B")];
    TraversalEnd = "traversal_end", "traversal ends", Some("next traversal end"),
        "The client finishes a traversal.",
        "client finishes the {traversal} traversal after {fetches} fetches",
        [f("a", "traversal", "").values(TRAVERSAL), f("b", "fetches", "")];
}

/// Kinds every record of which reaches the views: fetches and compactions are what the HAC view
/// animates.
const fn kept_in_full(k: RecordKind) -> bool {
    use RecordKind::*;
    matches!(k, TraversalStart | Fetch | Compaction | FetchReply | Commit | TraversalEnd)
}

impl From<RecordKind> for u8 {
    fn from(k: RecordKind) -> u8 {
        k as u8
    }
}
