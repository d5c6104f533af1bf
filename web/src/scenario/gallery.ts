// The scenario gallery: every file in scenarios/, bundled at build time, with the [meta] title and
// description shown on its card.

const files = import.meta.glob<string>('../../../scenarios/*.toml', { query: '?raw', import: 'default', eager: true });

export interface GalleryEntry {
  name: string;
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

/** Gallery order: mob-default first, then by name with numbers compared as numbers, so
 * fig4-6 comes before fig4-10 as in the thesis. */
export function galleryOrder(a: string, b: string): number {
  if (a === b) return 0;
  if (a === 'mob-default') return -1;
  if (b === 'mob-default') return 1;
  return a.localeCompare(b, 'en', { numeric: true });
}

/** The system a scenario text selects (`[system] kind`), "mob" when it names none. */
export function systemOf(text: string): string {
  const section = /^\s*\[system\]\s*$([^[]*)/m.exec(text)?.[1] ?? '';
  return /^\s*kind\s*=\s*"([a-z_]+)"/m.exec(section)?.[1] ?? 'mob';
}

/** Systems in the order the project built them: the gallery groups each one's scenarios. */
const SYSTEMS = ['mob', 'hac', 'oplog'];
const systemRank = (text: string) => {
  const i = SYSTEMS.indexOf(systemOf(text));
  return i < 0 ? SYSTEMS.length : i;
};

/** Gallery cards, grouped by system, each group in `galleryOrder`. */
export const gallery: GalleryEntry[] = Object.entries(scenarioTexts)
  .map(([name, text]) => ({ name, text, ...readMeta(text) }))
  .sort((a, b) => systemRank(a.text) - systemRank(b.text) || galleryOrder(a.name, b.name));
