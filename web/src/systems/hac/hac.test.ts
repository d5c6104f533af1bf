// The HAC view's reading, layout, colours and step states, on hand-made frames of spec §2.14's
// worked compaction (step A: victim frame 12, intact page 305, compacted at T = 3 into target
// frame 7), and the view and the inspector rendered on them.
import { contrast } from '../../views/lib/contrast';
import { beforeAll, describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import type { ColumnInfo, Frame, SectionInfo, SystemDescription } from '../../engine/types';
import type { FrameSource, InspectTarget, ViewProps } from '../../views/contract';
import HacView from './HacView';
import { RecordStore } from '../../views/lib/records';
import Inspector, { loadInspectorPart } from '../../views/Inspector';
import { candidateOrder, firstRows, frameCounts, hacFrame, NONE, objectAt, type HacFrame, type ReplacementSnapshot } from './hacFrame';
import { barBox, barColumns, canvasLayout, EFFECT_MS, frameAt, gridLayout, hitTest, INK, LANE_ROW, laneFrames, NOT_INSTALLED, paint, paintEffects, TEXT, usageBits, USAGE_COLOURS } from './hacDraw';
import { callout, replacementCaption, secondsToNs, stepAt, stepCount, stepEffects, stepState, stepTargets, stepText, stepTime, stepWindow } from './hacSteps';

beforeAll(() => loadInspectorPart('hac'));

const STEP_KINDS = ['scan primary', 'scan secondary', 'candidate expired', 'victim selected', 'discard', 'move', 'move home', 'slide in place', 'target full', 'new target', 'frame freed', 'compacted', 'pointer moved'];
const col = (name: string, values: string[] = []): ColumnInfo => ({ name, label: name, unit: '', type: 'f64', values });
const sec = (name: string, scalars: ColumnInfo[], columns: ColumnInfo[]): SectionInfo => ({ name, description: '', row: '', scalars, columns });
const description: SystemDescription = {
  kind: 'hac',
  title: 'Hybrid adaptive caching',
  paper: '',
  records: [],
  figures: [],
  views: [],
  knobs: [],
  work: 'composite_visits',
  sections: [
    sec('client', [col('policy', ['hac', 'fpc', 'quickstore', 'gom'])], [col('kind', ['free', 'intact', 'compacted', 'object buffer'])]),
    sec('replacement', [], [col('kind', STEP_KINDS)]),
  ],
};

interface Obj {
  frame: number;
  object: number;
  offset: number;
  bytes: number;
  usage: number;
  installed?: number;
  modified?: number;
}
/** A step: kind, frame, object, to, offset, bytes, t, h. */
type Step = [string, number, number?, number?, number?, number?, number?, number?];

const FRAMES = 16;
const SENT = 1.0;
/** Frame 7: the target, compacted, 3,392 B used. Frame 12: page 305 (§2.14's table). Frame 3:
 * page 17, ten copies not installed. Frame 0: free, awaiting page 400. */
const TARGET: Obj[] = [{ frame: 7, object: 100, offset: 0, bytes: 3392, usage: 9 }];
const VICTIM: Obj[] = [
  { frame: 12, object: 1, offset: 0, bytes: 1200, usage: 14 },
  { frame: 12, object: 2, offset: 1200, bytes: 1500, usage: 3 },
  { frame: 12, object: 3, offset: 2700, bytes: 1000, usage: 7, modified: 1 },
  { frame: 12, object: 4, offset: 3700, bytes: 2000, usage: 3 },
  { frame: 12, object: 5, offset: 5700, bytes: 1400, usage: 1 },
  { frame: 12, object: 6, offset: 7100, bytes: 1000, usage: 12 },
];
const COPIES: Obj[] = Array.from({ length: 10 }, (_, i) => ({ frame: 3, object: 200 + i, offset: 800 * i, bytes: 800, usage: 0, installed: 0 }));
const STEPS: Step[] = [
  ['scan primary', 12, NONE, NONE, 0, 0, 3, 0.5],
  ['pointer moved', 12, 0, 15],
  ['scan secondary', 3, NONE, NONE, 0, 0, 1],
  ['scan secondary', 12, NONE, NONE, 0, 0, 0],
  ['victim selected', 12, NONE, NONE, 0, 0, 3, 0.5],
  ['discard', 12, 2, NONE, 1200, 1500, 3],
  ['discard', 12, 4, NONE, 3700, 2000, 3],
  ['discard', 12, 5, NONE, 5700, 1400, 1],
  ['move', 12, 1, 7, 3392, 1200],
  ['move', 12, 3, 7, 4592, 1000],
  ['move', 12, 6, 7, 5592, 1000],
  ['frame freed', 12],
  ['compacted', 12, NONE, NONE, 0, 0, 3],
];

const steps = (kind: string) => STEPS.flatMap((s, i) => (s[0] === kind ? [i] : []));
const [SELECTED] = steps('victim selected');
const DISCARDS = steps('discard');
const MOVES = steps('move');
const [FREED] = steps('frame freed');
const [COMPACTED] = steps('compacted');

/** The frame at the end of step `step` (-1: before any), as the engine would send it. */
function workedFrame(step: number, { policy = 0, background = 1, reset = false } = {}): Frame {
  const moved = step >= MOVES[2];
  const objects = [...COPIES, ...TARGET, ...(moved ? VICTIM.filter((o) => [1, 3, 6].includes(o.object)).map((o, k) => ({ ...o, frame: 7, offset: [3392, 4592, 5592][k] })) : []), ...(moved ? [] : VICTIM.filter((o) => !DISCARDS.some((d) => d <= step && STEPS[d][2] === o.object)))].sort((a, b) => a.frame - b.frame || a.offset - b.offset);
  const kind = new Uint8Array(FRAMES);
  const page = new Uint32Array(FRAMES).fill(NONE);
  [kind[3], page[3], kind[7]] = [1, 17, 2];
  if (!moved) [kind[12], page[12]] = [1, 305];
  const per = (f: number) => objects.filter((o) => o.frame === f);
  const baseline = policy !== 0;
  const rows = <T extends Uint8Array | Uint32Array | Float64Array>(C: new (n: number) => T, fill: (f: number) => number) => {
    const a = new C(baseline ? 0 : FRAMES);
    for (let f = 0; f < a.length; f++) a[f] = fill(f);
    return a;
  };
  const stepCol = (k: number, C: typeof Uint32Array | typeof Float64Array | typeof Uint8Array) =>
    (C as typeof Float64Array).from(STEPS.map((s) => (k === 1 ? STEP_KINDS.indexOf(s[0]) : ((s[k - 1] as number | undefined) ?? (k === 3 || k === 4 ? NONE : 0)))));
  const tS = Float64Array.from(STEPS, (_, i) => SENT + (i + 1) * 1e-5);
  const o = objects;
  return {
    nowNs: Math.round((step < 0 ? SENT : tS[step]) * 1e9),
    events: 0,
    finished: false,
    endedEarly: null,
    endNs: null,
    phase: 'measuring',
    reset,
    trace: { t: new Float64Array(), kind: new Uint8Array(), entity: new Uint32Array(), a: new Float64Array(), b: new Float64Array(), c: new Float64Array(), lost: 0 },
    traceCounts: new Float64Array(),
    series: [],
    sections: {
      client: {
        scalars: { policy, frames: baseline ? 2048 : FRAMES, frame_bytes: 8192, accesses: 5000, fetches: 40, table_bytes: 8192, epoch: 40, target: baseline ? -1 : 7, primary: 12, traversal: 1, composite: 3, scan: 3, retention: 2 / 3 },
        columns: {
          kind: rows(Uint8Array, (f) => kind[f]),
          page: rows(Uint32Array, (f) => page[f]),
          used: rows(Uint32Array, (f) => per(f).reduce((s, x) => Math.max(s, x.offset + x.bytes), 0)),
          objects: rows(Uint32Array, (f) => per(f).length),
          installed: rows(Uint32Array, (f) => per(f).filter((x) => x.installed !== 0).length),
          t: rows(Uint8Array, (f) => (f === 12 ? 3 : 0)),
          h: rows(Float64Array, (f) => (f === 12 ? 0.5 : 0)),
          pinned: rows(Uint8Array, (f) => (f === 9 ? 1 : 0)),
          detail: rows(Uint8Array, () => 1),
          incoming: rows(Uint8Array, (f) => (f === 0 ? 1 : 0)),
          referenced: rows(Uint8Array, () => 0),
        },
      },
      pointers: { scalars: {}, columns: { frame: Uint32Array.from(baseline ? [] : [12, 3, 9]), primary: Uint8Array.from(baseline ? [] : [1, 0, 0]) } },
      objects: {
        scalars: { limit: 40000 },
        columns: {
          frame: Uint32Array.from(o, (x) => x.frame),
          object: Uint32Array.from(o, (x) => x.object),
          offset: Uint32Array.from(o, (x) => x.offset),
          bytes: Uint32Array.from(o, (x) => x.bytes),
          usage: Uint8Array.from(o, (x) => (x.modified ? 15 : x.usage)),
          installed: Uint8Array.from(o, (x) => x.installed ?? 1),
          modified: Uint8Array.from(o, (x) => x.modified ?? 0),
        },
      },
      candidates: {
        scalars: { epochs: 20 },
        columns: { frame: Uint32Array.from([12, 9, 3]), t: Uint8Array.from([3, 0, 0]), h: Float64Array.from([0.5, 0, 0]), age: Float64Array.from([0, 4, 0]) },
      },
      replacement: {
        scalars: { page: 400, frame: 0, sent_s: SENT, reply_s: -1, start_s: background ? SENT : -1, end_s: background ? tS[tS.length - 1] : -1, background, step, steps_total: STEPS.length, victim: step >= SELECTED && step < COMPACTED ? 12 : -1, threshold: step >= SELECTED && step < COMPACTED ? 3 : -1 },
        columns: {
          t_s: tS,
          kind: stepCol(1, Uint8Array),
          frame: stepCol(2, Uint32Array),
          object: stepCol(3, Uint32Array),
          to: stepCol(4, Uint32Array),
          offset: stepCol(5, Uint32Array),
          from_offset: Uint32Array.from(STEPS, (s) => (s[0] === 'discard' ? s[4]! : s[0] === 'move' ? VICTIM.find((o) => o.object === s[2])!.offset : 0)),
          bytes: stepCol(6, Uint32Array),
          t: stepCol(7, Uint8Array),
          h: stepCol(8, Float64Array),
        },
      },
    },
  };
}

const read = (step: number): HacFrame => hacFrame(workedFrame(step), description);

describe('reading HAC frames', () => {
  it('reads every value by name, enumerations by the names the description gives', () => {
    const h = read(DISCARDS[2]);
    expect(h.client.policy).toBe('hac');
    expect([h.client.frames, h.client.frameBytes, h.client.target, h.client.scan]).toEqual([16, 8192, 7, 3]);
    expect(h.names.frameKind[h.client.kind[12]]).toBe('intact');
    expect(h.names.stepKind[h.replacement.kind[SELECTED]]).toBe('victim selected');
    expect(frameCounts(h)).toEqual({ free: 13, intact: 2, compacted: 1, 'object buffer': 0 });
    expect([h.replacement.victim, h.replacement.threshold, h.replacement.background]).toEqual([12, 3, true]);
    expect(h.pointers.frame[0]).toBe(12);
  });

  it('throws on a missing column, scalar or section, naming it', () => {
    const f = workedFrame(0);
    delete f.sections.client.columns.t;
    expect(() => hacFrame(f, description)).toThrow('client.t');
    const g = workedFrame(0);
    delete g.sections.replacement.scalars.victim;
    expect(() => hacFrame(g, description)).toThrow('replacement.victim');
    const k = workedFrame(0);
    delete k.sections.pointers;
    expect(() => hacFrame(k, description)).toThrow('section pointers');
  });

  it('indexes each frame objects and finds the object at a byte', () => {
    expect(Array.from(firstRows(Uint32Array.from([1, 1, 3]), 4))).toEqual([0, 0, 2, 2, 3]);
    const h = read(-1);
    const row = objectAt(h.objects, 12, 3000);
    expect(h.objects.object[row]).toBe(3);
    expect(objectAt(h.objects, 7, 5000)).toBe(-1);
    expect(objectAt(h.objects, 5, 0)).toBe(-1);
  });
});

describe('layout', () => {
  for (const [n, w, hh] of [
    [64, 260, 160],
    [64, 700, 400],
    [985, 260, 160],
    [1500, 300, 180],
    [2, 260, 160],
  ]) {
    it(`fits ${n} frames in ${w} × ${hh} px as bars at least 3 times wider than high`, () => {
      const g = gridLayout(n, w, hh);
      expect(g.cols * g.cellW).toBeLessThanOrEqual(w);
      expect(g.rows * g.cellH).toBeLessThanOrEqual(hh);
      expect(g.cols * g.rows).toBeGreaterThanOrEqual(n);
      expect(g.barW).toBeGreaterThanOrEqual(3 * g.barH);
      expect(g.barH).toBeGreaterThanOrEqual(1);
      for (const i of [0, n - 1, n >> 1]) {
        const b = barBox(g, i);
        expect(frameAt(g, n, b.x + b.w / 2, b.y + b.h / 2)).toBe(i);
      }
    });
  }

  it('gives a small cache wide bars and a large one bars that still show', () => {
    expect(gridLayout(64, 260, 160).barW).toBeGreaterThanOrEqual(40);
    expect(gridLayout(985, 260, 160).barW).toBeGreaterThanOrEqual(6);
  });

  it('prefers more, shorter bars to a column of hairlines (the lab\'s HAC panel with a 3-line legend)', () => {
    const g = gridLayout(64, 620, 340);
    expect(g.cols).toBeGreaterThan(1);
    expect(g.barH).toBeGreaterThanOrEqual(6);
    expect(gridLayout(985, 940, 380).barH).toBeGreaterThanOrEqual(6);
  });

  it('leaves the compaction lane and the timeline below the grid', () => {
    const l = canvasLayout(64, 400, 360);
    expect(l.laneRows).toBe(3);
    expect(l.gridY + l.grid.rows * l.grid.cellH).toBeLessThanOrEqual(l.laneY);
    expect(l.laneY + 3 * LANE_ROW).toBeLessThanOrEqual(l.timelineY);
    expect(canvasLayout(64, 400, 250).laneRows).toBe(2);
    // A page cache (FPC) has no lane nor timeline: its grid takes the canvas (issue 24, item 4).
    const fpc = canvasLayout(1203, 680, 150, false);
    expect([fpc.laneRows, fpc.laneY, fpc.timelineY]).toEqual([0, 150, 150]);
    const withLane = canvasLayout(1203, 680, 150).grid;
    expect(fpc.grid.rows * fpc.grid.cellH).toBeGreaterThan(4 * withLane.rows * withLane.cellH);
  });
});

describe('colours', () => {
  it('puts usage 0..15 on a heat scale that darkens with usage', () => {
    expect(USAGE_COLOURS).toHaveLength(16);
    expect(new Set(USAGE_COLOURS).size).toBe(16);
    for (let u = 1; u < 16; u++) expect(contrast(USAGE_COLOURS[u], '#ffffff')).toBeGreaterThan(contrast(USAGE_COLOURS[u - 1], '#ffffff'));
  });

  it('writes text at 4.5:1 or more on white, and draws outlines at 3:1 or more', () => {
    for (const [name, c] of Object.entries(TEXT)) expect(contrast(c, '#ffffff'), name).toBeGreaterThanOrEqual(4.5);
    for (const [name, c] of Object.entries(INK)) if (name !== 'free') expect(contrast(c, '#ffffff'), name).toBeGreaterThanOrEqual(3);
    expect(contrast('#7a2e00', '#fff1e6')).toBeGreaterThanOrEqual(4.5); // the callout
  });

  it('writes usage as its 4 bits', () => {
    expect(usageBits(10)).toBe('1010 = 10');
    expect(usageBits(1)).toBe('0001 = 1');
  });
});

describe('a frame as pixel columns', () => {
  it('gives each column the class of the object covering most of it, and marks modified objects', () => {
    const h = read(-1);
    const { cls, modified } = barColumns(h.objects, 12, 8192, 64); // 128 B a column
    expect(cls[0]).toBe(14); // a: 0–1200 B
    expect(cls[10]).toBe(3); // b: 1200–2700 B
    expect(cls[22]).toBe(15); // c, modified: counts as 15
    expect(modified[22]).toBe(1);
    expect(modified[0]).toBe(0);
    expect(cls[63]).toBe(12); // f: 7100–8100 B
    const copies = barColumns(h.objects, 3, 8192, 64);
    expect(copies.cls[0]).toBe(NOT_INSTALLED);
    expect(copies.cls[63]).toBe(-1); // 8,000 B used: the last column is mostly empty
  });
});

describe('replacement step by step', () => {
  it('marks steps done, current and pending, and windows the list around the current step', () => {
    const h = read(DISCARDS[1]);
    expect([stepState(h, DISCARDS[0]), stepState(h, DISCARDS[1]), stepState(h, DISCARDS[2])]).toEqual(['done', 'current', 'pending']);
    expect(stepWindow(h, 6)).toEqual([DISCARDS[1] - 1, DISCARDS[1] + 5]);
    expect(stepWindow(read(-1), 6)).toEqual([0, 6]);
    expect(stepWindow(read(COMPACTED), 6)).toEqual([COMPACTED - 1, STEPS.length]);
  });

  it('puts each step in words and calls out the moments §2.14 names', () => {
    const h = read(FREED);
    expect(stepText(h, 1)).toBe('primary pointer moves on from frame 12 to frame 15');
    expect(stepText(h, SELECTED)).toBe('victim: frame 12 (T 3, H 0.50)');
    expect(stepText(h, DISCARDS[0])).toBe('discard object 2 (1.5 KB, usage 3) from frame 12');
    expect(stepText(h, MOVES[0])).toBe('move object 1 (1.2 KB): frame 12 → frame 7 at 3.3 KB');
    expect(callout(h)).toBe('frame 12 freed');
    expect(callout(read(MOVES[0]))).toBeNull();
    expect(callout(read(COMPACTED))).toBe('frame 12 freed');
  });

  it('says whether replacement runs during the fetch or after the reply', () => {
    expect(replacementCaption(read(DISCARDS[2]))).toBe('Background replacement (§3.3): it runs during the fetch. Page 400 → frame 0: sent at 1.000000 s, reply pending; replacement +0 ns → +130 µs after sending.');
    expect(replacementCaption(hacFrame(workedFrame(-1, { background: 0 }), description))).toMatch(/^HAC-FG \(§4\.5\): replacement runs after the reply.*replacement starts at the reply after sending\.$/);
  });

  it('lists the candidates lowest (T, H) first, ties to the newest, and frame 9, pinned, last', () => {
    const h = read(DISCARDS[2]);
    expect(candidateOrder(h).map((i) => h.candidates.frame[i])).toEqual([3, 12, 9]);
    const unpinned = { ...h, client: { ...h.client, pinned: new Uint8Array(h.client.pinned.length) } };
    expect(candidateOrder(unpinned).map((i) => h.candidates.frame[i])).toEqual([3, 9, 12]);
  });

  it('lists last the candidates replacement skips: pinned on the stack, or the target', () => {
    const h = read(DISCARDS[2]);
    const pinned = { ...h, client: { ...h.client, pinned: Uint8Array.from(h.client.pinned, (_, f) => Number(f === 3)), target: 9 } };
    expect(candidateOrder(pinned).map((i) => h.candidates.frame[i])).toEqual([12, 3, 9]);
  });

  it('shows the victim and the target full width, then the frame awaiting the page', () => {
    expect(laneFrames(read(-1), -1, 1)).toEqual([{ frame: 12, role: 'next victim' }]);
    expect(laneFrames(read(DISCARDS[2]), -1, 3)).toEqual([
      { frame: 12, role: 'victim' },
      { frame: 7, role: 'target' },
      { frame: 0, role: 'incoming' },
    ]);
    expect(laneFrames(read(COMPACTED), 5, 3).map((x) => x.role)).toEqual(['target', 'selected', 'freed']);
  });

  it('fades discarded objects and flies moved ones from where the last frame had them', () => {
    const fx = stepEffects(read(SELECTED), read(MOVES[2]), 1000);
    expect(fx.map((e) => [e.kind, e.object])).toEqual([
      ['discard', 2],
      ['discard', 4],
      ['discard', 5],
      ['move', 1],
      ['move', 3],
      ['move', 6],
    ]);
    expect(fx[4].from).toEqual({ frame: 12, offset: 2700 });
    expect(fx[4].to).toEqual({ frame: 7, offset: 4592 });
    expect(fx[4].cls).toBe(15);
    expect(stepEffects(read(MOVES[2]), read(MOVES[2]), 1000)).toEqual([]);
    expect(stepEffects(null, read(MOVES[2]), 1000)).toEqual([]);
  });

  it('flies moves from where the step says the object was, without the objects of the frame before', () => {
    const f = workedFrame(SELECTED);
    f.sections.objects.columns = Object.fromEntries(Object.entries(f.sections.objects.columns).map(([k, c]) => [k, c.slice(0, 0)])) as typeof f.sections.objects.columns;
    const fx = stepEffects(hacFrame(f, description), read(MOVES[2]), 0).filter((e) => e.kind === 'move');
    expect(fx.map((e) => [e.object, e.from.offset, e.to?.offset, e.cls])).toEqual([
      [1, 0, 3392, 14],
      [3, 2700, 4592, 15],
      [6, 7100, 5592, 12],
    ]);
  });

  it('says whether a secondary scan added its frame, and counts every step', () => {
    const h = read(FREED);
    const [added, kept] = steps('scan secondary');
    expect(stepText(h, added)).toBe('secondary pointer adds frame 3 to the candidates (under R = 0.67 of its objects installed)');
    expect(stepText(h, kept)).toBe('secondary pointer checks frame 12: not added (R = 0.67 or more installed)');
    expect(stepTime(h, SENT + 210.403e-6)).toBe('+210.403 µs');
    expect(stepTime(h, SENT + 210.404e-6)).toBe('+210.404 µs');
    expect(stepTime(h, -1)).toBe('—');
    expect(stepCount(read(-1))).toBe(`${STEPS.length} steps, none done yet`);
    expect(stepCount(h)).toBe(`step ${FREED + 1} of ${STEPS.length}`);
  });

  it('finds the object under the pointer in the lane', () => {
    const h = read(DISCARDS[2]);
    const l = canvasLayout(FRAMES, 400, 360);
    const lane = laneFrames(h, -1, l.laneRows);
    const hit = hitTest(h, l, lane, 3 + (2800 / 8192) * 394, l.laneY + 20);
    expect([hit.frame, h.objects.object[hit.row]]).toEqual([12, 3]);
  });

  it('paints grid, lane, timeline and effects on a 2D context', () => {
    const calls: Record<string, number> = {};
    const ctx = new Proxy({} as Record<string | symbol, unknown>, {
      get: (t, k) => (k in t ? t[k] : (...args: unknown[]) => ((calls[String(k)] = (calls[String(k)] ?? 0) + 1), k === 'measureText' ? { width: String(args[0]).length * 6 } : undefined)),
      set: (t, k, v) => ((t[k] = v), true),
    }) as unknown as CanvasRenderingContext2D;
    const h = read(MOVES[0]);
    const l = canvasLayout(FRAMES, 400, 360);
    const lane = laneFrames(h, 3, 3);
    paint(ctx, h, l, lane, { hover: 4, focus: 5, selected: 3, object: -1 });
    expect(calls.rect).toBeGreaterThan(10);
    expect(calls.fillText).toBeGreaterThanOrEqual(6);
    expect(calls.strokeRect).toBeGreaterThan(FRAMES);
    const before = { ...calls };
    // Effects start one after another: those under way at 100 ms are drawn, one rectangle each.
    const effects = stepEffects(read(SELECTED), h, 0);
    const playing = effects.filter((e) => e.start <= 100 && 100 - e.start < EFFECT_MS).length;
    expect(playing).toBeGreaterThan(0);
    paintEffects(ctx, h, l, lane, effects, 100);
    expect(calls.fillRect - before.fillRect).toBe(playing);
  });
});

/** A replacement of `times` (s after 1 s, when it starts), `total` steps in all. */
function steps_(times: number[], total = times.length, startS = 1): ReplacementSnapshot {
  const tS = Float64Array.from(times, (t) => (startS < 0 ? -1 : startS + t));
  const base = read(-1).replacement;
  const rows = Object.fromEntries((['kind', 'stepFrame', 'object', 'to', 'offset', 'fromOffset', 'bytes', 't', 'h'] as const).map((k) => [k, base[k].slice(0, times.length)]));
  return { ...base, ...rows, startS, endS: startS < 0 ? -1 : startS + (total > times.length ? 1 : times[times.length - 1]), step: -1, stepsTotal: total, tS };
}

describe('stepping through a replacement', () => {
  const r = read(-1).replacement;
  const ns = (i: number) => secondsToNs(i < 0 ? SENT : r.tS[i]);
  const last = STEPS.length - 1;

  it('goes from the start to the first step, and from there to the start', () => {
    const at = stepTargets(r, ns(-1));
    expect(at).toEqual({ step: -1, start: null, previous: null, next: { step: 0, tNs: ns(0) }, end: { step: last, tNs: ns(last) } });
    expect(stepTargets(r, ns(0)).previous).toEqual({ step: -1, tNs: ns(-1) });
    expect(stepTargets(r, ns(0)).start).toEqual({ step: -1, tNs: ns(-1) });
  });

  it('walks every step one by one, forward and back, to the time the frame shows it at', () => {
    let now = ns(-1);
    for (let i = 0; i <= last; i++) {
      const to = stepTargets(r, now).next!;
      expect(to).toEqual({ step: i, tNs: ns(i) });
      expect(stepAt(r, to.tNs)).toBe(i);
      expect(read(i).replacement.step).toBe(i); // the frame at that time has step i done last
      now = to.tNs;
    }
    expect(stepTargets(r, now)).toMatchObject({ step: last, next: null, end: null });
    for (let i = last - 1; i >= -1; i--) {
      now = stepTargets(r, now).previous!.tNs;
      expect(now).toBe(ns(i));
    }
    expect(stepTargets(r, now).previous).toBeNull();
  });

  it('steps from the step done last when the time is between two steps', () => {
    const between = ns(MOVES[0]) + 3000;
    expect(stepAt(r, between)).toBe(MOVES[0]);
    expect(stepTargets(r, between).previous?.step).toBe(MOVES[0] - 1);
    expect(stepTargets(r, between).next?.step).toBe(MOVES[0] + 1);
  });

  it('gives each step of zero work its own nanosecond', () => {
    const z = steps_([1e-9, 2e-9, 3e-9]);
    const seen = [stepTargets(z, 1e9).next!];
    while (stepTargets(z, seen[seen.length - 1].tNs).next) seen.push(stepTargets(z, seen[seen.length - 1].tNs).next!);
    expect(seen).toEqual([
      { step: 0, tNs: 1e9 + 1 },
      { step: 1, tNs: 1e9 + 2 },
      { step: 2, tNs: 1e9 + 3 },
    ]);
  });

  it('has nowhere to go before HAC-FG starts, nor without a replacement', () => {
    expect(stepTargets(steps_([1e-6, 2e-6], 2, -1), 2e9)).toEqual({ step: -1, start: null, previous: null, next: null, end: null });
    expect(stepTargets(read(-1).replacement, 0).step).toBe(-1);
    const none = { ...r, page: -1, startS: -1, endS: -1, stepsTotal: 0, tS: new Float64Array() };
    expect(stepTargets(none, 5e9).next).toBeNull();
  });

  it('goes from the last step the frame lists to the end, in a replacement of more steps', () => {
    const big = steps_([1e-6, 2e-6, 3e-6, 4e-6], 10); // 10 steps, 4 listed, the last at 2 s
    const t3 = secondsToNs(1 + 4e-6);
    expect(stepTargets(big, t3)).toEqual({ step: 3, start: { step: -1, tNs: 1e9 }, previous: { step: 2, tNs: secondsToNs(1 + 3e-6) }, next: { step: 9, tNs: 2e9 }, end: { step: 9, tNs: 2e9 } });
    expect(stepTargets(big, t3 + 5)).toMatchObject({ previous: { step: 3, tNs: t3 }, next: { step: 9, tNs: 2e9 } });
    expect(stepTargets(big, 2e9)).toMatchObject({ step: 9, previous: { step: 3, tNs: t3 }, next: null, end: null });
    expect(stepCount({ ...read(-1), replacement: { ...big, step: 6 } })).toBe('step 7 of 10 (the list stops at 4)');
  });
});

function source(frames: Frame[]): FrameSource {
  return { subscribe: () => () => {}, latest: () => frames[frames.length - 1] ?? null, series: () => [], records: () => new RecordStore() };
}
function props(f: Frame, selected: InspectTarget | null = null): ViewProps {
  return { frames: source([f]), selected, select: () => {}, inspectable: true, speed: 1e6, description, scenario: null };
}
/** Rendered text without React's text separators. */
const render = (View: typeof HacView, p: ViewProps) => renderToString(createElement(View, p)).replaceAll('<!-- -->', '');
const html = (f: Frame) => render(HacView, props(f));

describe('the view on hand-made frames', () => {
  it('heads the view with the frame figures, with units', () => {
    const s = html(workedFrame(DISCARDS[2]));
    expect(s).toContain('policy <b>HAC</b> (background)');
    expect(s).toMatch(/<b>16<\/b> frames × 8\.0 KB/);
    expect(s).toMatch(/table <b>8\.0 KB<\/b> \(6\.3% of the frames\)/);
    expect(s).toMatch(/<b>2<\/b> intact · <b>1<\/b> compacted · <b>13<\/b> free/);
  });

  it('lists the steps with the current one marked, the candidates, and the threshold on the usage scale', () => {
    const s = html(workedFrame(DISCARDS[2]));
    expect(s).toContain('aria-current="step"');
    expect(s).toContain('discard object 5 (1.4 KB, usage 1) from frame 12');
    expect(s).toMatch(/frame 12<\/span>.*victim/);
    expect(s).toContain('pinned, skipped');
    expect(s).toContain('victim&#x27;s T = 3: usage ≤ 3 is discarded');
    expect(html(workedFrame(FREED))).toContain('frame 12 freed');
  });

  it('draws a baseline policy (QuickStore) with its own note, not HAC\'s lists and legend', () => {
    const s = html(workedFrame(-1, { policy: 2 }));
    expect(s).toContain('Client cache (QuickStore)');
    expect(s).toContain('QuickStore keeps whole pages and evicts them with CLOCK');
    expect(s).toContain('<canvas');
    expect(s).not.toContain('Candidates, next victim first');
    expect(s).not.toContain('Replacement, step by step');
  });

  it('inspects a frame: its kind, usage, candidacy and objects', () => {
    const f = workedFrame(DISCARDS[2]);
    const s = render(Inspector, props(f, { kind: 'frame', id: 12 }));
    expect(s).toContain('intact page 305');
    expect(s).toContain('T 3, H 0.50');
    expect(s).toContain('yes, age 0 of 20 epochs');
    expect(s).toContain('victim being compacted');
    expect(s).toContain('1110 = 14');
    expect(s).toContain('installed, modified');
    expect(render(Inspector, props(f, { kind: 'frame', id: 3 }))).toContain('not installed');
  });
});
