// The one reader of the disk component's sections, on frames every system recorded: a disk per
// system, its request in service and its queue, named in the system's own request kinds.
import { beforeAll, describe, expect, it } from 'vitest';
import type { SystemDescription } from '../../engine/types';
import { describeForTests, loadEngineForTests } from '../../engine/testing';
import { RecordedSource } from './recorded';
import { diskFrame } from './diskFrame';
import { requestPhase } from './disk';
import filling from '../../systems/mob/fixtures/filling.json';
import pool from '../../systems/oplog/fixtures/oplog-pool.json';
import compaction from '../../systems/hac/fixtures/hac-compaction.json';

const RECORDED = { mob: filling, oplog: pool, hac: compaction } as const;
const described = new Map<string, SystemDescription>();

beforeAll(async () => {
  await loadEngineForTests();
  for (const kind of Object.keys(RECORDED)) described.set(kind, describeForTests(`[system]\nkind = "${kind}"\n`));
});

describe('diskFrame', () => {
  for (const [kind, json] of Object.entries(RECORDED)) {
    it(`reads the ${kind} system's disk, its request in service and its queue`, () => {
      const src = RecordedSource.fromJson(json);
      let served = 0;
      for (let i = 0; i < json.length; i++) {
        const f = src.advance();
        const { kinds, disks } = diskFrame(f, described.get(kind)!);
        expect(kinds).toContain('fetch read');
        expect(disks.map((d) => d.device)).toEqual([0]);
        const d = disks[0];
        expect(d.headCylinder).toBeGreaterThanOrEqual(0);
        expect(d.headCylinder).toBeLessThan(d.cylinders);
        expect(d.databaseCylinders).toBeGreaterThan(0);
        expect(d.databaseCylinders).toBeLessThanOrEqual(d.cylinders);
        expect(d.angle).toBeGreaterThanOrEqual(0);
        expect(d.angle).toBeLessThan(1);
        expect(d.queueKind.length).toBe(d.queuePage.length);
        for (const k of d.queueKind) expect(kinds[k]).toBeDefined();
        if (d.active) {
          served++;
          expect(kinds[d.active.kind]).toBeDefined();
          expect(d.active.start).toBeLessThanOrEqual(d.active.seekEnd);
          expect(d.active.seekEnd).toBeLessThanOrEqual(d.active.rotationEnd);
          expect(d.active.rotationEnd).toBeLessThanOrEqual(d.active.end);
          expect(requestPhase(d.active, f.nowNs).phase).not.toBe('queued');
        } else expect(d.queueKind.length).toBe(0);
        expect(diskFrame(f, described.get(kind)!)).toBe(diskFrame(f, described.get(kind)!));
      }
      // HAC's server cache starts warm (the paper's runs): its recording catches no disk read.
      if (kind !== 'hac') expect(served, 'the recording catches the disk at work').toBeGreaterThan(0);
    });
  }
});
