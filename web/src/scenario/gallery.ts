// The scenario gallery: every file in scenarios/, bundled at build time, with the [meta] title and
// description shown on its card.
import { DEFAULT_KIND, SYSTEMS, systemOf } from '../systems';

const files = import.meta.glob<string>('../../../scenarios/*.toml', { query: '?raw', import: 'default', eager: true });

export interface GalleryEntry {
  name: string;
  /** The system it runs (`[system] kind`). */
  kind: string;
  title: string;
  description: string;
  paper: string;
  text: string;
}

/** Reads [meta] title, description and paper from scenario text (basic and multi-line strings). */
export function readMeta(text: string): { title: string; description: string; paper: string } {
  const meta = { title: '', description: '', paper: '' };
  const m = /^\s*\[meta\]\s*$/m.exec(text);
  if (!m) return meta;
  const body = text.slice(m.index + m[0].length);
  const end = body.search(/^\s*\[[^\]]+\]\s*$/m);
  const section = end >= 0 ? body.slice(0, end) : body;
  for (const key of ['title', 'description', 'paper'] as const) {
    const ml = new RegExp(`^\\s*${key}\\s*=\\s*"""\\n?([\\s\\S]*?)"""`, 'm').exec(section);
    if (ml) {
      meta[key] = ml[1].replace(/\\\n\s*/g, '').replace(/\s+/g, ' ').trim();
      continue;
    }
    const sl = new RegExp(`^\\s*${key}\\s*=\\s*"((?:[^"\\\\]|\\\\.)*)"`, 'm').exec(section);
    if (sl) {
      try {
        meta[key] = JSON.parse(`"${sl[1]}"`) as string;
      } catch {
        meta[key] = sl[1];
      }
    }
  }
  return meta;
}

function nameOf(path: string): string {
  return path.replace(/^.*\//, '').replace(/\.toml$/, '');
}

/** Scenario name → text. */
export const scenarioTexts: Record<string, string> = Object.fromEntries(
  Object.entries(files).map(([path, text]) => [nameOf(path), text]),
);

/** Gallery order within a system's group: the scenarios it puts first (`galleryFirst`, e.g. its
 * default), then by name with numbers compared as numbers, so fig4-6 comes before fig4-10 as in
 * the thesis. */
export function galleryOrder(a: string, b: string, first: readonly string[] = []): number {
  if (a === b) return 0;
  const [i, j] = [first.indexOf(a), first.indexOf(b)];
  if (i >= 0 || j >= 0) return (i < 0 ? first.length : i) - (j < 0 ? first.length : j);
  return a.localeCompare(b, 'en', { numeric: true });
}

/** The system a scenario text selects (`[system] kind`), the engine's default when it names none. */
export function kindOf(text: string): string {
  const section = /^\s*\[system\]\s*$([^[]*)/m.exec(text)?.[1] ?? '';
  return /^\s*kind\s*=\s*"([a-z_]+)"/m.exec(section)?.[1] ?? DEFAULT_KIND;
}

/** Where a system's group stands: in the registry's order, unknown systems last. */
const systemRank = (kind: string) => {
  const i = SYSTEMS.findIndex((s) => s.kind === kind);
  return i < 0 ? SYSTEMS.length : i;
};

/** Gallery cards, grouped by system, each group in `galleryOrder`. */
export const gallery: GalleryEntry[] = Object.entries(scenarioTexts)
  .map(([name, text]) => ({ name, text, kind: kindOf(text), ...readMeta(text) }))
  .sort((a, b) => systemRank(a.kind) - systemRank(b.kind) || galleryOrder(a.name, b.name, systemOf(a.kind)?.galleryFirst));

/** Whether scenario `name` reproduces a figure or table of its paper: its name says which
 * (`fig4-7-memory-split`, `oplog-table4-log-size`). */
export function isFigure(name: string): boolean {
  return /(^|-)(fig|table)\d/.test(name);
}

/** The entries that match `query`, in any case, in their name, title, description, paper or
 * system's title (`systemTitle`): those that contain it as a phrase when any do ("table 2" finds
 * Table 2, not every table with a 2), else those that contain every word of it ("hac compact",
 * "fig 4-7"). An empty query keeps them all. */
export function searchGallery(entries: readonly GalleryEntry[], query: string, systemTitle: (kind: string) => string = () => ''): GalleryEntry[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const text = (g: GalleryEntry) => [g.name, g.title, g.description, g.paper, g.kind, systemTitle(g.kind)].join(' ').toLowerCase().replace(/\s+/g, ' ');
  const phrase = entries.filter((g) => text(g).includes(words.join(' ')));
  return phrase.length > 0 ? phrase : entries.filter((g) => words.every((w) => text(g).includes(w)));
}

/** `entries` in groups of one system each, in the gallery's order. */
export function bySystem(entries: readonly GalleryEntry[]): { kind: string; entries: GalleryEntry[] }[] {
  const groups: { kind: string; entries: GalleryEntry[] }[] = [];
  for (const g of entries) {
    const last = groups.at(-1);
    if (last?.kind === g.kind) last.entries.push(g);
    else groups.push({ kind: g.kind, entries: [g] });
  }
  return groups;
}
