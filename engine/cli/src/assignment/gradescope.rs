//! Gradescope's autograder `results.json` (gradescope-autograders.readthedocs.io, "Autograder
//! Specifications"): a top-level `score` and `output`, and one test per question with `name`,
//! `score`, `max_score`, `status`, `output` and `visibility`. A question revealed after the due date
//! is a test visible after the due date; one never revealed says whether the answer was right,
//! without the engine's answer. A refused submission still gets a results.json: score 0, and why.
use super::number;
use serde::Serialize;
use std::path::Path;
use storelab_core::assignment::{Assignment, Grade, Mark, Reveal};

/// What Gradescope reads from `/autograder/results/results.json`.
#[derive(Serialize)]
struct Results {
    score: f64,
    output: String,
    tests: Vec<Test>,
}

/// One test case: one question.
#[derive(Serialize)]
struct Test {
    name: String,
    score: f64,
    max_score: f64,
    status: &'static str,
    output: String,
    visibility: &'static str,
}

/// Writes the results of `graded` (submission file, grade or why none): one submission's to
/// `out` (stdout without it), several to the folder `out`, each as `<file name>/results.json`.
pub(crate) fn write(
    a: &Assignment,
    graded: &[(String, Result<Grade, String>)],
    out: Option<&str>,
) -> Result<(), String> {
    let json =
        |r: &Result<Grade, String>| serde_json::to_string_pretty(&results(a, r)).expect("results serialize") + "\n";
    match (graded, out) {
        ([(_, r)], None) => {
            print!("{}", json(r));
            Ok(())
        }
        ([(_, r)], Some(path)) => std::fs::write(path, json(r)).map_err(|e| format!("{path}: {e}")),
        (_, None) => Err("--format gradescope with several submissions writes a folder: give --out DIR".into()),
        (_, Some(dir)) => {
            let mut written: Vec<String> = Vec::new();
            for (file, r) in graded {
                let name = Path::new(file).file_name().map_or(file.clone(), |n| n.to_string_lossy().into_owned());
                if written.contains(&name) {
                    return Err(format!("two submissions are named {name}: their results would share {dir}/{name}"));
                }
                let folder = Path::new(dir).join(&name);
                std::fs::create_dir_all(&folder).map_err(|e| format!("{}: {e}", folder.display()))?;
                let path = folder.join("results.json");
                std::fs::write(&path, json(r)).map_err(|e| format!("{}: {e}", path.display()))?;
                written.push(name);
            }
            Ok(())
        }
    }
}

fn results(a: &Assignment, r: &Result<Grade, String>) -> Results {
    let title = format!("{} ({}, version {})", a.file.assignment.title, a.name(), &a.hash[..12]);
    match r {
        Err(why) => {
            Results { score: 0.0, output: format!("{title}: this submission was not graded: {why}"), tests: Vec::new() }
        }
        Ok(g) => Results {
            score: g.score,
            output: format!("{title}, student {}: {} of {} points.", g.student, number(g.score), number(g.max)),
            tests: a.file.question.iter().zip(&g.marks).map(|(q, m)| test(&q.prompt, m)).collect(),
        },
    }
}

fn test(prompt: &str, m: &Mark) -> Test {
    let first_line = prompt.lines().map(str::trim).find(|l| !l.is_empty()).unwrap_or("");
    let short: String = first_line.chars().take(80).collect();
    let ellipsis = if short.len() < first_line.len() { "…" } else { "" };
    let right = m.points > 0.0 || (m.max == 0.0 && m.answer.is_some());
    let unit = if m.unit.is_empty() { String::new() } else { format!(" {}", m.unit) };
    let output = match (m.answer, m.reveal) {
        (None, Reveal::Never) => "No answer.".to_string(),
        (None, _) => format!("No answer. The engine's answer: {}{unit}.", number(m.key)),
        (Some(a), Reveal::Never) => {
            format!("Your answer: {}{unit}, {}.", number(a), if right { "right" } else { "not within the tolerance" })
        }
        (Some(a), _) => format!(
            "Your answer: {}{unit}; the engine's: {}{unit}. {}",
            number(a),
            number(m.key),
            if right { "Right." } else { "Not within the tolerance." }
        ),
    };
    Test {
        name: format!("{}: {short}{ellipsis}", m.question),
        score: m.points,
        max_score: m.max,
        status: if right { "passed" } else { "failed" },
        output,
        visibility: if m.reveal == Reveal::AfterDue { "after_due_date" } else { "visible" },
    }
}
