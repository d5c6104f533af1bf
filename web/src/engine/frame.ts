// Reads one Frame out of a Lab: a fixed number of calls into WASM per frame, whatever happened
// since the last one (the trace and the snapshot are built inside the engine, then handed over
// as typed arrays). Only the new series samples are JSON, and they are a handful.
import type { Lab } from './wasm';
import type { ClientSnapshot, ClientState, DiskRequestView, Frame, FlusherState, Sample } from './types';

const PHASES = ['warmup', 'measuring', 'done'] as const;
const FLUSHER_STATES: FlusherState[] = ['idle', 'reading', 'writing'];
const CLIENT_STATES: ClientState[] = ['running', 'fetching', 'committing'];

/** Drains the trace, snapshots the models and packs both; series samples from `seriesFrom` on. */
export function readFrame(lab: Lab, reset: boolean, seriesFrom: number): Frame {
  lab.drain_trace();
  lab.snapshot();
  const [inserted, superseded, removed] = lab.mob_totals();
  const [hot, warm, cold] = lab.mob_data_bytes_by_area();
  const [cylinders, tracksPerCylinder, trackBytes, revNs, databaseCylinders] = lab.disk_geometry();
  return {
    nowNs: lab.now_ns(),
    events: lab.events(),
    finished: lab.finished(),
    phase: PHASES[lab.phase()],
    reset,
    trace: {
      t: lab.trace_t(),
      kind: lab.trace_kind(),
      entity: lab.trace_entity(),
      a: lab.trace_a(),
      b: lab.trace_b(),
      c: lab.trace_c(),
      lost: lab.trace_lost(),
    },
    traceCounts: lab.trace_counts(),
    series: JSON.parse(lab.series_since_json(seriesFrom)) as Sample[],
    mob: {
      capacityBytes: lab.mob_capacity(),
      usedBytes: lab.mob_used(),
      trigger: lab.mob_trigger(),
      scanFrac: lab.mob_scan_frac(),
      chunkPage: lab.mob_chunk_page(),
      chunkCount: lab.mob_chunk_count(),
      chunkLogIndex: lab.mob_chunk_log_index(),
      chunkArea: lab.mob_chunk_area(),
      dataBytesByArea: [hot, warm, cold],
      inserted,
      superseded,
      removed,
    },
    flusher: {
      state: FLUSHER_STATES[lab.flusher_state()],
      page: lab.flusher_page(),
      batch: lab.flusher_batch(),
      position: lab.flusher_position(),
      passes: lab.flusher_passes(),
    },
    disk: {
      cylinders,
      tracksPerCylinder,
      trackBytes,
      revNs,
      databaseCylinders,
      headCylinder: lab.disk_head(),
      angle: lab.disk_angle(),
      active: activeRequest(lab.disk_active()),
      queueKind: lab.disk_queue_kind(),
      queuePage: lab.disk_queue_page(),
    },
    cache: {
      capacityPages: lab.cache_capacity(),
      pages: lab.cache_pages(),
      pinned: lab.cache_pinned(),
      valid: lab.cache_valid(),
    },
    clients: clients(lab),
    objectsPerPage: lab.objects_per_page(),
    pages: lab.pages(),
  };
}

/** Lab.disk_active(): empty when idle, else nine numbers in this order. */
function activeRequest(v: Float64Array): DiskRequestView | null {
  if (v.length === 0) return null;
  const [kind, page, addr, start, seekEnd, rotationEnd, end, fromCylinder, toCylinder] = v;
  return { kind, page, addr, start, seekEnd, rotationEnd, end, fromCylinder, toCylinder };
}

function clients(lab: Lab): ClientSnapshot[] {
  const state = lab.client_state();
  const fetching = lab.client_fetching();
  const done = lab.client_accesses_done();
  const length = lab.client_txn_length();
  return Array.from(state, (s, i) => ({
    state: CLIENT_STATES[s],
    fetching: fetching[i],
    accessesDone: done[i],
    txnLength: length[i],
  }));
}
