//! A commented assignment around a scenario file (`storelab assignment new`): its header, the
//! scenario inline, examples of `[[vary]]` for the system's knobs, and one question of each kind
//! that a run of the scenario answers (the template runs it once to choose them), so the file
//! checks as written and is edited from there.
use toml_edit::{DocumentMut, Item, Table};

use super::types::FORMAT;
use super::ENGINE_VERSION;
use crate::kernel::time;
use crate::scenario::fields::{self, Kind};
use crate::scenario::text::toml_error;
use crate::scenario::{self, Scenario, ScenarioError};
use crate::systems::{self, Simulation};

/// `scenario_text`'s sections as `[scenario.<section>]` tables, their comments kept: the inverse
/// of reading an assignment's inline scenario.
pub fn embed_scenario(scenario_text: &str) -> Result<String, ScenarioError> {
    let doc: DocumentMut = scenario_text.parse().map_err(|e| toml_error(scenario_text, &e))?;
    let mut scenario = Table::new();
    scenario.set_implicit(true);
    for (key, item) in doc.iter() {
        scenario.insert(key, item.clone());
    }
    let mut out = DocumentMut::new();
    out.insert("scenario", Item::Table(scenario));
    Ok(out.to_string())
}

/// The template of an assignment named `name` on the scenario `scenario_text` (read from
/// `source`), whose seed rule uses `salt`.
pub fn template(source: &str, scenario_text: &str, name: &str, salt: &str) -> Result<String, Vec<ScenarioError>> {
    let s = scenario::parse(scenario_text)?;
    let inline = embed_scenario(scenario_text).map_err(|e| vec![e])?;
    let quoted = |text: &str| toml_edit::Value::from(text).to_string();
    Ok(format!(
        "# An assignment made from {source} by `storelab assignment new`. Edit it, then check it:\n\
         #   storelab assignment check FILE\n\
         # The format is in docs/assignments.md; `storelab assignment schema` prints its JSON schema.\n\
         \n\
         [assignment]\n\
         format = {FORMAT}\n\
         name = {name}\n\
         title = {title}\n\
         # What students read above the questions (Markdown).\n\
         description = \"\"\n\
         # The engine the answers are computed with: another engine refuses to key or grade.\n\
         engine = \"{ENGINE_VERSION}\"\n\
         # The seed rule's salt: a student's seed is SHA-256(salt, 0x00, id). Keep it for the\n\
         # assignment's life: another salt gives every student another problem.\n\
         salt = {salt}\n\
         # When the answers with reveal = \"after_due\" are shown (a date-time with its offset):\n\
         # due = 2025-12-05T23:59:00Z\n\
         \n\
         # The scenario, as in {source}. It runs once for every student's key and grade: keep the\n\
         # run short (a minute of simulated time runs in well under a second).\n\
         {inline}\n\
         # Fields each student gets their own value of, drawn by their seed: uncomment and edit.\n\
         # Give each one of uniform = [low, high] (with decimals), integer = [low, high] or\n\
         # choice = [values]; `check` refuses a range whose ends make an invalid scenario.\n\
         {vary}\n\
         # The questions, one of each kind. Answers are in the unit each names; `tolerance` is the\n\
         # larger of absolute and relative × |answer|; reveal is \"always\", \"after_submit\" (the\n\
         # default), \"after_due\" or \"never\".\n\
         {questions}",
        name = quoted(name),
        title = quoted(&s.meta.title),
        salt = quoted(salt),
        vary = vary_examples(&s),
        questions = question_examples(&s),
    ))
}

