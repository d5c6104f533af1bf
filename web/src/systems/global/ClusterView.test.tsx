// @vitest-environment jsdom
// The cluster view on frames recorded from the engine (fixtures/global-fig18-clsv-decl*.json:
// Fig. 18 declustered at 0.2 s, the first pages read, and at 160 s, warm): each server's bar is
// its frame's counts by owner, the dots are the messages on the wire, and a column selects its
// server, by click or by keyboard.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { describeForTests, loadEngineForTests, readScenario } from '../../engine/testing';
import type { Frame, SystemDescription } from '../../engine/types';
import type { InspectTarget, ViewProps } from '../../views/contract';
import { frameFromJson, RecordedSource } from '../../views/lib/recorded';
import { layOutJsdom } from '../../views/lib/jsdom';
import ClusterView from './ClusterView';
import { bands, flight, pathLegs, pathText, serverColours } from './clusterDraw';
import { clusterFrame } from './clusterFrame';
import { pageRows, requestRows, serverRows } from './inspect';
import early from './fixtures/global-fig18-clsv-decl.json';
import warm from './fixtures/global-fig18-clsv-decl-warm.json';
import web from './fixtures/global-fig53-hybrid-warm.json';
import writes from './fixtures/global-fig24-clsv-clus-warm.json';
import lazy from './fixtures/global-tab13-global-lazy.json';
import tab13 from './fixtures/global-tab13-global-warm.json';

let description: SystemDescription;
let frames: Frame[];
let root: Root | null = null;

beforeAll(async () => {
  await loadEngineForTests();
  description = describeForTests(readScenario('global-fig18-clsv-decl.toml'));
  frames = [...(early as unknown[]), ...(warm as unknown[])].map(frameFromJson);
  layOutJsdom(600, 420);
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

function mount(f: Frame, over: Partial<ViewProps> = {}): HTMLElement {
  const src = new RecordedSource([f]);
  src.playAll();
  const el = document.createElement('div');
  document.body.append(el);
  root = createRoot(el);
  const props: ViewProps = { frames: src, selected: null, select: () => {}, inspectable: true, speed: 1e9, description, scenario: null, ...over };
  act(() => root!.render(createElement(ClusterView, props)));
  return el;
}

describe("the cluster's frames", () => {
  it('account for every frame of every server, by kind and by owner', () => {
    for (const f of frames) {
      const c = clusterFrame(f, description);
      expect(c.servers).toHaveLength(10);
      for (const s of c.servers) {
        expect(s.own + s.hated + s.others + s.free, `server ${s.id}`).toBeLessThanOrEqual(c.frames);
        expect(s.byOwner[s.id]).toBe(s.own + s.hated);
        expect(s.byOwner.reduce((a, b) => a + b, 0) - s.byOwner[s.id]).toBe(s.others);
        const drawn = bands(s).reduce((a, b) => a + (b.to - b.from), 0);
        expect(drawn).toBe(s.own + s.hated + s.others + s.free);
      }
    }
  });

  it('show the run warming: at 0.2 s the owners hold only hated copies; at 160 s the client server is full of every owner\'s pages', () => {
    const [a, b] = frames.map((f) => clusterFrame(f, description));
    expect(a.servers[0].client).toBe('large');
    expect(a.servers.slice(1).every((s) => s.own === 0 && s.others === 0)).toBe(true);
    expect(a.servers.slice(1).some((s) => s.hated > 0)).toBe(true);
    const s0 = b.servers[0];
    expect(s0.free).toBe(0);
    expect(s0.byOwner.every((n) => n > 50)).toBe(true);
    // Every other server holds its share of the 4,096-page set, about 410, as hated copies.
    for (const s of b.servers.slice(1)) expect(s.hated).toBeGreaterThan(380);
  });
});

describe('the cluster view', () => {
  it('draws a bar per server, banded as its frame says, and a dot per message on the wire', () => {
    const f = frames[1];
    const c = clusterFrame(f, description);
    const el = mount(f);
    expect(el.querySelector('[data-testid=cluster-headline]')?.textContent).toMatch(/^ClSv · declustered · 10 servers × 1,024 frames/);
    for (const s of c.servers) {
      const g = el.querySelector<SVGGElement>(`[data-testid=cluster-server-${s.id}]`)!;
      expect(Number(g.dataset.hated)).toBe(s.hated);
      expect(g.querySelectorAll('.cl-band')).toHaveLength(bands(s).length);
      expect(g.getAttribute('aria-label')).toMatch(new RegExp(`^Server ${s.id} \\(`));
    }
    const onWire = c.messages.filter((m) => flight(m, c.nowNs) !== null).length;
    expect(el.querySelectorAll('.cl-messages circle')).toHaveLength(onWire);
    expect(el.querySelector('[data-testid=cluster-legend]')?.textContent).toMatch(/hated copy/);
  });

  it('selects a server by click and by Enter, and the inspector says what it holds', () => {
    const picked: (InspectTarget | null)[] = [];
    const el = mount(frames[1], { select: (t) => picked.push(t) });
    const g = el.querySelector<SVGGElement>('[data-testid=cluster-server-3]')!;
    act(() => g.dispatchEvent(new MouseEvent('click', { bubbles: true })));
    act(() => g.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true })));
    expect(picked).toEqual([{ kind: 'server', id: 3 }, { kind: 'server', id: 3 }]);
    const rows = Object.fromEntries(serverRows(clusterFrame(frames[1], description), clusterFrame(frames[1], description).servers[0]));
    expect(rows.client).toMatch(/large client/);
    expect(rows['others by owner']).toMatch(/^server \d+: \d+/);
  });

  it('gives each of 28 servers a colour of its own', () => {
    const c = serverColours(28);
    expect(new Set(c).size).toBe(28);
    expect(serverColours(10)).toHaveLength(10);
  });
});

