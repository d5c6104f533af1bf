import { describe, expect, it } from 'vitest';
import { RecordKind } from './engine/types';

describe('engine contract', () => {
  it('numbers record kinds as the engine does', () => {
    expect(RecordKind.DiskStart).toBe(0);
    expect(RecordKind.TxnEnd).toBe(13);
  });
});
