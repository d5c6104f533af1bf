import { describe, expect, it } from 'vitest';
import { compressToEncodedURIComponent } from 'lz-string';
import { decodeHash, encodeHash, MAX_LINK_TEXT } from './url';
import { scenarioTexts } from '../scenario/gallery';

describe('permalink hash', () => {
  it('round-trips scenario text, seed and time', () => {
    const text = scenarioTexts['mob-default'];
    const h = encodeHash({ text, seed: 42, tNs: 12_345_678_901 });
    expect(h.startsWith('#s=')).toBe(true);
    expect(decodeHash(h)).toEqual({ text, seed: 42, tNs: 12_345_678_901, scenario: null });
  });
  it('round-trips every gallery scenario and compresses them', () => {
    for (const text of Object.values(scenarioTexts)) {
      const h = encodeHash({ text, seed: 1, tNs: 0 });
      expect(decodeHash(h).text).toBe(text);
      expect(h.length).toBeLessThan(text.length * 1.2);
    }
  });
  it('round-trips unicode (em dashes, µ, λ, emoji, CJK)', () => {
    const text = '[meta]\ntitle = "λ = μ = 0.1 — Tables 4.1–4.7 µs 🚀 日本語"\n';
    expect(decodeHash(encodeHash({ text, seed: 7, tNs: 1 })).text).toBe(text);
  });
  it('round-trips a large scenario (200 KB, near the engine\'s 256 KB limit)', () => {
    const big = Array.from({ length: 3600 }, (_, i) => `# line ${i}: ${'x'.repeat(i % 50)} é\nkey_${i} = ${i}`).join('\n');
    expect(big.length).toBeGreaterThan(195_000);
    const h = encodeHash({ text: big, seed: 9_007_199_254_740_991, tNs: 2 ** 52 });
    const d = decodeHash(h);
    expect(d.text).toBe(big);
    expect(d.seed).toBe(9_007_199_254_740_991);
    expect(d.tNs).toBe(2 ** 52);
  });
  it('uses only URL-safe characters', () => {
    const h = encodeHash({ text: scenarioTexts['mob-default'], seed: 3, tNs: 5 });
    expect(h.slice(1)).toMatch(/^[A-Za-z0-9+\-$_=&]*$/);
  });
  it('survives percent re-encoding by mail or chat clients', () => {
    const text = 'a = "hello"\n';
    const h = encodeHash({ text, seed: 1, tNs: 0 });
    const reencoded = h.replace(/\+/g, '%2B').replace(/\$/g, '%24');
    expect(decodeHash(reencoded).text).toBe(text);
  });
  it('reads malformed or missing fields as null', () => {
    expect(decodeHash('')).toEqual({ text: null, seed: null, tNs: null, scenario: null });
    expect(decodeHash('#seed=abc&t=-5&s=%%%')).toEqual({ text: null, seed: null, tNs: null, scenario: null });
    expect(decodeHash('#sc=mob-default&seed=3')).toMatchObject({ scenario: 'mob-default', seed: 3 });
    expect(decodeHash('#sc=../../etc').scenario).toBeNull();
  });
  it('refuses a link that decompresses to far more than a scenario', () => {
    // 8 KB of link, megabytes of comments (issue 12).
    const bomb = compressToEncodedURIComponent('#'.repeat(MAX_LINK_TEXT + 1));
    expect(bomb.length).toBeLessThan(8192);
    expect(decodeHash(`#s=${bomb}`).text).toBeNull();
    expect(decodeHash(`#s=${compressToEncodedURIComponent('#'.repeat(MAX_LINK_TEXT))}`).text).toHaveLength(MAX_LINK_TEXT);
  });
  it('rounds time and truncates seeds', () => {
    expect(decodeHash(encodeHash({ text: 'a', seed: 4.7, tNs: 10.6 }))).toMatchObject({ text: 'a', seed: 4, tNs: 11 });
  });
});
