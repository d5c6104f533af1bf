//! The assignment file's types (`assignments/*.toml`): `[assignment]`, the inline `[scenario]`,
//! `[[vary]]` and `[[question]]`. Each field is declared once, here: its description (the doc
//! comment), its unit (`x-unit`) and its range (`garde`); schemars turns them into the committed
//! `assignment.schema.json`. What ties fields to the scenario's system (a varied field's path, a
//! question's figure or record kind) is checked in `checks.rs`.
use garde::Validate;
use schemars::{json_schema, JsonSchema, Schema, SchemaGenerator};
use serde::{Deserialize, Deserializer, Serialize};

/// The assignment file format this engine reads and writes.
pub const FORMAT: u32 = 1;
/// Most questions one assignment may ask.
pub const MAX_QUESTIONS: usize = 50;
/// Most fields one assignment may vary.
pub const MAX_VARIED: usize = 12;
/// Most values a `choice` may list.
pub const MAX_CHOICES: usize = 100;
/// Most decimal places a `uniform` draw keeps.
pub const MAX_DECIMALS: u32 = 6;
/// Most points one question may give.
pub const MAX_POINTS: f64 = 1000.0;

/// A Storelab assignment: one scenario, varied per student, and questions about its run.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema, Validate)]
#[serde(deny_unknown_fields)]
#[schemars(title = "Storelab assignment")]
pub struct AssignmentFile {
    /// What the assignment is, which engine made it, and the salt of its seed rule.
    #[garde(dive)]
    pub assignment: Header,
    /// The scenario every student's problem starts from: the sections of a scenario file, each
    /// written as `[scenario.<section>]` (see the scenario schema, `storelab schema`). It runs once
    /// per student, so keep its run short; `run.seeds` must be 1 and there is no `[scenario.sweep]`.
    #[garde(skip)]
    #[schemars(schema_with = "scenario_schema")]
    pub scenario: toml::Table,
    /// The scenario fields each student gets their own value of, drawn by their seed.
    #[serde(default)]
    #[garde(length(max = MAX_VARIED), dive)]
    pub vary: Vec<Vary>,
    /// The questions, in the order students see them.
    #[garde(length(min = 1, max = MAX_QUESTIONS), dive)]
    pub question: Vec<Question>,
}

/// `[assignment]`: the file's identity and the seed rule's salt.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema, Validate)]
#[serde(deny_unknown_fields)]
pub struct Header {
    /// The version of this file format: 1.
    #[garde(range(min = FORMAT, max = FORMAT))]
    pub format: u32,
    /// The assignment's name: lowercase letters, digits and `-`, e.g. "mob-absorption".
    /// Submissions name it, and grading refuses a submission made for another name.
    #[garde(custom(name_rule))]
    #[schemars(extend("pattern" = "^[a-z0-9][a-z0-9-]{0,63}$"))]
    pub name: String,
    /// The title students see.
    #[garde(length(min = 1, max = 200))]
    pub title: String,
    /// What the assignment asks of students, shown above the questions (Markdown).
    #[serde(default)]
    #[garde(length(max = 20_000))]
    pub description: String,
    /// The engine version the answers are computed with (`storelab --version`, without the
    /// name). Another engine version refuses to compute the key or grade: a model change can move
    /// every answer. Check the assignment again with the new engine, then update this.
    #[garde(length(min = 1, max = 40))]
    pub engine: String,
    /// The salt of the seed rule: a student's seed is the first 8 bytes of
    /// SHA-256(salt, 0x00, student id), so no list of students is kept. Use a new salt for each
    /// assignment and each offering of the course.
    #[garde(length(min = 8, max = 200))]
    pub salt: String,
    /// When answers marked `reveal = "after_due"` are shown: a TOML date-time with its offset,
    /// e.g. 2025-11-03T23:59:00-05:00.
    #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "offset_date_time")]
    #[garde(skip)]
    #[schemars(with = "Option<String>", extend("format" = "date-time"))]
    pub due: Option<String>,
    /// Whether each student's run draws its random numbers from their own seed (the scenario's
    /// `meta.seed` is set to it), so students differ even where their varied fields coincide;
    /// false keeps `meta.seed` as written.
    #[serde(default = "yes")]
    #[garde(skip)]
    pub student_run_seed: bool,
}

fn yes() -> bool {
    true
}

/// A name of lowercase letters, digits and `-`, starting with a letter or digit.
fn name_rule(name: &str, _: &()) -> garde::Result {
    let ok = (1..=64).contains(&name.len())
        && !name.starts_with('-')
        && name.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
    if ok {
        Ok(())
    } else {
        Err(garde::Error::new(format!(
            "\"{name}\" is not a name: use 1 to 64 lowercase letters, digits and '-', e.g. \"mob-absorption\""
        )))
    }
}

/// A question id: letters, digits, `_` and `-`.
fn id_rule(id: &str, _: &()) -> garde::Result {
    let ok = (1..=40).contains(&id.len()) && id.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
    if ok {
        Ok(())
    } else {
        Err(garde::Error::new(format!(
            "\"{id}\" is not an id: use 1 to 40 letters, digits, '_' and '-', e.g. \"absorption\""
        )))
    }
}

/// A TOML offset date-time (`2025-11-03T23:59:00-05:00`), kept as its RFC 3339 text.
fn offset_date_time<'de, D: Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    use serde::de::Error;
    let Some(t) = Option::<toml::value::Datetime>::deserialize(d)? else { return Ok(None) };
    if t.date.is_none() || t.time.is_none() || t.offset.is_none() {
        return Err(D::Error::custom(format!(
            "{t} is not a date and time with its offset: write e.g. due = 2025-11-03T23:59:00-05:00 \
             (or Z for UTC), without quotes"
        )));
    }
    Ok(Some(t.to_string()))
}

