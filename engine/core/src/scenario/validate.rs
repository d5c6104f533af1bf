//! Checks on a typed scenario: ranges, cross-field rules, and the limits that keep a scenario
//! from exhausting memory or time. Sizes are computed in `f64` from the field values alone, so a
//! huge database is reported, never allocated, and no arithmetic can overflow.
use super::fields::{self, FieldSpec, Kind, MAX_RUN_S, MAX_SEED, MAX_SWEEP_VALUES};
use super::text::expected;
use super::{Problem, Scenario};

const MB: f64 = 1_048_576.0;
const KB: f64 = 1024.0;

/// Most objects a database or a MOB may hold: the simulator keeps per-object state.
const MAX_OBJECTS: f64 = 50_000_000.0;
/// Most runs one scenario may ask for (seeds × sweep points).
const MAX_RUNS: u64 = 2000;
/// Most points in one run's time series.
const MAX_SAMPLES: f64 = 1_000_000.0;

impl Scenario {
    /// Checks ranges, cross-field rules and limits, e.g. after programmatic edits. Returns every
    /// problem as (dotted path, message with the allowed range).
    pub fn validate(&self) -> Result<(), Vec<(String, String)>> {
        let problems = self.problems();
        if problems.is_empty() {
            Ok(())
        } else {
            Err(problems.iter().map(|p| (p.path.clone(), p.full_message())).collect())
        }
    }

    pub(super) fn problems(&self) -> Vec<Problem> {
        let mut problems = range_problems(self);
        problems.extend(sweep_range_problems(self));
        // Derived sizes only mean something once every field is in range.
        if problems.is_empty() {
            problems = cross_problems(self);
        }
        if problems.is_empty() {
            problems = sweep_point_problems(self);
        }
        problems
    }
}

/// The fields out of the range declared on their type (checked by garde), and any non-finite
/// number, which passes every range comparison. The messages come from the field registry.
fn range_problems(s: &Scenario) -> Vec<Problem> {
    let failed: Vec<String> = match garde::Validate::validate(s) {
        Ok(()) => Vec::new(),
        Err(report) => report.iter().map(|(path, _)| path.to_string()).collect(),
    };
    let json = serde_json::to_value(s).expect("a scenario serializes");
    fields::all()
        .iter()
        .filter_map(|spec| {
            let value = spec.value_in(&json);
            let out_of_range = failed.iter().any(|p| p == spec.path);
            if !out_of_range && value.is_none_or(f64::is_finite) {
                return None;
            }
            if matches!(spec.kind, Kind::Seed) {
                return Some(
                    Problem::new(spec.path, format!("{} is out of range", s.meta.seed))
                        .expected("a whole number that fits a TOML integer")
                        .range(format!("0 ≤ value ≤ {MAX_SEED}")),
                );
            }
            let message = spec.check_number(value?).err()?;
            Some(range_problem(spec, message))
        })
        .collect()
}

pub(super) fn range_problem(spec: &FieldSpec, message: String) -> Problem {
    let problem = Problem::new(spec.path, message).expected(expected(spec));
    match spec.numeric() {
        Some(numeric) => problem.range(numeric.range_text()),
        None => problem,
    }
}

/// Rules between fields; each problem sits on the second field the rule names.
fn cross_problems(s: &Scenario) -> Vec<Problem> {
    let mut problems = Vec::new();
    problems.extend(database_problems(s));
    if problems.is_empty() {
        problems.extend(workload_problems(s));
    }
    problems.extend(disk_problems(s));
    problems.extend(mob_problem(s));
    problems.extend(server_problems(s));
    problems.extend(run_problems(s));
    problems
}

/// Objects per page (spec A3: floor(page / (object + header))).
fn objects_per_page(s: &Scenario) -> f64 {
    let db = &s.database;
    let slot = f64::from(db.object_bytes) + f64::from(db.header_bytes_per_object);
    (f64::from(db.page_kb) * KB / slot).floor()
}

fn pages(s: &Scenario) -> f64 {
    (s.database.size_mb * MB / (f64::from(s.database.page_kb) * KB)).floor()
}

fn disk_capacity_kb(s: &Scenario) -> f64 {
    let disk = &s.disk;
    f64::from(disk.cylinders) * f64::from(disk.tracks_per_cylinder) * disk.track_kb
}

