// The FrameSource the views subscribe to (views/contract.ts): the rAF loop publishes every frame
// it gets from the engine here; views draw from it without React re-rendering.
import type { Frame, Sample } from '../engine/types';
import type { FrameSource } from '../views/contract';
import { gatherSeries } from '../views/lib/series';
import { gatherRecords, RecordStore } from '../views/lib/records';

export class FrameStore implements FrameSource {
  private listeners = new Set<(frame: Frame) => void>();
  private last: Frame | null = null;
  private samples: Sample[] = [];
  private held = new RecordStore();
  /** Frames published so far (tests and the e2e hook read it). */
  count = 0;

  subscribe(listener: (frame: Frame) => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  latest(): Frame | null {
    return this.last;
  }

  series(): readonly Sample[] {
    return this.samples;
  }

  records(): RecordStore {
    return this.held;
  }

  /** Forgets the latest frame, as when another system's run is about to start: its views mount
   * before its first frame and must not read the last system's (they show their empty state). */
  forget(): void {
    this.last = null;
  }

  publish(frame: Frame): void {
    this.last = frame;
    gatherSeries(this.samples, frame);
    gatherRecords(this.held, frame);
    this.count++;
    for (const l of [...this.listeners]) {
      try {
        l(frame);
      } catch (e) {
        // One broken view must not stop the others or the clock.
        console.error('view failed on frame', e);
      }
    }
  }
}
