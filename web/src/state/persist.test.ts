import { describe, expect, it } from 'vitest';
import { loadPersisted, resolveStartup, savePersisted, type KeyValueStorage } from './persist';

function memory(): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v) };
}

const gallery = { 'mob-default': 'DEFAULT', other: 'OTHER' };
const noHash = { text: null, seed: null, tNs: null, scenario: null };

describe('persistence', () => {
  it('saves and loads the user text, seed and speed', () => {
    const s = memory();
    savePersisted({ text: 'x = 1', applied: 'x = 0', seed: 5, scenarioName: null, speedPosition: 300 }, s);
    expect(loadPersisted(s)).toEqual({ text: 'x = 1', applied: 'x = 0', seed: 5, scenarioName: null, speedPosition: 300 });
  });
  it('ignores corrupt storage', () => {
    const s = memory();
    s.setItem('storelab.lab.v1', '{not json');
    expect(loadPersisted(s)).toBeNull();
    s.setItem('storelab.lab.v1', '{"text": 3}');
    expect(loadPersisted(s)).toBeNull();
    expect(loadPersisted(null)).toBeNull();
  });
  it('survives a storage that throws', () => {
    const s: KeyValueStorage = { getItem: () => { throw new Error('denied'); }, setItem: () => { throw new Error('quota'); } };
    expect(loadPersisted(s)).toBeNull();
    expect(savePersisted({ text: 'a', applied: null, seed: null, scenarioName: null, speedPosition: null }, s)).toBe('quota');
  });
});

describe('startup: hash wins over storage, storage over the default', () => {
  const stored = { text: 'STORED', applied: null, seed: 2, scenarioName: null, speedPosition: null };
  it('hash text', () => {
    expect(resolveStartup({ ...noHash, text: 'HASH', seed: 9, tNs: 77 }, stored, gallery)).toEqual({ text: 'HASH', draft: null, seed: 9, tNs: 77, scenarioName: null, source: 'hash' });
  });
  it('hash gallery name', () => {
    expect(resolveStartup({ ...noHash, scenario: 'other' }, stored, gallery)).toMatchObject({ text: 'OTHER', scenarioName: 'other', source: 'hash' });
  });
  it('only the gallery\'s own names: __proto__, constructor and toString are not scenarios', () => {
    for (const scenario of ['__proto__', 'constructor', 'toString']) {
      expect(resolveStartup({ ...noHash, scenario }, stored, gallery)).toMatchObject({ text: 'STORED', source: 'storage', unknownScenario: scenario });
    }
  });
  it('storage: the last text that loaded runs, the draft stays a draft (issue 12)', () => {
    const both = { ...stored, text: 'DRAFT', applied: 'APPLIED' };
    expect(resolveStartup(noHash, both, gallery)).toMatchObject({ text: 'APPLIED', draft: 'DRAFT', source: 'storage' });
    expect(resolveStartup(noHash, { ...both, text: 'APPLIED' }, gallery)).toMatchObject({ text: 'APPLIED', draft: null });
  });
  it('a reload keeps the draft beside the link to what ran (the lab wrote that link)', () => {
    const both = { ...stored, text: 'DRAFT', applied: 'APPLIED' };
    expect(resolveStartup({ ...noHash, text: 'APPLIED', tNs: 5 }, both, gallery)).toMatchObject({ text: 'APPLIED', draft: 'DRAFT', tNs: 5, source: 'hash' });
    // Someone else's link: nothing of what this browser stored comes along.
    expect(resolveStartup({ ...noHash, text: 'SHARED' }, both, gallery)).toMatchObject({ text: 'SHARED', draft: null });
  });
  it('storage', () => {
    expect(resolveStartup(noHash, stored, gallery)).toMatchObject({ text: 'STORED', draft: null, seed: 2, source: 'storage' });
  });
  it('default: mob-default', () => {
    expect(resolveStartup(noHash, null, gallery)).toMatchObject({ text: 'DEFAULT', scenarioName: 'mob-default', source: 'default' });
    expect(resolveStartup(noHash, null, gallery).unknownScenario).toBeUndefined();
    expect(resolveStartup({ ...noHash, scenario: 'no-such' }, null, gallery)).toMatchObject({ text: 'DEFAULT', unknownScenario: 'no-such' });
  });
});
