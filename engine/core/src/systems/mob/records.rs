//! The MOB system's trace records, declared once: the enum the handlers emit and the description
//! the CLI and the web app read (`crate::describe`). Kinds are numbered in declaration order.
use crate::describe::{record_kinds, FieldInfo, RecordKindInfo};

pub const REQUEST: &[&str] = &["fetch read", "installation read", "page write", "cleaner I/O"];
pub const AREA: &[&str] = &["hot", "warm", "cold"];

const fn f(field: &'static str, label: &'static str, unit: &'static str) -> FieldInfo {
    FieldInfo::new(field, label, unit)
}

record_kinds! {
    DiskStart = "disk_start", "disk start", None,
        "The disk starts serving a request (seek, rotation, transfer).",
        "disk: {request} of page {page} starts at byte address {byte address}, cylinder {from cylinder} → {to cylinder}",
        [f("entity", "page", ""), f("a", "request", "").values(REQUEST), f("b", "byte address", ""),
         f("c", "to cylinder", "").bits(0, 32), f("c", "from cylinder", "").bits(32, 21)];
    DiskEnd = "disk_end", "disk end", None,
        "The disk finished a request; its time split into seek, rotation and transfer.",
        "disk: {request} of page {page} done: seek {seek}, rotation {rotation}, transfer {transfer}",
        [f("entity", "page", ""), f("a", "request", "").bits(0, 8).values(REQUEST),
         f("a", "transfer", "ns").bits(8, 45), f("b", "seek", "ns"), f("c", "rotation", "ns")];
    MobInsert = "mob_insert", "MOB insert", None,
        "A committed modification enters the MOB.",
        "MOB: inserts object {object} ({area}) at log index {log index}",
        [f("entity", "object", ""), f("a", "area", "").values(AREA), f("b", "log index", "")];
    MobSupersede = "mob_supersede", "MOB supersede", None,
        "An older buffered version of the object is dropped (write absorption).",
        "MOB: object {object} superseded by a newer version (absorbed)",
        [f("entity", "object", "")];
    MobRemove = "mob_remove", "MOB remove", None,
        "The object's modification was installed on disk and leaves the MOB.",
        "MOB: object {object} installed on disk and removed",
        [f("entity", "object", "")];
    FlusherStart = "flusher_start", "flusher pass", Some("next flusher run"),
        "The flusher starts a pass over the oldest part of the MOB (§3.2.1).",
        "flusher: a pass starts with {pages selected} pages, the MOB holds {MOB used}, scanned to log index {last log index scanned}",
        [f("a", "pages selected", ""), f("b", "MOB used", "B"), f("c", "last log index scanned", "")];
    FlusherPage = "flusher_page", "flusher page", None,
        "The flusher turns to the next page of its sorted batch.",
        "flusher: page {page} (batch position {position in batch}) has {pending modifications} pending modifications",
        [f("entity", "page", ""), f("a", "pending modifications", ""), f("b", "position in batch", "")];
    PageWrite = "page_write", "page write", Some("next page write"),
        "A page write completed, installing the page's buffered modifications.",
        "page {page} written, installing {modifications installed} modifications",
        [f("entity", "page", ""), f("a", "modifications installed", "")];
    Fetch = "fetch", "fetch", None,
        "A client missed in its cache and sends a fetch.",
        "client {client} fetches object {object}",
        [f("entity", "client", ""), f("a", "object", "")];
    CacheHit = "cache_hit", "server hit", None,
        "The server answers a fetch from memory (page cache or MOB).",
        "server: page {page} in memory, answers client {client}",
        [f("entity", "page", ""), f("a", "client", ""), f("b", "from memory", "")];
    CacheMiss = "cache_miss", "server miss", Some("next server miss"),
        "The fetched page is in neither the MOB nor the cache: a disk read.",
        "server: page {page} not in memory for client {client}, reads it from disk",
        [f("entity", "page", ""), f("a", "client", "")];
    Commit = "commit", "commit", Some("next commit"),
        "A commit's modifications enter the MOB as one log record.",
        "client {client} commits {modified objects} modified objects at log index {log index}",
        [f("entity", "client", ""), f("a", "modified objects", ""), f("b", "log index", "")];
    CommitWait = "commit_wait", "commit waits", Some("next commit wait"),
        "A commit waits for MOB space.",
        "client {client} waits: the MOB has no room for its commit",
        [f("entity", "client", "")];
    TxnEnd = "txn_end", "transaction end", None,
        "A transaction completed at its client.",
        "client {client} ends its transaction",
        [f("entity", "client", "")];
    Cleaning = "cleaning", "cleaner run", Some("next cleaner run"),
        "The cleaner compacted the emptiest regions to free some (write-optimized layout, §4.2.5).",
        "cleaner: compacted {regions cleaned} regions, copying {live bytes copied}; {free regions} regions now free",
        [f("a", "regions cleaned", ""), f("b", "live bytes copied", "B"), f("c", "free regions", "")];
}

/// Kinds every record of which reaches the views: the disk's requests (the head trace and the
/// breakdown), the flusher's passes and its page writes (the write-absorption counter).
const fn kept_in_full(k: RecordKind) -> bool {
    use RecordKind::*;
    matches!(k, DiskStart | DiskEnd | FlusherStart | FlusherPage | PageWrite)
}

impl From<RecordKind> for u8 {
    fn from(k: RecordKind) -> u8 {
        k as u8
    }
}
