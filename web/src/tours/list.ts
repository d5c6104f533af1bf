// Every guided tour in tours/*.md, bundled at build time: the lab, its first-visit offer and the
// tests read this one list. A tour with mistakes fails the tests (tours.test.ts) and is left out.
import { parseTour, type Tour } from './tour';

const sources = import.meta.glob<string>('../../../tours/*.md', { query: '?raw', import: 'default', eager: true });

/** The tours' sources, by name (the file's, without .md). */
export const tourSources: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(sources).map(([path, text]) => [path.replace(/^.*\//, '').replace(/\.md$/, ''), text]),
);

export const tours: readonly Tour[] = Object.entries(tourSources)
  .map(([name, text]) => parseTour(name, text).tour)
  .filter((t): t is Tour => t != null)
  .sort((a, b) => a.name.localeCompare(b.name));

/** The tour of a system, by its kind. */
export function tourOf(system: string | undefined): Tour | undefined {
  return tours.find((t) => t.system === system);
}

export function tourNamed(name: string): Tour | undefined {
  return tours.find((t) => t.name === name);
}
