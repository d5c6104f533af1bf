// Where the assignment page gets its assignment file: one of assignments/*.toml bundled at build
// time, named in the address (`?a=mob-absorption`), or any file carried whole in the hash (`#a=`,
// lz-string compressed like the lab's permalinks), which is what "Copy link" gives for a file the
// student opened from disk. The hash never reaches a server.
import { compressToEncodedURIComponent, decompressFromEncodedURIComponent } from 'lz-string';
import { MAX_LINK_TEXT } from '../state/url';

const files = import.meta.glob<string>('../../../assignments/*.toml', { query: '?raw', import: 'default', eager: true });

/** The bundled assignments by name (the file name without `.toml`). */
export const bundled: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(files)
    .map(([path, text]) => [path.replace(/^.*\//, '').replace(/\.toml$/, ''), text] as const)
    .sort(([a], [b]) => a.localeCompare(b)),
);

export type Source = { kind: 'bundled'; name: string; text: string } | { kind: 'link'; text: string } | { kind: 'error'; message: string };

/** The assignment the address names, or null when it names none. */
export function sourceFromLocation(search: string, hash: string): Source | null {
  const h = new URLSearchParams(hash.replace(/^#/, ''));
  const carried = h.get('a');
  if (carried != null) {
    const text = carried.length <= MAX_LINK_TEXT ? decompressFromEncodedURIComponent(carried) : null;
    return text ? { kind: 'link', text } : { kind: 'error', message: 'The link’s assignment is damaged: ask for the link again, or open the file itself.' };
  }
  const name = new URLSearchParams(search).get('a');
  if (name == null) return null;
  if (Object.hasOwn(bundled, name)) return { kind: 'bundled', name, text: bundled[name] };
  const known = Object.keys(bundled).join(', ');
  return { kind: 'error', message: `No assignment is called “${name}”. The lab has: ${known}. Or open an assignment file.` };
}

/** The address of the page with `text` carried whole in the hash. */
export function linkFor(pageUrl: string, text: string): string {
  return `${pageUrl.replace(/[?#].*$/, '')}#a=${compressToEncodedURIComponent(text)}`;
}

/** When a question's answer may be shown (the file's `reveal`). */
export type Reveal = 'always' | 'after_submit' | 'after_due' | 'never';

/** Whether an answer with `reveal` may be shown now: `always` from the start, `after_submit`
 * once the student has exported a submission, `after_due` once the due time (ISO 8601) has
 * passed, `never` not in the browser. */
export function mayReveal(reveal: Reveal, state: { submitted: boolean; nowMs: number; due: string | null }): boolean {
  switch (reveal) {
    case 'always':
      return true;
    case 'after_submit':
      return state.submitted;
    case 'after_due':
      return state.due != null && Number.isFinite(Date.parse(state.due)) && state.nowMs >= Date.parse(state.due);
    case 'never':
      return false;
  }
}

/** A submission's file name: the assignment's name and the student's id, made safe. */
export function submissionFileName(assignment: string, student: string): string {
  const safe = (s: string) => s.replace(/[^\w.@-]+/g, '_').slice(0, 80);
  return `${safe(assignment)}-${safe(student)}.json`;
}
