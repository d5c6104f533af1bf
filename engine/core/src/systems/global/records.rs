//! The global-memory cluster's trace records, declared once (`crate::describe::record_kinds`):
//! what the handlers emit and what the CLI and the web app read. Kinds are numbered in
//! declaration order.
use crate::describe::{record_kinds, FieldInfo, RecordKindInfo};

const fn f(field: &'static str, label: &'static str, unit: &'static str) -> FieldInfo {
    FieldInfo::new(field, label, unit)
}

record_kinds! {
    Serve = "serve", "page served", Some("next page served by an owner"),
        "A client's primary server missed the page and asked its owner, which grants the lock and sends \
         the page from its memory, has another server that holds it forward it, or reads it from disk \
         (§2.3).",
        "client {client}'s page {page}: owner {owner} {how}",
        [f("entity", "client", ""), f("a", "page", ""),
         f("b", "how", "").values(&["sends it from its memory", "has a holder forward it", "reads it from disk"]),
         f("c", "owner", "")];
    DiskRead = "disk_read", "disk read", Some("next disk read"),
        "An owner's disk has read a page that no server held in memory.",
        "server {server} read page {page} for client {client} in {time}",
        [f("entity", "server", ""), f("a", "page", ""), f("b", "time", "ns"), f("c", "client", "")];
    Drop = "drop", "page dropped", None,
        "A server evicted a page and no server keeps it: its own page, or another's page its owner did \
         not ask back (§3.3).",
        "server {server} dropped page {page} (owner {owner}){refused}",
        [f("entity", "server", ""), f("a", "page", ""), f("b", "owner", ""),
         f("c", "refused", "").values(&["", ": its owner refused it"])];
    ShipBack = "ship_back", "page shipped back", Some("next ship-back"),
        "A server evicted another server's page, the last copy in memory, and its owner asked for it back: \
         the page goes home with its age (push-pull, §2.3).",
        "server {server} sent page {page} back to its owner {owner}",
        [f("entity", "server", ""), f("a", "page", ""), f("b", "owner", "")];
    DiskWrite = "disk_write", "disk write", Some("next disk write"),
        "The last copy of an updated page left the cluster's memory: its owner writes it to disk (spec A10).",
        "server {server} writes page {page}{waits}",
        [f("entity", "server", ""), f("a", "page", ""),
         f("b", "waits", "").values(&["", ": a request waits for its frame"])];
}

/// Drops and serves come at every request: only the newest reach a frame that spans a long time.
const fn kept_in_full(k: RecordKind) -> bool {
    matches!(k, RecordKind::ShipBack | RecordKind::DiskRead | RecordKind::DiskWrite)
}

impl From<RecordKind> for u8 {
    fn from(k: RecordKind) -> u8 {
        k as u8
    }
}
