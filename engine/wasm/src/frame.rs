//! The per-frame reads of `Lab`: `drain_trace` and `snapshot` do the work once, and the getters
//! hand out their results as typed arrays: the trace as columns, the frame section by section
//! (each section's scalars as one `Float64Array`, each of its columns as a typed array of the
//! type its description gives). Nothing here knows which system is running.
use crate::Lab;
use storelab_core::frame::{Column, Section};
use storelab_core::kernel::Phase;
use wasm_bindgen::prelude::*;

/// The most records one frame carries: at fast-forward a frame spans tens of thousands, of which the
/// event log keeps the last few thousand and the other views need only a few kinds.
const FRAME_RECORDS: usize = 8192;

/// Trace records, struct of arrays, as `TraceBatch` in web/src/engine/types.ts.
#[derive(Default)]
pub(crate) struct TraceColumns {
    t: Vec<f64>,
    kind: Vec<u8>,
    entity: Vec<u32>,
    a: Vec<f64>,
    b: Vec<f64>,
    c: Vec<f64>,
    lost: u64,
}

#[wasm_bindgen]
impl Lab {
    /// Moves the records emitted since the previous drain (or since this Lab was created or
    /// forked) into the `trace_*` columns; returns how many there are. Of a long batch only the
    /// newest `FRAME_RECORDS` are kept, plus every record of the kinds described as `kept_in_full`;
    /// `trace_lost` counts the rest and the records the bounded ring no longer held.
    pub fn drain_trace(&mut self) -> u32 {
        let (records, lost, next) = self.sim.trace().since(self.cursor);
        let older = records.len().saturating_sub(FRAME_RECORDS);
        let kinds = self.sim.description().records;
        let kept_in_full = |kind: u8| kinds.get(kind as usize).is_some_and(|k| k.kept_in_full);
        let d = &mut self.drained;
        for v in [&mut d.t, &mut d.a, &mut d.b, &mut d.c] {
            v.clear();
        }
        d.kind.clear();
        d.entity.clear();
        let mut elided = 0;
        for (i, r) in records.enumerate() {
            if i < older && !kept_in_full(r.kind) {
                elided += 1;
                continue;
            }
            d.t.push(r.t as f64);
            d.kind.push(r.kind);
            d.entity.push(r.entity);
            d.a.push(r.a as f64);
            d.b.push(r.b as f64);
            d.c.push(r.c as f64);
        }
        d.lost = lost + elided;
        self.cursor = next;
        d.t.len() as u32
    }

    /// Records emitted so far per kind, in the system's numbering, whether or not they were
    /// drained.
    pub fn trace_counts(&self) -> Vec<f64> {
        self.sim.description().records.iter().map(|r| self.sim.trace().count(r.id) as f64).collect()
    }

    pub fn trace_t(&self) -> Vec<f64> {
        self.drained.t.clone()
    }
    pub fn trace_kind(&self) -> Vec<u8> {
        self.drained.kind.clone()
    }
    pub fn trace_entity(&self) -> Vec<u32> {
        self.drained.entity.clone()
    }
    pub fn trace_a(&self) -> Vec<f64> {
        self.drained.a.clone()
    }
    pub fn trace_b(&self) -> Vec<f64> {
        self.drained.b.clone()
    }
    pub fn trace_c(&self) -> Vec<f64> {
        self.drained.c.clone()
    }
    pub fn trace_lost(&self) -> f64 {
        self.drained.lost as f64
    }

    /// Takes the frame the getters below read, at the current simulated time: the sections the
    /// system's description declares (`describe_json`'s `sections`), in its order.
    pub fn snapshot(&mut self) {
        self.snap = self.sim.frame();
    }

    /// 0 warm-up, 1 measuring, 2 done.
    pub fn phase(&self) -> u8 {
        match self.sim.phase() {
            Phase::Warmup => 0,
            Phase::Measuring => 1,
            Phase::Done => 2,
        }
    }

    /// Section `section`'s scalars, in the description's order.
    pub fn section_scalars(&self, section: f64) -> Result<Vec<f64>, JsError> {
        Ok(self.section(section)?.scalars.clone())
    }
    /// Column `column` of section `section` when the description says it is `u8`; else empty.
    pub fn section_u8(&self, section: f64, column: f64) -> Result<Vec<u8>, JsError> {
        Ok(match self.column(section, column)? {
            Column::U8(v) => v.clone(),
            _ => Vec::new(),
        })
    }
    /// Column `column` of section `section` when it is `u32`; else empty.
    pub fn section_u32(&self, section: f64, column: f64) -> Result<Vec<u32>, JsError> {
        Ok(match self.column(section, column)? {
            Column::U32(v) => v.clone(),
            _ => Vec::new(),
        })
    }
    /// Column `column` of section `section` when it is `f64`; else empty.
    pub fn section_f64(&self, section: f64, column: f64) -> Result<Vec<f64>, JsError> {
        Ok(match self.column(section, column)? {
            Column::F64(v) => v.clone(),
            _ => Vec::new(),
        })
    }
}

impl Lab {
    /// The last snapshot's section `i`; an index the frame does not have is refused by name.
    fn section(&self, i: f64) -> Result<&Section, JsError> {
        let sections = &self.snap.0;
        Ok(&sections[index(i, sections.len(), "section", "the frame")?])
    }

    fn column(&self, section: f64, i: f64) -> Result<&Column, JsError> {
        let s = self.section(section)?;
        Ok(&s.columns[index(i, s.columns.len(), "column", &format!("section {section}"))?])
    }
}

/// `i` as an index into something of `len` `what`s; an error that says what exists otherwise.
pub(crate) fn index(i: f64, len: usize, what: &str, of: &str) -> Result<usize, JsError> {
    if i.fract() == 0.0 && i >= 0.0 && i < len as f64 {
        return Ok(i as usize);
    }
    Err(JsError::new(&format!("{of} has no {what} {i}: its {what}s are 0 to {} ({len} of them)", len as f64 - 1.0)))
}
