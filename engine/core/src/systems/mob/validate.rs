//! The rules between the MOB system's fields (`PaperSystem::config_problems`), checked once every
//! field is in its declared range. Sizes are computed in `f64` from the field values alone, so a
//! huge database is reported, never allocated, and no arithmetic can overflow.
use super::config::{Architecture, Config, Layout, WorkloadKind};
use super::{oo7, wo};
use crate::components::disk::rules;
use crate::kernel::work::Work;
use crate::rules::thousands;
use crate::scenario::validate::{KB, MAX_OBJECTS, MB};
use crate::scenario::{Problem, Scenario};

/// Every problem, each on the second field its rule names.
pub fn problems(c: &Config, _s: &Scenario) -> Vec<Problem> {
    let mut problems = Vec::new();
    problems.extend(database_problems(c));
    if problems.is_empty() {
        problems.extend(match c.workload.kind {
            WorkloadKind::Synthetic => workload_problems(c),
            WorkloadKind::Oo7 => oo7_problems(c),
        });
    }
    problems.extend(disk_problems(c));
    problems.extend(mob_problem(c));
    problems.extend(server_problems(c));
    if problems.is_empty() {
        problems.extend(wo_problems(c));
    }
    if c.server.architecture != Architecture::Mob && c.server.layout != Layout::ReadOptimized {
        let p = Problem::new(
            "server.architecture",
            "Chapter 5's page shipping, PAGE and FREEMOB, runs on the read-optimized layout; set \
             server.layout = \"read_optimized\" or server.architecture = \"mob\"",
        );
        problems.push(p.related(&["server.layout"]));
    }
    problems
}

/// The most work a run may take (`kernel::work`): a transaction whose accesses all hit in the
/// client cache takes only its commit's round trip, two network latencies, so each client may
/// run up to txn_len / (2 × latency) accesses per simulated second (spec §2.12), each
/// transaction a handful of queue events (its commit's messages and the server's work), over the
/// longest the run may last.
pub fn work(c: &Config, s: &Scenario) -> Work {
    let span_s = crate::kernel::time::to_s(crate::systems::longest_end(s));
    let transactions = f64::from(c.client.count) / (2.0 * c.network.latency_ms / 1e3) * span_s;
    Work {
        events: transactions * EVENTS_PER_TRANSACTION,
        inline: transactions * f64::from(txn_accesses(c)),
        assumes: format!(
            "every access a client-cache hit: {} clients × {} accesses per transaction, one transaction per \
             2 × {} ms",
            c.client.count,
            txn_accesses(c),
            c.network.latency_ms
        ),
        fields: match c.workload.kind {
            WorkloadKind::Synthetic => &["network.latency_ms", "workload.txn_len", "client.count", "run.duration_s"],
            WorkloadKind::Oo7 => &["network.latency_ms", "client.count", "run.duration_s"],
        },
        fix: match c.workload.kind {
            WorkloadKind::Synthetic => "raise network.latency_ms, or lower workload.txn_len, client.count or run.duration_s",
            WorkloadKind::Oo7 => "raise network.latency_ms, or lower client.count or run.duration_s",
        },
        ..Work::default()
    }
}

/// Queue events per transaction at most: its commit request, the server's validation, the
/// reply, and the work its modifications give the flusher and the disk.
const EVENTS_PER_TRANSACTION: f64 = 6.0;

/// Object accesses per transaction: workload.txn_len, or an OO7 traversal's path of assemblies
/// and composite part.
fn txn_accesses(c: &Config) -> u32 {
    match c.workload.kind {
        WorkloadKind::Synthetic => c.workload.txn_len,
        WorkloadKind::Oo7 => crate::workload::oo7::LEVELS + oo7::OBJECTS_PER_COMPOSITE,
    }
}

/// The most objects one transaction modifies: every access, or an OO7 traversal's atomic parts.
fn most_writes(c: &Config) -> u32 {
    match c.workload.kind {
        WorkloadKind::Synthetic => c.workload.txn_len,
        WorkloadKind::Oo7 => oo7::ATOMIC_PARTS,
    }
}

/// The field that sets the database's size.
fn size_path(c: &Config) -> &'static str {
    match c.workload.kind {
        WorkloadKind::Synthetic => "database.size_mb",
        WorkloadKind::Oo7 => "oo7.modules",
    }
}

/// Objects per page (spec A3: floor(page / (object + header))).
fn objects_per_page(c: &Config) -> f64 {
    let db = &c.database;
    let slot = f64::from(db.object_bytes) + f64::from(db.header_bytes_per_object);
    (f64::from(db.page_kb) * KB / slot).floor()
}

