//! A frame: what the views draw at one simulated time, as the sections the system declares in its
//! description (`describe::SectionInfo`). Each section is a few named scalars and a table of
//! equally long columns, so the WASM facade hands each column to JavaScript as one typed array
//! and the web app reads them by name, with no per-system code between the engine and the views.
use crate::describe::{ColumnType, SectionInfo};

/// One column of a section's table.
#[derive(Clone, Debug, PartialEq)]
pub enum Column {
    U8(Vec<u8>),
    U32(Vec<u32>),
    F64(Vec<f64>),
}

impl Column {
    pub fn len(&self) -> usize {
        match self {
            Column::U8(v) => v.len(),
            Column::U32(v) => v.len(),
            Column::F64(v) => v.len(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub fn ty(&self) -> ColumnType {
        match self {
            Column::U8(_) => ColumnType::U8,
            Column::U32(_) => ColumnType::U32,
            Column::F64(_) => ColumnType::F64,
        }
    }

    /// Entry `i` as a number, whatever its type.
    pub fn get(&self, i: usize) -> f64 {
        match self {
            Column::U8(v) => v[i] as f64,
            Column::U32(v) => v[i] as f64,
            Column::F64(v) => v[i],
        }
    }
}

/// A section's values, in the order of its `SectionInfo`; filled by name, so a system's frame
/// code cannot put a value under the wrong name.
#[derive(Clone, Debug)]
pub struct Section {
    pub info: &'static SectionInfo,
    pub scalars: Vec<f64>,
    pub columns: Vec<Column>,
}

impl PartialEq for Section {
    fn eq(&self, other: &Section) -> bool {
        self.info.name == other.info.name && self.scalars == other.scalars && self.columns == other.columns
    }
}

impl Section {
    /// Every scalar NaN and every column empty until set.
    pub fn new(info: &'static SectionInfo) -> Section {
        let columns = info
            .columns
            .iter()
            .map(|c| match c.ty {
                ColumnType::U8 => Column::U8(Vec::new()),
                ColumnType::U32 => Column::U32(Vec::new()),
                ColumnType::F64 => Column::F64(Vec::new()),
            })
            .collect();
        Section { info, scalars: vec![f64::NAN; info.scalars.len()], columns }
    }

    /// Sets the scalar `name`; panics if the section declares none by that name.
    pub fn set(&mut self, name: &str, value: f64) -> &mut Section {
        let i = self.info.scalars.iter().position(|c| c.name == name);
        let i = i.unwrap_or_else(|| panic!("section {} declares no scalar {name}", self.info.name));
        self.scalars[i] = value;
        self
    }

    /// Sets the column `name`; panics if the section declares none by that name and type.
    pub fn column(&mut self, name: &str, values: Column) -> &mut Section {
        let i = self.info.columns.iter().position(|c| c.name == name && c.ty == values.ty());
        let i = i.unwrap_or_else(|| panic!("section {} declares no {:?} column {name}", self.info.name, values.ty()));
        self.columns[i] = values;
        self
    }

    /// Sets the `u8` column `name` to `values`.
    pub fn u8s(&mut self, name: &str, values: impl IntoIterator<Item = u8>) -> &mut Section {
        self.column(name, Column::U8(values.into_iter().collect()))
    }

    /// Sets the `u32` column `name` to `values`.
    pub fn u32s(&mut self, name: &str, values: impl IntoIterator<Item = u32>) -> &mut Section {
        self.column(name, Column::U32(values.into_iter().collect()))
    }

    /// Sets the `f64` column `name` to `values`.
    pub fn f64s(&mut self, name: &str, values: impl IntoIterator<Item = f64>) -> &mut Section {
        self.column(name, Column::F64(values.into_iter().collect()))
    }

    pub fn scalar(&self, name: &str) -> f64 {
        let i = self.info.scalars.iter().position(|c| c.name == name);
        self.scalars[i.unwrap_or_else(|| panic!("section {} has no scalar {name}", self.info.name))]
    }

    pub fn get(&self, name: &str) -> &Column {
        let i = self.info.columns.iter().position(|c| c.name == name);
        &self.columns[i.unwrap_or_else(|| panic!("section {} has no column {name}", self.info.name))]
    }

    /// Rows in the table (its columns are equally long).
    pub fn rows(&self) -> usize {
        self.columns.first().map_or(0, Column::len)
    }
}

/// The sections of one frame, in the description's order.
#[derive(Clone, Debug, PartialEq)]
pub struct Frame(pub Vec<Section>);

impl Frame {
    pub fn section(&self, name: &str) -> &Section {
        self.0.iter().find(|s| s.info.name == name).unwrap_or_else(|| panic!("no frame section {name}"))
    }

    /// Checks the frame against the description's sections: each present, in order, every scalar
    /// set, every table's columns equally long. What a test of a system's frame code asserts.
    pub fn check(&self, sections: &[SectionInfo]) -> Result<(), String> {
        let names = |v: &mut dyn Iterator<Item = &'static str>| v.collect::<Vec<_>>();
        let have = names(&mut self.0.iter().map(|s| s.info.name));
        let want = names(&mut sections.iter().map(|s| s.name));
        if have != want {
            return Err(format!("sections {have:?}, described {want:?}"));
        }
        for s in &self.0 {
            if let Some(i) = s.scalars.iter().position(|v| v.is_nan()) {
                return Err(format!("{}.{} was not set", s.info.name, s.info.scalars[i].name));
            }
            if let Some(c) = s.columns.iter().position(|c| c.len() != s.rows()) {
                return Err(format!(
                    "{}.{} has {} rows, not {}",
                    s.info.name,
                    s.info.columns[c].name,
                    s.columns[c].len(),
                    s.rows()
                ));
            }
        }
        Ok(())
    }
}
