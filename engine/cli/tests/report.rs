//! `storelab run`'s report: each figure with its unit, and the paper's number beside the figures
//! the scenario names one for (`[[meta.paper_numbers]]`, issue 13 item 3).
use std::process::Command;

#[test]
fn the_report_puts_the_papers_numbers_beside_the_runs() {
    let path = std::env::temp_dir().join(format!("storelab-report-{}.toml", std::process::id()));
    let scenario = "[meta]\ntitle = \"short\"\n\n[[meta.paper_numbers]]\nfigure = \"mean_transfer_ms\"\nvalues = [5.99]\n\
                    source = \"§4.3.4: 64 KB at 9.14e-8 s/B\"\n\n[run]\nwarmup_s = 1\nwarmup_flusher_passes = 0\nduration_s = 5\n";
    std::fs::write(&path, scenario).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_storelab")).arg("run").arg(&path).output().unwrap();
    std::fs::remove_file(&path).unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let report = String::from_utf8(out.stdout).unwrap();
    let line = report.lines().find(|l| l.contains("mean transfer")).unwrap();
    assert!(line.ends_with("ms      paper: 5.99 (§4.3.4: 64 KB at 9.14e-8 s/B)"), "{line}");
    let throughput = report.lines().find(|l| l.contains("throughput")).unwrap();
    assert!(throughput.ends_with("tx/s"), "no paper number, no trailing text: {throughput:?}");
}