describe("Ch. 5's web server", () => {
  it('shows every server serving routed requests, and beside each bar its duplicates', () => {
    const webDescription = describeForTests(readScenario('global-fig53-hybrid.toml'));
    const f = frameFromJson((web as unknown[])[0]);
    const c = clusterFrame(f, webDescription);
    expect(c.servers).toHaveLength(8);
    expect(c.replacement).toBe('hybrid');
    for (const s of c.servers) {
      expect(s.client).toBe('web requests');
      expect(s.free, `server ${s.id} is full at 20 s`).toBe(0);
      expect(s.duplicates).toBeGreaterThan(0);
      expect(s.duplicates).toBeLessThanOrEqual(s.own + s.others);
    }
    const el = mount(f, { description: webDescription });
    expect(el.querySelector('[data-testid=cluster-headline]')!.textContent).toMatch(/^Hybrid · declustered · 8 servers × 1,000 frames/);
    const strips = [...el.querySelectorAll<SVGRectElement>('.cl-dup')];
    expect(strips).toHaveLength(8);
    const bar = Number(el.querySelector('.cl-frame')!.getAttribute('height'));
    c.servers.forEach((s, i) => expect(Number(strips[i].getAttribute('height'))).toBeCloseTo((bar * s.duplicates) / c.frames, 5));
    // Each server's disk requests rise beside its bar, a square each.
    const queues = [...el.querySelectorAll('.cl-queue')];
    expect(queues.map((q) => Number(q.getAttribute('data-queue')))).toEqual(c.servers.map((s) => s.diskQueue));
    queues.forEach((q, i) => expect(q.querySelectorAll('.cl-queue-slot')).toHaveLength(Math.min(c.servers[i].diskQueue, 40)));
    expect(c.servers.some((s) => s.diskQueue > 0), 'some disk is busy at 20 s').toBe(true);
    const col = el.querySelector('[data-testid=cluster-server-0]')!;
    expect(col.getAttribute('aria-label')).toMatch(/web requests routed to it.* of them duplicates, held elsewhere too/);
    const rows = Object.fromEntries(serverRows(c, c.servers[0]));
    expect(rows.duplicates).toMatch(/^\d+: pages another server holds too/);
  });
});

