// The web's list of systems (systems/index.ts) against the engine's: every system the engine
// runs has an entry, every view the engine describes for it loads, every entry's view (its own or
// one it shares with other systems) is one the engine describes, and a system the list does not
// know gets neutral defaults, never another system's.
import { beforeAll, describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { schema } from '@storelab/engine/tools';
import type { SystemDescription } from '../engine/types';
import { describeForTests, loadEngineForTests } from '../engine/testing';
import type { FrameSource, ViewProps } from '../views/contract';
import Inspector from '../views/Inspector';
import { DEFAULT_KIND, LIB_VIEWS, modulesOf, SHARED_VIEWS, SYSTEMS, systemOf, viewHeight, viewLoader, viewNames } from '.';
import { RecordStore } from '../views/lib/records';

interface KindSchema {
  properties: { system: { properties: { kind: { default: string; oneOf: { const: string }[] } } } };
}

let kinds: string[];
let defaultKind: string;
const described = new Map<string, SystemDescription>();

beforeAll(async () => {
  await loadEngineForTests();
  const k = (JSON.parse(schema()) as KindSchema).properties.system.properties.kind;
  kinds = k.oneOf.map((o) => o.const);
  defaultKind = k.default;
  for (const kind of kinds) described.set(kind, describeForTests(`[system]\nkind = "${kind}"\n`));
});

describe('the registry of systems', () => {
  it('lists every system the engine runs, and none it does not', () => {
    expect(kinds.length).toBeGreaterThan(0);
    for (const kind of kinds) expect(systemOf(kind), `the engine runs ${kind}: add systems/${kind}/ and its line in systems/index.ts`).toBeDefined();
    for (const s of SYSTEMS) expect(kinds, `systems/index.ts lists ${s.kind}, which the engine does not run`).toContain(s.kind);
  });

  it("defaults to the engine's default system", () => {
    expect(DEFAULT_KIND).toBe(defaultKind);
  });

  it('lists exactly the views the engine describes, each a component that loads', async () => {
    for (const s of SYSTEMS) {
      const names = described.get(s.kind)!.views.map((v) => v.view);
      const listed = names.filter((n) => !Object.hasOwn(SHARED_VIEWS, n));
      expect(viewNames(s).sort(), `${s.kind}'s views: its own and those of LIB_VIEWS it shows`).toEqual([...listed].sort());
      for (const n of s.libViews ?? []) expect(Object.hasOwn(LIB_VIEWS, n), `${s.kind} shows ${n}, which LIB_VIEWS does not declare`).toBe(true);
      for (const n of names) {
        const loader = viewLoader(n);
        expect(loader, `${s.kind} describes a view ${n} that no module provides`).toBeDefined();
        const m = await loader!();
        expect(typeof m.default, `${n}'s module exports no component`).toBe('function');
      }
    }
  });

  it('names, for the lab to load as it opens a run, every view the engine describes and the parts they load', async () => {
    for (const s of SYSTEMS) {
      const { views, parts } = modulesOf(s.kind);
      expect(views.map(([n]) => n).sort(), s.kind).toEqual(described.get(s.kind)!.views.map((v) => v.view).sort());
      for (const [n, load] of views) expect(load, n).toBe(viewLoader(n));
      expect(parts.length, s.kind).toBe(Number(s.mobView?.extras != null) + Number(s.inspector != null));
      for (const load of parts) await expect(load()).resolves.toBeDefined();
    }
    expect(modulesOf('no_such_system')).toEqual({ views: [], parts: [] });
  });

  it('gives every view a name of its own across systems (names are public: embeds, lessons, links)', () => {
    // One module a name: a view several systems show is declared once, in LIB_VIEWS.
    const all = [...Object.keys(SHARED_VIEWS), ...Object.keys(LIB_VIEWS), ...SYSTEMS.flatMap((s) => Object.keys(s.views))];
    expect(new Set(all).size).toBe(all.length);
    expect(viewLoader('NoSuchView')).toBeUndefined();
  });

  it('declares a view several systems show once: its height too, and only while a system shows it', () => {
    for (const name of Object.keys(LIB_VIEWS)) {
      expect(SYSTEMS.some((s) => s.libViews?.includes(name)), `no system shows ${name}`).toBe(true);
      for (const s of SYSTEMS) expect(Object.hasOwn(s.viewHeights, name), `${s.kind} sizes ${name}, which LIB_VIEWS sizes`).toBe(false);
      expect(viewHeight(name)).toBe(LIB_VIEWS[name].height);
    }
  });

  it("loads each system's part of the inspector", async () => {
    for (const s of SYSTEMS) {
      if (!s.inspector) continue;
      const part = (await s.inspector()).default;
      expect(typeof part.Empty).toBe('function');
      expect(typeof part.Details).toBe('function');
    }
  });

  it('gives a system it does not list a neutral inspector, not another system\'s', () => {
    const source: FrameSource = { subscribe: () => () => undefined, latest: () => null, series: () => [], records: () => new RecordStore() };
    const stranger = { ...described.get(DEFAULT_KIND)!, kind: 'stranger', views: [] };
    const props: ViewProps = { frames: source, selected: null, select: () => undefined, inspectable: true, speed: 1e9, description: stranger, scenario: null };
    const html = renderToString(createElement(Inspector, props));
    expect(html).toContain('Click a row of the event log');
    expect(html).not.toMatch(/flusher|client cache|platter/i);
    const picked = renderToString(createElement(Inspector, { ...props, selected: { kind: 'page', id: 3 } }));
    expect(picked).toContain('page 3');
  });
});
