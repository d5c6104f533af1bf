// Reading a frame's sections by name (the sections a system's view.rs declares): every value by
// name, throwing when one is missing, so a renamed or dropped column fails the views' tests on
// recorded frames instead of drawing NaN. Shared by the systems' typed readers (mobFrame.ts,
// hacFrame.ts, oo7Frame.ts).
import type { Column, Frame, Section, SystemDescription } from '../../engine/types';

/** Section `name` of `f`: its scalars (`num`) and columns (`col`) by name. */
export function section(f: Frame, name: string) {
  const s: Section | undefined = f.sections[name];
  if (!s) throw new Error(`the frame has no section ${name}`);
  const num = (n: string): number => {
    const v = s.scalars[n];
    if (v === undefined) throw new Error(`the frame has no ${name}.${n}`);
    return v;
  };
  const col = <T extends Column>(n: string): T => {
    const v = s.columns[n];
    if (v === undefined) throw new Error(`the frame has no column ${name}.${n}`);
    return v as T;
  };
  return { num, col };
}

/** `read`, done once per frame: the views that draw one frame share what it built. */
export function oncePerFrame<D extends SystemDescription | null, T>(read: (f: Frame, d: D) => T): (f: Frame, d: D) => T {
  const built = new WeakMap<Frame, T>();
  return (f, d) => {
    let t = built.get(f);
    if (t === undefined) {
      t = read(f, d);
      built.set(f, t);
    }
    return t;
  };
}
