// @vitest-environment jsdom
// The PoolPlatter view on frames recorded from the engine (fixtures/oplog-pool.json: the
// opportunistic server at the Fig. 3 point at 2 s, 15 ms and 40 ms later), on live absorbing,
// basic and page servers, and by mouse and keyboard.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describeForTests, loadEngineForTests, readScenario } from '../../engine/testing';
import { LabHost } from '../../engine/host';
import type { Frame, SystemDescription } from '../../engine/types';
import type { FrameSource, InspectTarget, ViewProps } from '../../views/contract';
import PoolPlatter from './PoolPlatter';
import { EMPTY_MESSAGE } from '../../views/lib/hooks';
import { EMPTY_SOURCE, frameFromJson, RecordedSource } from '../../views/lib/recorded';
import { oplogFrame, oplogNames } from './oplogFrame';
import { screenAngle } from '../../views/lib/disk';
import { HEAD_ANGLE } from '../../views/lib/platter';
import {
  angleAt,
  decisionAt,
  decisionPlaces,
  ageBin,
  ageTopS,
  cylinderRadius,
  hitDirty,
  hitMark,
  latestDecision,
  paintPlatter,
  placeAt,
  placePoint,
  platterLayout,
  poolMarks,
  readout,
  AGE_BINS,
} from './poolPlatter';
import recorded from './fixtures/oplog-pool.json';
import { layOutJsdom } from '../../views/lib/jsdom';

const SCENARIO = readScenario('oplog-pool.toml');
let description: SystemDescription;
let frames: Frame[];
let root: Root | null = null;
/** The calls made to the view's canvas (counted by the fake 2D context). */
const canvasCalls: Record<string, number> = {};
const W = 600;
const H = 420;

/** A 2D context that does nothing but count the calls made to it. */
function fakeContext(calls: Record<string, number>): CanvasRenderingContext2D {
  return new Proxy({} as Record<string | symbol, unknown>, {
    get: (t, k) => {
      if (k in t) return t[k];
      if (k === 'measureText') return () => ({ width: 30 });
      return (..._args: unknown[]) => {
        calls[String(k)] = (calls[String(k)] ?? 0) + 1;
      };
    },
    set: (t, k, v) => ((t[k] = v), true),
  }) as unknown as CanvasRenderingContext2D;
}

beforeAll(async () => {
  await loadEngineForTests();
  description = describeForTests(SCENARIO);
  frames = recorded.map(frameFromJson);
  layOutJsdom(W, H);
  HTMLCanvasElement.prototype.getContext = function () {
    return fakeContext(canvasCalls);
  } as unknown as typeof HTMLCanvasElement.prototype.getContext;
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
});

function props(src: FrameSource, select: (t: InspectTarget | null) => void = () => {}, selected: InspectTarget | null = null): ViewProps {
  return { frames: src, selected, select, inspectable: true, speed: 1e6, description, scenario: null };
}
function text(f: Frame | null): string {
  const src = f ? new RecordedSource([f]) : null;
  src?.advance();
  return renderToString(createElement(PoolPlatter, props(src ?? EMPTY_SOURCE))).replaceAll('<!-- -->', '');
}
/** The text of the element with data-testid `id` in `html`. */
function testid(html: string, id: string): string | null {
  const m = new RegExp(`data-testid="${id}"[^>]*>([^<]*)<`).exec(html);
  return m ? m[1] : null;
}
/** The raw decision rows of a recorded frame, straight from the JSON: what the engine decided. */
function rawDecisions(i: number) {
  const c = (recorded[i] as { sections: { decisions: { columns: Record<string, { v: number[] }> } } }).sections.decisions.columns;
  return c.at.v.map((_, k) => ({ op: c.op.v[k], chosen: c.chosen.v[k], chosenNs: c.chosen_ns.v[k], other: c.other.v[k], otherNs: c.other_ns.v[k] }));
}
const ms = (ns: number) => (ns / 1e6).toFixed(2);
/** The saving as the readout gives it: the difference of the two times as shown. */
const saving = (chosenNs: number, otherNs: number) => Math.abs(Number(ms(otherNs)) - Number(ms(chosenNs))).toFixed(2);
async function live(design: string, tNs = 2e9): Promise<Frame> {
  const host = new LabHost();
  const loaded = await host.load(SCENARIO.replace('design = "opportunistic"', `design = "${design}"`), 1);
  expect(loaded.ok).toBe(true);
  const f = await host.frame(tNs);
  host.dispose();
  return f;
}

