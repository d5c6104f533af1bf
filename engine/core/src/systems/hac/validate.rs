//! Rules between the HAC system's fields, each problem at the field it names (checked once every
//! field is in its declared range): the cache must hold enough frames to replace, and every OO7
//! object must fit in a page, since none may span two (§2.1).
use super::config::{Config, Policy, Start, Traversal};
use crate::components::disk::rules;
use crate::kernel::work::Work;
use crate::kernel::MAX_RUN_S;
use crate::scenario::{Problem, Scenario};
use crate::workload::oo7::{size, COMPOSITES_PER_BASE, COMPOSITE_PARTS, CONNECTIONS_PER_PART, FAN_OUT, LEVELS};

/// Frames HAC needs: the free frame, the target, and frames to compact.
pub const MIN_FRAMES: u32 = 4;

pub fn problems(c: &Config, _s: &Scenario) -> Vec<Problem> {
    let mut problems = Vec::new();
    let page = c.database.page_kb * 1024;
    let frames = (c.client.cache_mb * 1_048_576.0 / page as f64) as u64;
    if frames < MIN_FRAMES as u64 {
        problems.push(
            Problem::new(
                "client.cache_mb",
                format!(
                    "{} MB holds {frames} frames of {} KB; the client cache needs at least {MIN_FRAMES} (a free \
                     frame, a target and frames to compact): give at least {:.3} MB",
                    c.client.cache_mb,
                    c.database.page_kb,
                    (MIN_FRAMES * page) as f64 / 1_048_576.0
                ),
            )
            .related(&["database.page_kb"]),
        );
    }
    let room = page - size::PAGE_HEADER - size::OFFSET_ENTRY;
    // Wider references and per-object bytes (GOM's format) grow every object.
    let grown = |bytes: u32, refs: u32| bytes + refs * (c.database.reference_bytes - 4) + c.database.extra_object_bytes;
    for (path, bytes) in [
        ("database.string_bytes", grown(c.database.string_bytes, size::refs::TEXT)),
        ("database.text_piece_bytes", grown(c.database.text_piece_bytes, size::refs::TEXT)),
    ] {
        if bytes > room {
            problems.push(
                Problem::new(path, format!("{bytes} B with its header and references does not fit in a {} KB page, which holds objects of at most {room} B; no object may span pages (§2.1)", c.database.page_kb))
                    .related(&["database.page_kb"]),
            );
        }
    }
    problems.extend(disk_problems(c));
    problems.extend(no_steal_problem(c, frames));
    problems.extend(wire_problem(c));
    let w = &c.workload;
    if w.traversal == Traversal::Dynamic && w.dynamic_warmup >= w.dynamic_operations {
        problems.push(
            Problem::new(
                "workload.dynamic_warmup",
                format!(
                    "{} unmeasured operations leave none of the {} to measure: give fewer than {}",
                    w.dynamic_warmup, w.dynamic_operations, w.dynamic_operations
                ),
            )
            .related(&["workload.dynamic_operations"]),
        );
    }
    // The manual is the largest text: its root holds a reference to each piece.
    let oo7 = c.database.oo7();
    let pieces = oo7.size.manual_bytes().div_ceil(c.database.text_piece_bytes);
    let root = grown(size::array(pieces), size::refs::array(pieces));
    if root > room {
        problems.push(
            Problem::new(
                "database.text_piece_bytes",
                format!(
                    "the manual's {} B in pieces of {} B need a root of {root} B, more than a {} KB page holds; give larger pieces or pages",
                    oo7.size.manual_bytes(),
                    c.database.text_piece_bytes,
                    c.database.page_kb
                ),
            )
            .related(&["database.page_kb"]),
        );
    }
    problems
}