/// Commented `[[vary]]` examples for the system's first knobs, around their values in `s`.
fn vary_examples(s: &Scenario) -> String {
    let kind = s.system.kind;
    let examples: Vec<String> = systems::description(s)
        .knobs
        .iter()
        .filter_map(|path| fields::field(kind, path))
        .take(3)
        .filter_map(|spec| {
            let range = match &spec.kind {
                Kind::Integer(_) => {
                    let v = spec.get(s).unwrap_or(1.0);
                    format!("integer = [{}, {v}]", (v / 2.0).ceil().max(1.0))
                }
                Kind::Number(_) => {
                    let v = spec.get(s).unwrap_or(1.0);
                    format!("uniform = [{}, {v}]\n# decimals = 1", v / 2.0)
                }
                Kind::Choice(choices) => {
                    let names: Vec<String> = choices.iter().map(|c| format!("\"{c}\"")).collect();
                    format!("choice = [{}]", names.join(", "))
                }
                _ => return None,
            };
            Some(format!("# [[vary]]\n# field = \"{}\"\n# {range}\n", spec.path))
        })
        .collect();
    examples.join("#\n")
}

/// One question of each kind that a run of `s` answers.
fn question_examples(s: &Scenario) -> String {
    let d = systems::description(s);
    let mut sim = Simulation::new(s, s.meta.seed);
    sim.run();
    let summary = serde_json::to_value(sim.summary()).expect("a summary serializes");
    let defined = |path: &str| path.split('.').fold(&summary, |v, k| &v[k]).as_f64().is_some_and(f64::is_finite);
    let mut out = Vec::new();
    if let Some(f) = d.figures.iter().find(|f| f.applies_to(s) && defined(f.path)) {
        out.push(format!(
            "[[question]]\nid = \"figure\"\nprompt = \"What is the {label}{unit} over the measured window?\"\n\
             kind = \"figure\"\nfigure = \"{path}\"\ntolerance = {{ relative = 0.02 }}\npoints = 1\n",
            label = f.label,
            unit = if f.unit.is_empty() { String::new() } else { format!(" ({})", f.unit) },
            path = f.path
        ));
    }
    // A kind the lab can step to, if the run has one; else any the run has.
    let seen = |r: &&crate::describe::RecordKindInfo| sim.trace().count(r.id) > 0;
    let record = d.records.iter().filter(seen).find(|r| r.step.is_some()).or(d.records.iter().find(seen));
    if let Some(r) = record {
        out.push(format!(
            "[[question]]\nid = \"first\"\nprompt = \"At what simulated time (s) is the first '{label}' record?\"\n\
             kind = \"record_time\"\nrecord = \"{name}\"\nnth = 1\ntolerance = {{ absolute = 0.001 }}\npoints = 1\n",
            label = r.label,
            name = r.name
        ));
        out.push(format!(
            "[[question]]\nid = \"count\"\nprompt = \"How many '{label}' records does the whole run have?\"\n\
             kind = \"record_count\"\nrecord = \"{name}\"\npoints = 1\n",
            label = r.label,
            name = r.name
        ));
    }
    // Halfway through the run, in whole seconds when it is long enough, else in whole ms.
    let end_s = time::to_s(sim.now());
    let at_s = if end_s >= 2.0 { (end_s / 2.0).floor() } else { (end_s * 500.0).floor() / 1000.0 };
    let mut halfway = Simulation::new(s, s.meta.seed);
    halfway.run_until(time::from_s(at_s));
    let frame = halfway.frame();
    let scalar = d.sections.iter().find_map(|sec| {
        let numeric = |c: &&crate::describe::ColumnInfo| {
            c.values.is_empty() && frame.section(sec.name).scalar(c.name).is_finite()
        };
        Some((sec, sec.scalars.iter().find(numeric)?))
    });
    if let Some((section, c)) = scalar {
        out.push(format!(
            "[[question]]\nid = \"at\"\nprompt = \"What is '{label}' ({unit}) at {at_s} s?\"\nkind = \"figure_at\"\n\
             figure = \"{section}.{name}\"\nat_s = {at_s}\ntolerance = {{ relative = 0.01 }}\npoints = 1\n",
            label = c.label,
            unit = if c.unit.is_empty() { "a count" } else { c.unit },
            section = section.name,
            name = c.name
        ));
    }
    out.join("\n")
}
