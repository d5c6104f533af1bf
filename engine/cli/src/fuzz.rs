//! `storelab fuzz`: many damaged and random scenarios (`storelab_core::fuzz`), checked on all
//! cores, counted by outcome. Fails when an input panics, hangs, is ended early by the engine or
//! is refused without saying where. Ctrl-C stops it taking inputs: it prints the counts of those
//! checked and fails. When stderr is not a terminal (a log), a progress line goes there instead of
//! the bar every `PROGRESS_EVERY`. An input's time is the CPU time of the thread that checks it,
//! so a machine busy with other work does not make a slow input read as a hang.
use crate::args::FuzzArgs;
use cpu_time::ThreadTime;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;
use serde::Serialize;
use std::io::{IsTerminal, Write};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};
use storelab_core::fuzz::{check, Fuzzer, Outcome};

/// Set by the first Ctrl-C: the inputs not yet taken are skipped.
static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// How often the progress line goes to a stderr that is not a terminal.
const PROGRESS_EVERY: Duration = Duration::from_secs(10);

/// Inputs checked so far, and those that failed, for the progress line.
#[derive(Default)]
struct Progress {
    done: AtomicU64,
    failed: AtomicU64,
}

/// The counts `storelab fuzz` prints (and `--json` writes).
#[derive(Default, Serialize)]
struct Counts {
    inputs: u64,
    refused_located: u64,
    refused_not_located: u64,
    accepted: u64,
    ran_to_end: u64,
    ran_to_event_budget: u64,
    /// Runs the modelled system itself stopped (Thor's livelock of aborts): results, not faults.
    stopped_by_model: u64,
    ended_early: u64,
    panics: u64,
    hangs: u64,
    slowest_input: u64,
    /// The slowest input's CPU time.
    slowest_s: f64,
    wall_s: f64,
    /// Inputs that failed (up to 20): index and what happened.
    failures: Vec<(u64, String)>,
    /// Ctrl-C stopped the fuzzing: the counts are of the inputs checked before it.
    interrupted: bool,
}

pub fn fuzz(o: FuzzArgs) -> Result<(), String> {
    let fuzzer = Fuzzer::new(gallery(&o.scenarios)?);
    if let Some(i) = o.show {
        std::io::stdout().write_all(&fuzzer.input(o.seed, i)).map_err(|e| e.to_string())?;
        return Ok(());
    }
    // A panic is an outcome counted here, not a message per input on stderr.
    std::panic::set_hook(Box::new(|_| {}));
    // A second Ctrl-C ends at once, without the counts.
    ctrlc::set_handler(|| {
        if INTERRUPTED.swap(true, Relaxed) {
            std::process::exit(130);
        }
    })
    .map_err(|e| format!("fuzz: cannot catch Ctrl-C: {e}"))?;
    let start = Instant::now();
    let mut counts = check_all(&o, &fuzzer, start);
    let _ = std::panic::take_hook();
    counts.wall_s = start.elapsed().as_secs_f64();
    counts.interrupted = INTERRUPTED.load(Relaxed);
    if o.json {
        println!("{}", serde_json::to_string_pretty(&counts).expect("counts serialize"));
    } else {
        print!("{}", report(&o, &counts));
    }
    verdict(&o, &counts)
}

