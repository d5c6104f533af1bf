// A panic in the engine is a bug; when one happens it must reach the user with its message, and
// the host must refuse to go on with a module that trapped (issue 12). In a file of its own: the
// trap leaves this test process's WebAssembly instance unusable.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { panic_for_tests } from '@storelab/engine';
import { LabHost } from './host';
import { loadEngineForTests, SHORT } from './testing';
import { Lab, take_panic } from './wasm';

beforeAll(loadEngineForTests);
afterAll(() => vi.restoreAllMocks());

describe('a panic in the engine', () => {
  it('is kept by the hook and read back once', () => {
    expect(take_panic()).toBeUndefined();
    expect(() => panic_for_tests('boom')).toThrow(WebAssembly.RuntimeError);
    expect(take_panic()).toMatch(/boom/);
    expect(take_panic()).toBeUndefined();
  });

  it('stops the host with the panic message, and every later call says so', async () => {
    const host = new LabHost();
    expect((await host.load(SHORT)).ok).toBe(true);
    vi.spyOn(Lab.prototype, 'advance_to').mockImplementation(() => {
      panic_for_tests('index out of bounds in the flusher');
      return true;
    });
    await expect(host.frame(1e9)).rejects.toThrow(/^the engine stopped: .*index out of bounds in the flusher/);
    // The same words, so the banner of the restart that follows names the panic.
    expect(() => host.load(SHORT)).toThrow(/^the engine stopped: .*index out of bounds in the flusher/);
  });
});
