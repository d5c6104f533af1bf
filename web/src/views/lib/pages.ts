// Which area (hot / warm / cold) a page belongs to, learned from what the engine tells us: the
// areas of MOB insertions (oid → page through objectsPerPage) and the areas of the MOB's chunks.
import { RecordKind, type Frame } from '../../engine/types';

export function pageOfOid(oid: number, objectsPerPage: number): number {
  return objectsPerPage > 0 ? Math.floor(oid / objectsPerPage) : -1;
}

export class PageAreas {
  private area = new Map<number, number>();

  clear(): void {
    this.area.clear();
  }

  /** Learn from a frame's new MobInsert records and its chunks (cheap: one pass each). */
  learn(f: Frame): void {
    if (f.reset) this.clear();
    const tr = f.trace;
    for (let i = 0; i < tr.kind.length; i++) {
      if (tr.kind[i] === RecordKind.MobInsert) {
        this.area.set(pageOfOid(tr.entity[i], f.objectsPerPage), tr.a[i]);
      }
    }
    const m = f.mob;
    for (let i = 0; i < m.chunkPage.length; i++) this.area.set(m.chunkPage[i], m.chunkArea[i]);
  }

  set(page: number, area: number): void {
    this.area.set(page, area);
  }

  /** The page's area, or undefined when nothing has revealed it yet. */
  get(page: number): number | undefined {
    return this.area.get(page);
  }
}

/** Area of a page from the frame alone: the area of its chunks in the MOB, if any. */
export function areaOfPageInMob(f: Frame, page: number): number | undefined {
  const m = f.mob;
  for (let i = 0; i < m.chunkPage.length; i++) if (m.chunkPage[i] === page) return m.chunkArea[i];
  return undefined;
}
