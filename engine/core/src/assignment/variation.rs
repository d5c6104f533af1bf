//! Per-student variation: each `[[vary]]` field's value drawn from the student's seed, and the
//! student's problem, the inline scenario as a scenario file with those values (and the run seed)
//! written in. The problem is text, so the CLI and the browser read the very same scenario.
use serde::Serialize;
use toml_edit::DocumentMut;

use super::types::{Pick, Vary};
use crate::kernel::rng::Rng;
use crate::scenario::{self, ScenarioError, MAX_SEED};

/// The RNG streams of the draws: stream `VARY_STREAM + i` for `[[vary]]` entry i, so adding an
/// entry at the end leaves the others' draws as they were.
const VARY_STREAM: u64 = 0x5641_5259; // "VARY"

/// Powers of ten for rounding to `decimals` places, exact in f64 (no `powi`, whose result may
/// differ between targets).
const TENS: [f64; 7] = [1.0, 10.0, 100.0, 1e3, 1e4, 1e5, 1e6];

/// One varied field and the value a student got.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Drawn {
    pub field: String,
    pub value: Pick,
}

/// The value of `[[vary]]` entry `index` for the student with seed `seed`.
pub fn draw(vary: &Vary, index: usize, seed: u64) -> Pick {
    let mut rng = Rng::stream(seed, VARY_STREAM + index as u64);
    if let Some([low, high]) = vary.uniform {
        let x = low + rng.unit() * (high - low);
        let tens = TENS[vary.decimals as usize];
        return Pick::Number(((x * tens).round() / tens).clamp(low, high));
    }
    if let Some([low, high]) = vary.integer {
        // Checked: high − low + 1 fits a u32.
        let span = (high - low + 1) as u32;
        return Pick::Number((low + i64::from(rng.below(span))) as f64);
    }
    let choices = vary.choice.as_ref().expect("checked: a vary entry gives uniform, integer or choice");
    choices[rng.below(choices.len() as u32) as usize].clone()
}

/// A value as TOML, for `scenario::apply_override`: a whole number as an integer (so it suits an
/// integer field), any other number as the shortest decimal that reads back to it.
pub fn toml_value(value: &Pick) -> String {
    match value {
        Pick::Number(x) if x.fract() == 0.0 && x.abs() < 9.0e15 => format!("{}", *x as i64),
        Pick::Number(x) => format!("{x}"),
        Pick::Name(name) => toml_edit::Value::from(name.as_str()).to_string(),
    }
}

/// The inline `[scenario]` of an assignment's text as a scenario file's text: its sections as
/// top-level tables, their comments kept.
pub(crate) fn inline_scenario(text: &str) -> String {
    let doc: DocumentMut = text.parse().expect("an assignment's text was parsed before");
    let mut out = DocumentMut::new();
    if let Some(scenario) = doc.get("scenario").and_then(|s| s.as_table_like()) {
        for (key, item) in scenario.iter() {
            out.insert(key, item.clone());
        }
    }
    out.to_string().trim_start().to_string()
}

/// `scenario_text` with `values` and, when given, `meta.seed` written in, under the comment
/// `header`.
pub(crate) fn with_values(
    scenario_text: &str,
    header: &str,
    values: &[Drawn],
    run_seed: Option<u64>,
) -> Result<String, ScenarioError> {
    let mut text = format!("{header}{scenario_text}");
    for d in values {
        text = scenario::apply_override(&text, &d.field, &toml_value(&d.value))?;
    }
    if let Some(seed) = run_seed {
        text = scenario::apply_override(&text, "meta.seed", &(seed & MAX_SEED).to_string())?;
    }
    Ok(text)
}