/// The drive's own rules (`components::disk::rules`), with the OO7 database on it: both
/// databases for the dynamic traversal (§4.1.1), at least as many pages as their objects fill.
fn disk_problems(c: &Config) -> Vec<Problem> {
    let databases = if c.workload.traversal == Traversal::Dynamic { 2.0 } else { 1.0 };
    let data = rules::Data {
        pages: databases * c.database.oo7().min_pages(),
        page_kb: f64::from(c.database.page_kb),
        size_path: "database.size",
        smaller: "choose the small database",
    };
    rules::problems(&c.disk.drive(), &data)
}

/// No-steal (§4.6): what an update traversal modifies stays in the cache until the commit, so
/// the cache must hold it, with room to spare for the walk: HAC keeps only the modified atomic
/// parts (a quarter more for compaction's partly filled targets), a page cache their whole
/// pages. Counted for every composite part (the walk reaches about 494 of the 500).
/// The largest message (a page, or a fetch request) must cross the network within a run's limit:
/// at a bandwidth far below the paper's its time saturated simulated time and wrapped, making the
/// network nearly free (issue 23, item 3).
fn wire_problem(c: &Config) -> Option<Problem> {
    let bytes = (c.database.page_kb * 1024).max(c.network.request_bytes) as f64;
    let wire_s = bytes * 8.0 / (c.network.bandwidth_mbps * 1e6);
    (wire_s > MAX_RUN_S).then(|| {
        Problem::new(
            "network.bandwidth_mbps",
            format!(
                "a {bytes} B message takes {wire_s:.3e} s on the wire at {} Mb/s, longer than a run may last \
                 ({MAX_RUN_S} s): give at least {:.3e} Mb/s",
                c.network.bandwidth_mbps,
                bytes * 8.0 / (MAX_RUN_S * 1e6)
            ),
        )
        .related(&["database.page_kb", "network.request_bytes"])
    })
}

fn no_steal_problem(c: &Config, frames: u64) -> Option<Problem> {
    let oo7 = c.database.oo7();
    let n = oo7.size.atomic_per_composite();
    let per_composite = match c.workload.traversal {
        Traversal::T2a => 1,
        Traversal::T2b => n,
        _ => return None,
    };
    let page = c.database.page_kb * 1024;
    let room = page - size::PAGE_HEADER;
    let needed = match c.client.policy {
        Policy::Hac => ((COMPOSITE_PARTS * per_composite * size::ATOMIC_PART) as u64 * 5 / 4).div_ceil(page as u64),
        Policy::Fpc => {
            // An atomic part with its arrays and type string, offset entries included.
            let stride = [
                size::ATOMIC_PART,
                size::array(CONNECTIONS_PER_PART),
                size::array(CONNECTIONS_PER_PART),
                oo7.string_bytes,
            ]
            .iter()
            .map(|b| b + size::OFFSET_ENTRY)
            .sum::<u32>();
            (COMPOSITE_PARTS * ((per_composite * stride).div_ceil(room) + 1)) as u64
        }
        Policy::Quickstore | Policy::Gom => {
            return Some(
                Problem::new(
                    "workload.traversal",
                    format!(
                        "{:?} modifies atomic parts, and {} is modelled for the read-only traversals the paper \
                         compares it on (§4.2): its cache does not keep what a transaction modified until the \
                         commit (no-steal, §4.6); choose a read-only traversal, or client.policy = \"hac\" or \"fpc\"",
                        c.workload.traversal,
                        format!("{:?}", c.client.policy).to_lowercase()
                    ),
                )
                .related(&["client.policy"]),
            )
        }
    } + 32;
    (frames < needed).then(|| {
        // Rounded up, so that the size the message gives is enough.
        let mb = ((needed * page as u64) as f64 / 1_048_576.0 * 100.0).ceil() / 100.0;
        Problem::new(
            "client.cache_mb",
            format!(
                "{:?} modifies up to {} atomic parts in one transaction, and no-steal keeps them in the cache until \
                 it commits (§4.6): {} needs {needed} frames of {} KB for them and the walk, {:.2} MB; give at least that",
                c.workload.traversal,
                COMPOSITE_PARTS * per_composite,
                format!("{:?}", c.client.policy).to_uppercase(),
                c.database.page_kb,
                mb
            ),
        )
        .related(&["workload.traversal"])
    })
}

