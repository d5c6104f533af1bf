//! `storelab sweep --shard i/n` and `storelab merge` (DESIGN.md §7): merged shards give the
//! local sweep's output byte for byte, and an incomplete or mixed set of shards is refused, as is
//! a run with an edited seed or an out-of-range figure, or (with --verify) an edited trace hash.
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

const SWEEP: &str = "\
[run]
warmup_s = 1
warmup_flusher_passes = 0
duration_s = 3
seeds = 2

[sweep]
parameter = \"server.mob_mb\"
values = [1, 2, 4]
";

fn storelab(dir: &Path, args: &[&str]) -> Result<Vec<u8>, String> {
    let out = Command::new(env!("CARGO_BIN_EXE_storelab")).args(args).current_dir(dir).output().unwrap();
    if out.status.success() {
        Ok(out.stdout)
    } else {
        Err(String::from_utf8(out.stderr).unwrap())
    }
}

fn workdir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("storelab-shard-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("sweep.toml"), SWEEP).unwrap();
    dir
}

/// Run shards 1..=n of sweep.toml (with `extra` arguments) into shard-N-i.json.
fn shards(dir: &Path, n: usize, extra: &[&str]) -> Vec<String> {
    (1..=n)
        .map(|i| {
            let file = format!("shard-{n}-{i}.json");
            let shard = format!("{i}/{n}");
            let mut args = vec!["sweep", "sweep.toml", "--shard", &shard, "--out", &file];
            args.extend(extra);
            storelab(dir, &args).unwrap();
            file
        })
        .collect()
}