describe("a request's path", () => {
  const r = (stage: string, from = 4) => ({ client: 0, primary: 0, page: 7, owner: 4, stage, from, issued: 0, write: false });
  it('goes primary → owner, then a holder or the disk, then back (§2.3)', () => {
    expect(pathLegs(r('lookup')).legs).toEqual([]);
    expect(pathLegs(r('fault')).legs).toEqual([[0, 4, 'request']]);
    expect(pathLegs(r('at the owner')).legs).toEqual([[0, 4, 'request']]);
    expect(pathLegs(r('disk read'))).toEqual({ legs: [[0, 4, 'request']], disk: true });
    expect(pathLegs(r('forwarded', 6)).legs).toEqual([[0, 4, 'request'], [4, 6, 'forward']]);
    expect(pathLegs(r('page on its way', 6)).legs).toEqual([[0, 4, 'request'], [4, 6, 'forward'], [6, 0, 'page']]);
    expect(pathLegs(r('page on its way')).legs).toEqual([[0, 4, 'request'], [4, 0, 'page']]);
    expect(pathLegs(r('processing')).legs).toEqual([]);
    // A write lock: the owner calls the other copies back before it sends the page.
    expect(pathLegs(r('calling back copies')).legs).toEqual([[0, 4, 'request']]);
    expect(pathText({ ...r('calling back copies'), write: true })).toContain("client 0's update of page 7");
    // Its primary owns the page: no request crosses the network.
    expect(pathLegs({ ...r('disk read', 0), owner: 0 })).toEqual({ legs: [], disk: true });
  });

  it('is drawn for the request a clicked message serves, and the inspector says where it is', () => {
    const webDescription = describeForTests(readScenario('global-fig53-hybrid.toml'));
    const f = frameFromJson((web as unknown[])[0]);
    const c = clusterFrame(f, webDescription);
    expect(c.requests).toHaveLength(32);
    const m = c.messages.find((x) => x.wireStart >= 0)!;
    let picked: InspectTarget | null = null;
    const src = new RecordedSource([f]);
    src.playAll();
    const el = document.createElement('div');
    document.body.append(el);
    root = createRoot(el);
    const props = { frames: src, selected: null, select: (t: InspectTarget | null) => (picked = t), inspectable: true, speed: 1e9, description: webDescription, scenario: null };
    act(() => root!.render(createElement(ClusterView, props)));
    const dot = el.querySelector(`circle[data-client="${m.client}"]`) as SVGCircleElement;
    act(() => dot.dispatchEvent(new MouseEvent('click', { bubbles: true })));
    expect(picked).toEqual({ kind: 'clientRequest', client: m.client });
    act(() => root!.render(createElement(ClusterView, { ...props, selected: picked })));
    const path = el.querySelector('[data-testid=cluster-path]')!;
    const req = c.requests[m.client];
    expect(path.getAttribute('data-stage')).toBe(req.stage);
    expect(path.getAttribute('data-legs')).toBe(pathLegs(req).legs.map(([a, b, w]) => `${w}:${a}-${b}`).join(' '));
    expect(el.querySelectorAll('.cl-leg')).toHaveLength(pathLegs(req).legs.length);
    const rows = Object.fromEntries(requestRows(c, req));
    expect(rows.where).toBe(req.stage);
    expect(rows['messages in flight']).toContain(`${m.kind} ${m.from} → ${m.to}`);
  });

  it("describes the page of every request and message: its owner's disk, its copies", () => {
    const c = clusterFrame(frameFromJson((web as unknown[])[0]), describeForTests(readScenario('global-fig53-hybrid.toml')));
    const onPaths = new Set([...c.requests.map((r) => r.page), ...c.messages.map((m) => m.page)]);
    expect(c.pages.map((p) => p.page)).toEqual([...onPaths].sort((a, b) => a - b));
    for (const r of c.requests) expect(c.pages.find((p) => p.page === r.page)!.owner).toBe(r.owner);
    for (const p of c.pages) {
      // Two copies or more, in pools or on their way, are duplicates (§4.1.3).
      expect(p.duplicate, `page ${p.page}`).toBe(p.holders.length + p.onWay >= 2);
      expect(p.holders.every((s) => s >= 0 && s < c.servers.length)).toBe(true);
      // Each server with a copy has it in its pool: it is among the server's frames.
      for (const s of p.holders) expect(c.servers[s].own + c.servers[s].hated + c.servers[s].others).toBeGreaterThan(0);
    }
    const held = c.pages.find((p) => p.holders.length > 1 && p.onWay === 0)!;
    const rows = Object.fromEntries(pageRows(c, held));
    expect(rows.owner).toBe(`server ${held.owner}, on its disk ${held.disk} at block ${held.block}`);
    expect(rows.copies).toBe(`${held.holders.length} at servers ${held.holders.join(', ')}: duplicates, so a policy that prefers single pages gives them up first (§4.1.3)`);
    expect(rows['write lock']).toBe('none');
  });
});

