// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { syncUrlAndStorage } from './boot';
import { createStore, initialLabState, type LabState } from '../state/store';
import { loadPersisted } from '../state/persist';
import type { LabController } from '../state/controller';

const labWith = () => ({ store: createStore<LabState>(initialLabState()) }) as unknown as LabController;

afterEach(() => vi.restoreAllMocks());

describe('keeping the user\'s text (issue 12)', () => {
  it('writes the pending save when the lab stops instead of dropping it', () => {
    const lab = labWith();
    const stop = syncUrlAndStorage(lab, { storage: true, hash: false });
    lab.store.set({ appliedText: '[server]\nmob_mb = 2\n', draftText: '[server]\nmob_mb = 3\n' });
    stop(); // within the 250 ms the save waits
    // The draft and, apart, the last text that loaded: a reload runs that one.
    expect(loadPersisted()).toMatchObject({ text: '[server]\nmob_mb = 3\n', applied: '[server]\nmob_mb = 2\n' });
  });

  it('says so when the browser will not keep it', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('quota exceeded');
    });
    const lab = labWith();
    const stop = syncUrlAndStorage(lab, { storage: true, hash: false });
    lab.store.set({ draftText: 'x' });
    stop();
    expect(lab.store.get().saveError).toBe('quota exceeded');
  });
});