/// Check inputs 0..o.inputs on all cores, with a progress bar on a terminal and a progress line
/// (`print_progress`) on any other stderr; after Ctrl-C the inputs not yet taken are skipped.
fn check_all(o: &FuzzArgs, fuzzer: &Fuzzer, start: Instant) -> Counts {
    let bar = ProgressBar::with_draw_target(Some(o.inputs), ProgressDrawTarget::stderr());
    bar.set_style(
        ProgressStyle::with_template("{wide_bar} {pos}/{len} inputs ({elapsed}, ETA {eta})").expect("a template"),
    );
    if !bar.is_hidden() {
        bar.enable_steady_tick(Duration::from_secs(1));
    }
    let progress = &Progress::default();
    let counts = std::thread::scope(|scope| {
        let (finished, wait) = mpsc::channel::<()>();
        if !std::io::stderr().is_terminal() {
            scope.spawn(move || print_progress(progress, o.inputs, start, wait));
        }
        let counts = (0..o.inputs)
            .into_par_iter()
            .take_any_while(|_| !INTERRUPTED.load(Relaxed))
            .map(|i| {
                let t = ThreadTime::now();
                let outcome = check(&fuzzer.input(o.seed, i), o.events);
                bar.inc(1);
                let c = one(i, outcome, t.elapsed().as_secs_f64(), o.hang_s);
                progress.done.fetch_add(1, Relaxed);
                progress.failed.fetch_add(!c.failures.is_empty() as u64, Relaxed);
                c
            })
            .reduce(Counts::default, add);
        drop(finished);
        counts
    });
    bar.finish_and_clear();
    counts
}

/// Until `finished` closes, every `PROGRESS_EVERY` a line on stderr: the inputs checked of
/// `total`, the failures and the wall time, e.g. "fuzz: 120000/1000000 inputs, 0 failures, 40 s".
fn print_progress(p: &Progress, total: u64, start: Instant, finished: Receiver<()>) {
    while let Err(RecvTimeoutError::Timeout) = finished.recv_timeout(PROGRESS_EVERY) {
        let (done, failed) = (p.done.load(Relaxed), p.failed.load(Relaxed));
        eprintln!("fuzz: {done}/{total} inputs, {failed} failures, {:.0} s", start.elapsed().as_secs_f64());
    }
}

/// Fails when an input failed or Ctrl-C cut the fuzzing short, saying how to go on.
fn verdict(o: &FuzzArgs, c: &Counts) -> Result<(), String> {
    let failed = c.panics + c.hangs + c.ended_early + c.refused_not_located;
    let mut problems = Vec::new();
    if failed > 0 {
        problems.push(format!(
            "fuzz: {failed} inputs failed; reproduce one with `storelab fuzz --seed {} --show I`",
            o.seed
        ));
    }
    if c.interrupted {
        problems.push(format!(
            "fuzz: interrupted after {} of {} inputs; the counts are partial: run it again to check them all",
            c.inputs, o.inputs
        ));
    }
    match problems.is_empty() {
        true => Ok(()),
        false => Err(problems.join("\n")),
    }
}

/// The texts of the scenarios in `dir`, in name order.
fn gallery(dir: &str) -> Result<Vec<String>, String> {
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .map_err(|e| format!("{dir}: {e} (give the scenarios folder with --scenarios DIR)"))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    files.sort();
    files.iter().map(|p| std::fs::read_to_string(p).map_err(|e| format!("{}: {e}", p.display()))).collect()
}

/// The counts of one input.
fn one(i: u64, outcome: Outcome, cpu_s: f64, hang_s: f64) -> Counts {
    let mut c = Counts { inputs: 1, slowest_input: i, slowest_s: cpu_s, ..Counts::default() };
    let mut fail = |what: String| c.failures.push((i, what));
    match outcome {
        Outcome::Refused { located: true } => c.refused_located = 1,
        Outcome::Refused { located: false } => {
            c.refused_not_located = 1;
            fail("refused without saying where".into());
        }
        Outcome::Ran { finished } => {
            c.accepted = 1;
            if finished {
                c.ran_to_end = 1;
            } else {
                c.ran_to_event_budget = 1;
            }
        }
        Outcome::StoppedByModel => (c.accepted, c.stopped_by_model) = (1, 1),
        Outcome::EndedEarly(why) => {
            (c.accepted, c.ended_early) = (1, 1);
            fail(format!("ended early: {why}"));
        }
        Outcome::Panicked(message) => {
            c.panics = 1;
            fail(format!("panicked: {message}"));
        }
    }
    if cpu_s > hang_s {
        c.hangs = 1;
        c.failures.push((i, format!("took {cpu_s:.1} s of CPU time")));
    }
    c
}