describe("Expt 2.3's writes (Fig. 24)", () => {
  it("keeps updated pages in the client's server and the owner's only, and says so in the inspector", () => {
    const d = describeForTests(readScenario('global-fig24-clsv-clus.toml'));
    const c = clusterFrame(frameFromJson((writes as unknown[])[0]), d);
    const used = c.servers.filter((s) => s.own + s.hated + s.others > 0);
    expect(used).toHaveLength(2);
    for (const s of c.servers) {
      expect(s.dirty).toBeLessThanOrEqual(s.own + s.hated + s.others);
      if (!used.includes(s)) expect(s.dirty).toBe(0);
    }
    // At 100 s both memories are full, and both hold pages updated since they were read.
    for (const s of used) expect(s.dirty, `server ${s.id}`).toBeGreaterThan(0);
    const rows = Object.fromEntries(serverRows(c, used[0]));
    expect(rows['updated pages']).toBe(`${used[0].dirty}: written to their owner's disk when their last copy leaves the cluster's memory`);
    const req = c.requests[0];
    expect(Object.fromEntries(requestRows(c, req)).to).toBe(req.write ? 'update it, under a write lock: the owner calls back every other copy (§2.4)' : 'read it');
  });
});

describe('lazy duplicate states (§4.1.3)', () => {
  it("marks at each strip's foot the copies taken for duplicates that are in fact the last, and says so", () => {
    const d = describeForTests(readScenario('global-tab13-global.toml'));
    const f = frameFromJson((lazy as unknown[])[0]);
    const c = clusterFrame(f, d);
    expect(c.dupInfo).toBe('lazy');
    const stale = c.servers.filter((s) => s.stale > 0);
    expect(stale.length).toBeGreaterThan(0);
    for (const s of c.servers) expect(s.stale).toBeLessThanOrEqual(s.duplicates);
    const el = mount(f, { description: d });
    expect([...el.querySelectorAll('.cl-stale')].map((r) => Number(r.getAttribute('data-stale')))).toEqual(stale.map((s) => s.stale));
    expect(el.querySelector('[data-testid=cluster-legend]')!.textContent).toContain('in fact the last copies');
    expect(Object.fromEntries(serverRows(c, stale[0])).duplicates).toContain(`; ${stale[0].stale} of them in fact the last copies`);
  });

  it('has no such mark with exact states', () => {
    const c = clusterFrame(frameFromJson((tab13 as unknown[])[0]), describeForTests(readScenario('global-tab13-global.toml')));
    expect(c.dupInfo).toBe('exact');
    for (const s of c.servers) expect(s.stale).toBe(0);
  });
});
