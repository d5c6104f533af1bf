//! Rules between the Thor system's fields, each problem at the field it names (checked once every
//! field is in its declared range), and the most work a run may take.
use super::config::{Config, Policy, Traversal};
use super::SLICE;
use crate::kernel::work::Work;
use crate::kernel::MAX_RUN_S;
use crate::scenario::{Problem, Scenario};
use crate::workload::oo7::THOR0_SEGMENT_BYTES;

/// Events a fetch takes through the queue (the request's arrival, the disk, the reply, the run
/// after it), and the steps installing a group takes, per object of a segment at most.
const EVENTS_PER_FETCH: f64 = 4.0;
const STEPS_PER_OBJECT: f64 = 8.0;
/// Objects of a segment, at most: the smallest object is a 40-byte type string.
const OBJECTS_PER_SEGMENT: f64 = THOR0_SEGMENT_BYTES as f64 / 40.0;

/// Object accesses of one traversal of the database (each composite-part visit reads the
/// composite part, and each atomic part visited with its three sub-objects, and each connection
/// followed with its type string: spec B1), and the assemblies'.
pub fn accesses(c: &Config) -> f64 {
    let parts = f64::from(c.database.size.oo7().atomic_per_composite());
    let per_visit = match c.workload.traversal {
        Traversal::T6 => 5.0,
        _ => 1.0 + parts * (4.0 + 3.0 * 2.0),
    };
    2187.0 * per_visit + 2.0 * 1093.0 + 1.0
}

/// The largest from-space, bytes: where a group forces a collection inside a call (spec A11).
fn limit(c: &Config) -> f64 {
    c.fe.cache_mb * 1_048_576.0 / (2.0 - c.fe.shrink)
}

pub fn work(c: &Config, _s: &Scenario) -> Work {
    let accesses = accesses(c);
    // Worst case: every access misses, every fetch ships a segment, and each collection frees
    // only shrinking's share of from-space, copying every cell of it.
    let fetches = accesses;
    let segment = f64::from(THOR0_SEGMENT_BYTES);
    let freed = (c.fe.shrink * limit(c) - segment).max(segment);
    let collections = fetches * segment / freed + 2.0;
    let cells = limit(c) / f64::from(c.fe.surrogate_bytes);
    let collect_events = collections * (cells / super::COLLECT_SLICE as f64 + 1.0);
    // The flusher: an installation read and a write per update at most, each a scan of its
    // segment's objects.
    let flushes = 2.0 * updates(c);
    // Other FEs: each transaction of this one may run `abort_limit` times (the last abort ends
    // the run); their commits come
    // at the rate they state for as long as a run may last, each with an invalidation.
    let sh = &c.sharing;
    let (runs, commits) = if sh.other_fes > 0 {
        (f64::from(sh.abort_limit), f64::from(sh.other_fes) / sh.commit_interval_ms * 1e3 * MAX_RUN_S)
    } else {
        (1.0, 0.0)
    };
    let fe_events = fetches * EVENTS_PER_FETCH + accesses / f64::from(SLICE) + collect_events;
    let fe_steps = fetches * OBJECTS_PER_SEGMENT * STEPS_PER_OBJECT + collections * cells * 2.0;
    Work {
        events: runs * fe_events + flushes + 2.0 * commits,
        inline: runs * accesses,
        steps: runs * fe_steps + flushes * OBJECTS_PER_SEGMENT + commits * f64::from(sh.parts_per_commit) * 2.0,
        steps_per_event: (super::COLLECT_SLICE as f64).max(OBJECTS_PER_SEGMENT * STEPS_PER_OBJECT),
        assumes: format!(
            "{accesses:.1e} accesses, each missing and fetching a whole segment, and {collections:.1e} collections \
             copying every cell of a {:.1} MB from-space{}",
            limit(c) / 1_048_576.0,
            if sh.other_fes > 0 {
                format!(", all done {runs} times over (sharing.abort_limit), and {commits:.1e} commits elsewhere")
            } else {
                String::new()
            }
        ),
        fields: if sh.other_fes > 0 {
            &["database.size", "fe.cache_mb", "sharing.abort_limit", "sharing.commit_interval_ms", "fe.shrink"]
        } else {
            &["database.size", "fe.cache_mb", "fe.shrink"]
        },
        fix: if sh.other_fes > 0 {
            "run the small database (database.size), give the FE a larger cache (fe.cache_mb), lower \
             sharing.abort_limit, or raise sharing.commit_interval_ms"
        } else {
            "run the small database (database.size), or give the FE a larger cache (fe.cache_mb)"
        },
    }
}

/// An atomic part of Thor0's format, bytes (`Oo7Params::thor0`).
const PART_BYTES: f64 = 76.0;

/// The most atomic parts one transaction may modify: T2a modifies each composite part's root,
/// T2b and T2c every atomic part they visit, up to all of them.
fn modified_parts(c: &Config) -> f64 {
    let size = c.database.size.oo7();
    let parts = f64::from(size.atomic_per_composite());
    let split = c.split();
    let visits = |per_tx_parts: f64, all: f64| {
        if split.parts_per_call == 0 || split.calls_per_transaction == 0 {
            all
        } else {
            per_tx_parts.min(all)
        }
    };
    let per_tx = f64::from(split.parts_per_call) * f64::from(split.calls_per_transaction);
    match c.workload.traversal {
        Traversal::T2a => visits(per_tx / parts, 500.0),
        Traversal::T2b | Traversal::T2c => visits(per_tx, 500.0 * parts),
        _ => 0.0,
    }
}

