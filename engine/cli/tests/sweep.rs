//! `storelab sweep` with a point whose runs cannot end (issue 23, item 5): the sweep reports
//! which point failed, and why, and keeps the others in its output instead of dying whole.
use std::process::Command;

#[test]
fn a_failed_point_is_named_and_the_others_are_kept() {
    let path = std::env::temp_dir().join(format!("storelab-sweep-{}.toml", std::process::id()));
    // A hot T6 of 36,000 s leaves its unmeasured traversal no room within the run's limit.
    let scenario = "[system]\nkind = \"hac\"\n[workload]\ntraversal = \"t6\"\nstart = \"hot\"\n[run]\nwarmup_s = 0\n\
                    [sweep]\nparameter = \"run.duration_s\"\nvalues = [10, 36000, 20]\n";
    std::fs::write(&path, scenario).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_storelab")).arg("sweep").arg(&path).output().unwrap();
    std::fs::remove_file(&path).unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("sweep point run.duration_s = 36000: seed 1:") && err.contains("run.duration_s a smaller"),
        "{err}"
    );
    assert!(err.contains("1 of 3 runs did not end"), "{err}");
    let csv = String::from_utf8(out.stdout).unwrap();
    let points: Vec<&str> = csv.lines().skip(1).map(|l| l.split(',').next().unwrap()).collect();
    assert_eq!(points, ["10", "20"], "{csv}");
}
