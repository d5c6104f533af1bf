// Reads one Frame out of a Lab: a fixed number of calls into WASM per frame, whatever happened
// since the last one (the trace and the sections are built inside the engine, then handed over
// as typed arrays). The sections are read as the system's description declares them, so nothing
// here knows which system is running. Only the new series samples are JSON, and they are a handful.
import type { Lab } from './wasm';
import type { Column, Frame, Sample, Section, SectionInfo } from './types';

const PHASES = ['warmup', 'measuring', 'done'] as const;

/** Drains the trace, takes the frame's sections and packs both; series samples from `seriesFrom` on. */
export function readFrame(lab: Lab, sections: readonly SectionInfo[], reset: boolean, seriesFrom: number): Frame {
  lab.drain_trace();
  lab.snapshot();
  return {
    nowNs: lab.now_ns(),
    events: lab.events(),
    finished: lab.finished(),
    endedEarly: lab.ended_early() ?? null,
    endNs: lab.end_ns() ?? null,
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
    sections: Object.fromEntries(sections.map((info, i) => [info.name, readSection(lab, info, i)])),
  };
}

function readSection(lab: Lab, info: SectionInfo, i: number): Section {
  const values = lab.section_scalars(i);
  const scalars = Object.fromEntries(info.scalars.map((c, j) => [c.name, values[j]]));
  const columns = Object.fromEntries(
    info.columns.map((c, j): [string, Column] => {
      if (c.type === 'u8') return [c.name, lab.section_u8(i, j)];
      if (c.type === 'u32') return [c.name, lab.section_u32(i, j)];
      return [c.name, lab.section_f64(i, j)];
    }),
  );
  return { scalars, columns };
}
