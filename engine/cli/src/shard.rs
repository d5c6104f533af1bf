//! Sweep shards (DESIGN.md §7): `storelab sweep --shard i/n` runs one deterministic slice of a
//! sweep's runs and writes them to a shard file; `storelab merge` checks that the shards of one
//! sweep are all there and puts the runs back in order, so the merged output is byte-identical to
//! a local sweep. A batch system (Slurm job arrays, Kubernetes indexed Jobs, GNU parallel) runs
//! the shards.
use crate::args;
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use storelab_core::experiment::{self, RunResult};
use storelab_core::scenario::{self, Scenario};
use storelab_core::systems;

/// More shards than a sweep can have runs (200 values × 100 seeds) would all be empty.
pub const MAX_SHARDS: usize = 20_000;

/// Shard i of n holds every run (a sweep point at one seed) whose index j has j mod n = i − 1:
/// dealt round-robin, so each shard gets a share of every point.
pub fn owns((i, n): (usize, usize), job: usize) -> bool {
    job % n == i - 1
}

#[derive(Serialize, Deserialize)]
struct ShardFile {
    storelab_shard: Header,
    /// The sweep's scenario, overrides applied, every field written out.
    scenario: String,
    runs: Vec<Run>,
}

#[derive(Serialize, Deserialize)]
struct Header {
    index: usize,
    count: usize,
    /// Runs in the whole sweep.
    jobs: usize,
}

#[derive(Serialize, Deserialize)]
struct Run {
    job: usize,
    run: RunResult,
}

/// The shard file of shard `(i, n)` of the sweep `s`: `runs[k]` is the run of job `jobs[k]`.
pub fn file_text(
    s: &Scenario,
    (index, count): (usize, usize),
    total: usize,
    jobs: &[usize],
    runs: Vec<RunResult>,
) -> String {
    let file = ShardFile {
        storelab_shard: Header { index, count, jobs: total },
        scenario: scenario::to_toml(s),
        runs: jobs.iter().zip(runs).map(|(&job, run)| Run { job, run }).collect(),
    };
    serde_json::to_string(&file).expect("a shard serializes") + "\n"
}

/// Read the shard files of one sweep: its scenario and every run, in job order. Fails, naming the
/// files, if a file is not a shard or its header does not fit its scenario, the shards belong to
/// different sweeps, or a shard or a run is missing or repeated; and, naming the file, the run and
/// the field, if a run's seed is not the one the sweep gives it or a figure is out of its range
/// (`check_run`). With `verify` = Some(k) it also reruns k of the runs (`verify`).
///
/// A run's trace hash cannot be checked without running it again: only `verify` finds an edited
/// hash, or a figure edited within its range.
pub fn read(files: &[String], verify: Option<usize>) -> Result<(Scenario, Vec<RunResult>), String> {
    let mut shards = Vec::new();
    for f in files {
        let text = std::fs::read_to_string(f).map_err(|e| format!("{f}: {e}"))?;
        let shard: ShardFile = serde_json::from_str(&text)
            .map_err(|e| format!("{f}: not a shard file written by `storelab sweep --shard` ({e})"))?;
        shards.push((f.as_str(), shard));
    }
    let Some((first_file, first)) = shards.first() else {
        return Err("merge: name the shard files, e.g. storelab merge shard-*.json".into());
    };
    let Header { count, jobs, .. } = first.storelab_shard;
    // Check the header against the scenario before sizing anything by it.
    let s = args::parse_text(first_file, &first.scenario)?;
    let sweep = experiment::sweep_jobs(&s)?;
    if jobs != sweep.len() || !(1..=MAX_SHARDS).contains(&count) {
        return Err(format!(
            "{first_file}: a damaged shard file ({jobs} runs in {count} shards, for a sweep of {} runs)",
            sweep.len()
        ));
    }
    let mut holder: Vec<Option<&str>> = vec![None; count];
    let mut runs: Vec<Option<RunResult>> = vec![None; jobs];
    for (f, shard) in &shards {
        let h = &shard.storelab_shard;
        if shard.scenario != first.scenario || (h.count, h.jobs) != (count, jobs) {
            return Err(format!("{f} and {first_file} are shards of different sweeps"));
        }
        if !(1..=count).contains(&h.index) {
            return Err(format!("{f}: shard {}/{count} does not exist", h.index));
        }
        if let Some(other) = holder[h.index - 1] {
            return Err(format!("{other} and {f} are both shard {}/{count}", h.index));
        }
        holder[h.index - 1] = Some(f);
        for Run { job, run } in &shard.runs {
            if *job >= jobs || !owns((h.index, count), *job) || runs[*job].is_some() {
                return Err(format!("{f}: run {job} does not belong in shard {}/{count}", h.index));
            }
            check_run(f, *job, run, &sweep[*job])?;
            runs[*job] = Some(run.clone());
        }
    }
    let missing: Vec<String> =
        (1..=count).filter(|i| holder[i - 1].is_none()).map(|i| format!("{i}/{count}")).collect();
    if !missing.is_empty() {
        return Err(format!(
            "shard {} missing: run `storelab sweep SCENARIO --shard {}` (with the same --set options) for each",
            missing.join(", "),
            missing[0]
        ));
    }
    let file_of = |job: usize| holder[job % count].expect("every shard is there");
    if let Some(job) = runs.iter().position(Option::is_none) {
        return Err(format!("{}: shard {}/{count} lacks run {job}; was it cut short?", file_of(job), job % count + 1));
    }
    let runs: Vec<RunResult> = runs.into_iter().map(Option::unwrap).collect();
    if let Some(k) = verify {
        rerun(k, &sweep, &runs, file_of)?;
    }
    Ok((s, runs))
}

