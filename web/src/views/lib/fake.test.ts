import { describe, expect, it } from 'vitest';
import { FakeFrameSource } from './fake';
import { RecordKind } from '../../engine/types';

describe('FakeFrameSource', () => {
  it('first frame resets, later ones do not', () => {
    const src = new FakeFrameSource();
    const seen: boolean[] = [];
    src.subscribe((f) => seen.push(f.reset));
    src.advance(1e6);
    src.advance(1e6);
    expect(seen).toEqual([true, false]);
    expect(src.latest()?.nowNs).toBe(2e6);
  });

  it('fills the MOB, triggers the flusher and writes pages', () => {
    const src = new FakeFrameSource();
    const kinds = new Set<number>();
    let maxUsed = 0;
    for (let i = 0; i < 3000; i++) {
      const f = src.advance(5e6);
      for (const k of f.trace.kind) kinds.add(k);
      maxUsed = Math.max(maxUsed, f.mob.usedBytes / f.mob.capacityBytes);
      expect(f.mob.usedBytes).toBeLessThanOrEqual(f.mob.capacityBytes);
    }
    expect(maxUsed).toBeGreaterThan(0.98);
    for (const k of [RecordKind.DiskStart, RecordKind.DiskEnd, RecordKind.MobInsert, RecordKind.MobSupersede, RecordKind.FlusherStart, RecordKind.PageWrite, RecordKind.Fetch, RecordKind.CacheHit, RecordKind.CacheMiss, RecordKind.Commit, RecordKind.TxnEnd]) {
      expect(kinds.has(k), `record kind ${RecordKind[k]}`).toBe(true);
    }
    const f = src.latest()!;
    expect(f.mob.inserted).toBeGreaterThan(f.mob.removed);
    // chunk counts add up to the live modifications
    let sum = 0;
    for (const c of f.mob.chunkCount) sum += c;
    expect(sum).toBe(f.mob.inserted - f.mob.superseded - f.mob.removed);
  });

  it('step() processes one event at a time', () => {
    const src = new FakeFrameSource();
    src.advance(0);
    const e0 = src.latest()!.events;
    const f = src.step();
    expect(f.events).toBe(e0 + 1);
  });
});
