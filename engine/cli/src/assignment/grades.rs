//! `storelab assignment grade`: every submission graded on all cores (its student's problem run
//! again), refusals named by file, the CSV of grades, and what changed against an earlier one.
use super::{gradescope, load, number};
use crate::args::{GradeArgs, GradeFormat};
use rayon::prelude::*;
use std::collections::BTreeMap;
use storelab_core::assignment::{read_submission, Assignment, Grade};

/// One student's row of the grades CSV: student, score, max, then each question's points.
#[derive(Clone, Debug, PartialEq)]
struct Row {
    student: String,
    score: f64,
    max: f64,
    points: BTreeMap<String, f64>,
}

impl Row {
    fn of(g: &Grade) -> Row {
        let points = g.marks.iter().map(|m| (m.question.clone(), m.points)).collect();
        Row { student: g.student.clone(), score: g.score, max: g.max, points }
    }
}

pub fn grade(o: GradeArgs) -> Result<(), String> {
    let a = load(&o.assignment)?;
    a.check_engine()?;
    if o.no_decrease && o.format == GradeFormat::Gradescope {
        return Err("--no-decrease keeps the higher row of a grades CSV; Gradescope keeps each submission's score \
                    itself: use it with --format csv"
            .into());
    }
    let previous = o.previous.as_deref().map(read_csv).transpose()?;
    let results: Vec<(String, Result<Grade, String>)> =
        o.submissions.par_iter().map(|f| (f.clone(), grade_file(&a, f, &o.accept_hash))).collect();
    let results = one_per_student(results);
    let graded: Vec<&Grade> = results.iter().filter_map(|(_, r)| r.as_ref().ok()).collect();
    for (file, g) in results.iter().filter_map(|(f, r)| Some((f, r.as_ref().ok()?))) {
        if !g.unknown_answers.is_empty() {
            eprintln!("{file}: answers to no question of this file, left out: {}", g.unknown_answers.join(", "));
        }
    }
    let mut rows: Vec<Row> = graded.iter().map(|g| Row::of(g)).collect();
    if let Some((file, previous)) = o.previous.as_deref().zip(previous.as_ref()) {
        eprint!("{}", changes(file, previous, &rows, o.no_decrease));
        if o.no_decrease {
            rows = no_decrease(previous, rows);
        }
    }
    match o.format {
        GradeFormat::Csv => {
            rows.sort_by(|x, y| x.student.cmp(&y.student));
            let csv = csv_text(&a, &rows)?;
            match &o.out {
                Some(path) => std::fs::write(path, csv).map_err(|e| format!("{path}: {e}"))?,
                None => print!("{csv}"),
            }
        }
        GradeFormat::Gradescope => gradescope::write(&a, &results, o.out.as_deref())?,
    }
    let refused: Vec<String> =
        results.iter().filter_map(|(f, r)| r.as_ref().err().map(|e| format!("{f}: {e}"))).collect();
    match refused.len() {
        0 => Ok(()),
        n => Err(format!("{}\n{n} of {} submissions not graded", refused.join("\n"), results.len())),
    }
}

/// One submission file's grade, or why it has none.
fn grade_file(a: &Assignment, file: &str, accepted: &[String]) -> Result<Grade, String> {
    let text = std::fs::read_to_string(file).map_err(|e| e.to_string())?;
    let submission = read_submission(&text)?;
    a.grade(&submission, accepted)
}

/// A second submission of a student is refused, naming the first.
fn one_per_student(results: Vec<(String, Result<Grade, String>)>) -> Vec<(String, Result<Grade, String>)> {
    let mut first: BTreeMap<String, String> = BTreeMap::new();
    results
        .into_iter()
        .map(|(file, r)| match r {
            Ok(g) if first.contains_key(&g.student) => {
                let why = format!(
                    "refused: student {} submitted {} as well; give one submission per student",
                    g.student, first[&g.student]
                );
                (file, Err(why))
            }
            Ok(g) => {
                first.insert(g.student.clone(), file.clone());
                (file, Ok(g))
            }
            Err(e) => (file, Err(e)),
        })
        .collect()
}

