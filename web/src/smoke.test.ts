import { describe, expect, it } from 'vitest';
import { describeForTests, loadEngineForTests } from './engine/testing';
import { RecordKind } from './engine/types';

describe('engine contract', () => {
  it('numbers the record kinds the views switch on as the engine describes them', async () => {
    await loadEngineForTests();
    const ids = new Map(describeForTests().records.map((r) => [r.name, r.id]));
    const members = Object.entries(RecordKind).filter(([, v]) => typeof v === 'number');
    expect(members.length).toBeGreaterThan(0);
    for (const [name, id] of members) {
      // DiskStart ↔ disk_start
      const snake = name.replace(/[A-Z]/g, (c, i: number) => (i ? '_' : '') + c.toLowerCase());
      expect(ids.get(snake), name).toBe(id);
    }
  });
});
