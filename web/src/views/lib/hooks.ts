// React glue shared by the views: element size, canvas setup, frame subscriptions.
import { useEffect, useReducer, useRef, useState, type RefObject } from 'react';
import type { Frame } from '../../engine/types';
import type { FrameSource } from '../contract';
import { SeriesStore } from './series';

export interface Size {
  width: number;
  height: number;
}

/** The content-box size of an element, tracked with a ResizeObserver. */
export function useElementSize(ref: RefObject<HTMLElement | null>): Size {
  const [size, setSize] = useState<Size>({ width: 0, height: 0 });
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => {
      const r = el.getBoundingClientRect();
      const w = Math.floor(r.width);
      const h = Math.floor(r.height);
      setSize((s) => (s.width === w && s.height === h ? s : { width: w, height: h }));
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, [ref]);
  return size;
}

/**
 * Size the canvas backing store for the device pixel ratio and return a context whose units are
 * CSS pixels, cleared. Null when canvas is unavailable (tests, jsdom).
 */
export function prepareCanvas(canvas: HTMLCanvasElement | null, width: number, height: number): CanvasRenderingContext2D | null {
  if (!canvas || width <= 0 || height <= 0) return null;
  const dpr = typeof window !== 'undefined' ? window.devicePixelRatio || 1 : 1;
  const bw = Math.round(width * dpr);
  const bh = Math.round(height * dpr);
  if (canvas.width !== bw || canvas.height !== bh) {
    canvas.width = bw;
    canvas.height = bh;
    canvas.style.width = `${width}px`;
    canvas.style.height = `${height}px`;
  }
  let ctx: CanvasRenderingContext2D | null = null;
  try {
    ctx = canvas.getContext('2d');
  } catch {
    return null;
  }
  if (!ctx) return null;
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.clearRect(0, 0, width, height);
  return ctx;
}

/** Calls `fire` at most every `intervalMs`, with a trailing call so the last request is always
 * served (e.g. the frame after a single step). */
export function throttle(intervalMs: number, fire: () => void): { call: () => void; cancel: () => void } {
  let last = -Infinity;
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    call: () => {
      const now = performance.now();
      if (now - last >= intervalMs) {
        last = now;
        fire();
      } else if (timer === undefined) {
        timer = setTimeout(() => {
          timer = undefined;
          last = performance.now();
          fire();
        }, intervalMs - (now - last));
      }
    },
    cancel: () => {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
    },
  };
}

/**
 * Re-render at most every `intervalMs` while frames arrive (with a trailing update so the last
 * frame, e.g. after a single step, is always shown). For the low-frequency SVG/HTML parts.
 * Returns the latest frame.
 */
export function useFrameTick(frames: FrameSource, intervalMs = 100): Frame | null {
  const [, bump] = useReducer((x: number) => x + 1, 0);
  useEffect(() => {
    const t = throttle(intervalMs, bump);
    const unsub = frames.subscribe(t.call);
    return () => {
      unsub();
      t.cancel();
    };
  }, [frames, intervalMs]);
  return frames.latest();
}

/** Whether a frame has arrived yet (for the empty state); stops listening once one has. */
export function useStarted(frames: FrameSource): boolean {
  const [started, setStarted] = useState(frames.latest() !== null);
  useEffect(() => (started ? undefined : frames.subscribe(() => setStarted(true))), [frames, started]);
  return started;
}

/** A stable ref to the latest value, for use inside long-lived subscription callbacks. */
export function useLatest<T>(value: T): { current: T } {
  const r = useRef(value);
  r.current = value;
  return r;
}

/** Ask for a re-render (throttled) from inside a frame callback. */
export function useThrottledBump(intervalMs = 100): () => void {
  const [, bump] = useReducer((x: number) => x + 1, 0);
  const t = useRef<ReturnType<typeof throttle> | null>(null);
  t.current ??= throttle(intervalMs, bump);
  useEffect(() => () => t.current?.cancel(), []);
  return t.current.call;
}

export const EMPTY_MESSAGE = 'Press Play (Space) to start the simulation';

/** The series a charts view draws: what the source gathered before the view mounted, then each
 * new frame's samples (a reset clears them); the view re-renders at most every 250 ms. */
export function useSeries(frames: FrameSource): SeriesStore {
  const store = useRef(new SeriesStore());
  const bump = useThrottledBump(250);
  useEffect(() => {
    store.current.seed(frames.series());
    bump();
    return frames.subscribe((f) => {
      if (store.current.ingest(f)) bump();
    });
  }, [frames, bump]);
  return store.current;
}
