//! storelab-wasm-tools: the second WebAssembly module, what the lab does not need to open and run
//! a scenario: checking and editing scenario text field by field (the CLI's `--set`), the JSON
//! schemas, every system's description, assignments and a sweep's plan and table. The lab's
//! module (storelab-wasm) runs simulations; pages load this one when they read or edit text
//! themselves (the lab's main thread once its editor or a panel needs it, the start, assignment
//! and figures pages at once). Both modules are linked from the same compiled storelab-core,
//! so a build compiles it once, and each keeps only the code its exports reach.
#[macro_use]
#[path = "../../wasm/src/common.rs"]
mod common;
mod sweep;

use common::hex16;
use storelab_core::{assignment, scenario};
use wasm_bindgen::prelude::*;

/// Validates a scenario: a JSON array of errors (`path`, `line`, `column`, `message`, `expected`,
/// `range`), `[]` when the scenario is valid.
#[wasm_bindgen]
pub fn validate(scenario_text: &str) -> String {
    match scenario::parse(scenario_text) {
        Ok(_) => "[]".to_string(),
        Err(errors) => to_json!(&errors),
    }
}

/// `scenario_text` with the field at dotted `path` set to `value` (TOML, or a bare word for a
/// choice), comments and layout kept: the CLI's `--set`. Throws an `Error` whose `message` is a
/// JSON array of one error (as [`validate`]) for an unknown path, a wrong type or malformed TOML.
#[wasm_bindgen]
pub fn set_field(scenario_text: &str, path: &str, value: &str) -> Result<String, JsError> {
    scenario::apply_override(scenario_text, path, value).map_err(|e| JsError::new(&to_json!(&[e])))
}

/// The value written for the field at `path`, as TOML without its comment; `undefined` when the
/// text does not set it.
#[wasm_bindgen]
pub fn read_field(scenario_text: &str, path: &str) -> Option<String> {
    scenario::read_field(scenario_text, path)
}

/// `scenario_text` without the field at `path` (it takes its default again). Throws as
/// [`set_field`] does.
#[wasm_bindgen]
pub fn remove_field(scenario_text: &str, path: &str) -> Result<String, JsError> {
    scenario::remove_field(scenario_text, path).map_err(|e| JsError::new(&to_json!(&[e])))
}

/// Where the scenario `scenario_text` differs from `original_text`, field by field (its
/// description left out): a JSON array of `{path, value, original}`. Throws, as [`validate`]'s
/// array, when either text is not a valid scenario.
#[wasm_bindgen]
pub fn scenario_differences(scenario_text: &str, original_text: &str) -> Result<String, JsError> {
    let parse = |text: &str| scenario::parse(text).map_err(|errors| JsError::new(&to_json!(&errors)));
    Ok(to_json!(&scenario::differences(&parse(scenario_text)?, &parse(original_text)?)))
}

/// The JSON schema of the scenarios of system `kind` (its `[system] kind` name; the default
/// system when absent): drives the web form editor. Throws on a kind that names no system.
#[wasm_bindgen]
pub fn schema(kind: Option<String>) -> Result<String, JsError> {
    let kind = match kind {
        None => scenario::SystemKind::default(),
        Some(name) => scenario::SystemKind::ALL.iter().copied().find(|k| k.name() == name).ok_or_else(|| {
            let names: Vec<&str> = scenario::SystemKind::ALL.iter().map(|k| k.name()).collect();
            JsError::new(&format!("no system `{name}`; the systems are: {}", names.join(", ")))
        })?,
    };
    Ok(to_json!(&scenario::json_schema(kind)))
}

/// What every system reports, as a JSON array in the engine's order (`describe::Description`:
/// kind, title, paper, record kinds, figures, views, knobs): the start page and the gallery name
/// the systems by it without running one.
#[wasm_bindgen]
pub fn describe_systems() -> String {
    let all: Vec<_> = scenario::SystemKind::ALL.iter().map(|&k| storelab_core::systems::description_of(k)).collect();
    to_json!(&all)
}

/// Checks an assignment file: a JSON array of errors as [`validate`]'s (each with its line and
/// column in the assignment, a scenario error inside it too), `[]` when it is valid.
#[wasm_bindgen]
pub fn assignment_validate(assignment_text: &str) -> String {
    match assignment::parse(assignment_text) {
        Ok(_) => "[]".to_string(),
        Err(errors) => to_json!(&errors),
    }
}

/// What the lab shows of an assignment, as JSON (`assignment::Outline`): name, title,
/// description, engine, hash, due, system, max_points, vary, and the questions with their unit,
/// tolerance, points and `reveal`. Throws, as [`validate`]'s array, on an invalid file.
#[wasm_bindgen]
pub fn assignment_outline(assignment_text: &str) -> Result<String, JsError> {
    Ok(to_json!(&parse_assignment(assignment_text)?.outline()))
}

/// A student's seed under the assignment's seed rule, 16 hex digits (`storelab assignment key`
/// prints the same). Throws on an invalid file or student id.
#[wasm_bindgen]
pub fn assignment_seed(assignment_text: &str, student: &str) -> Result<String, JsError> {
    let a = parse_assignment(assignment_text)?;
    Ok(hex16(a.problem(student).map_err(|e| JsError::new(&e))?.seed))
}

/// A student's problem: the scenario file they run (the inline scenario with their values and
/// seed), for `new Lab(text)`; `storelab assignment problem` prints the same.
#[wasm_bindgen]
pub fn assignment_problem(assignment_text: &str, student: &str) -> Result<String, JsError> {
    let a = parse_assignment(assignment_text)?;
    Ok(a.problem(student).map_err(|e| JsError::new(&e))?.text)
}

/// A student's answer key as one line of JSON, byte for byte what
/// `storelab assignment key --json` prints for them. Runs the student's problem to its end (about
/// as long as running it in the lab without drawing). Throws when the engine is not the one the
/// assignment names, or a question has no answer.
#[wasm_bindgen]
pub fn assignment_key(assignment_text: &str, student: &str) -> Result<String, JsError> {
    let a = parse_assignment(assignment_text)?;
    Ok(a.key(student).map_err(|e| JsError::new(&e))?.to_json())
}

/// The submission file of `student`'s answers (`answers_json`: an object of numbers by question
/// id; leave out a question not answered), as pretty JSON for the student to download and hand in.
/// Throws on an unknown question id or an answer that is not a finite number.
#[wasm_bindgen]
pub fn assignment_submission(assignment_text: &str, student: &str, answers_json: &str) -> Result<String, JsError> {
    let a = parse_assignment(assignment_text)?;
    let answers = serde_json::from_str(answers_json)
        .map_err(|e| JsError::new(&format!("the answers are not an object of numbers by question id: {e}")))?;
    let submission = a.submission(student, answers).map_err(|e| JsError::new(&e))?;
    Ok(serde_json::to_string_pretty(&submission).expect("a submission serializes"))
}

/// An assignment, or an `Error` whose message is the JSON array of its errors.
fn parse_assignment(text: &str) -> Result<assignment::Assignment, JsError> {
    assignment::parse(text).map_err(|errors| JsError::new(&to_json!(&errors)))
}
