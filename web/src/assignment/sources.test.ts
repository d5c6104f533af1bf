// The assignment page's sources and reveal rule (issue 26): a bundled assignment by name, any file
// carried in the hash, a damaged link or an unknown name said in words; answers shown only when the
// assignment's `reveal` allows.
import { describe, expect, it } from 'vitest';
import { bundled, linkFor, mayReveal, sourceFromLocation, submissionFileName } from './sources';

describe('assignment sources', () => {
  it('bundles assignments/*.toml by name', () => {
    expect(Object.keys(bundled)).toContain('mob-absorption');
    expect(bundled['mob-absorption']).toMatch(/\[assignment\]/);
  });
  it('reads ?a=name, #a=<file>, and says what is wrong with a bad one', () => {
    expect(sourceFromLocation('', '')).toBeNull();
    expect(sourceFromLocation('?a=mob-absorption', '')).toMatchObject({ kind: 'bundled', name: 'mob-absorption' });
    const unknown = sourceFromLocation('?a=nope', '');
    expect(unknown).toMatchObject({ kind: 'error' });
    expect(unknown?.kind === 'error' && unknown.message).toMatch(/No assignment is called “nope”.*mob-absorption/);
    const text = '[assignment]\nname = "x"\n';
    const link = linkFor('http://h/assignment/?a=mob-absorption#old', text);
    expect(link.startsWith('http://h/assignment/#a=')).toBe(true);
    expect(sourceFromLocation('', link.slice(link.indexOf('#')))).toEqual({ kind: 'link', text });
    expect(sourceFromLocation('', '#a=@@@')).toMatchObject({ kind: 'error' });
  });
  it('reveals an answer only when the assignment says so', () => {
    const due = '2025-12-05T23:59:00Z';
    const before = Date.parse(due) - 1000;
    const after = Date.parse(due) + 1000;
    expect(mayReveal('always', { submitted: false, nowMs: before, due })).toBe(true);
    expect(mayReveal('after_submit', { submitted: false, nowMs: after, due })).toBe(false);
    expect(mayReveal('after_submit', { submitted: true, nowMs: before, due })).toBe(true);
    expect(mayReveal('after_due', { submitted: true, nowMs: before, due })).toBe(false);
    expect(mayReveal('after_due', { submitted: false, nowMs: after, due })).toBe(true);
    expect(mayReveal('after_due', { submitted: true, nowMs: after, due: null })).toBe(false);
    expect(mayReveal('never', { submitted: true, nowMs: after, due })).toBe(false);
  });
  it('names a submission file after the assignment and the student', () => {
    expect(submissionFileName('mob-absorption', 'ada lovelace/1')).toBe('mob-absorption-ada_lovelace_1.json');
  });
});
