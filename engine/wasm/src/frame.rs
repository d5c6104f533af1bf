//! The per-frame reads of `Lab`: `drain_trace` and `snapshot` do the work once, and the getters
//! hand out their results as typed arrays and numbers. Small fixed groups of numbers (disk
//! geometry, the active request, MOB totals) travel as one short `Float64Array` each, in the
//! order their doc comment gives, rather than as a dozen separate calls.
use crate::Lab;
use storelab_core::systems::mob::records::RecordKind;
use storelab_core::systems::mob::view;
use storelab_core::Simulation;
use wasm_bindgen::prelude::*;

/// The most records one frame carries: at fast-forward a frame spans tens of thousands, of which the
/// event log keeps the last few thousand and the other views need only a few kinds.
const FRAME_RECORDS: usize = 8192;

/// Kinds every record of which reaches the views: the disk's requests (the head trace and the
/// breakdown), the flusher's passes and its page writes (the write-absorption counter).
fn kept_in_full(kind: u8) -> bool {
    use RecordKind::*;
    [DiskStart, DiskEnd, FlusherStart, FlusherPage, PageWrite].iter().any(|&k| k as u8 == kind)
}

/// The views' snapshot of the run. Frames are the MOB system's for now.
pub(crate) fn snapshot(sim: &Simulation) -> view::Snapshot {
    view::snapshot(sim.as_mob().expect("the lab runs MOB scenarios"))
}

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
    /// newest `FRAME_RECORDS` are kept, plus every record of the kinds the views need in full;
    /// `trace_lost` counts the rest and the records the bounded ring no longer held.
    pub fn drain_trace(&mut self) -> u32 {
        let (records, lost, next) = self.sim.trace().since(self.cursor);
        let older = records.len().saturating_sub(FRAME_RECORDS);
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

    /// Takes the snapshot the getters below read, at the current simulated time.
    pub fn snapshot(&mut self) {
        self.snap = snapshot(&self.sim);
    }

    /// 0 warm-up, 1 measuring, 2 done.
    pub fn phase(&self) -> u8 {
        self.snap.phase
    }
    pub fn objects_per_page(&self) -> u32 {
        self.snap.objects_per_page
    }
    pub fn pages(&self) -> u32 {
        self.snap.pages
    }

    pub fn mob_capacity(&self) -> f64 {
        self.snap.mob.capacity_bytes as f64
    }
    pub fn mob_used(&self) -> f64 {
        self.snap.mob.used_bytes as f64
    }
    pub fn mob_trigger(&self) -> f64 {
        self.snap.mob.trigger
    }
    pub fn mob_scan_frac(&self) -> f64 {
        self.snap.mob.scan_frac
    }
    pub fn mob_chunk_page(&self) -> Vec<u32> {
        self.snap.mob.chunk_page.clone()
    }
    pub fn mob_chunk_count(&self) -> Vec<u32> {
        self.snap.mob.chunk_count.clone()
    }
    pub fn mob_chunk_log_index(&self) -> Vec<f64> {
        self.snap.mob.chunk_log_index.clone()
    }
    pub fn mob_chunk_area(&self) -> Vec<u8> {
        self.snap.mob.chunk_area.clone()
    }
    /// [hot, warm, cold] bytes of object data.
    pub fn mob_data_bytes_by_area(&self) -> Vec<f64> {
        self.snap.mob.data_bytes_by_area.iter().map(|&b| b as f64).collect()
    }
    /// [inserted, superseded, removed] modifications since the start.
    pub fn mob_totals(&self) -> Vec<f64> {
        let m = &self.snap.mob;
        vec![m.inserted as f64, m.superseded as f64, m.removed as f64]
    }

    /// 0 idle, 1 reading, 2 writing.
    pub fn flusher_state(&self) -> u8 {
        self.snap.flusher.state
    }
    /// Page being read or written; -1 when idle.
    pub fn flusher_page(&self) -> f64 {
        self.snap.flusher.page as f64
    }
    pub fn flusher_batch(&self) -> Vec<u32> {
        self.snap.flusher.batch.clone()
    }
    pub fn flusher_position(&self) -> u32 {
        self.snap.flusher.position
    }
    pub fn flusher_passes(&self) -> f64 {
        self.snap.flusher.passes as f64
    }

    /// [cylinders, tracks per cylinder, track bytes, revolution ns, database cylinders].
    pub fn disk_geometry(&self) -> Vec<f64> {
        let d = &self.snap.disk;
        vec![
            d.cylinders as f64,
            d.tracks_per_cylinder as f64,
            d.track_bytes as f64,
            d.rev_ns,
            d.database_cylinders as f64,
        ]
    }
    /// Head cylinder now, fractional while seeking.
    pub fn disk_head(&self) -> f64 {
        self.snap.disk.head_cylinder
    }
    /// Platter angle now, in revolutions [0, 1).
    pub fn disk_angle(&self) -> f64 {
        self.snap.disk.angle
    }
    /// Empty when idle, else [kind, page, addr, start, seek end, rotation end, end,
    /// from cylinder, to cylinder] (times in ns).
    pub fn disk_active(&self) -> Vec<f64> {
        self.snap.disk.active.map_or_else(Vec::new, |(r, a)| {
            vec![
                r.token.kind as u8 as f64,
                r.token.page as f64,
                r.addr as f64,
                a.start as f64,
                a.seek_end as f64,
                a.rotation_end as f64,
                a.end as f64,
                a.from_cylinder as f64,
                a.to_cylinder as f64,
            ]
        })
    }
    pub fn disk_queue_kind(&self) -> Vec<u8> {
        self.snap.disk.queue_kind.clone()
    }
    pub fn disk_queue_page(&self) -> Vec<u32> {
        self.snap.disk.queue_page.clone()
    }

    pub fn cache_capacity(&self) -> f64 {
        self.snap.cache.capacity_pages as f64
    }
    /// Cached pages, most recently used first; `cache_pinned` and `cache_valid` are parallel.
    pub fn cache_pages(&self) -> Vec<u32> {
        self.snap.cache.pages.clone()
    }
    pub fn cache_pinned(&self) -> Vec<u8> {
        self.snap.cache.pinned.clone()
    }
    pub fn cache_valid(&self) -> Vec<u8> {
        self.snap.cache.valid.clone()
    }

    /// Per client: 0 running, 1 fetching, 2 committing.
    pub fn client_state(&self) -> Vec<u8> {
        self.snap.clients.state.clone()
    }
    pub fn client_fetching(&self) -> Vec<u32> {
        self.snap.clients.fetching.clone()
    }
    pub fn client_accesses_done(&self) -> Vec<u32> {
        self.snap.clients.accesses_done.clone()
    }
    pub fn client_txn_length(&self) -> Vec<u32> {
        self.snap.clients.txn_length.clone()
    }
}
