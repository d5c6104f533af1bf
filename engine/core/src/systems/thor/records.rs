//! The Thor system's trace records, declared once (`crate::describe::record_kinds`): what the
//! handlers emit and what the CLI and the web app read. Kinds are numbered in declaration order.
use crate::describe::{record_kinds, FieldInfo, RecordKindInfo};

const fn f(field: &'static str, label: &'static str, unit: &'static str) -> FieldInfo {
    FieldInfo::new(field, label, unit)
}

record_kinds! {
    Fetch = "fetch", "fetch request", Some("next fetch"),
        "The FE uses an object that is not in its cache: it sends a fetch request with the group \
         size k its prefetching asks for (§5.2), computed from use ÷ fetch at this moment.",
        "fetch {fetch}: object {object}, k = {k} (use/fetch {ratio})",
        [f("entity", "fetch", ""), f("a", "object", ""), f("b", "k", "objects"), f("c", "ratio", "‱")];
    DiskRead = "disk_read", "segment read", Some("next segment read"),
        "The OR's memory does not hold the object's segment: it reads the whole 28.5 KB segment, one \
         track, from disk (§5.2).",
        "OR reads segment {segment} from disk in {time}",
        [f("entity", "segment", ""), f("a", "time", "ns")];
    Group = "group", "prefetch group", None,
        "The OR cuts the aligned chunk of k objects that holds the requested one and ships it, less \
         big objects and objects sent recently (§5.2); the FE installs it at the free pointer.",
        "fetch {fetch}: {shipped} ({bytes}) of chunk {from}–{to} of segment {segment}",
        [f("entity", "fetch", ""), f("a", "shipped", "objects").bits(0, 16), f("a", "segment", "").bits(16, 32),
         f("b", "bytes", "B"), f("c", "from", "").bits(0, 16), f("c", "to", "").bits(16, 16)];
    Collection = "collection", "shrink and collect", Some("next collection"),
        "From-space is nearly full between calls (or a group would not fit, inside one): the FE \
         shrinks prefetch groups oldest first into surrogates, then copies what its roots reach \
         (§5.1).",
        "collection {collection}: from-space {from}",
        [f("entity", "collection", ""), f("a", "from", "B"), f("b", "emergency", "").values(&["between calls", "inside a call"])];
    Flip = "flip", "spaces flip", Some("next flip"),
        "The collection is over: to-space becomes from-space (§5.1).",
        "collection {collection}: {shrunk} shrunk, {copied} copied, to-space {to}",
        [f("entity", "collection", ""), f("a", "shrunk", "objects"), f("b", "copied", "cells"), f("c", "to", "B")];
    Commit = "commit", "commit", Some("next commit"),
        "A transaction commits: the FE sends the xrefs of the objects it read and the states of those \
         it modified; the OR validates them (§5.1).",
        "transaction {transaction} commits: {reads} read, {writes} written",
        [f("entity", "transaction", ""), f("a", "reads", "objects"), f("b", "writes", "objects")];
    Log = "log", "logged", Some("next logged commit"),
        "The commit's modified objects enter the OR's mcache (§4), once it has room, and the stable \
         log's copy at the backup's memory; the reply waits for the backup's.",
        "transaction {transaction}: {objects} ({bytes}) logged in {time}",
        [f("entity", "transaction", ""), f("a", "objects", "objects"), f("b", "bytes", "B"), f("c", "time", "ns")];
    FlushPass = "flush_pass", "flusher pass", Some("next flusher pass"),
        "The mcache is 90% full (or a commit waits): the flusher takes the segments of its oldest \
         10% in address order, to install every buffered modification of each (thesis §6.2.5).",
        "flusher pass {pass}: {segments}, mcache {used}",
        [f("entity", "pass", ""), f("a", "segments", "segments"), f("b", "used", "B")];
    InstallRead = "install_read", "installation read", None,
        "The OR's memory does not hold the segment the flusher installs into: it reads it first.",
        "OR reads segment {segment} to install into it, in {time}",
        [f("entity", "segment", ""), f("a", "time", "ns")];
    SegmentWrite = "segment_write", "segment write", Some("next segment write"),
        "The flusher writes the segment back in place with its buffered modifications installed.",
        "OR writes segment {segment} with {installed} installed, in {time}",
        [f("entity", "segment", ""), f("a", "time", "ns"), f("b", "installed", "objects")];
    CallEnd = "call_end", "call ends", None,
        "A client call ends: the FE may collect only now (§6.1).",
        "call {call} ends",
        [f("entity", "call", "")];
    TraversalEnd = "traversal_end", "traversal ends", Some("next traversal end"),
        "A traversal is over: a cold run's only one, or one of a hot run's five in one transaction \
         (§6.1); the last transaction commits after the last.",
        "traversal {traversal} over after {fetches} fetches in all",
        [f("entity", "traversal", ""), f("a", "fetches", "")];
    OtherCommit = "other_commit", "another FE commits", Some("next commit elsewhere"),
        "Another FE sharing the database commits a transaction that modified atomic parts (§5.1). The \
         OR sends this FE, in the background, invalidations for those in segments its coarse table \
         says this FE may cache.",
        "commit {commit} elsewhere: FE {fe} wrote {objects}, {listed} of them in segments sent to this FE",
        [f("entity", "commit", ""), f("a", "fe", ""), f("b", "objects", "atomic parts"), f("c", "listed", "")];
    Invalidation = "invalidation", "invalidation arrives", Some("next invalidation"),
        "An invalidation reaches the FE (§5.1): each resident copy it names becomes a surrogate, and \
         a transaction that used one of the objects is doomed to abort.",
        "invalidation {invalidation}: {objects}, {resident} resident copies now surrogates; {transaction}",
        [f("entity", "invalidation", ""), f("a", "objects", "objects"), f("b", "resident", ""),
         f("c", "transaction", "").values(&["the transaction goes on", "the transaction used one: it aborts"])];
    Abort = "abort", "transaction aborts", Some("next abort"),
        "The running transaction aborts (§5.1): the FE discards its modified copies into surrogates and \
         runs it again from its start, fetching what the invalidations took.",
        "transaction {transaction} aborts ({why}), losing {lost} of work; abort {streak} in a row",
        [f("entity", "transaction", ""),
         f("a", "why", "").values(&["an invalidation named an object it used", "the OR's validation failed"]),
         f("b", "lost", "ns"), f("c", "streak", "")];
}

/// Every record reaches the views: a run has at most a few tens of thousands.
const fn kept_in_full(_: RecordKind) -> bool {
    true
}

impl From<RecordKind> for u8 {
    fn from(k: RecordKind) -> u8 {
        k as u8
    }
}
