//! Human-readable and CSV renderings of results.
use serde_json::Value;
use storelab_core::experiment::{Aggregate, RunResult};
use storelab_core::scenario::Sweep;
use storelab_core::Scenario;

/// The figures a run report shows: (summary field, label, unit, scale).
const FIGURES: &[(&str, &str, &str, f64)] = &[
    ("throughput_tps", "throughput", "tx/s", 1.0),
    ("disk_utilisation.fetch_read", "disk busy: fetch reads", "%", 100.0),
    ("disk_utilisation.install_read", "disk busy: installation reads", "%", 100.0),
    ("disk_utilisation.write", "disk busy: page writes", "%", 100.0),
    ("mean_seek_ms", "mean seek", "ms", 1.0),
    ("mean_rotation_ms", "mean rotational latency", "ms", 1.0),
    ("mean_transfer_ms", "mean transfer", "ms", 1.0),
    ("server_cache_hit_ratio", "server hit ratio (MOB or cache)", "%", 100.0),
    ("mob_occupancy", "MOB occupancy", "%", 100.0),
    ("mob_division_mb.hot", "MOB data: hot", "MB", 1.0),
    ("mob_division_mb.warm", "MOB data: warm", "MB", 1.0),
    ("mob_division_mb.cold", "MOB data: cold", "MB", 1.0),
    ("write_absorption", "modifications per page write", "", 1.0),
    ("page_writes_per_chunk", "page writes per chunk", "", 1.0),
    ("dirty_per_page_written.hot", "dirty objects per page written: hot", "", 1.0),
    ("dirty_per_page_written.warm", "dirty objects per page written: warm", "", 1.0),
    ("dirty_per_page_written.cold", "dirty objects per page written: cold", "", 1.0),
    ("commit_wait_ms", "mean commit wait for MOB space", "ms", 1.0),
];

fn get(v: &Value, path: &str) -> f64 {
    path.split('.').fold(v, |v, k| &v[k]).as_f64().unwrap_or(f64::NAN)
}

pub fn run_report(s: &Scenario, runs: &[RunResult], agg: &Aggregate) -> String {
    let first = &runs[0].summary;
    let mut out = format!(
        "{}\n{} seed(s), {:.0} s measured after {:.0} s warm-up{}\n\n",
        s.meta.title,
        runs.len(),
        first.measured_s,
        first.warmup_s,
        if runs.iter().all(|r| r.summary.warmup_complete) {
            ""
        } else {
            " (warm-up cut short: see run.warmup_flusher_passes)"
        }
    );
    for (path, label, unit, scale) in FIGURES {
        let (m, ci) = (get(&agg.mean, path) * scale, get(&agg.ci95, path) * scale);
        // One seed has an interval for the throughput only (batch means); say nothing otherwise.
        let ci = if runs.len() > 1 || *path == "throughput_tps" { format!("± {ci:<8.2}") } else { " ".repeat(10) };
        out += &format!("  {label:<40} {m:>10.2} {ci} {unit}\n");
    }
    if runs.len() == 1 {
        out += "\n  (± is a 95% confidence interval: batch means for one seed; set run.seeds for more)\n";
    }
    out += &format!(
        "\n  events: {}   trace hash (seed {}): {}\n",
        runs.iter().map(|r| r.events).sum::<u64>(),
        runs[0].seed,
        runs[0].trace_hash
    );
    out
}

/// One point of a sweep: its seeds' runs and their aggregate.
pub struct Row {
    pub series: Option<f64>,
    pub value: f64,
    pub aggregate: Aggregate,
    pub runs: Vec<RunResult>,
}

/// One line per point: the series value (when the sweep has a series), the swept value, the seed
/// count, then each figure's mean and 95% confidence half-width.
pub fn sweep_csv(sweep: &Sweep, rows: &[Row]) -> String {
    let mut out = match &sweep.series {
        Some(series) => format!("{series},{},seeds", sweep.parameter),
        None => format!("{},seeds", sweep.parameter),
    };
    for (path, _, _, _) in FIGURES {
        out += &format!(",{path},{path}_ci95");
    }
    out += "\n";
    for r in rows {
        if let Some(v) = r.series {
            out += &format!("{v},");
        }
        out += &format!("{},{}", r.value, r.runs.len());
        for (path, _, _, _) in FIGURES {
            out += &format!(",{:.6},{:.6}", get(&r.aggregate.mean, path), get(&r.aggregate.ci95, path));
        }
        out += "\n";
    }
    out
}
