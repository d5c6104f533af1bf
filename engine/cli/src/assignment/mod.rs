//! `storelab assignment new|check|key|grade|schema` (docs/assignments.md). Keys are run on all
//! cores with rayon, collected in the order the students were given.
mod grades;
mod gradescope;

use crate::args::{self, AssignmentArgs, AssignmentCommand, CheckArgs, KeyArgs, NewArgs, ProblemArgs};
use rayon::prelude::*;
use std::hash::{BuildHasher, RandomState};
use std::path::Path;
use storelab_core::assignment::{self, Assignment, Key, Pick, Question, QuestionKind, Reveal, Tolerance, Vary};
use storelab_core::scenario;

/// The ids `check` keys as samples.
const SAMPLE_STUDENTS: [&str; 2] = ["sample-student-1", "sample-student-2"];
/// Most problems at the ends of the ranges `check` runs.
const MAX_ENDS: usize = 16;

pub fn run(a: AssignmentArgs) -> Result<(), String> {
    match a.command {
        AssignmentCommand::New(o) => new(o),
        AssignmentCommand::Check(o) => check(o),
        AssignmentCommand::Key(o) => key(o),
        AssignmentCommand::Problem(o) => problem(o),
        AssignmentCommand::Grade(o) => grades::grade(o),
        AssignmentCommand::Schema => {
            print!("{}", assignment::JSON_SCHEMA);
            Ok(())
        }
    }
}

/// Reads and checks an assignment file; errors as `FILE:LINE:COLUMN: path: message`.
pub(crate) fn load(path: &str) -> Result<Assignment, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{path}: {e}"))?;
    let text = scenario::text_of(&bytes).map_err(|e| args::located(path, &e))?;
    assignment::parse(text)
        .map_err(|errors| errors.iter().map(|e| args::located(path, e)).collect::<Vec<_>>().join("\n"))
}

/// `new SCENARIO`: a template around the scenario, checked before it is written.
fn new(o: NewArgs) -> Result<(), String> {
    let bytes = std::fs::read(&o.scenario).map_err(|e| format!("{}: {e}", o.scenario))?;
    let text = scenario::text_of(&bytes).map_err(|e| args::located(&o.scenario, &e))?;
    let stem = Path::new(&o.scenario).file_stem().map_or("assignment".into(), |s| s.to_string_lossy().to_lowercase());
    let name =
        o.name.unwrap_or_else(|| stem.chars().map(|c| if c.is_ascii_alphanumeric() { c } else { '-' }).collect());
    // A salt no one can guess or repeat: the standard library's per-process random hash keys.
    let salt = format!("{name}-{:016x}", RandomState::new().hash_one(&o.scenario));
    let template = assignment::template(&o.scenario, text, &name, &salt)
        .map_err(|errors| errors.iter().map(|e| args::located(&o.scenario, e)).collect::<Vec<_>>().join("\n"))?;
    let out = o.out.as_deref().unwrap_or("the template");
    assignment::parse(&template).map_err(|errors| {
        let errors: Vec<String> = errors.iter().map(ToString::to_string).collect();
        format!("{out} does not check, a bug of `new`: {}", errors.join("\n"))
    })?;
    match o.out {
        Some(path) => std::fs::write(&path, template).map_err(|e| format!("{path}: {e}")),
        None => {
            print!("{template}");
            Ok(())
        }
    }
}

/// `check FILE`: the file's errors, or what it asks and two sample students' keys.
fn check(o: CheckArgs) -> Result<(), String> {
    let a = load(&o.assignment)?;
    let h = &a.file.assignment;
    println!("{}: ok", o.assignment);
    println!("  \"{}\" ({}), system {}, engine {}", h.title, h.name, a.scenario.system.kind.name(), h.engine);
    println!("  version (hash) {}", a.hash);
    if let Some(due) = &h.due {
        println!("  due {due}");
    }
    if a.file.vary.is_empty() {
        println!("  no field varies: students differ by their run's seed only");
    } else {
        println!("  varied per student:");
        for v in &a.file.vary {
            println!("    {:<28} {}", v.field, range_text(v));
        }
    }
    println!("  questions ({} points):", a.max_points());
    let width = id_width(&a);
    for (q, unit) in a.file.question.iter().zip(a.units()) {
        println!("    {:<width$} {:<42} {}", q.id, asks(q), marking(q, unit));
    }
    a.check_engine()?;
    let ends = a.corner_problems(MAX_ENDS)?;
    let keys: Vec<Result<Key, String>> = ends.par_iter().map(|p| a.key_of(p.clone())).collect();
    for (p, k) in ends.iter().zip(keys) {
        k.map_err(|e| {
            let drawn: Vec<String> = p.drawn.iter().map(|d| format!("{} = {}", d.field, pick(&d.value))).collect();
            format!("{}: at the ends of the ranges ({}), {e}; narrow the ranges", o.assignment, drawn.join(", "))
        })?;
    }
    if !ends.is_empty() {
        println!("  the ends of the ranges: {} problems, each answers every question", ends.len());
    }
    println!("  sample keys:");
    for student in SAMPLE_STUDENTS {
        let text = key_text(&a, &a.key(student)?);
        print!("{}", text.lines().map(|l| format!("    {l}\n")).collect::<String>());
    }
    Ok(())
}

