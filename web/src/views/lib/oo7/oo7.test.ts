import { beforeAll, describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import type { ColumnInfo, Frame, SystemDescription } from '../../../engine/types';
import { EMPTY_SOURCE, RecordedSource } from '../recorded';
import { NONE, oo7Frame, summarize } from './oo7Frame';
import { icicle, nodeAt, panelLayout, partAt, ringLayout, sameTree, separators, stateRuns, treePlot } from './oo7Layout';
import Oo7Panel from './Oo7Panel';
import type { ViewProps } from '../../contract';
import { record } from '../../fixtures/recordings';
import hacCompaction from '../../../systems/hac/fixtures/hac-compaction.json';
import { describeForTests, loadEngineForTests, readScenario } from '../../../engine/testing';

// A description with just the sections the panel reads, as the contract declares them.
const col = (name: string, type: ColumnInfo['type'], values: string[] = []): ColumnInfo => ({ name, label: name, unit: '', type, values });
const DESCRIPTION: SystemDescription = {
  kind: 'hac',
  title: 'test',
  paper: '',
  records: [],
  figures: [],
  views: [],
  knobs: [],
  work: 'composite_visits',
  sections: [
    { name: 'client', description: '', row: '', scalars: [col('traversal', 'f64', ['warm-up', 'measured', 'done'])], columns: [] },
    {
      name: 'oo7',
      description: '',
      row: '',
      scalars: [col('traversal', 'f64', ['T6', 'T1−', 'T1', 'T1+', 'T2a', 'T2b'])],
      columns: [col('state', 'u8', ['not yet', 'walking', 'walked'])],
    },
    { name: 'composite', description: '', row: '', scalars: [], columns: [] },
  ],
};
/** Another system's: its own traversals, and no `client` section (the run's phase stands in). */
const OTHER: SystemDescription = {
  ...DESCRIPTION,
  sections: DESCRIPTION.sections
    .filter((x) => x.name !== 'client')
    .map((x) => (x.name === 'oo7' ? { ...x, scalars: [col('traversal', 'f64', ['T1', 'T6', 'T2a', 'T2b', 'T-mix'])] } : x)),
};
const [NOT_YET, WALKING, WALKED] = [0, 1, 2];

/** A hierarchy of `levels` levels with fan-out `fanout`, in depth-first pre-order. */
function hierarchy(levels: number, fanout: number): { parent: number[]; level: number[] } {
  const parent: number[] = [];
  const level: number[] = [];
  const add = (p: number, l: number) => {
    const i = parent.length;
    parent.push(p);
    level.push(l);
    if (l < levels) for (let k = 0; k < fanout; k++) add(i, l + 1);
  };
  add(NONE, 1);
  return { parent, level };
}

interface Options {
  levels?: number;
  fanout?: number;
  parts?: number;
  /** Base assembly (in left-to-right order) being walked, or -1 before the start. */
  at?: number;
  phase?: number;
  drop?: [section: string, column: string];
}

/** A hand-made frame: the walk at base assembly `at`, its first composite part's parts 0..2
 * visited, parts 0 and 1 on the stack. */
function frame({ levels = 7, fanout = 3, parts = 20, at = 100, phase = 1, drop }: Options = {}): Frame {
  const { parent, level } = hierarchy(levels, fanout);
  const n = parent.length;
  const leafOrder: number[] = [];
  for (let i = 0; i < n; i++) if (level[i] === levels) leafOrder.push(i);
  const current = at >= 0 ? leafOrder[at] : -1;
  const onPath = new Set<number>();
  for (let i = current; i !== NONE && i >= 0; i = parent[i]) onPath.add(i);
  const state = parent.map((_, i) => {
    if (onPath.has(i)) return WALKING;
    // Walked when its last leaf comes before the current one.
    let last = i;
    while (last + 1 < n && level[last + 1] > level[i]) last++;
    return current >= 0 && last < current ? WALKED : NOT_YET;
  });
  const walking = at >= 0;
  const c = walking ? parts : 0;
  const s = {
    client: { scalars: { traversal: phase }, columns: {} },
    oo7: {
      scalars: {
        traversal: 0,
        levels,
        fanout,
        composite: walking ? 312 : -1,
        base: current,
        composite_visits: walking ? 3 * at + 1 : 0,
        composite_visits_total: 3 * leafOrder.length,
        part_visits: walking ? 3 : 0,
        part_limit: parts,
      },
      columns: {
        parent: Uint32Array.from(parent),
        level: Uint8Array.from(level),
        base: Uint8Array.from(level, (l) => (l === levels ? 1 : 0)),
        state: Uint8Array.from(state),
      },
    },
    composite: {
      scalars: {},
      columns: {
        visited: Uint8Array.from({ length: c }, (_, j) => (j < 3 ? 1 : 0)),
        on_path: Uint8Array.from({ length: c }, (_, j) => (j < 2 ? 1 : 0)),
        to0: Uint32Array.from({ length: c }, (_, j) => (j + 1) % c),
        to1: Uint32Array.from({ length: c }, (_, j) => (j + 7) % c),
        to2: Uint32Array.from({ length: c }, (_, j) => (j * 3) % c),
      },
    },
  } as Record<string, { scalars: Record<string, number>; columns: Record<string, Uint8Array | Uint32Array> }>;
  if (drop) {
    delete s[drop[0]].scalars[drop[1]];
    delete s[drop[0]].columns[drop[1]];
  }
  const trace = { t: new Float64Array(), kind: new Uint8Array(), entity: new Uint32Array(), a: new Float64Array(), b: new Float64Array(), c: new Float64Array(), lost: 0 };
  return { nowNs: 1e9, events: 1, finished: false, endedEarly: null, endNs: null, phase: 'measuring', reset: false, trace, traceCounts: new Float64Array(), series: [], sections: s };
}

describe('oo7 layout', () => {
  const { parent, level } = hierarchy(7, 3);
  const t = icicle(Uint32Array.from(parent), Uint8Array.from(level));

  it('lays the medium hierarchy out as 7 rows sharing out 729 base assemblies', () => {
    expect(t.n).toBe(1093);
    expect(t.rows).toBe(7);
    expect(t.leaves).toBe(729);
    expect(t.byRow.map((r) => r.length)).toEqual([1, 3, 9, 27, 81, 243, 729]);
    expect([t.x0[0], t.x1[0]]).toEqual([0, 1]);
    // The root's second child covers the middle third; each row tiles [0, 1) left to right.
    const second = t.byRow[1][1];
    expect(t.x0[second]).toBeCloseTo(1 / 3);
    expect(t.x1[second]).toBeCloseTo(2 / 3);
    for (const row of t.byRow) {
      row.forEach((i, k) => k > 0 && expect(t.x0[i]).toBeCloseTo(t.x1[row[k - 1]]));
      expect(t.x1[row[row.length - 1]]).toBeCloseTo(1);
    }
  });

  it('lays out any depth and fan-out, and refuses a tree not in pre-order', () => {
    const small = hierarchy(3, 2);
    const s = icicle(Uint32Array.from(small.parent), Uint8Array.from(small.level));
    expect([s.n, s.rows, s.leaves]).toEqual([7, 3, 4]);
    expect(() => icicle(Uint32Array.from([NONE, 2, 0]), Uint8Array.from([1, 2, 2]))).toThrow(/depth-first/);
    expect(() => icicle(Uint32Array.from([NONE, 0]), Uint8Array.from([1, 3]))).toThrow(/one level up/);
  });

  it('finds the assembly under a point, and knows its own tree', () => {
    expect(nodeAt(t, 0, 0.5)).toBe(0);
    expect(nodeAt(t, 1, 0.5)).toBe(t.byRow[1][1]);
    expect(nodeAt(t, 6, 0)).toBe(t.byRow[6][0]);
    expect(nodeAt(t, 6, 0.9999)).toBe(t.byRow[6][728]);
    expect([nodeAt(t, 7, 0.5), nodeAt(t, 0, 1), nodeAt(t, -1, 0.5)]).toEqual([-1, -1, -1]);
    expect(sameTree(t, Uint32Array.from(parent))).toBe(true);
    expect(sameTree(t, Uint32Array.from(parent.slice(0, 10)))).toBe(false);
    expect(sameTree(null, Uint32Array.from(parent))).toBe(false);
  });

  it('draws each row as a few runs of equal state, and borders only rows wide enough', () => {
    const f = frame({ at: 100 });
    const runs = stateRuns(t, f.sections.oo7.columns.state as Uint8Array, 600);
    // Walked left of the path, the path, not yet right of it: at most three runs a row.
    for (let r = 0; r < 7; r++) expect(runs.filter((x) => x.row === r).length).toBeLessThanOrEqual(3);
    const leaf = runs.filter((x) => x.row === 6);
    expect(leaf.map((x) => x.state)).toEqual([WALKED, WALKING, NOT_YET]);
    expect(leaf[1].x0).toBeCloseTo((100 / 729) * 600);
    const seps = separators(t, 600);
    expect(new Set(seps.map((s) => s.row))).toEqual(new Set([1, 2, 3, 4])); // 600/243 < 4 px
  });

  it('splits the panel and keeps the rows and the ring inside their rectangles', () => {
    const wide = panelLayout(900, 400, 7);
    expect(wide.side).toBe(true);
    expect(wide.tree.w + wide.graph.w).toBe(900);
    const tall = panelLayout(420, 500, 7);
    expect(tall.side).toBe(false);
    expect(tall.tree.h + tall.graph.h).toBe(500);
    const tp = treePlot(tall.tree, 7);
    expect(tp.y + 7 * tp.rowH).toBeLessThanOrEqual(tall.tree.y + tall.tree.h);
    // A narrow panel (the lab's second column) stacks them, with readable rows.
    const narrow = panelLayout(186, 300, 7);
    expect(narrow.side).toBe(false);
    expect(treePlot(narrow.tree, 7).rowH).toBeGreaterThanOrEqual(10);
    for (const n of [1, 20, 200]) {
      const ring = ringLayout(n, tall.graph);
      for (let j = 0; j < n; j++) {
        expect(ring.x[j] - ring.nodeR).toBeGreaterThanOrEqual(tall.graph.x);
        expect(ring.x[j] + ring.nodeR).toBeLessThanOrEqual(tall.graph.x + tall.graph.w);
        expect(ring.y[j] - ring.nodeR).toBeGreaterThanOrEqual(tall.graph.y);
        expect(ring.y[j] + ring.nodeR).toBeLessThanOrEqual(tall.graph.y + tall.graph.h);
      }
      expect(partAt(ring, ring.x[0], ring.y[0])).toBe(0);
      expect(partAt(ring, ring.cx, ring.cy)).toBe(-1);
    }
    const ring = ringLayout(20, tall.graph);
    expect(ring.y[0]).toBeLessThan(ring.cy); // part 0 at the top
    expect(partAt(ring, ring.x[5] + 1, ring.y[5] - 1)).toBe(5);
  });
});

describe('oo7 frame reader', () => {
  it('reads every value by name', () => {
    const o = oo7Frame(frame({ at: 341 }), DESCRIPTION);
    expect(o.traversal).toBe('T6');
    expect(o.phase).toBe('measured');
    expect([o.levels, o.fanout, o.composite, o.compositeVisits, o.compositeVisitsTotal, o.partVisits, o.partLimit]).toEqual([7, 3, 312, 1024, 2187, 3, 20]);
    expect(o.assemblies.parent.length).toBe(1093);
    expect(o.parts.to[0][19]).toBe(0);
    expect(o.names).toMatchObject({ notYet: 0, walking: 1, walked: 2 });
    expect(summarize(o)).toBe('T6: walking composite part 312, visit 1,024 of 2,187; 3 of 20 atomic parts visited');
  });

  for (const [section, name] of [
    ['oo7', 'composite_visits'],
    ['oo7', 'state'],
    ['composite', 'on_path'],
    ['client', 'traversal'],
  ] as const) {
    it(`throws on a frame without ${section}.${name}`, () => {
      expect(() => oo7Frame(frame({ drop: [section, name] }), DESCRIPTION)).toThrow(`${section}.${name}`);
    });
  }

  it('throws when the system does not describe the states', () => {
    const d = { ...DESCRIPTION, sections: DESCRIPTION.sections.filter((s) => s.name !== 'oo7') };
    expect(() => oo7Frame(frame(), d)).toThrow('oo7.state');
  });

  it("takes the run's phase for a system that names no phase of its traversal (reading oo7 and composite alone)", () => {
    const d = { ...OTHER, kind: 'other' };
    const f = frame();
    const only = { ...f, sections: { oo7: f.sections.oo7, composite: f.sections.composite } };
    const read = (phase: Frame['phase']) => oo7Frame({ ...only, phase }, d);
    expect(read('warmup').phase).toBe('warm-up');
    expect(read('measuring').phase).toBe('measured');
    expect(read('done').phase).toBe('done');
    expect(read('measuring').names.phase).toBeNull();
    expect(summarize(read('measuring'))).toBe('T1: walking composite part 312, visit 301 of 2,187; 3 of 20 atomic parts visited');
  });

  it('says where the walk is', () => {
    expect(summarize(oo7Frame(frame({ at: -1 }), DESCRIPTION))).toBe('T6 has not reached a composite part yet: 0 of 2,187 composite-part visits');
    expect(summarize(oo7Frame(frame({ phase: 0 }), DESCRIPTION))).toMatch(/^T6 \(unmeasured warm-up traversal\): walking composite part 312/);
    expect(summarize(oo7Frame(frame({ phase: 2 }), DESCRIPTION))).toBe('T6 done: 2,187 composite-part visits');
  });
});

describe('Oo7Panel renders', () => {
  const props = (frames: ViewProps['frames']): ViewProps => ({ frames, selected: null, select: () => {}, inspectable: false, speed: 1e8, description: DESCRIPTION, scenario: null });
  const render = (f: Frame) => {
    const src = new RecordedSource([f]);
    src.advance();
    return renderToString(createElement(Oo7Panel, props(src))).replaceAll('<!-- -->', '');
  };

  it('shows the empty state before the first frame', () => {
    expect(renderToString(createElement(Oo7Panel, props(EMPTY_SOURCE)))).toContain('Press Play (Space) to start the simulation');
  });

  it('shows the traversal, the visit count and a legend for a hand-made frame', () => {
    const html = render(frame({ at: 341 }));
    expect(html).toContain('<b>T6</b> measured');
    expect(html).toContain('composite part visit <b>1,024</b> of 2,187');
    expect(html).toContain('walking composite part 312, visit 1,024 of 2,187');
    for (const legend of ['not yet', 'walked · visited', 'walking · on the stack', 'connection']) expect(html).toContain(legend);
  });

  it("shows another system's traversal, in the run's phase", () => {
    const f = frame({ at: 341 });
    const src = new RecordedSource([{ ...f, phase: 'warmup', sections: { oo7: f.sections.oo7, composite: f.sections.composite } }]);
    src.advance();
    const html = renderToString(createElement(Oo7Panel, { ...props(src), description: OTHER })).replaceAll('<!-- -->', '');
    expect(html).toContain('<b>T1</b> warm-up (unmeasured)');
    expect(html).toContain('composite part visit <b>1,024</b> of 2,187');
  });

  it('reads the levels and the parts from the frame (a smaller database)', () => {
    const html = render(frame({ levels: 4, fanout: 2, parts: 8, at: 3 }));
    expect(html).toContain('composite part visit <b>10</b> of 24');
    expect(html).toContain('visit 10 of 24; 3 of 8 atomic parts visited');
  });
});

// Frames of real runs, recorded through the worker's LabHost as the lab receives them.
describe('Oo7Panel on frames from the engine', () => {
  const ms = 1e6;
  const runs: Record<string, { d: SystemDescription; frames: Frame[] }> = {};
  beforeAll(async () => {
    await loadEngineForTests();
    const small = `${readScenario('hac-t1-cold.toml')}\n[database]\nsize = "small"\n`;
    for (const [name, scenario, times] of [
      ['t6', readScenario('hac-t6-cold.toml'), [0, 1000 * ms, 3000 * ms]],
      ['t1', readScenario('hac-t1-cold.toml'), [60_020 * ms]],
      ['small', small, [5000 * ms]],
    ] as const) {
      runs[name] = { d: describeForTests(scenario), frames: await record({ name, about: '', scenario, times: [...times] }) };
    }
  });
  const props = (frames: ViewProps['frames'], d: SystemDescription): ViewProps => ({ frames, selected: null, select: () => {}, inspectable: false, speed: 1e8, description: d, scenario: null });

  it('reads a cold T6: the medium hierarchy, the path down to a base assembly, a visit count that grows', () => {
    const { d, frames } = runs.t6;
    const [start, one, three] = frames.map((f) => oo7Frame(f, d));
    expect([start.traversal, start.levels, start.fanout, start.compositeVisitsTotal, start.partLimit]).toEqual(['T6', 7, 3, 2187, 1]);
    expect(start.compositeVisits).toBe(0);
    expect(summarize(start)).toMatch(/^T6 has not reached a composite part yet/);
    const t = icicle(one.assemblies.parent, one.assemblies.level);
    expect([t.n, t.rows, t.leaves]).toEqual([1093, 7, 729]);
    expect(one.compositeVisits).toBeGreaterThan(0);
    expect(three.compositeVisits).toBeGreaterThan(one.compositeVisits);
    // The path runs from the root to the base assembly being walked, one assembly a level.
    const path = [...one.assemblies.state.keys()].filter((i) => one.assemblies.state[i] === one.names.walking);
    expect(path.map((i) => one.assemblies.level[i])).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(path[6]).toBe(one.base);
    // Walked assemblies lie left of the path in every row.
    for (const run of stateRuns(t, one.assemblies.state, 1)) if (run.state === one.names.walked) expect(run.x1).toBeLessThanOrEqual(t.x0[path[run.row]] + 1e-9);
    expect(one.parts.visited.length).toBe(200);
    expect(one.partVisits).toBe(1);
    const src = new RecordedSource(frames);
    src.playAll();
    const later = renderToString(createElement(Oo7Panel, props(src, d))).replaceAll('<!-- -->', '');
    expect(later).toContain(`composite part visit <b>${three.compositeVisits.toLocaleString('en-US')}</b> of 2,187`);
    expect(later).toContain('<b>T6</b> measured');
  });

  it('reads a cold T1 inside a composite part: the depth-first stack within the visited parts', () => {
    const { d, frames } = runs.t1;
    const o = oo7Frame(frames[0], d);
    expect([o.traversal, o.partLimit]).toEqual(['T1', 200]);
    expect(o.composite).toBeGreaterThanOrEqual(0);
    const visited = o.parts.visited.reduce((a, b) => a + b, 0);
    expect(visited).toBe(o.partVisits);
    for (let j = 0; j < o.parts.onPath.length; j++) if (o.parts.onPath[j]) expect(o.parts.visited[j]).toBe(1);
    for (const to of o.parts.to) for (const k of to) expect(k).toBeLessThan(200);
    expect(summarize(o)).toBe(`T1: walking composite part ${o.composite}, visit ${o.compositeVisits.toLocaleString('en-US')} of 2,187; ${o.partVisits} of 200 atomic parts visited`);
  });

  it('reads the small database from the frame: 20 atomic parts a composite part', () => {
    const { d, frames } = runs.small;
    const o = oo7Frame(frames[0], d);
    expect([o.levels, o.partLimit, o.compositeVisitsTotal, o.parts.visited.length]).toEqual([7, 20, 2187, 20]);
    expect(o.partVisits).toBeGreaterThan(1);
    const src = new RecordedSource(frames);
    src.playAll();
    const html = renderToString(createElement(Oo7Panel, props(src, d)));
    expect(html).toContain(`; ${o.partVisits} of 20 atomic parts visited`);
  });

  it('renders the recorded HAC fixture (cold T1 part way through a composite part)', () => {
    const src = RecordedSource.fromJson(hacCompaction);
    const frames = [src.advance(), src.playAll()].map((f) => oo7Frame(f, runs.t1.d));
    expect(frames.map((o) => [o.traversal, o.composite >= 0, o.parts.visited.length])).toEqual([
      ['T1', true, 200],
      ['T1', true, 200],
    ]);
    expect(frames[1].partVisits).toBeGreaterThan(frames[0].partVisits);
    const o = frames[1];
    const html = renderToString(createElement(Oo7Panel, props(src, runs.t1.d))).replaceAll('<!-- -->', '');
    expect(html).toContain(`composite part visit <b>${o.compositeVisits}</b> of 2,187`);
    expect(html).toContain(`T1: walking composite part ${o.composite}, visit ${o.compositeVisits} of 2,187; ${o.partVisits} of 200 atomic parts visited`);
  });
});