fn database_problems(s: &Scenario) -> Vec<Problem> {
    let db = &s.database;
    if objects_per_page(s) < 1.0 {
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
    if pages(s) < 1.0 {
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
    let objects = pages(s) * objects_per_page(s);
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

fn workload_problems(s: &Scenario) -> Vec<Problem> {
    let w = &s.workload;
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
    let objects = pages(s) * objects_per_page(s);
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
    problems.extend(hot_area_problem(s));
    problems
}

/// Each client's hot area is half shared (one area for all) and half private (one per client),
/// laid out side by side in the ordered list of objects (spec §4.3, A5), with a cold range left.
/// Counted in objects: the page headers take space, so 100 MB on disk hold 94 MB of objects.
fn hot_area_problem(s: &Scenario) -> Option<Problem> {
    let half_mb = s.workload.hot_area_mb / 2.0;
    let half = (half_mb * MB / f64::from(s.database.object_bytes)).floor();
    let clients = f64::from(s.client.count);
    let objects = pages(s) * objects_per_page(s);
    if half * (clients + 1.0) < objects {
        return None;
    }
    let fitting = ((objects - 1.0) / half).floor() - 1.0;
    let data_mb = objects * f64::from(s.database.object_bytes) / MB;
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
fn server_problems(s: &Scenario) -> Vec<Problem> {
    let srv = &s.server;
    let mut problems = Vec::new();
    let per_write = f64::from(s.database.object_bytes)
        + f64::from(srv.mob_object_overhead_bytes)
        + f64::from(srv.mob_chunk_overhead_bytes);
    let largest_commit = f64::from(s.workload.txn_len) * per_write;
    if srv.mob_mb * MB < largest_commit {
        problems.push(
            Problem::new(
                "server.mob_mb",
                format!(
                    "the MOB cannot hold one transaction's modifications ({:.3} MB for \
                     workload.txn_len = {} writes); raise server.mob_mb",
                    largest_commit / MB,
                    s.workload.txn_len
                ),
            )
            .related(&["workload.txn_len"]),
        );
    }
    let page_mb = f64::from(s.database.page_kb) * KB / MB;
    let cache_mb = srv.page_cache_mb();
    if cache_mb < page_mb {
        let page = format!("one {} KB page ({page_mb} MB)", s.database.page_kb);
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

fn disk_problems(s: &Scenario) -> Vec<Problem> {
    let d = &s.disk;
    let mut problems = Vec::new();
    if d.seek_min_ms > d.seek_avg_ms {
        problems.push(
            Problem::new(
                "disk.seek_avg_ms",
                format!(
                    "the average seek ({} ms) is shorter than the minimum seek \
                     disk.seek_min_ms ({} ms)",
                    d.seek_avg_ms, d.seek_min_ms
                ),
            )
            .related(&["disk.seek_min_ms"]),
        );
    }
    if d.seek_avg_ms > d.seek_max_ms {
        problems.push(
            Problem::new(
                "disk.seek_max_ms",
                format!(
                    "the maximum seek ({} ms) is shorter than the average seek \
                     disk.seek_avg_ms ({} ms)",
                    d.seek_max_ms, d.seek_avg_ms
                ),
            )
            .related(&["disk.seek_avg_ms"]),
        );
    }
    let capacity_kb = disk_capacity_kb(s);
    let page_kb = f64::from(s.database.page_kb);
    let database_kb = pages(s) * page_kb;
    if page_kb > capacity_kb {
        problems.push(
            Problem::new(
                "database.page_kb",
                format!(
                    "a {page_kb} KB page does not fit on the {} KB disk (cylinders × \
                     tracks_per_cylinder × track_kb)",
                    tenths(capacity_kb)
                ),
            )
            .related(&["disk.cylinders", "disk.track_kb"]),
        );
    } else if database_kb > capacity_kb {
        problems.push(
            Problem::new(
                "database.size_mb",
                format!(
                    "the database ({} MB on disk) does not fit on the {} MB disk (cylinders × \
                     tracks_per_cylinder × track_kb); lower database.size_mb or enlarge the disk",
                    tenths(database_kb / KB),
                    tenths(capacity_kb / KB)
                ),
            )
            .related(&["disk.cylinders", "disk.track_kb"]),
        );
    }
    problems
}

fn mob_problem(s: &Scenario) -> Option<Problem> {
    let charged = f64::from(s.database.object_bytes) + f64::from(s.server.mob_object_overhead_bytes);
    let mob_objects = (s.server.mob_mb * MB / charged).floor();
    (mob_objects > MAX_OBJECTS).then(|| {
        Problem::new(
            "server.mob_mb",
            format!(
                "MOB too large for the lab: it holds up to {} objects, at most {} — reduce \
                 server.mob_mb or raise database.object_bytes",
                thousands(mob_objects),
                thousands(MAX_OBJECTS)
            ),
        )
        .related(&["database.object_bytes"])
    })
}

fn run_problems(s: &Scenario) -> Vec<Problem> {
    let run = &s.run;
    let mut problems = Vec::new();
    if run.warmup_s + run.duration_s > MAX_RUN_S {
        problems.push(
            Problem::new(
                "run.duration_s",
                format!(
                    "warm-up plus measurement last {} s, at most {MAX_RUN_S} s (10 hours of \
                     simulated time); shorten run.warmup_s or run.duration_s",
                    run.warmup_s + run.duration_s
                ),
            )
            .related(&["run.warmup_s"]),
        );
    }
    let samples = run.duration_s / run.sample_interval_s;
    if samples > MAX_SAMPLES {
        problems.push(
            Problem::new(
                "run.sample_interval_s",
                format!(
                    "the time series would have {} points, at most {}; raise \
                     run.sample_interval_s",
                    samples.ceil(),
                    thousands(MAX_SAMPLES)
                ),
            )
            .related(&["run.duration_s"]),
        );
    }
    let points = s.sweep.as_ref().map_or(1, |sweep| sweep.points() as u64);
    if u64::from(run.seeds) * points > MAX_RUNS {
        problems.push(
            Problem::new(
                "run.seeds",
                format!(
                    "{} seeds × {points} sweep points = {} runs, at most {MAX_RUNS}; lower \
                     run.seeds or sweep fewer values",
                    run.seeds,
                    u64::from(run.seeds) * points
                ),
            )
            .related(&["sweep.values", "sweep.series_values"]),
        );
    }
    problems
}

/// The sweep names a numeric field and lists 1 to 200 values, each in range for it; so does its
/// series, if it has one, for another field.
fn sweep_range_problems(s: &Scenario) -> Vec<Problem> {
    let Some(sweep) = &s.sweep else {
        return Vec::new();
    };
    let mut problems = axis_problems("sweep.parameter", &sweep.parameter, "sweep.values", &sweep.values);
    match (&sweep.series, sweep.series_values.is_empty()) {
        (None, true) => {}
        (None, false) => problems.push(
            Problem::new("sweep.series_values", "series values without a series field")
                .expected("sweep.series = \"section.field\", the numeric field they belong to"),
        ),
        (Some(series), _) if *series == sweep.parameter => problems.push(
            Problem::new("sweep.series", format!("\"{series}\" is already the swept parameter"))
                .expected("another numeric field: each series is one curve over sweep.values"),
        ),
        (Some(series), _) => {
            problems.extend(axis_problems("sweep.series", series, "sweep.series_values", &sweep.series_values))
        }
    }
    problems
}

/// One axis of a sweep: `field` (at `path_key`) is numeric and `values` (at `values_key`) holds
/// 1 to 200 values valid for it.
fn axis_problems(path_key: &str, field: &str, values_key: &str, values: &[f64]) -> Vec<Problem> {
    let Some(spec) = swept_field(field) else {
        return vec![Problem::new(path_key, format!("\"{field}\" is not a numeric field"))
            .expected(format!("one of: {}", fields::sweepable_paths().collect::<Vec<_>>().join(", ")))];
    };
    if values.is_empty() || values.len() > MAX_SWEEP_VALUES {
        return vec![Problem::new(values_key, format!("{} values listed", values.len()))
            .expected(format!("1 to {MAX_SWEEP_VALUES} values"))];
    }
    let mut problems = Vec::new();
    for (i, &value) in values.iter().enumerate() {
        if let Err(message) = spec.check_number(value) {
            let problem = range_problem(spec, format!("{}: {message}", spec.path));
            problems.push(Problem { path: format!("{values_key}[{i}]"), ..problem });
        }
    }
    problems
}

fn swept_field(path: &str) -> Option<&'static FieldSpec> {
    fields::field(path).filter(|f| f.numeric().is_some())
}

/// Every sweep point passes the cross-field rules once its values are applied: a sweep must not
/// fail half-way through its runs. A rule a value breaks on several curves is reported once,
/// naming the series values it breaks on.
fn sweep_point_problems(s: &Scenario) -> Vec<Problem> {
    let Some(sweep) = &s.sweep else {
        return Vec::new();
    };
    // (value index, message) → the series values it occurs with, in first-seen order.
    let mut broken: Vec<((usize, String), Vec<f64>)> = Vec::new();
    // Every field and value is in range by now (see `problems`), so the points can be built.
    for point in super::sweep_points(s).unwrap_or_default() {
        let key = |problem: Problem| (point.index, format!("{}: {}", problem.path, problem.full_message()));
        for key in cross_problems(&point.scenario).into_iter().map(key) {
            match broken.iter_mut().find(|(k, _)| *k == key) {
                Some((_, series)) => series.extend(point.series),
                None => broken.push((key, point.series.into_iter().collect())),
            }
        }
    }
    let series_text = |values: &[f64]| {
        let path = sweep.series.as_deref().unwrap_or_default();
        if values.len() == sweep.series_values.len() && values.len() > 1 {
            format!(" and every {path} value")
        } else if values.is_empty() {
            String::new()
        } else {
            format!(" and {path} = {}", values.iter().map(f64::to_string).collect::<Vec<_>>().join(", "))
        }
    };
    broken
        .into_iter()
        .map(|((i, message), series)| {
            let at = format!("with {} = {}{}", sweep.parameter, sweep.values[i], series_text(&series));
            Problem::new(format!("sweep.values[{i}]"), format!("{at}: {message}"))
        })
        .collect()
}

/// Rounded to one decimal for messages: 17.3828125 → 17.4, 100.0 → 100.
fn tenths(x: f64) -> f64 {
    (x * 10.0).round() / 10.0
}

/// 50000000 → "50,000,000".
fn thousands(n: f64) -> String {
    let digits = format!("{n:.0}");
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}
