//! What every system's description must hold (`crate::describe`), checked for each system.
use super::{SystemConfig, SystemKind};
use crate::scenario::{fields, Scenario};

fn descriptions() -> impl Iterator<Item = (SystemKind, &'static crate::describe::Description)> {
    SystemKind::ALL.iter().map(|&kind| {
        let s = Scenario { config: SystemConfig::default_for(kind), ..Scenario::default() };
        (kind, super::description(&Scenario { system: crate::scenario::System { kind }, ..s }))
    })
}

#[test]
fn record_kinds_are_numbered_in_order_and_described() {
    for (kind, d) in descriptions() {
        assert!(d.records.len() <= crate::kernel::trace::KINDS, "{kind:?}: the trace counts kinds below KINDS");
        for (i, info) in d.records.iter().enumerate() {
            assert_eq!(info.id as usize, i, "{kind:?}");
            assert!(info.fields.iter().all(|f| ["entity", "a", "b", "c"].contains(&f.field)), "{}", info.name);
            // Bits of one field must stay below 2^53 (exact in JavaScript).
            assert!(info.fields.iter().all(|f| f.shift as u32 + f.bits as u32 <= 53), "{}", info.name);
            // Every `{label}` of the event-log sentence names one of the kind's fields.
            for part in info.text.split('{').skip(1) {
                let (label, after) = part.split_once('}').unwrap_or_default();
                let field = info.fields.iter().find(|f| f.label == label);
                assert!(field.is_some(), "{}: {{{label}}}", info.name);
                // The value is shown with its unit: the sentence must not say it again
                // ("557 objects objects").
                let unit = field.map(|f| f.unit).unwrap_or_default();
                let next = after.trim_start().split(|c: char| !c.is_alphanumeric()).next().unwrap_or_default();
                assert!(unit.is_empty() || !unit.split(' ').any(|w| w == next), "{}: {{{label}}} {next}", info.name);
            }
        }
    }
}

#[test]
fn every_knob_is_a_field_of_its_system() {
    for (kind, d) in descriptions() {
        assert_eq!(d.kind, kind.name());
        for knob in d.knobs {
            assert!(fields::field(kind, knob).is_some(), "{kind:?}: {knob}");
        }
    }
}