/// The grades CSV: student, score, max, then the points of each question, in file order; every
/// number as the shortest decimal that reads back to it, so `--previous` reads it exactly.
fn csv_text(a: &Assignment, rows: &[Row]) -> Result<String, String> {
    let ids: Vec<&str> = a.file.question.iter().map(|q| q.id.as_str()).collect();
    let mut w = csv::Writer::from_writer(Vec::new());
    let header = ["student", "score", "max"].into_iter().chain(ids.iter().copied());
    w.write_record(header).map_err(|e| e.to_string())?;
    for r in rows {
        let points = ids.iter().map(|id| r.points.get(*id).map_or(String::new(), f64::to_string));
        let fields = [r.student.clone(), r.score.to_string(), r.max.to_string()].into_iter().chain(points);
        w.write_record(fields).map_err(|e| e.to_string())?;
    }
    String::from_utf8(w.into_inner().map_err(|e| e.to_string())?).map_err(|e| e.to_string())
}

/// Reads a grades CSV written by `grade`: its columns by name, questions by id.
fn read_csv(path: &str) -> Result<Vec<Row>, String> {
    let at = |e: &dyn std::fmt::Display| format!("{path}: {e}");
    let mut r = csv::Reader::from_path(path).map_err(|e| at(&e))?;
    let header: Vec<String> = r.headers().map_err(|e| at(&e))?.iter().map(str::to_string).collect();
    if header.get(..3) != Some(&["student".to_string(), "score".into(), "max".into()]) {
        return Err(at(&"not a grades CSV: its first columns must be student, score, max"));
    }
    let mut rows = Vec::new();
    for (line, record) in r.records().enumerate() {
        let record = record.map_err(|e| at(&e))?;
        let cell = |i: usize| -> Result<Option<f64>, String> {
            let text = record.get(i).unwrap_or("").trim();
            if text.is_empty() {
                return Ok(None);
            }
            text.parse()
                .map(Some)
                .map_err(|_| at(&format!("row {}: {} is \"{text}\", not a number", line + 2, header[i])))
        };
        let points = (3..header.len()).filter_map(|i| cell(i).transpose().map(|p| p.map(|p| (header[i].clone(), p))));
        rows.push(Row {
            student: record.get(0).unwrap_or("").to_string(),
            score: cell(1)?.unwrap_or(0.0),
            max: cell(2)?.unwrap_or(0.0),
            points: points.collect::<Result<_, _>>()?,
        });
    }
    Ok(rows)
}

/// What changed for each student against `previous` (read from `file`).
fn changes(file: &str, previous: &[Row], now: &[Row], kept: bool) -> String {
    let mut lines = Vec::new();
    for n in now {
        match previous.iter().find(|p| p.student == n.student) {
            None => lines.push(format!("{}: new, {} of {}", n.student, number(n.score), number(n.max))),
            Some(p) if p.points == n.points && p.score == n.score => {}
            Some(p) => {
                let moved: Vec<String> = n
                    .points
                    .iter()
                    .filter(|(id, points)| p.points.get(*id) != Some(points))
                    .map(|(id, points)| {
                        format!("{id} {} → {}", p.points.get(id).map_or("-".into(), |x| number(*x)), number(*points))
                    })
                    .collect();
                let keep = if kept && p.score > n.score { "; the previous grade is kept" } else { "" };
                lines.push(format!(
                    "{}: {} → {} ({}){keep}",
                    n.student,
                    number(p.score),
                    number(n.score),
                    moved.join(", ")
                ));
            }
        }
    }
    for p in previous.iter().filter(|p| !now.iter().any(|n| n.student == p.student)) {
        let keep = if kept { "; the previous grade is kept" } else { "" };
        lines.push(format!("{}: not graded this time (had {}){keep}", p.student, number(p.score)));
    }
    match lines.len() {
        0 => format!("no change against {file}\n"),
        n => format!("{n} change(s) against {file}:\n  {}\n", lines.join("\n  ")),
    }
}

/// `--no-decrease`: each student's higher row, previous or new, and every previous student.
fn no_decrease(previous: &[Row], now: Vec<Row>) -> Vec<Row> {
    let mut rows: Vec<Row> = now
        .into_iter()
        .map(|n| match previous.iter().find(|p| p.student == n.student) {
            Some(p) if p.score > n.score => p.clone(),
            _ => n,
        })
        .collect();
    let gone: Vec<Row> = previous.iter().filter(|p| !rows.iter().any(|r| r.student == p.student)).cloned().collect();
    rows.extend(gone);
    rows
}