/// The inline scenario: a table of scenario sections.
fn scenario_schema(_: &mut SchemaGenerator) -> Schema {
    json_schema!({
        "type": "object",
        "description": "The scenario every student's problem starts from: the sections of a scenario file \
            (meta, system, run and the system's own), each as [scenario.<section>]; their fields are those \
            of the scenario schema of the system scenario.system.kind selects (`storelab schema --system KIND`).",
        "x-kind": "scenario"
    })
}

/// `[[vary]]`: one scenario field each student gets their own value of. Give exactly one of
/// `uniform`, `integer` and `choice`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema, Validate)]
#[serde(deny_unknown_fields)]
pub struct Vary {
    /// The scenario field's dotted path, e.g. "server.mob_mb" (as in `--set`); not a field of
    /// `meta`, `system` or `sweep`.
    #[garde(length(min = 1, max = 100))]
    pub field: String,
    /// A number drawn uniformly from [low, high], rounded to `decimals` places: for a field that
    /// takes any number.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[garde(skip)]
    pub uniform: Option<[f64; 2]>,
    /// A whole number drawn uniformly from low to high, both included.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[garde(skip)]
    pub integer: Option<[i64; 2]>,
    /// One of these values, each as likely: numbers, or the names a choice field takes (e.g.
    /// ["read_optimized", "write_optimized"] for server.layout).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[garde(length(min = 1, max = MAX_CHOICES))]
    pub choice: Option<Vec<Pick>>,
    /// Decimal places a `uniform` draw is rounded to, so students read a plain number.
    #[serde(default = "two")]
    #[garde(range(max = MAX_DECIMALS))]
    pub decimals: u32,
}

fn two() -> u32 {
    2
}

/// A value a `choice` lists.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum Pick {
    /// A number, for a numeric field.
    Number(f64),
    /// A name, for a field that takes one of a few names.
    Name(String),
}

/// What a question asks about the student's run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum QuestionKind {
    /// A summary figure of the run (`figure`, as `storelab describe` lists it), in its unit as
    /// shown (%, not a fraction).
    Figure,
    /// The simulated time, in seconds from the start of the run (warm-up included), of the
    /// `nth` record of kind `record`.
    RecordTime,
    /// How many records of kind `record` the run emits from `from_s` to `to_s`.
    RecordCount,
    /// A number the lab's views show (`figure` = "section.scalar", a frame section's scalar as
    /// `storelab describe` lists it) at simulated time `at_s`, after every event up to it.
    FigureAt,
}

/// When the lab shows a question's answer to the student.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Reveal {
    /// From the start: a worked example.
    Always,
    /// Once the student has exported their submission.
    #[default]
    AfterSubmit,
    /// Once `assignment.due` has passed.
    AfterDue,
    /// Never: only the grade tells.
    Never,
}

/// How far an answer may be from the key and still earn the points: within the larger of
/// `absolute` and `relative` × |key|. Both 0 (the default) asks for the exact value, which suits
/// counts only.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema, Validate)]
#[serde(deny_unknown_fields)]
pub struct Tolerance {
    /// In the question's unit.
    #[serde(default)]
    #[garde(range(min = 0.0))]
    pub absolute: f64,
    /// A fraction of the key: 0.05 accepts answers within 5%.
    #[serde(default)]
    #[garde(range(min = 0.0, max = 1.0))]
    #[schemars(extend("x-unit" = "fraction"))]
    pub relative: f64,
}

/// `[[question]]`: one question about the student's run.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema, Validate)]
#[serde(deny_unknown_fields)]
pub struct Question {
    /// The question's id, unique in the file: submissions answer by it (letters, digits, '_', '-').
    #[garde(custom(id_rule))]
    #[schemars(extend("pattern" = "^[A-Za-z0-9_-]{1,40}$"))]
    pub id: String,
    /// The question as students read it (Markdown).
    #[garde(length(min = 1, max = 5000))]
    pub prompt: String,
    /// What the question asks: the fields below it needs are named with each kind.
    #[garde(skip)]
    pub kind: QuestionKind,
    /// `figure`: a summary figure's dotted path, e.g. "write_absorption"; `figure_at`: a frame
    /// section's scalar as "section.scalar", e.g. "mob.used_bytes".
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[garde(skip)]
    pub figure: Option<String>,
    /// `record_time`, `record_count`: the record kind by its name, e.g. "flusher_start".
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[garde(skip)]
    pub record: Option<String>,
    /// `record_time`: which record of the kind, counting from 1.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[garde(range(min = 1))]
    #[schemars(extend("x-unit" = "count"))]
    pub nth: Option<u32>,
    /// `record_count`: the window starts at this simulated time (default 0: the start of the run).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[garde(range(min = 0.0))]
    #[schemars(extend("x-unit" = "s"))]
    pub from_s: Option<f64>,
    /// `record_count`: the window ends before this simulated time (default: it ends with the run,
    /// its last instant included).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[garde(range(min = 0.0))]
    #[schemars(extend("x-unit" = "s"))]
    pub to_s: Option<f64>,
    /// `figure_at`: the simulated time the figure is read at.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[garde(range(min = 0.0))]
    #[schemars(extend("x-unit" = "s"))]
    pub at_s: Option<f64>,
    /// How close an answer must be to earn the points.
    #[serde(default)]
    #[garde(dive)]
    pub tolerance: Tolerance,
    /// Points for an answer within the tolerance; a farther answer earns none.
    #[garde(range(min = 0.0, max = MAX_POINTS))]
    #[schemars(extend("x-unit" = "points"))]
    pub points: f64,
    /// When the lab shows the student the answer (the grade is not affected).
    #[serde(default)]
    #[garde(skip)]
    pub reveal: Reveal,
}
