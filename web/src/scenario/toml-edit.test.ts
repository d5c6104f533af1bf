import { describe, expect, it } from 'vitest';
import { parseTomlString, readKey, removeKey, setKey, tomlLiteral } from './toml-edit';
import { gallery, galleryOrder, readMeta, scenarioTexts } from './gallery';

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

describe('toml-edit', () => {
  it('reads keys within their section, ignoring multi-line strings and comments', () => {
    expect(readKey(text, 'server', 'mob_mb')).toBe('11');
    expect(readKey(text, 'run', 'seeds')).toBe('3');
    expect(readKey(text, 'meta', 'title')).toBe('"T"');
    expect(readKey(text, 'meta', 'not_a_key')).toBeNull();
    expect(readKey(text, 'server', 'cache_mb')).toBeNull();
    expect(readKey(text, 'disk', 'rpm')).toBeNull();
  });
  it('replaces a value and keeps its comment and everything else', () => {
    const out = setKey(text, 'server', 'mob_mb', '4');
    expect(out).toBe(text.replace('mob_mb = 11 # about', 'mob_mb = 4 # about'));
  });
  it('inserts a missing key at the end of its section', () => {
    const out = setKey(text, 'server', 'cache_mb', '20');
    expect(readKey(out, 'server', 'cache_mb')).toBe('20');
    expect(out).toContain('mob_mb = 11 # about λ = 0.1\ncache_mb = 20\n\n[run]');
  });
  it('adds a missing section at the end', () => {
    const out = setKey(text, 'disk', 'rpm', '5400');
    expect(out.endsWith('\n\n[disk]\nrpm = 5400\n')).toBe(true);
    expect(setKey('', 'disk', 'rpm', '1')).toBe('[disk]\nrpm = 1\n');
  });
  it('removes a key (back to the default)', () => {
    const out = removeKey(text, 'server', 'mob_mb');
    expect(readKey(out, 'server', 'mob_mb')).toBeNull();
    expect(out).toContain('# MOB size');
    expect(removeKey(text, 'nope', 'x')).toBe(text);
  });
  it('writes and reads literals', () => {
    expect(tomlLiteral('a "b"')).toBe('"a \\"b\\""');
    expect(tomlLiteral(3.5)).toBe('3.5');
    expect(tomlLiteral(true)).toBe('true');
    expect(parseTomlString('"a \\"b\\""')).toBe('a "b"');
    expect(parseTomlString("'lit'")).toBe('lit');
    expect(parseTomlString('12')).toBeNull();
    const t2 = setKey(text, 'meta', 'paper', tomlLiteral('Ghemawat — 1995'));
    expect(parseTomlString(readKey(t2, 'meta', 'paper'))).toBe('Ghemawat — 1995');
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
  it('orders figures as the thesis numbers them', () => {
    const names = ['table4-9-mob-division', 'fig4-10-clustering-density', 'fig4-6-read-only', 'mob-default', 'fig4-1-mob-size', 'fig4-9-cluster-region'];
    expect(names.sort(galleryOrder)).toEqual(['mob-default', 'fig4-1-mob-size', 'fig4-6-read-only', 'fig4-9-cluster-region', 'fig4-10-clustering-density', 'table4-9-mob-division']);
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
