// Accumulated time series (the system's samples), bounded.
import type { Frame, Sample } from '../../engine/types';

/** Adds a frame's samples to every sample since the last reset (`into`, in place): what a frame
 * source keeps, so a view that mounts late still gets the whole series. */
export function gatherSeries(into: Sample[], f: Frame): void {
  if (f.reset) into.length = 0;
  for (const s of f.series) into.push(s);
}

export class SeriesStore {
  samples: Sample[] = [];
  version = 0;
  constructor(readonly max = 20000) {}

  /** Starts over from the samples a source has gathered so far (`FrameSource.series`). */
  seed(samples: readonly Sample[]): void {
    this.samples = [];
    this.ingest({ reset: true, series: samples } as unknown as Frame);
  }

  /** Returns true when something changed. */
  ingest(f: Frame): boolean {
    if (f.reset) {
      this.samples = [];
      this.version++;
    }
    if (f.series.length === 0) return f.reset;
    for (const s of f.series) this.samples.push(s);
    if (this.samples.length > this.max) {
      // Halve the resolution of the older half rather than dropping the start of the run.
      const keep: Sample[] = [];
      const half = this.samples.length >> 1;
      for (let i = 0; i < half; i += 2) keep.push(this.samples[i]);
      for (let i = half; i < this.samples.length; i++) keep.push(this.samples[i]);
      this.samples = keep;
    }
    this.version++;
    return true;
  }

  /** End of the warm-up as the samples show it: the end of the last sample that is not measured,
   * where the first measured interval starts (or the last sample's time if none is measured). */
  warmupEnd(): number | null {
    if (this.samples.length === 0) return null;
    if (this.samples[0].measuring) return null;
    const first = this.samples.findIndex((s) => s.measuring);
    return this.samples[(first < 0 ? this.samples.length : first) - 1].t_s;
  }
}
