import { describe, expect, it } from 'vitest';
import { describeForTests, loadEngineForTests, readScenario } from './engine/testing';
import { REQUEST_PALETTE } from './views/contract';
import { columnInfo } from './views/lib/describe';
import { mobNames } from './systems/mob/mobFrame';
import { MOB_TERMS } from './views/lib/mob/part';
import { thor } from './systems/thor';

describe('engine contract', () => {
  it('the views have a colour for every value the engine names, and use them in its numbering', async () => {
    await loadEngineForTests();
    const d = describeForTests();
    const areas = columnInfo(d, 'mob', 'area').values;
    const requests = columnInfo(d, 'disk_queue', 'kind').values;
    // The MOB view's areas, each system's coloured by its own terms: the MOB system's, and the
    // one kind of object Thor's mcache holds.
    const mcacheAreas = columnInfo(describeForTests(readScenario('thor-t2b-small-mcache.toml')), 'mob', 'area').values;
    expect(Object.keys(MOB_TERMS.areaColours).sort()).toEqual([...areas].sort());
    expect(Object.keys(thor.mobView!.terms.areaColours).sort()).toEqual([...mcacheAreas].sort());
    expect(Object.keys(REQUEST_PALETTE).sort()).toEqual([...requests].sort());
    expect(columnInfo(d, 'disk', 'active_kind').values).toEqual(requests);
    const names = mobNames(d);
    expect(names.areaColour).toEqual(areas.map((a) => MOB_TERMS.areaColours[a]));
    expect(names.requestColour).toEqual(requests.map((r) => REQUEST_PALETTE[r]));
    expect(names.requestName(requests.indexOf('page write'))).toBe('page write');
    expect(names.requestName(99)).toBe('request kind 99');
  });
});
