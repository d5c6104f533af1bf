// The contract between the engine worker and the app (DESIGN.md §4). The worker owns the WASM
// simulation; while playing, every other animation frame the app asks it to advance to a simulated
// time and gets one Frame back, whose typed arrays are transferred, not copied. Times are in
// nanoseconds of simulated time (exact as doubles up to 2^53 ns ≈ 104 days).

/** The trace record kinds the views switch on, as numbered by the engine
 * (engine/core/src/systems/mob/records.rs; smoke.test.ts checks them against its description).
 * Names, fields and sentences come from the description (SystemDescription), not from here. */
export enum RecordKind {
  DiskStart = 0, // entity = page, a = request kind, b = disk address, c = from cyl * 2^32 + to cyl
  DiskEnd = 1, // entity = page, a = request kind + transfer ns * 256, b = seek ns, c = rotation ns
  MobInsert = 2, // entity = oid, a = area, b = log index
  MobSupersede = 3, // entity = oid
  MobRemove = 4, // entity = oid
  FlusherStart = 5, // a = pages selected, b = MOB bytes used, c = last log index scanned
  FlusherPage = 6, // entity = page, a = pending modifications, b = position in the sorted batch
  PageWrite = 7, // entity = page, a = modifications installed
  Fetch = 8, // entity = client, a = oid
  CacheHit = 9, // entity = page, a = client
  CacheMiss = 10, // entity = page, a = client
  Commit = 11, // entity = client, a = modified objects, b = log index
  CommitWait = 12, // entity = client
  TxnEnd = 13, // entity = client
}

/** Disk request kinds (engine/core/src/disk/mod.rs). */
export enum RequestKind {
  FetchRead = 0,
  InstallRead = 1,
  Write = 2,
}

/** Database areas (thesis §4.1.2). */
export enum Area {
  Hot = 0,
  Warm = 1,
  Cold = 2,
}

/** New trace records, struct of arrays, oldest first. */
export interface TraceBatch {
  t: Float64Array;
  kind: Uint8Array;
  entity: Uint32Array;
  a: Float64Array;
  b: Float64Array;
  c: Float64Array;
  /** Records emitted since the previous batch that are not in it: the engine's bounded ring no
   * longer held them, or the batch was long and only its newest records (and every disk,
   * flusher and page-write record) were sent. */
  lost: number;
}

/** The MOB's scan list in log order, one entry per chunk (thesis §3.1.4). */
export interface MobSnapshot {
  capacityBytes: number;
  usedBytes: number;
  /** Flusher trigger (0.99) and scan fraction (0.01) as fractions of the capacity. */
  trigger: number;
  scanFrac: number;
  chunkPage: Uint32Array;
  chunkCount: Uint32Array;
  chunkLogIndex: Float64Array;
  chunkArea: Uint8Array;
  /** Bytes of object data per area [hot, warm, cold]. */
  dataBytesByArea: [number, number, number];
  /** Totals since the start: modifications inserted, superseded (absorbed), removed by writes. */
  inserted: number;
  superseded: number;
  removed: number;
}

export type FlusherState = 'idle' | 'reading' | 'writing';

export interface FlusherSnapshot {
  state: FlusherState;
  /** Page being read or written (-1 when idle). */
  page: number;
  /** This pass's pages, sorted by disk address, and the index of the current one. */
  batch: Uint32Array;
  position: number;
  passes: number;
}

export interface DiskRequestView {
  kind: RequestKind;
  page: number;
  addr: number;
  start: number;
  seekEnd: number;
  rotationEnd: number;
  end: number;
  fromCylinder: number;
  toCylinder: number;
}

export interface DiskSnapshot {
  cylinders: number;
  tracksPerCylinder: number;
  trackBytes: number;
  revNs: number;
  /** Cylinders occupied by the database (the band the head works in). */
  databaseCylinders: number;
  /** Head position now (fractional while seeking) and platter angle in revolutions [0, 1). */
  headCylinder: number;
  angle: number;
  active: DiskRequestView | null;
  queueKind: Uint8Array;
  queuePage: Uint32Array;
}

export interface CacheSnapshot {
  capacityPages: number;
  /** Cached pages from most to least recently used. */
  pages: Uint32Array;
  pinned: Uint8Array;
  valid: Uint8Array;
}

export type ClientState = 'running' | 'fetching' | 'committing';

export interface ClientSnapshot {
  state: ClientState;
  /** Object being fetched (when fetching). */
  fetching: number;
  /** Accesses done in the current transaction, of `txnLength`. */
  accessesDone: number;
  txnLength: number;
}

/** One time-series sample (engine metrics::Sample). */
export interface Sample {
  t_s: number;
  measuring: boolean;
  throughput_tps: number;
  disk_utilisation: { fetch_read: number; install_read: number; write: number };
  mob_occupancy: number;
  server_cache_hit_ratio: number;
}

export interface Frame {
  nowNs: number;
  events: number;
  finished: boolean;
  phase: 'warmup' | 'measuring' | 'done';
  /** True after load, reset or a seek backwards: views drop what they accumulated. */
  reset: boolean;
  trace: TraceBatch;
  /** Records emitted since the start of the run per kind (indexed by RecordKind), whether or not
   * they reached `trace`: counters come from here. */
  traceCounts: Float64Array;
  /** Samples added since the previous frame (all of them when `reset`). */
  series: Sample[];
  mob: MobSnapshot;
  flusher: FlusherSnapshot;
  disk: DiskSnapshot;
  cache: CacheSnapshot;
  clients: ClientSnapshot[];
  /** Database geometry, for mapping oids and pages to areas. */
  objectsPerPage: number;
  pages: number;
}

/** A scenario problem, as the engine reports it (engine/core/src/scenario/mod.rs). */
export interface ScenarioError {
  path: string;
  line: number;
  column: number;
  message: string;
  expected: string | null;
  range: string | null;
}

/** One field of a trace record, or some bits of it (engine/core/src/describe.rs). */
export interface FieldInfo {
  field: 'entity' | 'a' | 'b' | 'c';
  label: string;
  /** Empty for a count or an id. */
  unit: string;
  /** The value is floor(field / 2^shift) mod 2^bits; bits 0 means the whole field. */
  shift: number;
  bits: number;
  /** Names of the values when the field is an enumeration. */
  values: string[];
}

/** A trace record kind as the engine describes it. */
export interface RecordKindInfo {
  id: number;
  /** snake_case, stable. */
  name: string;
  label: string;
  description: string;
  /** The event log's sentence, with `{field label}` placeholders. */
  text: string;
  /** The label of "step to the next record of this kind", when the controls offer it. */
  step: string | null;
  fields: FieldInfo[];
}

export interface FigureInfo {
  path: string;
  label: string;
  unit: string;
  scale: number;
  description: string;
}

export interface ViewInfo {
  view: string;
  title: string;
  hint: string;
}

/** What the loaded system reports, sent once per load (`Lab.describe_json`). */
export interface SystemDescription {
  kind: string;
  title: string;
  paper: string;
  records: RecordKindInfo[];
  figures: FigureInfo[];
  views: ViewInfo[];
}

/** The loaded scenario as the engine read it: section → field → value, every default filled in. */
export type ScenarioValues = Record<string, Record<string, unknown>>;

export type LoadResult =
  | {
      ok: true;
      title: string;
      seed: number;
      endNs: number | null;
      description: SystemDescription;
      scenario: ScenarioValues;
    }
  | { ok: false; errors: ScenarioError[] };