/// A figure above this is refused: no run comes near it, and below it the squares a point's 95%
/// interval sums (of up to 100 seeds) stay finite (an edited 1e308 gave a NaN interval).
const MAX_FIGURE: f64 = 1e150;

/// The floating-point slack allowed at either end of a figure's range.
const TOLERANCE: f64 = 1e-9;

/// Check run `job` of shard file `f` against the sweep's `(scenario, seed)` for that job: its seed
/// is the job's, its trace hash is 16 hex digits, its summary has every figure the scenario's
/// system describes (`systems::description`), and every number in the summary is finite, at
/// least 0 and at most `MAX_FIGURE`, or at most 1 where the description makes it a share.
fn check_run(f: &str, job: usize, run: &RunResult, (s, seed): &(Scenario, u64)) -> Result<(), String> {
    let refuse = |field: &str, problem: String| {
        format!(
            "{f}: run {job}: {field} {problem}; the shard file was edited or damaged: \
             write it again with `storelab sweep SCENARIO --shard I/N`"
        )
    };
    if run.seed != *seed {
        return Err(refuse("seed", format!("is {}, but the sweep gives run {job} seed {seed}", run.seed)));
    }
    let hash = &run.trace_hash;
    if hash.len() != 16 || !hash.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b)) {
        return Err(refuse("trace_hash", format!("{hash:?} is not 16 hex digits")));
    }
    let summary = serde_json::to_value(&run.summary).expect("a summary serializes");
    let description = systems::description(s);
    for figure in description.figures {
        if !figure.path.split('.').fold(&summary, |v, k| &v[k]).is_number() {
            return Err(refuse(figure.path, format!("is missing: not the summary of a {} run", description.kind)));
        }
    }
    for (path, value) in leaves(&summary, "summary") {
        let Some(x) = value.as_f64() else { continue };
        let share = description.figures.iter().any(|g| g.is_share() && path == format!("summary.{}", g.path));
        let (max, range) = if share {
            (1.0, "[0, 1], a share of a whole".into())
        } else {
            (MAX_FIGURE, format!("[0, {MAX_FIGURE:e}]"))
        };
        if !(-TOLERANCE..=max + TOLERANCE).contains(&x) {
            return Err(refuse(&path, format!("= {value} is outside its range {range}")));
        }
    }
    Ok(())
}

/// `path.key`, or `key` below the root (an empty path).
fn below(path: &str, key: &str) -> String {
    if path.is_empty() {
        key.to_string()
    } else {
        format!("{path}.{key}")
    }
}

/// Every leaf of `v` (a number, string, bool or null) with its dotted path below `path`, in order.
fn leaves(v: &Value, path: &str) -> Vec<(String, Value)> {
    match v {
        Value::Object(fields) => fields.iter().flat_map(|(k, v)| leaves(v, &below(path, k))).collect(),
        Value::Array(items) => {
            items.iter().enumerate().flat_map(|(i, v)| leaves(v, &below(path, &i.to_string()))).collect()
        }
        leaf => vec![(path.to_string(), leaf.clone())],
    }
}

/// Rerun `k` of the sweep's runs, every (len / k)-th (all of them when k ≥ len; the same ones
/// each time), on all cores, and fail at the first that differs from its shard's run, naming the
/// file (`file_of`), the run and the field. The engine is deterministic (the same scenario and
/// seed give the same run, trace hash included), so a difference means an edited or damaged
/// shard, or one written by another version of storelab.
fn rerun<'a>(
    k: usize,
    sweep: &[(Scenario, u64)],
    runs: &[RunResult],
    file_of: impl Fn(usize) -> &'a str + Sync,
) -> Result<(), String> {
    let n = runs.len();
    let picks: Vec<usize> = if k >= n { (0..n).collect() } else { (0..k).map(|i| i * n / k).collect() };
    let differences: Vec<Option<String>> = picks
        .par_iter()
        .map(|&job| {
            let (s, seed) = &sweep[job];
            let again = experiment::run_seed(s, *seed, false)?;
            Ok(difference(&runs[job], &again).map(|(field, was, is)| {
                format!(
                    "{}: run {job}: {field} is {was} in the shard but {is} when run again: the shard file was \
                     edited or damaged, or written by another version of storelab; write it again with \
                     `storelab sweep SCENARIO --shard I/N`",
                    file_of(job)
                )
            }))
        })
        .collect::<Result<_, String>>()?;
    match differences.into_iter().flatten().next() {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

/// The first field (dotted path) where run `a` differs from run `b`, with its two values.
fn difference(a: &RunResult, b: &RunResult) -> Option<(String, Value, Value)> {
    let [a, b] = [a, b].map(|r| leaves(&serde_json::to_value(r).expect("a run serializes"), ""));
    if a.len() != b.len() {
        return Some(("its number of fields".into(), Value::from(a.len()), Value::from(b.len())));
    }
    a.into_iter().zip(b).find(|((_, x), (_, y))| x != y).map(|((path, x), (_, y))| (path, x, y))
}
