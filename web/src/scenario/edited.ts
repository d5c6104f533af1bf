// A gallery scenario that was edited says so wherever its title shows (issue 24, item 2): its
// title and description are the original's, so the lab names what differs from it. The original
// is the gallery scenario the lab loaded, or, for a text that came without its name (a permalink,
// an import), the gallery scenario of the same title.
import { differencesOf, type Difference } from './fields';
import { readMeta, scenarioTexts } from './gallery';

export interface Edited {
  /** The gallery scenario it was made from. */
  name: string;
  differences: Difference[];
}

/** The gallery scenario `text` was made from, if any. */
export function originalOf(text: string, name: string | null): string | null {
  if (name && Object.hasOwn(scenarioTexts, name)) return name;
  const title = readMeta(text).title;
  if (!title) return null;
  return Object.keys(scenarioTexts).find((n) => readMeta(scenarioTexts[n]).title === title) ?? null;
}

/** How `text` differs from the gallery scenario it was made from; null when it is that scenario
 * as written, or was made from none. */
export function editedFrom(text: string, name: string | null): Edited | null {
  const original = originalOf(text, name);
  if (!original || !text || text === scenarioTexts[original]) return null;
  const differences = differencesOf(text, scenarioTexts[original]);
  return differences.length > 0 ? { name: original, differences } : null;
}

function show(v: unknown): string {
  return typeof v === 'string' ? v : JSON.stringify(v);
}

/** `server.mob_mb = 8 (12 in the original)`. */
export function formatDifference(d: Difference): string {
  return `${d.path} = ${show(d.value)} (${show(d.original)} in the original)`;
}

/** The first `n` differences, and how many more: for a title line. */
export function summarize(e: Edited, n = 2): string {
  const shown = e.differences.slice(0, n).map(formatDifference).join('; ');
  const more = e.differences.length - n;
  return more > 0 ? `${shown}; and ${more} more` : shown;
}
