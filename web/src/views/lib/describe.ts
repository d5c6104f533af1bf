// Numbers the loaded system gives names to, looked up by name in its description: record kind
// ids and the values of enumerated frame columns. Views ask for names; the engine numbers them.
import type { ColumnInfo, SystemDescription } from '../../engine/types';

/** The ids of the record kinds `names` in the loaded system's numbering; all -1 before a scenario
 * has loaded (no record has kind -1). A name the system does not describe is a bug: it throws. */
export function kindIds<N extends string>(d: SystemDescription | null, names: readonly N[]): Record<N, number> {
  const ids = {} as Record<N, number>;
  for (const n of names) {
    const info = d?.records.find((r) => r.name === n);
    if (d && !info) throw new Error(`the ${d.kind} system describes no record kind ${n}`);
    ids[n] = info?.id ?? -1;
  }
  return ids;
}

/** Scalar or column `name` of frame section `section`, as described; throws if there is none. */
export function columnInfo(d: SystemDescription, section: string, name: string): ColumnInfo {
  const s = d.sections.find((x) => x.name === section);
  const c = s?.columns.find((x) => x.name === name) ?? s?.scalars.find((x) => x.name === name);
  if (!c) throw new Error(`the ${d.kind} system's frames have no ${section}.${name}`);
  return c;
}

/** The names of an enumerated frame value, in its numbering (empty before load). */
export function valueNames(d: SystemDescription | null, section: string, name: string): readonly string[] {
  return d ? columnInfo(d, section, name).values : [];
}

/** The number standing for `value` in an enumerated frame value; -1 before load. Throws on a
 * value the description does not list. */
export function valueId(d: SystemDescription | null, section: string, name: string, value: string): number {
  if (!d) return -1;
  const i = columnInfo(d, section, name).values.indexOf(value);
  if (i < 0) throw new Error(`${section}.${name} has no value ${value}`);
  return i;
}