fn pages(c: &Config) -> f64 {
    match c.workload.kind {
        WorkloadKind::Synthetic => (c.database.size_mb * MB / (f64::from(c.database.page_kb) * KB)).floor(),
        WorkloadKind::Oo7 => (oo7::objects(c.oo7.modules) as f64 / objects_per_page(c).max(1.0)).ceil(),
    }
}

fn database_problems(c: &Config) -> Vec<Problem> {
    let db = &c.database;
    if objects_per_page(c) < 1.0 {
        let slot = db.object_bytes + db.header_bytes_per_object;
        return vec![Problem::new(
            "database.object_bytes",
            format!(
                "an object slot of {slot} B (object_bytes + header_bytes_per_object) does not fit \
                 in a {} KB page; raise database.page_kb or lower database.object_bytes",
                db.page_kb
            ),
        )
        .related(&["database.page_kb", "database.header_bytes_per_object"])];
    }
    if pages(c) < 1.0 {
        return vec![Problem::new(
            "database.size_mb",
            format!(
                "a {} MB database holds no whole {} KB page; raise database.size_mb or lower \
                 database.page_kb",
                db.size_mb, db.page_kb
            ),
        )
        .related(&["database.page_kb"])];
    }
    let objects = pages(c) * objects_per_page(c);
    if objects > MAX_OBJECTS {
        return vec![Problem::new(
            "database.size_mb",
            format!(
                "database too large for the lab: {} objects, at most {} — reduce \
                 database.size_mb or raise database.object_bytes",
                thousands(objects),
                thousands(MAX_OBJECTS)
            ),
        )
        .related(&["database.object_bytes", "database.page_kb"])];
    }
    Vec::new()
}

fn workload_problems(c: &Config) -> Vec<Problem> {
    let w = &c.workload;
    let mut problems = Vec::new();
    if w.cluster_len > w.cluster_region {
        problems.push(
            Problem::new(
                "workload.cluster_region",
                format!(
                    "a clustered access picks workload.cluster_len = {} objects among \
                     cluster_region = {} positions; raise workload.cluster_region or lower \
                     workload.cluster_len",
                    w.cluster_len, w.cluster_region
                ),
            )
            .related(&["workload.cluster_len"]),
        );
    }
    let objects = pages(c) * objects_per_page(c);
    if f64::from(w.cluster_region) > objects {
        problems.push(
            Problem::new(
                "workload.cluster_region",
                format!(
                    "the cluster region ({} objects) is larger than the database ({objects} \
                     objects); lower workload.cluster_region or raise database.size_mb",
                    w.cluster_region
                ),
            )
            .related(&["database.size_mb"]),
        );
    }
    problems.extend(hot_area_problem(c));
    // Each client holds its transaction's accesses, and every checkpoint of the timeline a copy.
    let held = f64::from(c.client.count) * f64::from(w.txn_len);
    if held > MAX_HELD_ACCESSES {
        problems.push(
            Problem::new(
                "workload.txn_len",
                format!(
                    "{} clients × {} accesses per transaction = {} accesses held at once, at most {}; \
                     lower client.count or workload.txn_len",
                    c.client.count,
                    w.txn_len,
                    thousands(held),
                    thousands(MAX_HELD_ACCESSES)
                ),
            )
            .related(&["client.count"]),
        );
    }
    problems
}

/// Under OO7 each client keeps a resident bit and a use bit for every object of the database
/// (`client_cache.rs`).
fn oo7_problems(c: &Config) -> Vec<Problem> {
    let bytes = f64::from(c.client.count) * oo7::objects(c.oo7.modules) as f64 / 4.0;
    if bytes <= MAX_CLIENT_CACHE_BYTES {
        return Vec::new();
    }
    vec![Problem::new(
        "client.count",
        format!(
            "{} clients' object caches over {} modules take {:.0} MB of the lab's memory (2 bits an \
             object each), at most {:.0} MB; lower client.count or oo7.modules",
            c.client.count,
            c.oo7.modules,
            bytes / MB,
            MAX_CLIENT_CACHE_BYTES / MB
        ),
    )
    .related(&["oo7.modules"])]
}

/// Most memory the OO7 clients' cache tables may take together, in the run and again in each of
/// the lab's timeline checkpoints (up to 10): 53 clients over Table 6.1's 20 modules.
const MAX_CLIENT_CACHE_BYTES: f64 = 16.0 * MB;

/// Most object accesses the clients' transactions may hold at once (8 B each, copied into every
/// checkpoint of the lab's timeline).
const MAX_HELD_ACCESSES: f64 = 1_048_576.0;

