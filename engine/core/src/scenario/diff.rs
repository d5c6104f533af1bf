//! How one scenario differs from another, field by field: what the lab says of a gallery
//! scenario that was edited (its title, its intro and a permalink of it), so a run never passes
//! for the original it no longer is. The description (`meta`) is not a parameter: it is left out.
use serde::Serialize;
use serde_json::Value;

use super::Scenario;

/// A field whose value differs: its dotted path, the value in the scenario and in the original.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Difference {
    pub path: String,
    pub value: Value,
    pub original: Value,
}

/// Every parameter where `s` differs from `original`, in the order of the sections and fields;
/// a list is one value. Two systems differ only in `system.kind`.
pub fn differences(s: &Scenario, original: &Scenario) -> Vec<Difference> {
    let [a, b] = [s, original].map(|x| serde_json::to_value(x).expect("a scenario serializes"));
    let mut out = Vec::new();
    if s.system.kind != original.system.kind {
        leaves(&a["system"], &b["system"], "system", &mut out);
        return out;
    }
    for (section, value) in a.as_object().into_iter().flatten().filter(|(k, _)| k.as_str() != "meta") {
        leaves(value, &b[section], section, &mut out);
    }
    out
}

fn leaves(a: &Value, b: &Value, path: &str, out: &mut Vec<Difference>) {
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            for (key, value) in x {
                leaves(value, y.get(key).unwrap_or(&Value::Null), &format!("{path}.{key}"), out);
            }
        }
        _ if a != b => out.push(Difference { path: path.to_string(), value: a.clone(), original: b.clone() }),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::parse;

    #[test]
    fn names_each_parameter_that_differs_and_not_the_description() {
        let original = parse("[meta]\ntitle = \"t\"\n[server]\nmob_mb = 12\n").unwrap();
        let edited = parse(
            "[meta]\ntitle = \"t\"\ndescription = \"mine\"\n[server]\nmob_mb = 8\n[workload]\nwrite_prob = 0.5\n",
        )
        .unwrap();
        let d = differences(&edited, &original);
        let paths: Vec<&str> = d.iter().map(|x| x.path.as_str()).collect();
        // In the order the system declares its sections: [workload] before [server].
        assert_eq!(paths, ["workload.write_prob", "server.mob_mb"]);
        assert_eq!((d[1].value.as_f64(), d[1].original.as_f64()), (Some(8.0), Some(12.0)));
        assert!(differences(&original, &original).is_empty());
        let hac = parse("[meta]\ntitle = \"t\"\n[system]\nkind = \"hac\"\n").unwrap();
        assert_eq!(differences(&hac, &original).iter().map(|x| x.path.as_str()).collect::<Vec<_>>(), ["system.kind"]);
    }
}
