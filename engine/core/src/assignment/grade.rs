//! Submissions and their grades. A submission names its assignment, the version it was made for
//! (the assignment's hash) and the engine that made it, and holds the student's id and answers.
//! Grading never trusts a stored answer: it runs the student's problem again (`Assignment::key`)
//! and scores each answer against it, so a grade always follows the file as it is now.
use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::types::{Reveal, Tolerance, FORMAT};
use super::{normalize_student, Assignment, ENGINE_VERSION};

/// A student's answers, as the lab exports them (JSON) or as written by hand (TOML).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Submission {
    /// The submission format: 1.
    pub format: u32,
    /// The assignment's name (`assignment.name`).
    pub assignment: String,
    /// The hash of the assignment file the answers were made for (`Assignment::hash`).
    pub assignment_hash: String,
    /// The engine that made the submission (`ENGINE_VERSION`).
    pub engine: String,
    /// The student's id.
    pub student: String,
    /// Answers by question id, in each question's unit; a question left out is unanswered.
    pub answers: BTreeMap<String, f64>,
}

/// Reads a submission: JSON when it starts with `{`, else TOML.
pub fn read_submission(text: &str) -> Result<Submission, String> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if text.trim_start().starts_with('{') {
        serde_json::from_str(text).map_err(|e| format!("not a submission (JSON): {e}"))
    } else {
        toml::from_str(text).map_err(|e| format!("not a submission (TOML): {}", e.to_string().trim()))
    }
}

/// One submission's grade.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Grade {
    /// The student id as the seed rule read it.
    pub student: String,
    pub score: f64,
    pub max: f64,
    /// One mark per question, in file order.
    pub marks: Vec<Mark>,
    /// Answers the submission gives to no question of the file.
    pub unknown_answers: Vec<String>,
}

/// The mark of one question.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Mark {
    pub question: String,
    /// The student's answer; `None` when they gave none.
    pub answer: Option<f64>,
    /// The engine's answer.
    pub key: f64,
    pub unit: String,
    pub tolerance: Tolerance,
    pub points: f64,
    pub max: f64,
    pub reveal: Reveal,
}

/// Whether `answer` is within `t` of `key`. A rounding allowance of 10^-9 of the key keeps an
/// answer exactly at the tolerance's edge in, whatever its binary rounding.
fn within(answer: f64, key: f64, t: &Tolerance) -> bool {
    let allowed = t.absolute.max(t.relative * key.abs()) + 1e-9 * key.abs().max(1e-9);
    answer.is_finite() && (answer - key).abs() <= allowed
}

impl Assignment {
    /// The submission of `student` with `answers` (by question id), for this version of the
    /// assignment and this engine: what the lab exports.
    pub fn submission(&self, student: &str, answers: BTreeMap<String, f64>) -> Result<Submission, String> {
        let student = normalize_student(student)?;
        if let Some(id) = answers.keys().find(|id| !self.file.question.iter().any(|q| &q.id == *id)) {
            return Err(format!("assignment \"{}\" has no question \"{id}\"", self.name()));
        }
        if let Some((id, v)) = answers.iter().find(|(_, v)| !v.is_finite()) {
            return Err(format!("the answer to \"{id}\" is {v}: give a number"));
        }
        Ok(Submission {
            format: FORMAT,
            assignment: self.name().to_string(),
            assignment_hash: self.hash.clone(),
            engine: ENGINE_VERSION.to_string(),
            student,
            answers,
        })
    }

    /// Why `sub` cannot be graded against this file, if it cannot: it was made for another
    /// assignment, by another engine, or for another version of this file, unless its hash is one
    /// of `accepted` (earlier versions the instructor regrades against this one; a prefix of 8 or
    /// more hex digits names one).
    pub fn refusal(&self, sub: &Submission, accepted: &[String]) -> Option<String> {
        if sub.format != FORMAT {
            return Some(format!("it is in submission format {}; this engine reads format {FORMAT}", sub.format));
        }
        if sub.assignment != self.name() {
            return Some(format!(
                "it was made for assignment \"{}\", not \"{}\": grade it with that assignment's file",
                sub.assignment,
                self.name()
            ));
        }
        if sub.engine != ENGINE_VERSION {
            return Some(format!(
                "it was made with engine {}, and this is engine {ENGINE_VERSION}: its answers come from another \
                 engine; ask the student to export it again from the current lab, or grade with engine {}",
                sub.engine, sub.engine
            ));
        }
        let accepted_hash = |h: &String| h.len() >= 8 && sub.assignment_hash.starts_with(h.as_str());
        if sub.assignment_hash != self.hash && !accepted.iter().any(accepted_hash) {
            return Some(format!(
                "it was made for another version of assignment \"{}\" (hash {}), not this file's ({}): the file \
                 changed after the student worked on it, or the submission was edited. If you changed the file \
                 on purpose, regrade it against this version with --accept-hash {}",
                self.name(),
                short(&sub.assignment_hash),
                short(&self.hash),
                short(&sub.assignment_hash)
            ));
        }
        None
    }

    /// Grades `sub`: refused as `refusal` says, else each answer scored against the student's key,
    /// computed again now.
    pub fn grade(&self, sub: &Submission, accepted: &[String]) -> Result<Grade, String> {
        if let Some(why) = self.refusal(sub, accepted) {
            return Err(format!("refused: {why}"));
        }
        let key = self.key(&sub.student)?;
        let marks: Vec<Mark> = self
            .file
            .question
            .iter()
            .zip(key.answers)
            .map(|(q, k)| {
                let answer = sub.answers.get(&q.id).copied();
                let right = answer.is_some_and(|a| within(a, k.value, &q.tolerance));
                Mark {
                    question: q.id.clone(),
                    answer,
                    key: k.value,
                    unit: k.unit,
                    tolerance: q.tolerance,
                    points: if right { q.points } else { 0.0 },
                    max: q.points,
                    reveal: q.reveal,
                }
            })
            .collect();
        let unknown_answers =
            sub.answers.keys().filter(|id| !self.file.question.iter().any(|q| &&q.id == id)).cloned().collect();
        Ok(Grade {
            student: key.student,
            score: marks.iter().map(|m| m.points).sum(),
            max: self.max_points(),
            marks,
            unknown_answers,
        })
    }
}

/// The first 12 hex digits of a hash, enough to tell versions apart in a message.
fn short(hash: &str) -> &str {
    &hash[..hash.len().min(12)]
}
