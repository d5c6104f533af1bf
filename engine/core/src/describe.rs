//! Self-description of a system's observations (DESIGN.md §2): its trace record kinds with the
//! meaning and unit of each field, the sections of its frames with their named columns, its
//! summary figures, and the views the web app shows for it. Each system declares these once, next
//! to its code; the CLI prints them (`storelab describe`) and the web app reads them once per
//! load, so no record kind or figure is named or numbered a second time elsewhere.
use serde::Serialize;

/// One field of a trace record: `entity`, `a`, `b` or `c`, or some bits of one.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct FieldInfo {
    pub field: &'static str,
    pub label: &'static str,
    /// Empty for a count or an id.
    pub unit: &'static str,
    /// The value is `(field >> shift) & (2^bits − 1)`; `bits` 0 means the whole field.
    pub shift: u8,
    pub bits: u8,
    /// Names of the values, when the field is an enumeration (e.g. the request kinds).
    pub values: &'static [&'static str],
}

impl FieldInfo {
    pub const fn new(field: &'static str, label: &'static str, unit: &'static str) -> FieldInfo {
        FieldInfo { field, label, unit, shift: 0, bits: 0, values: &[] }
    }

    /// Only bits `shift .. shift + bits` of the field.
    pub const fn bits(self, shift: u8, bits: u8) -> FieldInfo {
        FieldInfo { shift, bits, ..self }
    }

    pub const fn values(self, values: &'static [&'static str]) -> FieldInfo {
        FieldInfo { values, ..self }
    }
}

/// A trace record kind: its number in the trace, its name, and its fields.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct RecordKindInfo {
    pub id: u8,
    /// snake_case, stable: used in URLs, CSS class names and tests.
    pub name: &'static str,
    /// What the event log shows.
    pub label: &'static str,
    pub description: &'static str,
    /// The event log's sentence: `{label}` stands for the value of the field with that label,
    /// formatted by its unit (ns as ms, B as MB) or named by its `values`.
    pub text: &'static str,
    /// When set, the time controls offer "step to the next record of this kind" with this label.
    pub step: Option<&'static str>,
    /// Whether every record of this kind reaches the views; of the others, a frame spanning a
    /// long stretch of simulated time carries only the newest.
    pub kept_in_full: bool,
    pub fields: &'static [FieldInfo],
}

/// How a frame column's numbers travel: a scalar is always `F64`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum ColumnType {
    U8,
    U32,
    F64,
}

/// One named number of a frame section, or one column of its table.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct ColumnInfo {
    /// snake_case, stable: what the views read it by.
    pub name: &'static str,
    pub label: &'static str,
    /// Empty for a count or an id.
    pub unit: &'static str,
    #[serde(rename = "type")]
    pub ty: ColumnType,
    /// Names of the values, when the numbers are an enumeration.
    pub values: &'static [&'static str],
}

impl ColumnInfo {
    /// A scalar, or an `F64` column.
    pub const fn f64(name: &'static str, label: &'static str, unit: &'static str) -> ColumnInfo {
        ColumnInfo { name, label, unit, ty: ColumnType::F64, values: &[] }
    }
    pub const fn u32(name: &'static str, label: &'static str, unit: &'static str) -> ColumnInfo {
        ColumnInfo { ty: ColumnType::U32, ..ColumnInfo::f64(name, label, unit) }
    }
    pub const fn u8(name: &'static str, label: &'static str, unit: &'static str) -> ColumnInfo {
        ColumnInfo { ty: ColumnType::U8, ..ColumnInfo::f64(name, label, unit) }
    }
    pub const fn values(self, values: &'static [&'static str]) -> ColumnInfo {
        ColumnInfo { values, ..self }
    }
}

/// One section of a frame (`crate::frame`): a component's state at the frame's time, as named
/// scalars and a table of equally long columns.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct SectionInfo {
    pub name: &'static str,
    pub description: &'static str,
    pub scalars: &'static [ColumnInfo],
    /// What one row of the table is, e.g. "a chunk of the scan list, in log order".
    pub row: &'static str,
    pub columns: &'static [ColumnInfo],
}

