// The contract between the engine worker and the app (DESIGN.md §4). The worker owns the WASM
// simulation; while playing, every other animation frame the app asks it to advance to a simulated
// time and gets one Frame back, whose typed arrays are transferred, not copied. Times are in
// nanoseconds of simulated time (exact as doubles up to 2^53 ns ≈ 104 days).

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

/** A frame column: one typed array, of the type its ColumnInfo gives. */
export type Column = Uint8Array | Uint32Array | Float64Array;

/** One section of a frame, as the system's description declares it (SectionInfo): a component's
 * state at the frame's time, as named scalars and a table of equally long columns. */
export interface Section {
  scalars: Record<string, number>;
  columns: Record<string, Column>;
}

/** One sample of the run's time series (the system's `System::Sample`, as JSON): when it was
 * taken and whether in the measured window, then the system's own figures. */
export interface Sample {
  t_s: number;
  measuring: boolean;
  [figure: string]: unknown;
}

export interface Frame {
  nowNs: number;
  events: number;
  finished: boolean;
  /** Why the run ended before its end (simulated time stopped advancing, or the model met a
   * limit), or null. */
  endedEarly: string | null;
  /** When the run ends (simulated ns), once known: in advance, or from the start of the measured
   * window when the warm-up waits for the system; null before. */
  endNs: number | null;
  phase: 'warmup' | 'measuring' | 'done';
  /** True after load, reset or a seek backwards: views drop what they accumulated. */
  reset: boolean;
  trace: TraceBatch;
  /** Records emitted since the start of the run per kind (indexed by record kind id), whether or not
   * they reached `trace`: counters come from here. */
  traceCounts: Float64Array;
  /** Samples added since the previous frame (all of them when `reset`). */
  series: Sample[];
  /** What the views draw, by section name (SystemDescription.sections). */
  sections: Record<string, Section>;
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
  /** Every record of this kind reaches the views (others only the newest of a long batch). */
  kept_in_full: boolean;
  fields: FieldInfo[];
}

/** A named scalar or column of a frame section (engine/core/src/describe.rs). */
export interface ColumnInfo {
  name: string;
  label: string;
  unit: string;
  type: 'u8' | 'u32' | 'f64';
  /** Names of the values when the numbers are an enumeration. */
  values: string[];
}

export interface SectionInfo {
  name: string;
  description: string;
  scalars: ColumnInfo[];
  /** What one row of the table is. */
  row: string;
  columns: ColumnInfo[];
}

export interface FigureInfo {
  path: string;
  label: string;
  unit: string;
  scale: number;
  description: string;
  /** `[field path, values]` for a figure of some variants only (the write-optimized layout's under
   * `server.layout = "write_optimized"`), else null: `figureApplies`. */
  only_when: [string, string[]] | null;
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
  sections: SectionInfo[];
  figures: FigureInfo[];
  views: ViewInfo[];
  /** The scenario fields students change most (dotted paths): the form editor opens on them. */
  knobs: string[];
  /** The sample figure that counts the work done so far (it only grows): compare mode's other axis. */
  work: string;
}

/** The loaded scenario as the engine read it: section → field → value, every default filled in. */
export type ScenarioValues = Record<string, Record<string, unknown>>;

export type LoadResult =
  | {
      ok: true;
      title: string;
      seed: number;
      /** When the run ends, if the load could tell (in advance, or by running ahead to the end
       * of the warm-up within FIND_END_MS); else null until the frames say. */
      endNs: number | null;
      /** The latest the run can end (its longest warm-up plus the duration). */
      longestEndNs: number;
      description: SystemDescription;
      scenario: ScenarioValues;
    }
  | { ok: false; errors: ScenarioError[] };
