//! `storelab fuzz`: many damaged and random scenarios (`storelab_core::fuzz`), checked on all
//! cores, counted by outcome. Fails when an input panics, hangs, is ended early by the engine or
//! is refused without saying where.
use crate::args::FuzzArgs;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;
use serde::Serialize;
use std::io::Write;
use std::time::{Duration, Instant};
use storelab_core::fuzz::{check, Fuzzer, Outcome};

/// The counts `storelab fuzz` prints (and `--json` writes).
#[derive(Default, Serialize)]
struct Counts {
    inputs: u64,
    refused_located: u64,
    refused_not_located: u64,
    accepted: u64,
    ran_to_end: u64,
    ran_to_event_budget: u64,
    ended_early: u64,
    panics: u64,
    hangs: u64,
    slowest_input: u64,
    slowest_s: f64,
    wall_s: f64,
    /// Inputs that failed (up to 20): index and what happened.
    failures: Vec<(u64, String)>,
}

pub fn fuzz(o: FuzzArgs) -> Result<(), String> {
    let fuzzer = Fuzzer::new(gallery(&o.scenarios)?);
    if let Some(i) = o.show {
        std::io::stdout().write_all(&fuzzer.input(o.seed, i)).map_err(|e| e.to_string())?;
        return Ok(());
    }
    // A panic is an outcome counted here, not a message per input on stderr.
    std::panic::set_hook(Box::new(|_| {}));
    let bar = ProgressBar::with_draw_target(Some(o.inputs), ProgressDrawTarget::stderr());
    bar.set_style(
        ProgressStyle::with_template("{wide_bar} {pos}/{len} inputs ({elapsed}, ETA {eta})").expect("a template"),
    );
    if !bar.is_hidden() {
        bar.enable_steady_tick(Duration::from_secs(1));
    }
    let start = Instant::now();
    let mut counts = (0..o.inputs)
        .into_par_iter()
        .map(|i| {
            let t = Instant::now();
            let outcome = check(&fuzzer.input(o.seed, i), o.events);
            bar.inc(1);
            one(i, outcome, t.elapsed().as_secs_f64(), o.hang_s)
        })
        .reduce(Counts::default, add);
    bar.finish_and_clear();
    let _ = std::panic::take_hook();
    counts.wall_s = start.elapsed().as_secs_f64();
    if o.json {
        println!("{}", serde_json::to_string_pretty(&counts).expect("counts serialize"));
    } else {
        print!("{}", report(&o, &counts));
    }
    let failed = counts.panics + counts.hangs + counts.ended_early + counts.refused_not_located;
    match failed {
        0 => Ok(()),
        _ => {
            Err(format!("fuzz: {failed} inputs failed; reproduce one with `storelab fuzz --seed {} --show I`", o.seed))
        }
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
fn one(i: u64, outcome: Outcome, wall_s: f64, hang_s: f64) -> Counts {
    let mut c = Counts { inputs: 1, slowest_input: i, slowest_s: wall_s, ..Counts::default() };
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
        Outcome::EndedEarly(why) => {
            (c.accepted, c.ended_early) = (1, 1);
            fail(format!("ended early: {why}"));
        }
        Outcome::Panicked(message) => {
            c.panics = 1;
            fail(format!("panicked: {message}"));
        }
    }
    if wall_s > hang_s {
        c.hangs = 1;
        c.failures.push((i, format!("took {wall_s:.1} s")));
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
    let mut out = format!(
        "fuzz: {} inputs (seed {}, at most {} events each) in {:.1} s\n\
         \x20 refused, every error located:  {}\n\
         \x20 refused, an error not located: {}\n\
         \x20 accepted and run:              {} ({} to their end, {} to the event budget)\n\
         \x20 ended early by the engine:     {}\n\
         \x20 panics:                        {}\n\
         \x20 hangs (over {} s):             {}\n\
         \x20 slowest input:                 #{} ({:.3} s)\n",
        c.inputs,
        o.seed,
        o.events,
        c.wall_s,
        c.refused_located,
        c.refused_not_located,
        c.accepted,
        c.ran_to_end,
        c.ran_to_event_budget,
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