/// A figure of a run's summary.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct FigureInfo {
    /// Dotted path in the summary's JSON, e.g. `disk_utilisation.write`.
    pub path: &'static str,
    pub label: &'static str,
    /// The unit after `scale` is applied, e.g. "%" for a fraction scaled by 100.
    pub unit: &'static str,
    pub scale: f64,
    pub description: &'static str,
    /// Set for a "%" figure that may pass 100%: one size over another (HAC's table over its
    /// frames). Every other "%" figure is a share of a whole (`is_share`), busy shares included:
    /// they count only the busy time inside their window.
    #[serde(skip)]
    pub may_pass_whole: bool,
    /// Set for a figure of one variant of the system only, as `[field path, value]`: the
    /// write-optimized layout's figures under `server.layout = "write_optimized"`. Reports
    /// leave it out of other runs (`applies_to`).
    pub only_when: Option<(&'static str, &'static [&'static str])>,
}

impl FigureInfo {
    /// Marks a figure as one of the runs whose field at `path` is one of `values` only.
    pub const fn only_when(self, path: &'static str, values: &'static [&'static str]) -> FigureInfo {
        FigureInfo { only_when: Some((path, values)), ..self }
    }

    /// Whether the figure belongs in a report of scenario `s`.
    pub fn applies_to(&self, s: &crate::scenario::Scenario) -> bool {
        let Some((path, values)) = self.only_when else { return true };
        let json = serde_json::to_value(s).expect("a scenario serializes");
        path.split('.').fold(&json, |v, k| &v[k]).as_str().is_some_and(|v| values.contains(&v))
    }

    /// Marks a "%" figure as a ratio that may pass 100%, not a share of a whole.
    pub const fn may_pass_whole(self) -> FigureInfo {
        FigureInfo { may_pass_whole: true, ..self }
    }

    /// Whether the figure is a share of a whole (a fraction shown in "%"), so within [0, 1]
    /// before `scale`: what `storelab merge` holds a shard's figures to.
    pub fn is_share(&self) -> bool {
        self.unit == "%" && !self.may_pass_whole
    }
}

/// A panel of the web app that the system shows, by the name of its component in
/// `web/src/views/`, with the title and hint the app gives it for this system.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct ViewInfo {
    pub view: &'static str,
    pub title: &'static str,
    pub hint: &'static str,
}

/// A section's scalars and columns, by type, for a system's frame sections (`view.rs`).
pub mod columns {
    use super::ColumnInfo;

    pub const fn f64(name: &'static str, label: &'static str, unit: &'static str) -> ColumnInfo {
        ColumnInfo::f64(name, label, unit)
    }
    pub const fn u32(name: &'static str, label: &'static str, unit: &'static str) -> ColumnInfo {
        ColumnInfo::u32(name, label, unit)
    }
    pub const fn u8(name: &'static str, label: &'static str, unit: &'static str) -> ColumnInfo {
        ColumnInfo::u8(name, label, unit)
    }
}

/// A summary figure, for a system's `describe.rs`.
pub const fn figure(
    path: &'static str,
    label: &'static str,
    unit: &'static str,
    scale: f64,
    description: &'static str,
) -> FigureInfo {
    FigureInfo { path, label, unit, scale, description, may_pass_whole: false, only_when: None }
}

/// A view of the lab, for a system's `describe.rs`.
pub const fn view(view: &'static str, title: &'static str, hint: &'static str) -> ViewInfo {
    ViewInfo { view, title, hint }
}

/// Everything a front end needs to name what a system reports.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Description {
    /// The `system.kind` of scenarios that select it.
    pub kind: &'static str,
    pub title: &'static str,
    pub paper: &'static str,
    pub records: &'static [RecordKindInfo],
    /// The sections of its frames, in the order `System::frame` returns them.
    pub sections: &'static [SectionInfo],
    pub figures: &'static [FigureInfo],
    /// In the order the lab lays them out.
    pub views: &'static [ViewInfo],
    /// The scenario fields students change most (dotted paths), in order: the form editor opens
    /// on them.
    pub knobs: &'static [&'static str],
    /// The sample figure that counts the work done so far (it only grows): compare mode plots
    /// the difference against it as well as against time, since two runs do the same work at
    /// different times.
    pub work: &'static str,
}

/// Declares a system's `RecordKind` and `RECORD_KINDS`, its description, from one list (in the
/// system's `records.rs`, which also defines `kept_in_full`). Kinds are numbered in order.
macro_rules! record_kinds {
    ($($kind:ident = $name:literal, $label:literal, $step:expr, $description:literal, $text:literal,
       [$($field:expr),* $(,)?];)*) => {
        /// The kinds of trace record the system emits; `RECORD_KINDS` says what each field means.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        #[repr(u8)]
        pub enum RecordKind {
            $($kind,)*
        }

        pub const RECORD_KINDS: &[RecordKindInfo] = &[
            $(RecordKindInfo {
                id: RecordKind::$kind as u8,
                name: $name,
                label: $label,
                description: $description,
                text: $text,
                step: $step,
                kept_in_full: kept_in_full(RecordKind::$kind),
                fields: &[$($field),*],
            },)*
        ];

        impl RecordKind {
            pub const ALL: &'static [RecordKind] = &[$(RecordKind::$kind),*];
        }
    };
}

pub(crate) use record_kinds;
