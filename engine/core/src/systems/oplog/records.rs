//! The opportunistic-log system's trace records, declared once: the enum the handlers emit and
//! the description the CLI and the web app read (`crate::describe`). Kinds are numbered in
//! declaration order.
use crate::describe::{record_kinds, FieldInfo, RecordKindInfo};

/// The disk operation classes (spec §3), in `Op` order.
pub const OP: &[&str] = &["fetch read", "installation read", "page write"];
/// What a commit did at the server (spec §2.7), in `Outcome` order.
pub const OUTCOME: &[&str] = &[
    "read-only",
    "installed in the cached page",
    "pending: a new page in the pool",
    "pending: joined the page's entries",
    "installation read issued",
    "attached to a read in flight",
    "whole page stored",
];

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    ReadOnly = 0,
    Installed = 1,
    NewPending = 2,
    JoinedPending = 3,
    ReadIssued = 4,
    Attached = 5,
    PageStored = 6,
}

const fn f(field: &'static str, label: &'static str, unit: &'static str) -> FieldInfo {
    FieldInfo::new(field, label, unit)
}

record_kinds! {
    TxnStart = "txn_start", "transaction", None,
        "A client starts a transaction on one object of a uniformly chosen page (§4.4).",
        "client {client} starts a transaction on page {page} (fetches: {fetches})",
        [f("entity", "client", ""), f("a", "page", ""), f("b", "fetches", "").values(&["no", "yes"])];
    FetchHit = "fetch_hit", "server hit", None,
        "The fetched page is in the server cache, clean or dirty (spec A15).",
        "server: page {page} cached, answers client {client}",
        [f("entity", "page", ""), f("a", "client", "")];
    FetchMiss = "fetch_miss", "server miss", Some("next server miss"),
        "The fetched page is not cached: a fetch read joins the disk's FIFO queue, or the client waits for a read already in flight (spec A12).",
        "server: page {page} not cached for client {client} (joins a read in flight: {joins})",
        [f("entity", "page", ""), f("a", "client", ""), f("b", "joins", "").values(&["no", "yes"])];
    Commit = "commit", "commit", Some("next commit"),
        "The server handles a commit (§4.3): what became of its modified object.",
        "client {client} commits page {page}: {outcome}",
        [f("entity", "client", ""), f("a", "page", ""), f("b", "outcome", "").values(OUTCOME)];
    CommitBlocked = "commit_blocked", "commit blocked", Some("next blocked commit"),
        "The log has no free entry (or the cache no clean frame): the commit waits (spec A6).",
        "client {client}'s commit to page {page} waits for log space",
        [f("entity", "client", ""), f("a", "page", "")];
    InstallChoice = "install_choice", "installation-read choice", Some("next installation-read choice"),
        "The installation-read trigger fired: the pending pool's next page, chosen from the projected head position (§3.2, spec §2.8), beside the other policy's pick from the same position (the oldest page beside an SPTF choice, the SPTF page beside an oldest-first one).",
        "pool: page {page} chosen from {candidates} pending pages, positioning {positioning}; the other policy's pick {other}",
        [f("entity", "page", ""), f("a", "candidates", ""), f("b", "positioning", "ns"), f("c", "other", "ns")];
    WriteChoice = "write_choice", "write-back choice", Some("next write-back choice"),
        "Fewer clean frames than the write trigger remain: the dirty page with the shortest positioning time is written (§4.3).",
        "write-back: page {page} chosen from {candidates} dirty pages, positioning {positioning}",
        [f("entity", "page", ""), f("a", "candidates", ""), f("b", "positioning", "ns")];
    DiskStart = "disk_start", "disk start", None,
        "The disk starts serving a request (seek, rotation, transfer).",
        "disk: {request} of page {page} starts, cylinder {from cylinder} → {to cylinder}",
        [f("entity", "page", ""), f("a", "request", "").values(OP), f("b", "byte address", ""),
         f("c", "to cylinder", "").bits(0, 32), f("c", "from cylinder", "").bits(32, 21)];
    DiskEnd = "disk_end", "disk end", None,
        "The disk finished a request; its time split into seek, rotation and transfer.",
        "disk: {request} of page {page} done: seek {seek}, rotation {rotation}, transfer {transfer}",
        [f("entity", "page", ""), f("a", "request", "").bits(0, 8).values(OP),
         f("a", "transfer", "ns").bits(8, 45), f("b", "seek", "ns"), f("c", "rotation", "ns")];
    Install = "install", "installation", Some("next installation"),
        "A read completed: every log entry of the page is installed into it, and the entries leave the log (§4.3).",
        "page {page}: {entries} entries installed by a {by}",
        [f("entity", "page", ""), f("a", "entries", ""), f("b", "by", "").values(OP)];
    TxnEnd = "txn_end", "transaction end", None,
        "A client received its commit confirmation.",
        "client {client} committed page {page}",
        [f("entity", "client", ""), f("a", "page", "")];
}

/// Kinds every record of which reaches the views: the disk's requests (the head trace) and the
/// scheduling choices (the platter's decisions).
const fn kept_in_full(k: RecordKind) -> bool {
    use RecordKind::*;
    matches!(k, DiskStart | DiskEnd | InstallChoice | WriteChoice)
}

impl From<RecordKind> for u8 {
    fn from(k: RecordKind) -> u8 {
        k as u8
    }
}
