import { beforeAll, describe, expect, it } from 'vitest';
import { FieldError, readField, removeField, schemaOf, setField, tomlString } from './fields';
import { loadEngineForTests } from '../engine/testing';
import { gallery, galleryOrder, kindOf, readMeta, scenarioTexts } from './gallery';
import { SYSTEMS } from '../systems';

const text = `# comment
[meta]
title = "T"
description = """
not_a_key = 5
[server]
"""

[server]
# MOB size
mob_mb = 11 # about λ = 0.1

[run]
seeds = 3
`;

beforeAll(loadEngineForTests);

describe('field edits by the engine', () => {
  it('reads fields within their section, ignoring multi-line strings and comments', () => {
    expect(readField(text, 'server.mob_mb')).toBe('11');
    expect(readField(text, 'run.seeds')).toBe('3');
    expect(readField(text, 'meta.title')).toBe('"T"');
    expect(readField(text, 'server.cache_mb')).toBeNull();
    expect(readField(text, 'disk.rpm')).toBeNull();
  });
  it('replaces a value and keeps its comment and everything else', () => {
    const out = setField(text, 'server.mob_mb', '4');
    expect(out).toBe(text.replace('mob_mb = 11 # about', 'mob_mb = 4 # about'));
  });
  it('inserts a missing field into its section, or adds the section', () => {
    const out = setField(text, 'server.cache_mb', '20');
    expect(readField(out, 'server.cache_mb')).toBe('20');
    expect(out).toContain('mob_mb = 11 # about λ = 0.1\ncache_mb = 20\n');
    const disk = setField(text, 'disk.rpm', '5400');
    expect(readField(disk, 'disk.rpm')).toBe('5400');
    expect(disk.startsWith(text)).toBe(true);
  });
  it('removes a field (back to the default)', () => {
    const out = removeField(text, 'server.mob_mb');
    expect(readField(out, 'server.mob_mb')).toBeNull();
    expect(out).toContain('# MOB size');
  });
  it('takes a bare word as a string and reads strings back', () => {
    const out = setField(text, 'flusher.release', 'per_batch');
    expect(readField(out, 'flusher.release')).toBe('"per_batch"');
    expect(tomlString(readField(setField(text, 'meta.paper', JSON.stringify('Ghemawat — 1995')), 'meta.paper'))).toBe('Ghemawat — 1995');
    expect(tomlString("'lit'")).toBe('lit');
    expect(tomlString('12')).toBeNull();
  });
  it('refuses an unknown field, a wrong type or a half-typed number with the engine\'s message', () => {
    const refused = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        expect(e).toBeInstanceOf(FieldError);
        return (e as FieldError).error;
      }
      throw new Error('accepted');
    };
    const unknown = refused(() => setField(text, 'server.mob_size', '4'));
    expect(unknown.path).toBe('server.mob_size');
    expect(unknown.message).toMatch(/mob_mb/);
    expect(refused(() => setField(text, 'server.mob_mb', 'big')).expected).toMatch(/number/);
    expect(refused(() => setField(text, 'server.mob_mb', '1.')).path).toBe('server.mob_mb');
    expect(refused(() => setField('[server\n', 'server.mob_mb', '1')).line).toBe(1);
  });
});

describe('the schema of a text\'s system', () => {
  it('is the engine\'s for the system the text selects, the default one otherwise', () => {
    const mob = schemaOf('[system]\nkind = "mob"\n');
    expect(mob.properties?.server?.properties?.mob_mb?.['x-unit']).toBe('MB');
    expect(mob.properties?.system?.properties?.kind?.enum).toEqual(['mob', 'hac', 'oplog', 'disk', 'thor', 'global']);
    const oplog = schemaOf('[system]\nkind = "oplog"\n');
    expect(oplog.properties?.server?.properties?.log_pages?.['x-unit']).toBe('pages');
    const hac = schemaOf('[system]\nkind = "hac"\n');
    expect(hac.properties?.client?.properties?.cache_mb?.['x-unit']).toBe('MB');
    expect(hac.properties?.server?.properties?.mob_mb).toBeUndefined();
    expect(schemaOf('')).toEqual(mob);
    expect(schemaOf('[system]\nkind = "nope"\n')).toEqual(mob);
  });
});

describe('scenario gallery', () => {
  it('bundles every scenario with its title and description, mob-default first', () => {
    expect(Object.keys(scenarioTexts)).toContain('mob-default');
    expect(gallery.length).toBeGreaterThanOrEqual(5);
    expect(gallery[0].name).toBe('mob-default');
    for (const g of gallery) {
      expect(g.title, g.name).not.toBe('');
      expect(g.description, g.name).not.toBe('');
    }
    expect(gallery[0].title).toBe('MOB defaults (Chapter 4)');
  });
  it("groups each system's scenarios, the MOB's first, in the order they were built", () => {
    const systems = gallery.map((g) => kindOf(g.text));
    const first = (kind: string) => systems.indexOf(kind);
    const last = (kind: string) => systems.lastIndexOf(kind);
    expect(SYSTEMS.map((s) => s.kind)).toEqual(['mob', 'hac', 'oplog', 'disk', 'thor', 'global']);
    expect(first('mob')).toBe(0);
    expect(last('mob')).toBeLessThan(first('hac'));
    expect(last('hac')).toBeLessThan(first('oplog'));
    expect(last('oplog')).toBeLessThan(first('disk'));
    expect(last('disk')).toBeLessThan(first('thor'));
    expect(last('thor')).toBeLessThan(first('global'));
    expect(last('global')).toBe(systems.length - 1);
    expect(kindOf('[system]\nkind = "hac"  # HAC\n[client]\nkind = "x"\n')).toBe('hac');
    expect(kindOf('[meta]\ntitle = "t"\n')).toBe('mob');
  });
  it('orders figures as the thesis numbers them, a system\'s leading scenarios first', () => {
    const names = ['table4-9-mob-division', 'fig4-10-clustering-density', 'fig4-6-read-only', 'mob-default', 'fig4-1-mob-size', 'fig4-9-cluster-region'];
    expect(names.sort((a, b) => galleryOrder(a, b, ['mob-default']))).toEqual(['mob-default', 'fig4-1-mob-size', 'fig4-6-read-only', 'fig4-9-cluster-region', 'fig4-10-clustering-density', 'table4-9-mob-division']);
  });
  it('reads [meta] from basic and multi-line strings', () => {
    expect(readMeta('[meta]\ntitle = "A \\"q\\""\ndescription = """\nline one\nline two"""\n[run]\ntitle = "no"')).toEqual({
      title: 'A "q"',
      description: 'line one line two',
      paper: '',
    });
    expect(readMeta('x = 1')).toEqual({ title: '', description: '', paper: '' });
  });
});