#[test]
fn merged_shards_equal_the_local_sweep() {
    let dir = workdir("equal");
    for format in ["json", "csv"] {
        let local = storelab(&dir, &["sweep", "sweep.toml", "--format", format]).unwrap();
        // 6 runs in 4 shards (uneven) and in 8 (two of them empty); the order of files is free.
        for n in [4, 8] {
            let mut files = shards(&dir, n, &[]);
            files.reverse();
            let mut args = vec!["merge", "--format", format];
            args.extend(files.iter().map(String::as_str));
            assert_eq!(storelab(&dir, &args).unwrap(), local, "{n} shards, {format}");
        }
    }
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_series_sweep_reports_both_fields_and_merges_too() {
    let dir = workdir("series");
    let series = ["--set", "sweep.series=client.count", "--set", "sweep.series_values=[2, 4]", "--set", "run.seeds=1"];
    let mut args = vec!["sweep", "sweep.toml"];
    args.extend(series);
    let local = storelab(&dir, &args).unwrap();
    let csv = String::from_utf8(local.clone()).unwrap();
    assert!(csv.starts_with("client.count,server.mob_mb,seeds,throughput_tps,"), "{csv}");
    // Each series is one curve: every value of the sweep, in order.
    let points: Vec<String> =
        csv.lines().skip(1).map(|l| l.splitn(4, ',').take(3).collect::<Vec<_>>().join(",")).collect();
    assert_eq!(points, ["2,1,1", "2,2,1", "2,4,1", "4,1,1", "4,2,1", "4,4,1"]);
    let files = shards(&dir, 4, &series);
    let mut args = vec!["merge"];
    args.extend(files.iter().map(String::as_str));
    assert_eq!(storelab(&dir, &args).unwrap(), local);
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn merge_refuses_missing_repeated_and_foreign_shards() {
    let dir = workdir("refuse");
    let files = shards(&dir, 3, &[]);
    let err = storelab(&dir, &["merge", &files[0], &files[2]]).unwrap_err();
    assert!(err.contains("shard 2/3 missing"), "{err}");
    let err = storelab(&dir, &["merge", &files[0], &files[0], &files[1], &files[2]]).unwrap_err();
    assert!(err.contains("are both shard 1/3"), "{err}");
    let other =
        storelab(&dir, &["sweep", "sweep.toml", "--set", "run.seeds=1", "--shard", "2/3", "--out", "other.json"]);
    other.unwrap();
    let err = storelab(&dir, &["merge", &files[0], "other.json", &files[2]]).unwrap_err();
    assert!(err.contains("shards of different sweeps"), "{err}");
    // A damaged header is refused before anything is sized by it.
    let text = std::fs::read_to_string(dir.join(&files[0])).unwrap();
    assert!(text.contains("\"jobs\":6"), "{}", &text[..80]);
    std::fs::write(dir.join("damaged.json"), text.replace("\"jobs\":6", "\"jobs\":1000000000000")).unwrap();
    let err = storelab(&dir, &["merge", "damaged.json", &files[1], &files[2]]).unwrap_err();
    assert!(err.contains("a damaged shard file"), "{err}");
    let err = storelab(&dir, &["merge", "sweep.toml"]).unwrap_err();
    assert!(err.contains("not a shard file"), "{err}");
    let err = storelab(&dir, &["sweep", "sweep.toml", "--shard", "4/3"]).unwrap_err();
    assert!(err.contains("expected i/n with 1 ≤ i ≤ n"), "{err}");
    std::fs::remove_dir_all(dir).unwrap();
}

/// A change to a run's JSON.
type Edit = fn(&mut Value);

/// `file` in `dir` with `edit` applied to run 3's JSON (its second run), written to edited.json.
fn edited(dir: &Path, file: &str, edit: impl Fn(&mut Value)) {
    let mut shard: Value = serde_json::from_str(&std::fs::read_to_string(dir.join(file)).unwrap()).unwrap();
    assert_eq!(shard["runs"][1]["job"], 3);
    edit(&mut shard["runs"][1]["run"]);
    std::fs::write(dir.join("edited.json"), serde_json::to_string(&shard).unwrap()).unwrap();
}

#[test]
fn merge_refuses_an_edited_seed_or_figure_naming_the_file_the_run_and_the_field() {
    let dir = workdir("edited");
    // Shard 1/3 holds runs 0 and 3.
    let files = shards(&dir, 3, &[]);
    let merge = |extra: &[&str]| {
        let mut args = vec!["merge", "edited.json", &files[1], &files[2]];
        args.extend(extra);
        storelab(&dir, &args)
    };
    let cases: [(&str, Edit, &str); 6] = [
        ("negative", |r| r["summary"]["throughput_tps"] = Value::from(-5.0), "summary.throughput_tps = -5.0"),
        ("huge", |r| r["summary"]["throughput_tps"] = Value::from(1e308), "summary.throughput_tps = 1e+308"),
        (
            "share",
            |r| r["summary"]["server_cache_hit_ratio"] = Value::from(7.5),
            "summary.server_cache_hit_ratio = 7.5",
        ),
        (
            "utilisation",
            |r| r["summary"]["disk_utilisation"]["write"] = Value::from(7.5),
            "summary.disk_utilisation.write = 7.5",
        ),
        ("seed", |r| r["seed"] = Value::from(r["seed"].as_u64().unwrap() + 1), "seed is"),
        ("hash", |r| r["trace_hash"] = Value::from("not a hash"), "trace_hash \"not a hash\""),
    ];
    for (case, edit, field) in cases {
        edited(&dir, &files[0], edit);
        let err = merge(&[]).unwrap_err();
        assert!(err.starts_with(&format!("edited.json: run 3: {field}")), "{case}: {err}");
        assert!(err.contains("--shard I/N"), "{case}: {err}");
    }
    assert!(merge(&[]).unwrap_err().contains("is not 16 hex digits"));
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn merge_verify_reruns_runs_and_refuses_an_edited_trace_hash() {
    let dir = workdir("verify");
    let files = shards(&dir, 3, &[]);
    let local = storelab(&dir, &["sweep", "sweep.toml"]).unwrap();
    // Every run rerun: the clean merge is still the local sweep, byte for byte.
    assert_eq!(storelab(&dir, &["merge", "--verify", "6", &files[0], &files[1], &files[2]]).unwrap(), local);
    // A well-formed but edited hash passes the checks; --verify 2 reruns runs 0 and 3 and finds it.
    edited(&dir, &files[0], |r| r["trace_hash"] = Value::from("0123456789abcdef"));
    assert_eq!(storelab(&dir, &["merge", "edited.json", &files[1], &files[2]]).unwrap(), local);
    let err = storelab(&dir, &["merge", "--verify", "2", "edited.json", &files[1], &files[2]]).unwrap_err();
    assert!(err.starts_with("edited.json: run 3: trace_hash is \"0123456789abcdef\" in the shard but"), "{err}");
    let err = storelab(&dir, &["merge", "--verify", "0", &files[0]]).unwrap_err();
    assert!(err.contains("--verify"), "{err}");
    std::fs::remove_dir_all(dir).unwrap();
}