/// The most bytes one transaction's modified objects take in the FE's cache: the parts, and the
/// surrogates their four references may make.
fn modified_bytes(c: &Config) -> f64 {
    modified_parts(c) * (PART_BYTES + 4.0 * f64::from(c.fe.surrogate_bytes))
}

/// The most bytes they take in the OR's mcache: each part with its overhead, in a chunk of its
/// own at worst.
fn logged_bytes(c: &Config) -> f64 {
    let m = &c.mcache;
    modified_parts(c) * (PART_BYTES + f64::from(m.object_overhead_bytes) + f64::from(m.chunk_overhead_bytes))
}

/// Updates of atomic parts a whole traversal makes, at most (each one logged, read back and
/// written by the flusher at worst).
fn updates(c: &Config) -> f64 {
    let parts = f64::from(c.database.size.oo7().atomic_per_composite());
    match c.workload.traversal {
        Traversal::T2a => 2187.0,
        Traversal::T2b | Traversal::T2c => 2187.0 * parts,
        _ => 0.0,
    }
}

pub fn problems(c: &Config, _s: &Scenario) -> Vec<Problem> {
    let mut problems = Vec::new();
    let p = &c.prefetch;
    if p.min > p.max {
        problems.push(
            Problem::new("prefetch.min", format!("the smallest size ({}) is above the largest ({}): lower it", p.min, p.max))
                .related(&["prefetch.max"]),
        );
    } else if p.policy == Policy::Adaptive && !(p.min..=p.max).contains(&p.initial) {
        problems.push(
            Problem::new(
                "prefetch.initial",
                format!("the first size ({}) must lie between prefetch.min ({}) and prefetch.max ({})", p.initial, p.min, p.max),
            )
            .related(&["prefetch.min", "prefetch.max"]),
        );
    }
    // A group is at most a segment and a surrogate for each of its objects. A collection frees
    // at least shrinking's share of from-space less the surrogates the shrunk objects leave
    // (16 bytes for an object of at least 40: at most 0.4 of it), and must free a group's room:
    // from-space reaches `limit` at most (spec A11).
    let segment = f64::from(THOR0_SEGMENT_BYTES);
    let group = segment + OBJECTS_PER_SEGMENT * f64::from(c.fe.surrogate_bytes);
    let freed = 0.6 * c.fe.shrink * limit(c);
    if freed < group {
        problems.push(
            Problem::new(
                "fe.cache_mb",
                format!(
                    "a collection in a {} MB cache that shrinks {:.0}% of from-space may free only {:.0} KB, less \
                     than one prefetch group of up to {:.0} KB: give the FE at least {:.2} MB, or raise fe.shrink",
                    c.fe.cache_mb,
                    c.fe.shrink * 100.0,
                    freed / 1024.0,
                    group / 1024.0,
                    group / (0.6 * c.fe.shrink) * (2.0 - c.fe.shrink) / 1_048_576.0
                ),
            )
            .related(&["fe.shrink"]),
        );
    } else {
        // Modified objects stay until their transaction commits (§5.1): the most a transaction
        // modifies, with the rest of the cache shrunk, must leave room for a group.
        let modified = modified_bytes(c);
        if modified > limit(c) - group / 0.6 {
            let field = if c.split().parts_per_call > 0 { "workload.calls_per_transaction" } else { "fe.cache_mb" };
            problems.push(
                Problem::new(
                    field,
                    format!(
                        "a transaction of this traversal may modify {:.0} KB of atomic parts, which stay in the FE's \
                         cache until it commits (§5.1), leaving no room for a prefetch group: commit more often \
                         (workload.parts_per_call and workload.calls_per_transaction) or give the FE a larger cache",
                        modified / 1024.0
                    ),
                )
                .related(&["fe.cache_mb", "workload.parts_per_call"]),
            );
        }
    }
    let logged = logged_bytes(c);
    if logged > c.mcache.mb * 1_048_576.0 {
        let field = if c.split().parts_per_call > 0 { "workload.calls_per_transaction" } else { "mcache.mb" };
        problems.push(
            Problem::new(
                field,
                format!(
                    "a transaction of this traversal may log {:.0} KB of modified atomic parts, more than the OR's \
                     {} MB mcache holds (§4): give it at least {:.2} MB (mcache.mb), or commit more often \
                     (workload.parts_per_call and workload.calls_per_transaction)",
                    logged / 1024.0,
                    c.mcache.mb,
                    logged / 1_048_576.0
                ),
            )
            .related(&["mcache.mb", "workload.parts_per_call"]),
        );
    }
    if c.or.cache_mb * 1_048_576.0 < segment {
        problems.push(Problem::new(
            "or.cache_mb",
            format!("the OR's memory must hold a segment ({:.1} KB): raise or.cache_mb", segment / 1024.0),
        ));
    }
    let parts = c.database.size.oo7().atomic_per_composite();
    if c.sharing.other_fes > 0 && c.sharing.parts_per_commit > parts {
        problems.push(
            Problem::new(
                "sharing.parts_per_commit",
                format!(
                    "the other FEs' commits modify atomic parts of one composite part, which has {parts} on this \
                     database: lower it to at most {parts}"
                ),
            )
            .related(&["database.size"]),
        );
    }
    let w = &c.workload;
    if w.calls_per_transaction.is_some_and(|n| n > 0) && c.split().parts_per_call == 0 {
        problems.push(
            Problem::new(
                "workload.calls_per_transaction",
                "the traversal is one call (workload.parts_per_call is 0, or absent on the small database or for \
                 T6): a transaction of several calls needs workload.parts_per_call",
            )
            .related(&["workload.parts_per_call"]),
        );
    }
    problems
}
