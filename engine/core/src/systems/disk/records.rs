//! The disk system's trace records, declared once: the enum the handlers emit and the
//! description the CLI and the web app read (`crate::describe`). Kinds are numbered in
//! declaration order; `entity` is always the request's place in the list, from 0.
use crate::describe::{record_kinds, FieldInfo, RecordKindInfo};

const fn f(field: &'static str, label: &'static str, unit: &'static str) -> FieldInfo {
    FieldInfo::new(field, label, unit)
}

record_kinds! {
    Arrive = "arrive", "arrival", None,
        "A request arrives: every request of the list is there at time 0, oldest first (disk.py's queue).",
        "request {request} arrives: block {block} on track {track}",
        [f("entity", "request", ""), f("a", "block", ""), f("b", "track", "")];
    Start = "start", "service start", Some("next request"),
        "The scheduler picks the next request and the disk starts on it: a seek from the head's track (cylinder on a drive) to the block's, unless it is there already.",
        "request {request} (block {block}) chosen among {waiting} waiting: track {from} → {to}",
        [f("entity", "request", ""), f("a", "block", ""), f("b", "waiting", ""),
         f("c", "to", "").bits(0, 32), f("c", "from", "").bits(32, 21)];
    SeekDone = "seek_done", "seek done", Some("next seek's end"),
        "The head is over the block's track; the disk waits for the block to come round.",
        "request {request} (block {block}): seek done after {seek}",
        [f("entity", "request", ""), f("a", "block", ""), f("b", "seek", "ns")];
    RotationDone = "rotation_done", "rotation done", Some("next rotation's end"),
        "The block's leading edge is under the head: the transfer begins.",
        "request {request} (block {block}): rotation done after {rotation}",
        [f("entity", "request", ""), f("a", "block", ""), f("b", "rotation", "ns")];
    Done = "done", "request done", Some("next request done"),
        "The block has passed under the head: the request is served. Its seek, rotation and transfer, and their total, are the line disk.py -c prints for it.",
        "request {request} (block {block}) done: transfer {transfer}, total {total}",
        [f("entity", "request", ""), f("a", "block", ""), f("b", "transfer", "ns"), f("c", "total", "ns")];
}

/// Every record reaches the views: a run is a list of requests, each with a handful.
const fn kept_in_full(_: RecordKind) -> bool {
    true
}

impl From<RecordKind> for u8 {
    fn from(k: RecordKind) -> u8 {
        k as u8
    }
}
