//! The range rules that parameters declare beside their fields (garde custom rules), for every
//! section that declares parameters: the scenario's common sections, the systems' and the
//! components' own.

/// garde's `range` is inclusive; the fields that must be above 0 (stated in the schema as
/// `"exclusiveMinimum": 0`) use this rule instead of a minimum.
pub(crate) fn positive<T: Positive>(value: &T, _: &()) -> garde::Result {
    if value.positive() {
        Ok(())
    } else {
        Err(garde::Error::new("not above 0"))
    }
}

pub(crate) trait Positive {
    fn positive(&self) -> bool;
}

impl Positive for f64 {
    fn positive(&self) -> bool {
        *self > 0.0
    }
}

impl Positive for Option<f64> {
    fn positive(&self) -> bool {
        self.is_none_or(|v| v > 0.0)
    }
}
