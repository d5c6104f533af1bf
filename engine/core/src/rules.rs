//! The range rules that parameters declare beside their fields (garde custom rules), for every
//! section that declares parameters: the scenario's common sections, the systems' and the
//! components' own; the `Problem` a rule between fields reports, wherever it is checked (a
//! component, a system or the scenario), before the scenario places it in the text.

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

/// A problem found before it is placed in the text (a system's rules between its fields make
/// them too: `PaperSystem::config_problems`).
#[derive(Debug)]
pub struct Problem {
    pub(crate) path: String,
    pub(crate) message: String,
    pub(crate) expected: Option<String>,
    pub(crate) range: Option<String>,
    /// Where it is in the text, when the check knows; otherwise `path` is looked up.
    pub(crate) span: Option<std::ops::Range<usize>>,
    /// Other fields the problem involves: it is shown at the first of them written in the text
    /// when `path` itself is not (e.g. `cluster_len = 1000` against the default cluster region).
    pub(crate) related: Vec<&'static str>,
}

impl Problem {
    pub fn new(path: impl Into<String>, message: impl Into<String>) -> Problem {
        Problem {
            path: path.into(),
            message: message.into(),
            expected: None,
            range: None,
            span: None,
            related: Vec::new(),
        }
    }

    pub fn expected(mut self, expected: impl Into<String>) -> Problem {
        self.expected = Some(expected.into());
        self
    }

    pub fn range(mut self, range: impl Into<String>) -> Problem {
        self.range = Some(range.into());
        self
    }

    pub(crate) fn span(mut self, span: Option<std::ops::Range<usize>>) -> Problem {
        self.span = span;
        self
    }

    pub fn related(mut self, paths: &[&'static str]) -> Problem {
        self.related = paths.to_vec();
        self
    }

    /// The message with the range, for callers that get no separate range field.
    pub(crate) fn full_message(&self) -> String {
        match &self.range {
            Some(range) => format!("{} (allowed {range})", self.message),
            None => self.message.clone(),
        }
    }
}

/// Rounded to one decimal for messages: 17.3828125 → 17.4, 100.0 → 100.
pub(crate) fn tenths(x: f64) -> f64 {
    (x * 10.0).round() / 10.0
}

/// 50000000 → "50,000,000".
pub(crate) fn thousands(n: f64) -> String {
    let digits = format!("{n:.0}");
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}
