// A panic in the main thread's engine (field edits) reaches the user as an edit error with its
// message, and later edits say the engine stopped instead of trapping again (issue 12). In a file
// of its own: the trap leaves this test process's WebAssembly instance unusable.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loadEngineForTests } from '../engine/testing';
import { FieldError, problemsOf, readField, setField } from './fields';

vi.mock('@storelab/engine/tools', async (importOriginal) => {
  const engine = await importOriginal<typeof import('@storelab/engine/tools')>();
  return { ...engine, set_field: () => engine.panic_for_tests('index out of bounds in set_field') };
});

beforeAll(loadEngineForTests);

describe('a panic in the field editor', () => {
  it('becomes an edit error naming the panic, and every later edit says the engine stopped', () => {
    expect(readField('[server]\nmob_mb = 4\n', 'server.mob_mb')).toBe('4');
    let error: unknown;
    try {
      setField('[server]\nmob_mb = 4\n', 'server.mob_mb', '5');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(FieldError);
    expect((error as FieldError).message).toMatch(/^the engine stopped while editing \(panicked at .*index out of bounds in set_field\); your text is kept/);
    expect(readField('[server]\nmob_mb = 4\n', 'server.mob_mb')).toBeNull();
    expect(problemsOf('[server]\nmob_mb = 4\n')[0].message).toMatch(/^the engine stopped while editing/);
    expect(() => setField('', 'server.mob_mb', '5')).toThrow(FieldError);
  });
});
