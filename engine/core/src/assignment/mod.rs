//! Assignments (issue 26): one scenario, varied per student, and questions about its run, graded
//! from the engine's own answers. An assignment file (`types.rs`) holds the scenario inline,
//! the fields each student gets their own value of (`variation.rs`), drawn by a seed that is a
//! hash of the assignment's salt and the student's id (`seed.rs`), and questions: a summary
//! figure, the time of the nth record of a kind, a count of records, or a view's number at a time
//! (`questions.rs`). The key (`key.rs`) runs the student's problem; grading (`grade.rs`) runs it
//! again for every submission, so a changed file regrades everyone, and refuses a submission made
//! for another assignment, another version of this one or another engine. The CLI
//! (`storelab assignment`) and the browser (the WASM facade) call the same functions, so their
//! keys are byte for byte the same.
mod checks;
mod grade;
mod key;
mod locate;
mod parse;
mod questions;
mod seed;
mod template;
mod types;
mod variation;

#[cfg(test)]
mod tests;

pub use grade::{read_submission, Grade, Mark, Submission};
pub use key::{Answer, Key};
pub use parse::parse;
pub use seed::{assignment_hash, canonical_text, normalize_student, student_seed};
pub use template::{embed_scenario, template};
pub use types::*;
pub use variation::Drawn;

use serde::Serialize;

use crate::scenario::Scenario;
use crate::systems;

/// The engine's version, which an assignment names (`assignment.engine`) and a submission carries:
/// the crates' version, as `storelab --version` prints it.
pub const ENGINE_VERSION: &str = env!("CARGO_PKG_VERSION");

/// The JSON schema of the assignment file, as committed (`assignment.schema.json`; a test
/// regenerates it from the types).
pub const JSON_SCHEMA: &str = include_str!("assignment.schema.json");

/// A checked assignment.
#[derive(Clone, Debug)]
pub struct Assignment {
    pub file: AssignmentFile,
    /// The inline scenario as written, before any student's values.
    pub scenario: Scenario,
    /// SHA-256 of the file's canonical text (`seed::canonical_text`), 64 hex digits: which
    /// version of the assignment a submission was made for.
    pub hash: String,
    /// The inline scenario as a scenario file's text.
    scenario_text: String,
}

/// What the lab shows of an assignment: everything but the scenario and the salt, with each
/// question's unit.
#[derive(Clone, Debug, Serialize)]
pub struct Outline<'a> {
    pub name: &'a str,
    pub title: &'a str,
    pub description: &'a str,
    pub engine: &'a str,
    pub hash: &'a str,
    pub due: Option<&'a str>,
    /// The system the scenario runs (`[system] kind`).
    pub system: &'static str,
    pub max_points: f64,
    pub vary: &'a [Vary],
    pub questions: Vec<OutlinedQuestion<'a>>,
}

/// A question as the lab shows it.
#[derive(Clone, Debug, Serialize)]
pub struct OutlinedQuestion<'a> {
    #[serde(flatten)]
    pub question: &'a Question,
    /// The unit answers are given in.
    pub unit: &'static str,
}

/// One student's problem: their seed, the values drawn for them, and the scenario they run.
#[derive(Clone, Debug)]
pub struct StudentProblem {
    /// The student id as the seed rule read it (`normalize_student`).
    pub student: String,
    pub seed: u64,
    pub drawn: Vec<Drawn>,
    /// The scenario file the student runs: the inline scenario with the drawn values and, with
    /// `student_run_seed`, `meta.seed` written in.
    pub text: String,
}

impl Assignment {
    pub fn name(&self) -> &str {
        &self.file.assignment.name
    }

    /// The most points the questions give.
    pub fn max_points(&self) -> f64 {
        self.file.question.iter().map(|q| q.points).sum()
    }

    /// The engine that computes the answers must be the one the assignment names.
    pub fn check_engine(&self) -> Result<(), String> {
        let made = &self.file.assignment.engine;
        if made == ENGINE_VERSION {
            return Ok(());
        }
        Err(format!(
            "assignment \"{}\" was made with engine {made}, and this is engine {ENGINE_VERSION}: a model change \
             can move every answer. Check it with this engine (storelab assignment check), then set \
             assignment.engine = \"{ENGINE_VERSION}\"; or use engine {made}",
            self.name()
        ))
    }

    /// Student `student`'s problem (the id is normalized first).
    pub fn problem(&self, student: &str) -> Result<StudentProblem, String> {
        let student = normalize_student(student)?;
        let seed = student_seed(&self.file.assignment.salt, &student);
        let drawn: Vec<Drawn> = self
            .file
            .vary
            .iter()
            .enumerate()
            .map(|(i, v)| Drawn { field: v.field.clone(), value: variation::draw(v, i, seed) })
            .collect();
        self.problem_with(student, seed, drawn)
    }

    /// The problems at the ends of the variation ranges, at most `max` of them (every combination
    /// of the ends, or each range's ends with the others at their low end): what `check` runs,
    /// since a student may get any of them. Each is named "ends N" and seeded as that student.
    pub fn corner_problems(&self, max: usize) -> Result<Vec<StudentProblem>, String> {
        variation::corners(&self.file.vary, max)
            .into_iter()
            .take(max)
            .enumerate()
            .map(|(n, drawn)| {
                let name = format!("ends {}", n + 1);
                let seed = student_seed(&self.file.assignment.salt, &name);
                self.problem_with(name, seed, drawn)
            })
            .collect()
    }

    fn problem_with(&self, student: String, seed: u64, drawn: Vec<Drawn>) -> Result<StudentProblem, String> {
        let header = format!(
            "# Assignment \"{}\" (version {}), the problem of student {student} (seed {seed:016x}).\n\
             # Run it as it is: the answers are this scenario's, with this seed.\n\n",
            self.name(),
            &self.hash[..12],
        );
        let run_seed = self.file.assignment.student_run_seed.then_some(seed);
        let text = variation::with_values(&self.scenario_text, &header, &drawn, run_seed)
            .map_err(|e| format!("student {student}'s problem cannot be written: {e}"))?;
        Ok(StudentProblem { student, seed, drawn, text })
    }

    /// What the lab shows of the assignment (`Outline`).
    pub fn outline(&self) -> Outline<'_> {
        let h = &self.file.assignment;
        Outline {
            name: &h.name,
            title: &h.title,
            description: &h.description,
            engine: &h.engine,
            hash: &self.hash,
            due: h.due.as_deref(),
            system: self.scenario.system.kind.name(),
            max_points: self.max_points(),
            vary: &self.file.vary,
            questions: self
                .file
                .question
                .iter()
                .zip(self.units())
                .map(|(question, unit)| OutlinedQuestion { question, unit })
                .collect(),
        }
    }

    /// The unit of each question's answer, in file order.
    pub fn units(&self) -> Vec<&'static str> {
        let d = systems::description(&self.scenario);
        self.file
            .question
            .iter()
            .enumerate()
            .map(|(i, q)| questions::ask(q, i, d).expect("checked when the file was parsed").unit(d))
            .collect()
    }
}