/// The values at the ends of the ranges, combined: every combination of each entry's ends (every
/// value of a choice) when there are at most `max`, else each entry's ends with the others at
/// their first.
pub(crate) fn corners(vary: &[Vary], max: usize) -> Vec<Vec<Drawn>> {
    let ends: Vec<Vec<Pick>> = vary.iter().map(range_ends).collect();
    let combinations = ends.iter().try_fold(1usize, |n, e| n.checked_mul(e.len())).filter(|&n| n <= max);
    let picks: Vec<Vec<usize>> = match combinations {
        _ if vary.is_empty() => Vec::new(),
        Some(n) => (0..n)
            .map(|mut k| {
                ends.iter()
                    .map(|e| {
                        let pick = k % e.len();
                        k /= e.len();
                        pick
                    })
                    .collect()
            })
            .collect(),
        None => (0..ends.len())
            .flat_map(|i| (0..ends[i].len()).map(move |pick| (i, pick)))
            .map(|(i, pick)| (0..ends.len()).map(|j| if j == i { pick } else { 0 }).collect())
            .collect(),
    };
    picks
        .into_iter()
        .map(|pick| {
            vary.iter()
                .zip(pick)
                .zip(&ends)
                .map(|((v, p), e)| Drawn { field: v.field.clone(), value: e[p].clone() })
                .collect()
        })
        .collect()
}

/// The values a corner takes from one entry: a range's two ends, or every choice.
fn range_ends(v: &Vary) -> Vec<Pick> {
    match (v.uniform, v.integer, &v.choice) {
        (Some([low, high]), _, _) => vec![Pick::Number(low), Pick::Number(high)],
        (_, Some([low, high]), _) => vec![Pick::Number(low as f64), Pick::Number(high as f64)],
        (_, _, Some(choices)) => choices.clone(),
        _ => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn vary(uniform: Option<[f64; 2]>, integer: Option<[i64; 2]>, choice: Option<Vec<Pick>>) -> Vary {
        Vary { field: "server.mob_mb".into(), uniform, integer, choice, decimals: 1 }
    }

    #[test]
    fn draws_stay_in_their_range_and_depend_on_the_seed_only() {
        let uniform = vary(Some([2.0, 8.0]), None, None);
        let integer = vary(None, Some([3, 5]), None);
        let choice = vary(None, None, Some(vec![Pick::Name("a".into()), Pick::Name("b".into())]));
        let mut seen = std::collections::BTreeSet::new();
        for seed in 0..200 {
            let Pick::Number(x) = draw(&uniform, 0, seed) else { panic!() };
            assert!((2.0..=8.0).contains(&x) && (x * 10.0).fract() == 0.0, "{x}");
            let Pick::Number(n) = draw(&integer, 1, seed) else { panic!() };
            seen.insert(n as i64);
            assert!(matches!(draw(&choice, 2, seed), Pick::Name(_)));
            assert_eq!(draw(&uniform, 0, seed), draw(&uniform, 0, seed));
        }
        assert_eq!(seen.into_iter().collect::<Vec<_>>(), [3, 4, 5], "every whole number is drawn");
    }

    #[test]
    fn values_are_written_as_toml_that_reads_back() {
        assert_eq!(toml_value(&Pick::Number(7.0)), "7");
        assert_eq!(toml_value(&Pick::Number(0.1)), "0.1");
        assert_eq!(toml_value(&Pick::Name("write_optimized".into())), "\"write_optimized\"");
    }

    #[test]
    fn the_inline_scenario_becomes_a_scenario_file() {
        let text = "[assignment]\nname = \"x\"\n\n# the model\n[scenario.meta]\ntitle = \"t\"\n\n[scenario.server]\nmob_mb = 4 # small\n\n[[question]]\nid = \"q\"\n";
        let scenario = inline_scenario(text);
        assert_eq!(scenario, "# the model\n[meta]\ntitle = \"t\"\n\n[server]\nmob_mb = 4 # small\n");
        let values = [Drawn { field: "server.mob_mb".into(), value: Pick::Number(6.5) }];
        let problem = with_values(&scenario, "# student x\n", &values, Some(u64::MAX)).unwrap();
        let s = scenario::parse(&problem).unwrap();
        assert_eq!((s.mob().server.mob_mb, s.meta.seed), (6.5, MAX_SEED));
        assert!(problem.starts_with("# student x\n# the model\n[meta]"), "{problem}");
    }
}
