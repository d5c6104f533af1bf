//! The disk system on OSTEP's homework disk against disk.py itself (issue 26): for the same
//! request list and options, every request's seek, rotation, transfer and total, and the TOTALS
//! line, as `disk.py -c` prints them, read from the lab's `requests` frame section (what the web
//! app prints its table from); and a random list (`-s`, `-A`) is the list disk.py draws.
//!
//! `tests/ostep_disk/` holds disk.py's output for the README's worked examples (`-a 10`,
//! `-a 10,11`, `-a 10,18`), the homework's questions (`-a 0`, `-a 6`, `-a 30`, `-a 7,30,8` under
//! FIFO, SSTF, SATF, BSATF `-w 2`; `-a 10,11,12,13` with skew `-o 2`; seek speeds `-S` 2 to 40
//! and 0.1, rotation speeds `-R` 0.01 to 7; zones `-z 10,20,30`; windows `-w`), and random lists
//! from seeds 1 to 9 (`-s`, `-A`), each file's first line the command it was recorded with
//! (`record.sh` records them again). This test always compares the engine with those
//! recordings. disk.py itself is not in this repository (its own states no licence): when
//! `OSTEP_DISK_PY` names a copy and `python3` runs, the test also runs it, checks that it still
//! prints what was recorded, and compares the engine with it on 150 more random option sets.
use std::path::{Path, PathBuf};
use std::process::Command;
use storelab_core::systems::Simulation;
use storelab_core::{experiment, scenario};

/// disk.py's options, as a scenario and the run's seed (`-s`).
fn scenario_of(options: &[&str]) -> (String, u64) {
    let mut text = String::from("[system]\nkind = \"disk\"\n");
    let (mut requests, mut disk, mut ostep, mut seed) = (String::new(), String::new(), String::new(), 0);
    for pair in options.chunks(2) {
        let (flag, value) = (pair[0], pair.get(1).copied().unwrap_or(""));
        match flag {
            "-a" if value != "-1" => requests += &format!("blocks = [{value}]\n"),
            "-A" => {
                let d: Vec<i64> = value.split(',').map(|x| x.parse().unwrap()).collect();
                requests += &format!("count = {}\nmin = {}\n", d[0], d[2]);
                if d[1] != -1 {
                    requests += &format!("max = {}\n", d[1]);
                }
            }
            "-s" => seed = value.parse().unwrap(),
            "-p" => disk += &format!("scheduler = \"{}\"\n", value.to_lowercase()),
            "-w" if value != "-1" => disk += &format!("window = {value}\n"),
            "-S" => ostep += &format!("seek_speed = {value}\n"),
            "-R" => ostep += &format!("rotate_speed = {value}\n"),
            "-o" => ostep += &format!("skew = {value}\n"),
            "-z" => ostep += &format!("zones = [{value}]\n"),
            "-c" | "-a" | "-w" => {}
            _ => panic!("disk.py option {flag} is not modelled"),
        }
    }
    for (section, body) in [("requests", requests), ("disk", disk), ("ostep", ostep)] {
        if !body.is_empty() {
            text += &format!("[{section}]\n{body}");
        }
    }
    (text, seed)
}

/// What the engine prints for `options` as disk.py -c would: the random list (`REQUESTS`, when
/// it is one), a line per request in the order served, and the TOTALS line.
fn engine_lines(options: &[&str]) -> Vec<String> {
    let (text, seed) = scenario_of(options);
    let s = scenario::parse(&text).unwrap_or_else(|e| panic!("{text}: {e:?}"));
    let mut sim = Simulation::new(&s, seed);
    sim.run();
    assert!(sim.finished() && sim.ended_early().is_none(), "{text}");
    let frame = sim.frame();
    let r = frame.section("requests");
    let col = |name: &str, i: usize| r.get(name).get(i);
    let mut rows: Vec<usize> = (0..r.get("block").len()).collect();
    let mut lines = Vec::new();
    if !options.contains(&"-a") {
        let blocks: Vec<String> = rows.iter().map(|&i| format!("{}", col("block", i))).collect();
        lines.push(format!("REQUESTS [{}]", blocks.join(", ")));
    }
    rows.sort_by_key(|&i| col("order", i) as u64);
    for i in rows {
        lines.push(format!(
            "Block: {:3}  Seek:{:3}  Rotate:{:3}  Transfer:{:3}  Total:{:4}",
            col("block", i),
            col("seek", i),
            col("rotation", i),
            col("transfer", i),
            col("total", i)
        ));
    }
    lines.push(format!(
        "TOTALS      Seek:{:3}  Rotate:{:3}  Transfer:{:3}  Total:{:4}",
        r.scalar("seek"),
        r.scalar("rotation"),
        r.scalar("transfer"),
        r.scalar("total")
    ));
    lines
}

/// The lines of disk.py's output the engine reproduces (the REQUESTS line of a random list only).
fn disk_py_lines(output: &str, options: &[&str]) -> Vec<String> {
    output
        .lines()
        .filter(|l| {
            l.starts_with("Block:")
                || l.starts_with("TOTALS")
                || (l.starts_with("REQUESTS") && !options.contains(&"-a"))
        })
        .map(String::from)
        .collect()
}

