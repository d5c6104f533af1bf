//! `storelab sweep --shard i/n` and `storelab merge` (DESIGN.md §7): merged shards give the
//! local sweep's output byte for byte, and an incomplete or mixed set of shards is refused.
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
