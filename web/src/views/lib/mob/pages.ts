// Which area (the MOB system's hot / warm / cold) a page belongs to, learned from what the engine
// tells us: the areas of MOB insertions (oid → page through the database's objects per page) and
// the areas of the buffer's chunks (the frame's `mob` section).
import type { Frame } from '../../../engine/types';

export function pageOfOid(oid: number, objectsPerPage: number): number {
  return objectsPerPage > 0 ? Math.floor(oid / objectsPerPage) : -1;
}

export class PageAreas {
  // Area + 1 per page (0 = unknown): a flat table, because every frame re-learns the areas of all
  // the MOB's chunks (tens of thousands at fast speeds) and Map writes cost far more.
  private area = new Uint8Array(1024);

  clear(): void {
    this.area.fill(0);
  }

  private ensure(page: number): void {
    if (page < this.area.length) return;
    let n = this.area.length;
    while (n <= page) n *= 2;
    const next = new Uint8Array(n);
    next.set(this.area);
    this.area = next;
  }

  private learned: Frame | null = null;

  /** Learn from a frame's new `mob_insert` records (kind id `mobInsert`, with the `database`
   * section's objects per page); from its chunks too when records may have been missed (the first
   * frame, after a reset, or when the frame reports lost records), and on every frame of a system
   * whose buffer records no insertions (`mobInsert` null: Thor's mcache). Learning the same frame
   * twice is a no-op, so views can share one table (`sharedPageAreas`). */
  learn(f: Frame, mobInsert: number | null): void {
    if (f === this.learned) return;
    const first = this.learned === null;
    this.learned = f;
    if (f.reset) this.clear();
    const db = f.sections.database?.scalars;
    if (db && db.pages > 0) this.ensure(db.pages - 1);
    const tr = f.trace;
    if (mobInsert !== null && db) {
      for (let i = 0; i < tr.kind.length; i++) {
        if (tr.kind[i] === mobInsert) {
          this.set(pageOfOid(tr.entity[i], db.objects_per_page), tr.a[i]);
        }
      }
      if (!first && !f.reset && tr.lost === 0) return;
    }
    const chunks = f.sections.mob.columns;
    const pages = chunks.page;
    const areas = chunks.area;
    let table = this.area;
    for (let i = 0; i < pages.length; i++) {
      const p = pages[i];
      if (p >= table.length) {
        this.ensure(p);
        table = this.area;
      }
      table[p] = areas[i] + 1;
    }
  }

  set(page: number, area: number): void {
    if (!(page >= 0) || !Number.isInteger(page) || !(area >= 0 && area < 255)) return;
    this.ensure(page);
    this.area[page] = area + 1;
  }

  /** The page's area, or undefined when nothing has revealed it yet. */
  get(page: number): number | undefined {
    const v = page >= 0 && page < this.area.length ? this.area[page] : 0;
    return v === 0 ? undefined : v - 1;
  }
}

/** Area of a page from the frame alone: the area of its chunks in the MOB, if any. */
export function areaOfPageInMob(f: Frame, page: number): number | undefined {
  const { page: pages, area } = f.sections.mob.columns;
  for (let i = 0; i < pages.length; i++) if (pages[i] === page) return area[i];
  return undefined;
}

const shared = new WeakMap<object, PageAreas>();

/** The page areas learned from one frame source, shared by every view that shows it. */
export function sharedPageAreas(frames: object): PageAreas {
  let a = shared.get(frames);
  if (!a) {
    a = new PageAreas();
    shared.set(frames, a);
  }
  return a;
}
