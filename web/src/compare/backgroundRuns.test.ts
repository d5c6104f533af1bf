import { describe, expect, it } from 'vitest';
import type { Frame, LoadResult } from '../engine/types';
import { BackgroundRuns, type RunJob, type RunResult, type WorkerEngine } from './backgroundRuns';

/** Runs end at 1 s; a text with "BAD" is refused; `hold` keeps a seek waiting for a cancel. */
function fakeEngine(log: string[], hold = false): WorkerEngine {
  let release: (() => void) | null = null;
  let text = '';
  return {
    async load(t: string): Promise<LoadResult> {
      text = t;
      log.push(`load ${t}`);
      if (t.includes('BAD')) return { ok: false, errors: [{ path: 'client.cache_mb', line: 3, column: 1, message: 'too small', expected: null, range: null }] };
      return { ok: true, longestEndNs: 5e9 } as LoadResult;
    },
    async seek(): Promise<Frame> {
      if (hold) await new Promise<void>((r) => (release = r));
      return { finished: !hold, endedEarly: null } as Frame;
    },
    cancel: () => release?.(),
    async summary() {
      return { metrics: { fetches: text.length } };
    },
    terminate: () => log.push('terminate'),
  } as unknown as WorkerEngine;
}

const job = (text: string): RunJob<string> => ({ text, seed: 1, tag: text });

describe('runs in the background', () => {
  it('runs each job to its end in order, once for the same text and seed', async () => {
    const log: string[] = [];
    const runs = new BackgroundRuns(() => fakeEngine(log));
    const results: [string, RunResult][] = [];
    const done = await runs.run([job('aa'), job('BAD b'), job('ccc')], (j, r) => results.push([j.tag, r]), () => undefined);
    expect(done).toBe(true);
    expect(results).toEqual([
      ['aa', { ok: true, summary: { fetches: 2 } }],
      ['BAD b', { ok: false, error: 'client.cache_mb: too small' }],
      ['ccc', { ok: true, summary: { fetches: 3 } }],
    ]);
    log.length = 0;
    await runs.run([job('ccc')], () => undefined, () => undefined);
    expect(log).toEqual([]);
    runs.dispose();
    expect(log).toEqual(['terminate']);
  });

  it('stops the run under way on stop(), keeping nothing of it', async () => {
    const log: string[] = [];
    const runs = new BackgroundRuns(() => fakeEngine(log, true));
    const results: string[] = [];
    const progress: (string | null)[] = [];
    const pending = runs.run([job('a'), job('b')], (j) => results.push(j.tag), (p) => progress.push(p.current?.tag ?? null));
    await new Promise((r) => setTimeout(r, 0));
    runs.stop();
    expect(await pending).toBe(false);
    expect(results).toEqual([]);
    expect(progress).toEqual(['a']);
  });
});