/// `key FILE --student ID… | --roster FILE`.
fn key(o: KeyArgs) -> Result<(), String> {
    let a = load(&o.assignment)?;
    a.check_engine()?;
    let mut students = o.student.clone();
    if let Some(roster) = &o.roster {
        let text = std::fs::read_to_string(roster).map_err(|e| format!("{roster}: {e}"))?;
        let ids = text.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#'));
        students.extend(ids.map(str::to_string));
    }
    let keys: Vec<Result<Key, String>> = students.par_iter().map(|s| a.key(s)).collect();
    for k in keys {
        let k = k?;
        if o.json {
            println!("{}", k.to_json());
        } else {
            print!("{}", key_text(&a, &k));
        }
    }
    Ok(())
}

/// `problem FILE --student ID`: the scenario the student runs (`storelab run` runs it as is).
fn problem(o: ProblemArgs) -> Result<(), String> {
    let a = load(&o.assignment)?;
    print!("{}", a.problem(&o.student)?.text);
    Ok(())
}

/// A student's key, for reading: their values, then each answer with its tolerance and points.
fn key_text(a: &Assignment, k: &Key) -> String {
    let drawn: Vec<String> = k.problem.iter().map(|d| format!("{} = {}", d.field, pick(&d.value))).collect();
    let mut out =
        format!("{} (seed {}){}{}\n", k.student, k.seed, if drawn.is_empty() { "" } else { ": " }, drawn.join(", "));
    let width = id_width(a);
    for (answer, q) in k.answers.iter().zip(&a.file.question) {
        let value = format!("{} {}", number(answer.value), answer.unit);
        out += &format!("    {:<width$} {:<20} {}\n", answer.question, value.trim_end(), marking(q, &answer.unit));
    }
    out
}

/// The width of the question-id column.
fn id_width(a: &Assignment) -> usize {
    a.file.question.iter().map(|q| q.id.len()).max().unwrap_or(0)
}

/// What a question asks, in a few words.
fn asks(q: &Question) -> String {
    let (figure, record) = (q.figure.as_deref().unwrap_or(""), q.record.as_deref().unwrap_or(""));
    match q.kind {
        QuestionKind::Figure => format!("figure {figure}"),
        QuestionKind::RecordTime => format!("time of {record} #{}", q.nth.unwrap_or(1)),
        QuestionKind::RecordCount => {
            let to = q.to_s.map_or("the end".to_string(), |t| format!("{t} s"));
            format!("{record} records, {} s to {to}", q.from_s.unwrap_or(0.0))
        }
        QuestionKind::FigureAt => format!("{figure} at {} s", q.at_s.unwrap_or(0.0)),
    }
}

/// "4 points, ±2%, revealed after the due date".
fn marking(q: &Question, unit: &str) -> String {
    let reveal = match q.reveal {
        Reveal::Always => "shown from the start",
        Reveal::AfterSubmit => "revealed after submitting",
        Reveal::AfterDue => "revealed after the due date",
        Reveal::Never => "never revealed",
    };
    let points = if q.points == 1.0 { "1 point".to_string() } else { format!("{} points", number(q.points)) };
    format!("{points}, {}, {reveal}", tolerance(&q.tolerance, unit))
}

fn tolerance(t: &Tolerance, unit: &str) -> String {
    let absolute = format!("±{} {unit}", number(t.absolute));
    let relative = format!("±{}%", number(t.relative * 100.0));
    match (t.absolute > 0.0, t.relative > 0.0) {
        (false, false) => "exact".into(),
        (true, false) => absolute.trim_end().into(),
        (false, true) => relative,
        (true, true) => format!("{} or {relative}", absolute.trim_end()),
    }
}

fn range_text(v: &Vary) -> String {
    match (&v.uniform, &v.integer, &v.choice) {
        (Some([low, high]), _, _) => format!("a number from {low} to {high}, to {} decimal place(s)", v.decimals),
        (_, Some([low, high]), _) => format!("a whole number from {low} to {high}"),
        (_, _, Some(choices)) => format!("one of {}", choices.iter().map(pick).collect::<Vec<_>>().join(", ")),
        _ => String::new(),
    }
}

fn pick(p: &Pick) -> String {
    match p {
        Pick::Number(x) => number(*x),
        Pick::Name(name) => name.clone(),
    }
}

/// A number for reading: whole numbers as such, others to six significant digits.
pub(crate) fn number(x: f64) -> String {
    if x.fract() == 0.0 && x.abs() < 1e15 {
        format!("{x:.0}")
    } else {
        let digits = (5 - x.abs().log10().floor() as i32).clamp(0, 12) as usize;
        let text = format!("{x:.digits$}");
        text.trim_end_matches('0').trim_end_matches('.').to_string()
    }
}