/// The most work a run may take (`kernel::work`): the traversals' accesses, and at each fetch the
/// replacement's (§3.2.3): N + 1 pointers scan S frames each into a candidate set of up to
/// E·S·(N+1) frames (each insertion compared with the whole set), the primary decays the objects
/// of its S frames, and the victim is compacted. A fetch takes at least its request's and its
/// page's latency and wire time (a server-cache hit), so there are no more than the run's
/// longest span allows, nor more than accesses.
pub fn work(c: &Config, s: &Scenario) -> Work {
    let cl = &c.client;
    let page_bytes = c.database.page_kb * 1024;
    let frames = f64::from(cl.frames(page_bytes));
    let objects = f64::from(size::OBJECTS_PER_PAGE);
    let steps_per_fetch = match cl.policy {
        Policy::Hac => {
            let pointers = f64::from(cl.secondary_pointers) + 1.0;
            let scanned = pointers * f64::from(cl.scan_frames);
            let set = frames.min(f64::from(cl.epochs) * scanned);
            scanned * set + (f64::from(cl.scan_frames) + 1.0) * objects + set
        }
        // A page cache's replacement (LRU, CLOCK, GOM's buffers) passes each frame at most once.
        Policy::Fpc | Policy::Quickstore | Policy::Gom => frames + objects,
    };
    let accesses = traversal_accesses(c);
    let net = &c.network;
    let wire_s = f64::from(page_bytes + net.request_bytes) * 8.0 / (net.bandwidth_mbps * 1e6);
    let fetch_s = 2.0 * net.latency_ms / 1e3 + wire_s;
    let span_s = crate::kernel::time::to_s(crate::systems::longest_end(s));
    let fetches = accesses.min(span_s / fetch_s);
    Work {
        events: fetches * EVENTS_PER_FETCH,
        inline: accesses,
        steps: fetches * steps_per_fetch,
        steps_per_event: steps_per_fetch,
        assumes: format!(
            "{} accesses, and up to {fetches:.1e} fetches each replacing with {} pointers of {} frames over a candidate \
             set of up to {} frames",
            accesses,
            cl.secondary_pointers + 1,
            cl.scan_frames,
            frames.min(f64::from(cl.epochs) * f64::from((cl.secondary_pointers + 1) * cl.scan_frames))
        ),
        fields: &["client.scan_frames", "client.secondary_pointers", "client.epochs", "client.cache_mb"],
        fix: "lower client.scan_frames, client.secondary_pointers, client.epochs or client.cache_mb",
    }
}

/// Queue events per fetch at most: the request's arrival, the server's disk read and its
/// completion, the reply, and the client's replacement.
const EVENTS_PER_FETCH: f64 = 6.0;

/// The most object accesses the run's traversals make (§4.1.1): each of the 3^(LEVELS−1) base
/// assemblies enters its COMPOSITES_PER_BASE composite parts, and in each a traversal makes at
/// most T1+'s 10 accesses per atomic part (the part and its sub-objects, its connections and
/// theirs) plus the composite part's; a dynamic operation walks a path to one composite part.
/// A hot run traverses twice.
fn traversal_accesses(c: &Config) -> f64 {
    let atomic = f64::from(c.database.oo7().size.atomic_per_composite());
    let per_composite = 10.0 * atomic + 2.0;
    let w = &c.workload;
    match w.traversal {
        Traversal::Dynamic => f64::from(w.dynamic_operations) * (per_composite + 2.0 * f64::from(LEVELS)),
        _ => {
            let assemblies = (0..LEVELS).map(|l| f64::from(FAN_OUT).powi(l as i32)).sum::<f64>();
            let base = f64::from(FAN_OUT).powi(LEVELS as i32 - 1);
            let one = base * f64::from(COMPOSITES_PER_BASE) * per_composite + 2.0 * assemblies;
            if w.start == Start::Hot {
                2.0 * one
            } else {
                one
            }
        }
    }
}
