import { describe, expect, it } from 'vitest';
import { describeForTests, loadEngineForTests } from './engine/testing';
import { AREA_NAMES, REQUEST_NAMES } from './views/contract';
import { columnInfo } from './views/lib/describe';

describe('engine contract', () => {
  it('the views colour the values the engine names, in its numbering', async () => {
    await loadEngineForTests();
    const d = describeForTests();
    expect(columnInfo(d, 'mob', 'area').values).toEqual(AREA_NAMES);
    expect(columnInfo(d, 'disk', 'kind').values).toEqual(REQUEST_NAMES);
    expect(columnInfo(d, 'disk_service', 'kind').values).toEqual(REQUEST_NAMES);
  });
});