fn add(mut a: Counts, b: Counts) -> Counts {
    a.inputs += b.inputs;
    a.refused_located += b.refused_located;
    a.refused_not_located += b.refused_not_located;
    a.accepted += b.accepted;
    a.ran_to_end += b.ran_to_end;
    a.ran_to_event_budget += b.ran_to_event_budget;
    a.stopped_by_model += b.stopped_by_model;
    a.ended_early += b.ended_early;
    a.panics += b.panics;
    a.hangs += b.hangs;
    if b.slowest_s > a.slowest_s {
        (a.slowest_input, a.slowest_s) = (b.slowest_input, b.slowest_s);
    }
    a.failures.extend(b.failures);
    a.failures.sort();
    a.failures.truncate(20);
    a
}

fn report(o: &FuzzArgs, c: &Counts) -> String {
    let checked = match c.interrupted {
        true => format!("interrupted after {} of {} inputs (partial counts)", c.inputs, o.inputs),
        false => format!("{} inputs", c.inputs),
    };
    let mut out = format!(
        "fuzz: {checked} (seed {}, at most {} events each) in {:.1} s\n\
         \x20 refused, every error located:  {}\n\
         \x20 refused, an error not located: {}\n\
         \x20 accepted and run:              {} ({} to their end, {} to the event budget, {} stopped by the model)\n\
         \x20 ended early by the engine:     {}\n\
         \x20 panics:                        {}\n\
         \x20 hangs (over {} s of CPU time): {}\n\
         \x20 slowest input:                 #{} ({:.3} s of CPU time)\n",
        o.seed,
        o.events,
        c.wall_s,
        c.refused_located,
        c.refused_not_located,
        c.accepted,
        c.ran_to_end,
        c.ran_to_event_budget,
        c.stopped_by_model,
        c.ended_early,
        c.panics,
        o.hang_s,
        c.hangs,
        c.slowest_input,
        c.slowest_s,
    );
    for (i, what) in &c.failures {
        out += &format!("  input #{i}: {what}\n");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(inputs: u64) -> FuzzArgs {
        FuzzArgs { inputs, seed: 7, events: 1000, hang_s: 10.0, scenarios: "scenarios".into(), show: None, json: false }
    }

    #[test]
    fn an_interrupted_run_reports_its_counts_as_partial_and_fails() {
        let o = args(1000);
        let checked = (0..3).map(|i| one(i, Outcome::Refused { located: true }, 0.01, o.hang_s));
        let mut c = checked.fold(Counts::default(), add);
        assert_eq!(verdict(&o, &c), Ok(()));
        assert!(report(&o, &c).starts_with("fuzz: 3 inputs (seed 7,"), "{}", report(&o, &c));
        c.interrupted = true;
        let text = report(&o, &c);
        assert!(text.starts_with("fuzz: interrupted after 3 of 1000 inputs (partial counts) (seed 7,"), "{text}");
        assert!(text.contains("refused, every error located:  3\n"), "{text}");
        let err = verdict(&o, &c).unwrap_err();
        assert!(err.starts_with("fuzz: interrupted after 3 of 1000 inputs; the counts are partial"), "{err}");
    }

    #[test]
    fn an_input_over_the_limit_of_cpu_time_is_a_hang_and_a_thread_asleep_spends_none() {
        let o = args(1);
        let c = one(4, Outcome::Ran { finished: true }, 10.5, o.hang_s);
        assert_eq!((c.hangs, c.failures), (1, vec![(4, "took 10.5 s of CPU time".to_string())]));
        assert_eq!(one(4, Outcome::Ran { finished: true }, 9.5, o.hang_s).hangs, 0);
        let t = ThreadTime::now();
        std::thread::sleep(Duration::from_millis(200));
        assert!(t.elapsed() < Duration::from_millis(100), "{:?} of CPU time asleep", t.elapsed());
    }
}