/// Each client's hot area is half shared (one area for all) and half private (one per client),
/// laid out side by side in the ordered list of objects (spec §4.3, A5), with a cold range left.
/// Counted in objects: the page headers take space, so 100 MB on disk hold 94 MB of objects.
fn hot_area_problem(c: &Config) -> Option<Problem> {
    let half_mb = c.workload.hot_area_mb / 2.0;
    let half = (half_mb * MB / f64::from(c.database.object_bytes)).floor();
    let clients = f64::from(c.client.count);
    let objects = pages(c) * objects_per_page(c);
    if half * (clients + 1.0) < objects {
        return None;
    }
    let fitting = ((objects - 1.0) / half).floor() - 1.0;
    let data_mb = objects * f64::from(c.database.object_bytes) / MB;
    Some(
        Problem::new(
            "workload.hot_area_mb",
            format!(
                "hot areas need {:.1} MB ({half_mb} MB shared + {clients} clients × {half_mb} MB \
                 private) but the database holds {data_mb:.1} MB of objects; {} — lower \
                 workload.hot_area_mb or client.count, or raise database.size_mb",
                half_mb * (clients + 1.0),
                if fitting >= 1.0 {
                    format!("at most {fitting} clients fit")
                } else {
                    "not even one client fits".to_string()
                }
            ),
        )
        .related(&["client.count", "database.size_mb"]),
    )
}

/// The MOB must hold the largest commit (every access a write, each on its own page), or that
/// commit would wait for space forever; the cache must hold a page to read one.
fn server_problems(c: &Config) -> Vec<Problem> {
    let srv = &c.server;
    let mut problems = Vec::new();
    let per_write = f64::from(c.database.object_bytes)
        + f64::from(srv.mob_object_overhead_bytes)
        + f64::from(srv.mob_chunk_overhead_bytes);
    let largest_commit = f64::from(most_writes(c)) * per_write;
    // PAGE (§5.1) has no MOB.
    if srv.mob_mb * MB < largest_commit && srv.architecture != Architecture::Page {
        problems.push(
            Problem::new(
                "server.mob_mb",
                format!(
                    "the MOB cannot hold one transaction's modifications ({:.3} MB for {} \
                     writes); raise server.mob_mb",
                    largest_commit / MB,
                    most_writes(c)
                ),
            )
            .related(&["workload.txn_len"]),
        );
    }
    let page_mb = f64::from(c.database.page_kb) * KB / MB;
    let cache_mb = srv.page_cache_mb();
    if cache_mb < page_mb {
        let page = format!("one {} KB page ({page_mb} MB)", c.database.page_kb);
        problems.push(match srv.memory_mb {
            None => Problem::new(
                "server.cache_mb",
                format!("the page cache must hold at least {page}; raise server.cache_mb"),
            )
            .related(&["database.page_kb"]),
            Some(total) => Problem::new(
                "server.memory_mb",
                format!(
                    "the page cache gets memory_mb − mob_mb = {total} − {} = {} MB, less than {page}; \
                     raise server.memory_mb or lower server.mob_mb",
                    srv.mob_mb,
                    (cache_mb * 1e3).round() / 1e3
                ),
            )
            .related(&["server.mob_mb", "database.page_kb"]),
        });
    }
    problems
}

