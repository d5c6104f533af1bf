// Frames recorded from the real engine (views/fixtures/*.json, written by
// `npm run record-fixtures`), replayed as a FrameSource: what the views' tests and the dev
// harness run on. Typed arrays are stored as {"$": "Float64Array", "v": [...]} in the JSON.
import type { Frame, Sample } from '../../engine/types';
import { gatherSeries } from './series';
import { gatherRecords, RecordStore } from './records';
import type { FrameSource } from '../contract';

const TYPED = { Float64Array, Uint32Array, Uint8Array } as const;
type TypedName = keyof typeof TYPED;

/** A Frame as JSON: typed arrays tagged with their type. */
export function frameToJson(frame: Frame): unknown {
  return JSON.parse(
    JSON.stringify(frame, (_key, v: unknown) => {
      for (const name of Object.keys(TYPED) as TypedName[]) {
        if (v instanceof TYPED[name]) return { $: name, v: Array.from(v) };
      }
      return v;
    }),
  );
}

/** The Frame a `frameToJson` value stands for. */
export function frameFromJson(json: unknown): Frame {
  return JSON.parse(JSON.stringify(json), (_key, v: unknown) => {
    if (v && typeof v === 'object' && '$' in v && 'v' in v) {
      const { $: name, v: values } = v as { $: TypedName; v: number[] };
      return TYPED[name].from(values);
    }
    return v;
  }) as Frame;
}

/** Replays recorded frames: `advance()` publishes the next one. */
export class RecordedSource implements FrameSource {
  private listeners = new Set<(f: Frame) => void>();
  private next = 0;
  private last: Frame | null = null;
  private samples: Sample[] = [];
  private held = new RecordStore();

  constructor(private readonly frames: readonly Frame[]) {}

  static fromJson(json: readonly unknown[]): RecordedSource {
    return new RecordedSource(json.map(frameFromJson));
  }

  subscribe(listener: (frame: Frame) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
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

  /** Publishes the next recorded frame (the last one again at the end); returns it. */
  advance(): Frame {
    const f = this.frames[Math.min(this.next, this.frames.length - 1)];
    this.next++;
    return this.publish(f);
  }

  /** Publishes `f`, recorded or not (a test's hand-made frame); returns it. */
  publish(f: Frame): Frame {
    this.last = f;
    gatherSeries(this.samples, f);
    gatherRecords(this.held, f);
    this.listeners.forEach((l) => l(f));
    return f;
  }

  /** Publishes every remaining frame; returns the last. */
  playAll(): Frame {
    while (this.next < this.frames.length) this.advance();
    return this.last!;
  }

  /** Back to before the first frame. */
  rewind(): void {
    this.next = 0;
    this.last = null;
    this.samples = [];
    this.held = new RecordStore();
  }
}

/** A source that never publishes: the views' state before the first frame. */
const NO_RECORDS = new RecordStore(1);
export const EMPTY_SOURCE: FrameSource = { subscribe: () => () => {}, latest: () => null, series: () => [], records: () => NO_RECORDS };
