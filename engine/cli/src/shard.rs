//! Sweep shards (DESIGN.md §7): `storelab sweep --shard i/n` runs one deterministic slice of a
//! sweep's runs and writes them to a shard file; `storelab merge` checks that the shards of one
//! sweep are all there and puts the runs back in order, so the merged output is byte-identical to
//! a local sweep. A batch system (Slurm job arrays, Kubernetes indexed Jobs, GNU parallel) runs
//! the shards.
use crate::args;
use serde::{Deserialize, Serialize};
use storelab_core::experiment::{self, RunResult};
use storelab_core::scenario::{self, Scenario};

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
/// different sweeps, or a shard or a run is missing or repeated.
pub fn read(files: &[String]) -> Result<(Scenario, Vec<RunResult>), String> {
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
    let expected = experiment::sweep_jobs(&s)?.len();
    if jobs != expected || !(1..=MAX_SHARDS).contains(&count) {
        return Err(format!(
            "{first_file}: a damaged shard file ({jobs} runs in {count} shards, for a sweep of {expected} runs)"
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
    if let Some(job) = runs.iter().position(Option::is_none) {
        let i = job % count + 1;
        return Err(format!("{}: shard {i}/{count} lacks run {job}; was it cut short?", holder[i - 1].unwrap()));
    }
    Ok((s, runs.into_iter().map(Option::unwrap).collect()))
}