/// The write-optimized and hybrid layouts' regions (spec §2.9, §2.10, A13): a region holds a
/// whole page; the layout's space fits on the drive and leaves the cleaner the free regions it
/// keeps, so a run never finds the disk full with nothing to clean; and the regions are bounded.
fn wo_problems(c: &Config) -> Vec<Problem> {
    if c.server.layout == Layout::ReadOptimized {
        return Vec::new();
    }
    let w = &c.wo;
    let page_kb = c.database.page_kb;
    if w.region_kb < page_kb {
        let p = Problem::new(
            "wo.region_kb",
            format!("a region must hold a whole {page_kb} KB page; raise wo.region_kb or lower database.page_kb"),
        );
        return vec![p.related(&["database.page_kb"])];
    }
    if w.cleaner_high_water < w.cleaner_low_water {
        let p = Problem::new(
            "wo.cleaner_high_water",
            format!(
                "the cleaner cleans until cleaner_high_water = {} regions are free, fewer than the \
                 cleaner_low_water = {} that start it; raise wo.cleaner_high_water",
                w.cleaner_high_water, w.cleaner_low_water
            ),
        );
        return vec![p.related(&["wo.cleaner_low_water"])];
    }
    let (total, used) = wo::regions(pages(c) as u32, page_kb, w);
    if total > wo::MAX_REGIONS {
        let p = Problem::new(
            "wo.region_kb",
            format!(
                "the layout would have {} regions of {} KB, at most {}; raise wo.region_kb or \
                 wo.disk_utilisation",
                thousands(f64::from(total)),
                w.region_kb,
                thousands(f64::from(wo::MAX_REGIONS))
            ),
        );
        return vec![p.related(&["wo.disk_utilisation", size_path(c)])];
    }
    let need = w.cleaner_high_water + 2;
    if total - used < need {
        let p = Problem::new(
            "wo.disk_utilisation",
            format!(
                "the database fills {used} of the layout's {total} regions, leaving {} free; the \
                 cleaner keeps cleaner_high_water + 2 = {need} free to work in. Lower \
                 wo.disk_utilisation or wo.cleaner_high_water",
                total - used
            ),
        );
        return vec![p.related(&["wo.cleaner_high_water", "wo.region_kb"])];
    }
    let space_kb = f64::from(total) * f64::from(w.region_kb);
    let capacity_kb = c.disk.drive().capacity_kb();
    if space_kb > capacity_kb {
        let p = Problem::new(
            "wo.disk_utilisation",
            format!(
                "the layout's {total} regions ({:.1} MB: the database / wo.disk_utilisation) do not \
                 fit on the {:.1} MB disk; raise wo.disk_utilisation or enlarge the disk",
                space_kb / 1024.0,
                capacity_kb / 1024.0
            ),
        );
        return vec![p.related(&["disk.cylinders", size_path(c)])];
    }
    Vec::new()
}

/// The drive's own rules (`components::disk::rules`), with the database on it.
fn disk_problems(c: &Config) -> Vec<Problem> {
    let data = rules::Data {
        pages: pages(c),
        page_kb: f64::from(c.database.page_kb),
        size_path: size_path(c),
        smaller: match c.workload.kind {
            WorkloadKind::Synthetic => "lower database.size_mb",
            WorkloadKind::Oo7 => "lower oo7.modules",
        },
    };
    rules::problems(&c.disk.drive(), &data)
}

/// Most modifications the MOB may hold: each costs the engine about 75 bytes, in the run and in
/// each of the lab's timeline checkpoints (up to 10; a full 12 MB MOB forks in 6.3 MiB), so
/// 2^21 of them take about 1.7 GB of the 4 GB a WebAssembly module can address.
const MAX_MOB_MODIFICATIONS: f64 = 2_097_152.0;

/// The MOB holds at most one modification per object (a newer one supersedes it, §3.1.4), so
/// what it can hold is the lesser of its capacity and the database's objects.
fn mob_problem(c: &Config) -> Option<Problem> {
    let charged = f64::from(c.database.object_bytes) + f64::from(c.server.mob_object_overhead_bytes);
    let capacity = (c.server.mob_mb * MB / charged).floor();
    let held = capacity.min(pages(c) * objects_per_page(c));
    (held > MAX_MOB_MODIFICATIONS).then(|| {
        Problem::new(
            "server.mob_mb",
            format!(
                "MOB too large for the lab: it would hold up to {} modifications, at most {} (the \
                 lab keeps copies of it for its timeline) — reduce server.mob_mb, raise \
                 database.object_bytes or reduce database.size_mb",
                thousands(held),
                thousands(MAX_MOB_MODIFICATIONS)
            ),
        )
        .related(&["database.object_bytes", "database.size_mb"])
    })
}

#[cfg(test)]
mod tests {
    use crate::scenario::{parse, ScenarioError};

    fn error(text: &str, path: &str) -> ScenarioError {
        let errors = parse(text).expect_err(text);
        errors.into_iter().find(|e| e.path == path).unwrap_or_else(|| panic!("no error at {path} for {text}"))
    }

    /// Issue 12: values each in range whose curve dips below 0 made seeks end before they began.
    #[test]
    fn a_seek_curve_that_goes_below_zero_is_refused_at_its_line() {
        let e = error("[disk]\nseek_min_ms = 0.5\nseek_avg_ms = 2\nseek_max_ms = 20\n", "disk.seek_max_ms");
        assert!(e.message.contains("goes below 0") && e.message.contains("raise disk.seek_avg_ms"), "{e}");
        assert_eq!(e.line, 4);
        let e = error("[disk]\nseek_max_ms = 1000\n", "disk.seek_max_ms");
        assert!(e.message.contains("goes below 0"), "{e}");
        assert!(parse("[disk]\nseek_max_ms = 25\n").is_ok(), "a rising curve is fine");
    }

