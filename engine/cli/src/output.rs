//! The human-readable report of a run (a sweep's CSV is `storelab_core::figure::sweep_csv`).
use storelab_core::experiment::{Aggregate, RunResult};
use storelab_core::figure::get;
use storelab_core::{systems, Scenario};

pub fn run_report(s: &Scenario, runs: &[RunResult], agg: &Aggregate) -> String {
    let first = &runs[0].summary;
    let figures = systems::description(s).figures;
    let mut out = format!(
        "{}\n{} seed(s), {:.0} s measured after {:.0} s warm-up{}\n\n",
        s.meta.title,
        runs.len(),
        first.measured_s(),
        first.warmup_s(),
        if runs.iter().all(|r| r.summary.warmup_complete()) { "" } else { " (warm-up cut short: see the note below)" }
    );
    // One seed has an interval for the system's main figure only (batch means); none otherwise.
    let batched = first.batch_ci95().map(|(figure, _)| figure);
    for f in figures.iter().filter(|f| f.applies_to(s)) {
        let (m, ci) = (get(&agg.mean, f.path) * f.scale, get(&agg.ci95, f.path) * f.scale);
        let ci = if runs.len() > 1 || batched == Some(f.path) { format!("± {ci:<8.2}") } else { " ".repeat(10) };
        let paper =
            s.paper_values(f.path).iter().map(|(v, source)| format!("   paper: {v} ({source})")).collect::<String>();
        let line = format!("  {:<40} {m:>10.2} {ci} {:<5}{paper}", f.label, f.unit);
        out += line.trim_end();
        out += "\n";
    }
    if !runs.iter().all(|r| r.summary.warmup_complete()) {
        out += &format!("\n  (the run's limit cut the warm-up short: {})\n", systems::warmup_hint(s));
    }
    if runs.len() == 1 && batched.is_some() {
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