describe('PoolPlatter on recorded frames (oplog-pool)', () => {
  it('places every pending page at its cylinder (radius) and its slot (angle), the platter at the frame’s angle', () => {
    for (const fr of frames) {
      const f = oplogFrame(fr, description);
      const l = platterLayout(W, H);
      const top = ageTopS(f.pool, fr.nowNs);
      const m = poolMarks(f.pool, f.disk, fr.nowNs, top, l);
      expect(m.x.length).toBe(f.server.pendingPages);
      expect(f.pool.page.length).toBeGreaterThan(2900);
      for (let i = 0; i < f.pool.page.length; i += 97) {
        const page = f.pool.page[i];
        // The engine's layout (spec §2.2): cylinder ⌊p/171⌋, angular slot p mod 9.
        expect(f.pool.cylinder[i]).toBe(Math.floor(page / 171));
        expect(f.pool.slot[i]).toBe(page % 9);
        const r = l.rInner + ((f.pool.cylinder[i] + 0.5) / 1962) * (l.rOuter - l.rInner);
        const a = (f.disk.angle - (page % 9) / 9) * 2 * Math.PI; // the head at 3 o'clock
        expect(m.x[i]).toBeCloseTo(l.cx + r * Math.cos(a), 3);
        expect(m.y[i]).toBeCloseTo(l.cy + r * Math.sin(a), 3);
      }
    }
    // Cylinder 0 at the hub's edge, the last at the rim; a slot is under the head when the
    // platter's angle is the slot's.
    const l = platterLayout(W, H);
    expect(cylinderRadius(-0.5, 1962, l)).toBeCloseTo(l.rInner);
    expect(cylinderRadius(1961.5, 1962, l)).toBeCloseTo(l.rOuter);
    const f = oplogFrame(frames[0], description);
    const disk = { ...f.disk, angle: 3 / 9 };
    const one = { page: Uint32Array.of(171 * 1000 + 3), cylinder: Uint32Array.of(1000), slot: Uint8Array.of(3), entries: Uint32Array.of(1), firstAt: Float64Array.of(0) };
    const m = poolMarks(one, disk, 1e9, 1, l);
    expect(m.x[0]).toBeCloseTo(l.cx + cylinderRadius(1000, 1962, l), 3);
    expect(m.y[0]).toBeCloseTo(l.cy, 3);
  });

  it('draws a choice as the platter stands when the head is free: a page chosen at 0 ms is under the head', () => {
    const fr = frames[0];
    const f = oplogFrame(fr, description);
    const ops = oplogNames(description).op;
    const l = platterLayout(W, H);
    let zero = 0;
    for (let i = 0; i < f.decisions.at.length; i++) {
      const dec = decisionAt(f.decisions, i, ops);
      const at = decisionPlaces(dec, f.disk, fr.nowNs, l);
      expect(at.from.y).toBeCloseTo(l.cy, 6);
      expect(at.from.x).toBeCloseTo(l.cx + cylinderRadius(dec.fromCylinder, 1962, l), 6);
      expect(at.other === null).toBe(dec.other < 0);
      const cyl = Math.floor(dec.chosen / 171);
      if (dec.chosenNs !== 0 || cyl !== dec.fromCylinder) continue;
      // No seek, no rotational wait: the page's first sector is at the head, 3 o'clock.
      expect(at.chosen.x, `decision ${i}`).toBeCloseTo(l.cx + cylinderRadius(cyl, 1962, l), 3);
      expect(at.chosen.y).toBeCloseTo(l.cy, 3);
      zero++;
    }
    expect(zero).toBeGreaterThan(2);
    // The platter's angle at another time: a constant rate from the frame's.
    expect(angleAt(f.disk, fr.nowNs, fr.nowNs)).toBeCloseTo(f.disk.angle, 12);
    expect(angleAt(f.disk, fr.nowNs, fr.nowNs + f.disk.revNs * 1.25)).toBeCloseTo((f.disk.angle + 0.25) % 1, 9);
  });

  it('colours marks by age: the oldest in the last bin, a page committed now in the first', () => {
    const fr = frames[2];
    const f = oplogFrame(fr, description);
    const top = ageTopS(f.pool, fr.nowNs);
    const ages = Array.from(f.pool.firstAt, (t) => (fr.nowNs - t) / 1e9);
    expect(top).toBeGreaterThanOrEqual(Math.max(...ages));
    expect(top).toBeLessThan(Math.max(...ages) * 1.5);
    expect(ageBin(top, top)).toBe(AGE_BINS - 1);
    expect(ageBin(0, top)).toBe(0);
    const m = poolMarks(f.pool, f.disk, fr.nowNs, top, platterLayout(W, H));
    const young = ages.indexOf(Math.min(...ages));
    expect(m.bin[young]).toBe(0);
  });

  it('reads out the latest installation-read choice with the engine’s numbers: SPTF’s page and time, oldest-first’s, the saving', () => {
    for (const i of [0, 1, 2]) {
      const rows = rawDecisions(i);
      const last = rows.filter((r) => r.op === 1).pop()!;
      const html = text(frames[i]);
      expect(testid(html, 'pool-chosen'), `frame ${i}`).toBe(String(last.chosen));
      expect(testid(html, 'pool-chosen-ms')).toBe(ms(last.chosenNs));
      expect(testid(html, 'pool-other')).toBe(String(last.other));
      expect(testid(html, 'pool-other-ms')).toBe(ms(last.otherNs));
      expect(testid(html, 'pool-saving-ms')).toBe(saving(last.chosenNs, last.otherNs));
      expect(Math.abs(Number(saving(last.chosenNs, last.otherNs)) - (last.otherNs - last.chosenNs) / 1e6)).toBeLessThanOrEqual(0.01);
      expect(html).toContain(`SPTF chose page ${last.chosen}: ${ms(last.chosenNs)} ms; oldest-first would have taken page ${last.other}: ${ms(last.otherNs)} ms: saving ${saving(last.chosenNs, last.otherNs)} ms.`);
      expect(html).not.toMatch(/NaN|undefined/);
    }
    // Frame 1: the choice made as the fetch read ended, 5.00 ms against 14.99 ms (exactly 9.995
    // ms apart): the sentence adds up.
    expect(testid(text(frames[1]), 'pool-saving-ms')).toBe('9.99');
    // At 2 s the newest decision is a write-back: it is said too, with no other pick.
    const w = rawDecisions(0).pop()!;
    expect(w.op).toBe(2);
    expect(text(frames[0])).toContain(`Latest write-back (SPTF): page <b>${w.chosen}</b> of 31,051 dirty pages, ${ms(w.chosenNs)} ms to position.`);
  });

  it('shows the counts with their units, the age scale in seconds, and one mark per pending page', () => {
    const f = oplogFrame(frames[2], description);
    const html = text(frames[2]);
    expect(html).toContain('pending <b data-testid="pool-pending">2,938</b> pages');
    expect(html).toContain('log <b data-testid="pool-log">2,952</b> of 3,000 entries');
    expect(html).toContain('dirty <b data-testid="pool-dirty">31,050</b> pages');
    expect(html).toContain(`data-count="${f.server.pendingPages}"`);
    expect(html).toMatch(/<span>0<\/span><span>[\d.]+<\/span><span>[\d.]+ s<\/span>/);
    expect(html).toMatch(/<canvas role="img" aria-label="Disk platter from above, cylinder as radius/);
    // The strip: the last 12 decisions, newest first, installation reads with both times.
    const rows = rawDecisions(2).reverse().slice(0, 12);
    expect((html.match(/class="pp-row( pp-sel)?"/g) ?? []).length).toBe(12);
    expect(html).toContain(`read ${rows[0].chosen}</span>`);
    expect(html).toContain(`${ms(rows[0].chosenNs)} / ${ms(rows[0].otherNs)}`);
  });

  it('shows the empty state before the first frame', () => {
    const html = text(null);
    expect(html).toContain(EMPTY_MESSAGE);
    expect(html).not.toContain('<canvas');
  });

  it('labels the platter with the decision it is given, the one the words show, not a newer one (issue 24, item 13)', () => {
    const ops = oplogNames(description).op;
    const decisionOf = (i: number) => latestDecision(oplogFrame(frames[i], description).decisions, ops, 'installation read')!;
    const [shown, newer] = [decisionOf(0), decisionOf(1)];
    expect(shown.chosenNs).not.toBe(newer.chosenNs);
    const labels = (decision?: ReturnType<typeof decisionOf>) => {
      const texts: string[] = [];
      const calls: Record<string, number> = {};
      const ctx = fakeContext(calls);
      (ctx as unknown as { fillText: (t: string) => void }).fillText = (t: string) => void texts.push(t);
      const f = oplogFrame(frames[1], description);
      paintPlatter(ctx, f, frames[1].nowNs, ops, platterLayout(W, H), { showDirty: false, selectedPage: -1, hoverPage: -1, decision });
      return texts.filter((t) => t.endsWith(' ms'));
    };
    const label = (ns: number) => `${(ns / 1e6).toFixed(2)} ms`;
    expect(labels(shown)).toContain(label(shown.chosenNs));
    expect(labels(shown)).not.toContain(label(newer.chosenNs));
    expect(labels()).toContain(label(newer.chosenNs));
  });

  it('paints the dirty cells only when asked, one arc per cell with dirty pages, and finds the cell under the pointer', () => {
    const fr = frames[0];
    const f = oplogFrame(fr, description);
    const ops = oplogNames(description).op;
    const cells = Array.from(f.dirty.cells).filter((n) => n > 0).length;
    expect(cells).toBeGreaterThan(10_000);
    const count = (showDirty: boolean) => {
      const calls: Record<string, number> = {};
      paintPlatter(fakeContext(calls), f, fr.nowNs, ops, platterLayout(W, H), { showDirty, selectedPage: -1, hoverPage: -1 });
      return calls.arc ?? 0;
    };
    expect(count(true) - count(false)).toBe(cells);
    // The place under a point is the place drawn there (a slot spans its page's sectors).
    const l = platterLayout(W, H);
    for (const [cyl, slot] of [
      [0, 0],
      [981, 4],
      [1961, 8],
    ]) {
      const p = placePoint(cyl, slot, f.disk, l);
      const a = screenAngle(slot / 9 + 0.05, f.disk.angle, HEAD_ANGLE); // a little into the slot
      const r = cylinderRadius(cyl, 1962, l);
      expect(placeAt(f.disk, l, p.x, p.y)?.cylinder).toBe(cyl);
      expect(placeAt(f.disk, l, l.cx + r * Math.cos(a), l.cy + r * Math.sin(a))).toEqual({ cylinder: cyl, slot });
      const n = f.dirty.cells[cyl * 9 + slot];
      expect(hitDirty(f.dirty.cells, f.disk, l, l.cx + r * Math.cos(a), l.cy + r * Math.sin(a))).toEqual(n ? { cylinder: cyl, slot, count: n } : null);
    }
  });

  it('toggles the dirty pages with a checkbox, hovers a mark for its page and selects it by click', () => {
    const el = document.createElement('div');
    document.body.append(el);
    const src = new RecordedSource(frames);
    const picked: (InspectTarget | null)[] = [];
    root = createRoot(el);
    act(() => root!.render(createElement(PoolPlatter, props(src, (t) => picked.push(t)))));
    act(() => src.advance());
    act(() => src.advance());
    const box = el.querySelector<HTMLInputElement>('[data-testid=pool-dirty-toggle]')!;
    expect(box.checked).toBe(false);
    expect(el.textContent).not.toContain('dirty pages: the arc');
    for (const k of Object.keys(canvasCalls)) delete canvasCalls[k];
    act(() => box.click());
    expect(box.checked).toBe(true);
    expect(el.textContent).toContain('dirty pages: the arc of a page');
    // The platter is painted again at once, with an arc per dirty cell.
    const dirtyCells = Array.from(oplogFrame(frames[1], description).dirty.cells).filter((n) => n > 0).length;
    expect(canvasCalls.arc).toBeGreaterThan(dirtyCells);
    // Hover the oldest page's mark: its words; click: inspect it.
    const fr = frames[1];
    const f = oplogFrame(fr, description);
    const l = platterLayout(W, H);
    const m = poolMarks(f.pool, f.disk, fr.nowNs, ageTopS(f.pool, fr.nowNs), l);
    const dec = latestDecision(f.decisions, oplogNames(description).op, 'installation read')!;
    const row = Array.prototype.indexOf.call(f.pool.page, dec.other) as number;
    expect(row).toBeGreaterThanOrEqual(0);
    const canvas = el.querySelector('canvas')!;
    act(() => canvas.dispatchEvent(new MouseEvent('mousemove', { clientX: m.x[row], clientY: m.y[row], bubbles: true })));
    const hit = hitMark(m, m.x[row], m.y[row]);
    const tip = el.querySelector('.sl-tooltip')!.textContent!;
    expect(tip).toMatch(new RegExp(`^page ${m.page[hit]}: cylinder ${f.pool.cylinder[row]}, slot ${f.pool.slot[row]}, \\d log entr(y|ies), age [\\d.]+ s`));
    act(() => canvas.dispatchEvent(new MouseEvent('click', { clientX: m.x[row], clientY: m.y[row], bubbles: true })));
    expect(picked).toEqual([{ kind: 'page', id: m.page[hit] }]);
    // A reset clears the hover.
    act(() => src.publish({ ...frames[2], reset: true }));
    expect(el.querySelector('.sl-tooltip')).toBeNull();
    // The strip's rows select their chosen page, by keyboard too (they are buttons).
    const first = el.querySelector<HTMLButtonElement>('.pp-row')!;
    act(() => first.click());
    expect(picked[1]).toEqual({ kind: 'page', id: rawDecisions(2).pop()!.chosen });
  });
});

describe('PoolPlatter on live servers', () => {
  it('words an absorbing server’s choice the other way round: it reads the oldest, SPTF is what it passed over', async () => {
    const fr = await live('absorbing');
    const f = oplogFrame(fr, description);
    const dec = latestDecision(f.decisions, oplogNames(description).op, 'installation read')!;
    expect(dec).not.toBeNull();
    expect(dec.otherNs).toBeLessThanOrEqual(dec.chosenNs);
    const html = text(fr);
    expect(html).toContain(`Oldest-first chose page ${dec.chosen}: ${ms(dec.chosenNs)} ms; SPTF would have taken page ${dec.other}: ${ms(dec.otherNs)} ms: SPTF would have saved`);
    expect(testid(html, 'pool-saving-ms')).toBe(saving(dec.chosenNs, dec.otherNs));
    expect(readout('absorbing', dec).chosenPolicy).toBe('oldest-first');
  });

  it('explains why the basic and page servers have no pool', async () => {
    for (const [design, why] of [
      ['basic', 'issues each installation read the moment the commit arrives'],
      ['page', 'clients ship whole modified pages'],
    ]) {
      const fr = await live(design, 0.5e9);
      const html = text(fr);
      expect(oplogFrame(fr, description).pool.page.length).toBe(0);
      expect(html).toContain(`No pending pool: ${design} server`);
      expect(html).toContain(why);
      expect(html).not.toContain('data-testid="pool-readout"');
      expect(html).toContain('data-testid="pool-dirty-toggle"');
    }
  });
});