    /// A MOB of millions of modifications, filled in seconds by a thousand clients writing
    /// objects they cache, would need gigabytes in each timeline checkpoint.
    #[test]
    fn the_modifications_a_mob_holds_are_bounded() {
        let big = "[server]\nmob_mb = 2048\n[database]\nsize_mb = 4096\n";
        let e = error(big, "server.mob_mb");
        assert!(e.message.contains("14,913,080 modifications, at most 2,097,152"), "{e}");
        assert!(parse("[server]\nmob_mb = 2048\n").is_ok(), "the 100 MB database holds fewer objects");
        assert!(parse("[server]\nmob_mb = 256\n[database]\nsize_mb = 4096\n").is_ok());
    }

    #[test]
    fn a_track_must_hold_a_sector() {
        let e = error("[disk]\ntrack_kb = 0.0004\ncylinders = 1000000\ntracks_per_cylinder = 1024\n", "disk.track_kb");
        assert!(e.to_string().contains("allowed 0.5 ≤ value"), "{e}");
    }

    #[test]
    fn the_accesses_held_by_all_clients_are_bounded() {
        let e = error(
            "[client]\ncount = 1024\n[workload]\ntxn_len = 65536\n[database]\nsize_mb = 4096\n",
            "workload.txn_len",
        );
        assert!(e.message.contains("1024 clients × 65536 accesses"), "{e}");
    }

    /// Under OO7 each client's cache table covers the whole database, and the rules of the
    /// synthetic workload's fields give way to the traversal's: 130 accesses, 20 writes.
    #[test]
    fn the_oo7_workload_bounds_its_clients_caches_and_sizes_commits_by_traversal() {
        let oo7 = "[workload]\nkind = \"oo7\"\n[client]\ncount = 60\n";
        let e = error(oo7, "client.count");
        assert!(e.message.contains("60 clients' object caches over 20 modules take 18 MB") && e.message.contains("at most 16 MB"), "{e}");
        assert!(parse("[workload]\nkind = \"oo7\"\n[client]\ncount = 40\n").is_ok());
        // The work bound names the fields that matter under OO7: a traversal's length is fixed.
        let e = error("[workload]\nkind = \"oo7\"\n[client]\ncount = 50\n", "network.latency_ms");
        assert!(e.message.contains("50 clients × 130 accesses") && e.message.ends_with("lower client.count or run.duration_s"), "{e}");
        // 128 writes of a synthetic transaction do not fit 0.01 MB; a traversal's 20 do.
        let tiny = "[server]\nmob_mb = 0.01\n";
        assert!(error(tiny, "server.mob_mb").message.contains("128 writes"));
        assert!(parse(&format!("{tiny}[workload]\nkind = \"oo7\"\n")).is_ok());
        let e = error("[server]\nmob_mb = 0.001\n[workload]\nkind = \"oo7\"\n", "server.mob_mb");
        assert!(e.message.contains("for 20 writes"), "{e}");
        // A cluster region larger than the database is the synthetic workload's problem only.
        let region = "cluster_region = 65536\n[database]\nsize_mb = 1\n";
        assert!(parse(&format!("[workload]\n{region}")).is_err());
        assert!(parse(&format!("[workload]\nkind = \"oo7\"\n{region}")).is_ok());
    }

    /// Found by fuzzing (`storelab fuzz`): 1 µs messages and 65,536-access transactions that all
    /// hit in the client cache took 14 s of the engine per 0.7 simulated s.
    #[test]
    fn the_worst_case_work_of_a_run_is_bounded() {
        let text =
            "[network]\nlatency_ms = 0.001\n[client]\ncache_mb = 65536\n[workload]\ntxn_len = 65536\nhot_area_mb = 0\n";
        let e = error(text, "network.latency_ms");
        assert!(
            e.message.contains("every access a client-cache hit") && e.message.contains("raise network.latency_ms, or lower workload.txn_len"),
            "{e}"
        );
    }

    #[test]
    fn the_time_series_bound_counts_the_longest_warm_up() {
        // The warm-up waits for flusher passes: it may last 3600 + 10 × 700 s: with the
        // measured 100 s, 10,700 s of samples every 0.01 s.
        let text = "[run]\nwarmup_s = 700\nduration_s = 100\nsample_interval_s = 0.01\n";
        assert!(error(text, "run.sample_interval_s").message.contains("warm-up included"));
        // Without the wait, the run ends at 800 s.
        assert!(parse(&format!("{text}warmup_flusher_passes = 0\n")).is_ok());
    }
}
