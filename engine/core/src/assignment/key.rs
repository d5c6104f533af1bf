//! The answer key of one student: their problem run once, every question answered from that run.
//! Its JSON (`Key::to_json`) is what `storelab assignment key --json` prints, a line per student,
//! and what the browser's engine returns, byte for byte.
use serde::{Deserialize, Serialize};

use super::types::Tolerance;
use super::{questions, Assignment, Drawn, StudentProblem, ENGINE_VERSION};
use crate::scenario;
use crate::systems;

/// The answers of one student's problem.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Key {
    pub assignment: String,
    pub assignment_hash: String,
    pub engine: String,
    /// The student id as the seed rule read it.
    pub student: String,
    /// The student's seed, 16 hex digits (a JavaScript number cannot hold every u64).
    pub seed: String,
    /// The values drawn for the student, in the order of the file's `[[vary]]`.
    pub problem: Vec<Drawn>,
    /// One answer per question, in file order.
    pub answers: Vec<Answer>,
}

/// The answer to one question.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Answer {
    pub question: String,
    /// In `unit`: a summary figure as shown (%, not a fraction), a time in seconds.
    pub value: f64,
    pub unit: String,
    pub tolerance: Tolerance,
    pub points: f64,
}

impl Key {
    /// The key as one line of JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("a key serializes")
    }
}

impl Assignment {
    /// Student `student`'s answers, from a run of their problem. Refused by another engine than
    /// the one the assignment names.
    pub fn key(&self, student: &str) -> Result<Key, String> {
        self.key_of(self.problem(student)?)
    }

    /// The answers of `problem`, from a run of it.
    pub fn key_of(&self, problem: StudentProblem) -> Result<Key, String> {
        self.check_engine()?;
        let who = &problem.student;
        let s = scenario::parse(&problem.text).map_err(|errors| {
            let errors: Vec<String> = errors.iter().map(ToString::to_string).collect();
            format!("student {who}'s problem is not a valid scenario: {}", errors.join("; "))
        })?;
        let d = systems::description(&s);
        let asks = self
            .file
            .question
            .iter()
            .enumerate()
            .map(|(i, q)| questions::ask(q, i, d).map_err(|p| format!("student {who}: {}", p.full_message())))
            .collect::<Result<Vec<_>, _>>()?;
        let ids: Vec<&str> = self.file.question.iter().map(|q| q.id.as_str()).collect();
        let values = questions::answers(&s, &asks, &ids).map_err(|e| format!("student {who}: {e}"))?;
        let answers = self
            .file
            .question
            .iter()
            .zip(&asks)
            .zip(values)
            .map(|((q, a), value)| Answer {
                question: q.id.clone(),
                value,
                unit: a.unit(d).to_string(),
                tolerance: q.tolerance,
                points: q.points,
            })
            .collect();
        Ok(Key {
            assignment: self.name().to_string(),
            assignment_hash: self.hash.clone(),
            engine: ENGINE_VERSION.to_string(),
            student: problem.student,
            seed: format!("{:016x}", problem.seed),
            problem: problem.drawn,
            answers,
        })
    }
}