fn recordings() -> Vec<(PathBuf, String)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/ostep_disk");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    files.sort();
    files.into_iter().map(|p| (p.clone(), std::fs::read_to_string(&p).unwrap())).collect()
}

/// The command a recording was made with: its first line, `$ disk.py <options>`.
fn options_of(recording: &str) -> Vec<&str> {
    let command = recording.lines().next().unwrap().strip_prefix("$ disk.py ").expect("a command line first");
    command.split_whitespace().collect()
}

#[test]
fn every_request_is_timed_as_disk_py_times_it() {
    let recorded = recordings();
    assert!(recorded.len() >= 40, "the recordings are there");
    for (path, recording) in &recorded {
        let options = options_of(recording);
        let want = disk_py_lines(recording, &options);
        assert!(want.len() >= 2, "{}: disk.py's answers", path.display());
        assert_eq!(engine_lines(&options), want, "{}: disk.py {}", path.display(), options.join(" "));
    }
}

#[test]
fn the_gallery_s_ostep_scenarios_print_disk_py_s_totals() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scenarios");
    let mut checked = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if !path.file_name().unwrap().to_str().unwrap().starts_with("disk-ostep-") {
            continue;
        }
        let s = scenario::parse(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let summary = serde_json::to_value(experiment::run_seed(&s, s.meta.seed, false).unwrap().summary).unwrap();
        assert_eq!(s.meta.paper_numbers.len(), 4, "{}: disk.py's TOTALS line", path.display());
        for n in &s.meta.paper_numbers {
            assert_eq!(summary[&n.figure].as_f64(), Some(n.values[0]), "{}: {}", path.display(), n.source);
        }
        checked += 1;
    }
    assert!(checked >= 10);
}

/// `python3 disk.py <options>`'s output, if `OSTEP_DISK_PY` names disk.py and python3 runs it.
fn run_disk_py(disk_py: &str, options: &[&str]) -> String {
    let out = Command::new("python3").arg(disk_py).args(options).output().expect("python3 runs");
    assert!(out.status.success(), "disk.py {}: {}", options.join(" "), String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn disk_py_itself_agrees_when_it_is_there() {
    let Ok(disk_py) = std::env::var("OSTEP_DISK_PY") else {
        eprintln!("OSTEP_DISK_PY is not set: the engine was compared with disk.py's recorded outputs only");
        return;
    };
    if Command::new("python3").arg("--version").output().is_err() {
        eprintln!("python3 is not installed: the engine was compared with disk.py's recorded outputs only");
        return;
    }
    for (path, recording) in recordings() {
        let options = options_of(&recording);
        let live = run_disk_py(&disk_py, &options);
        assert_eq!(disk_py_lines(&live, &options), disk_py_lines(&recording, &options), "{}", path.display());
    }
    // Random option sets, from a fixed seed: lists, zones, skew, speeds, schedulers, windows.
    let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = |n: u64| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state % n
    };
    for case in 0..150 {
        let pick = |next: &mut dyn FnMut(u64) -> u64, from: &[&'static str]| from[next(from.len() as u64) as usize];
        let mut options: Vec<String> = Vec::new();
        let zones = [
            pick(&mut next, &["30", "10", "20", "36", "45", "24", "25", "90"]),
            "30",
            pick(&mut next, &["30", "60", "15"]),
        ];
        options.extend(["-z".into(), zones.join(",")]);
        if next(2) == 0 {
            options.extend(["-s".into(), next(1_000_000).to_string(), "-A".into(), format!("{},-1,0", 1 + next(25))]);
        } else {
            let blocks: u64 = zones.iter().map(|z| 360u64.div_ceil(2 * (z.parse::<u64>().unwrap() / 2))).sum();
            let list: Vec<String> = (0..1 + next(8)).map(|_| next(blocks).to_string()).collect();
            options.extend(["-a".into(), list.join(",")]);
        }
        options.extend(["-p".into(), pick(&mut next, &["FIFO", "SSTF", "SATF", "BSATF"]).into()]);
        if next(2) == 0 {
            options.extend(["-w".into(), (1 + next(5)).to_string()]);
        }
        if next(3) == 0 {
            options.extend(["-o".into(), next(4).to_string()]);
        }
        if next(3) == 0 {
            options.extend(["-S".into(), pick(&mut next, &["2", "4", "8", "40", "0.1", "0.5", "2.5"]).into()]);
        }
        if next(3) == 0 {
            options.extend(["-R".into(), pick(&mut next, &["2", "3", "7", "0.5", "0.3", "0.1", "11", "45"]).into()]);
        }
        options.push("-c".into());
        let options: Vec<&str> = options.iter().map(String::as_str).collect();
        let live = run_disk_py(&disk_py, &options);
        assert_eq!(
            engine_lines(&options),
            disk_py_lines(&live, &options),
            "case {case}: disk.py {}",
            options.join(" ")
        );
    }
    eprintln!("compared with disk.py itself ({disk_py}): the recordings and 150 random option sets");
}
