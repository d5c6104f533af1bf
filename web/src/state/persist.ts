// Local storage: the user's scenario text, seed and speed survive reloads. A URL hash wins over
// what is stored (see resolveStartup).
import type { HashState } from './url';

const KEY = 'storelab.lab.v1';

export interface Persisted {
  /** What the user was editing (the draft). */
  text: string;
  /** The last text that loaded, which the lab opens with: a draft that never loaded cannot stop
   * every reload (null in what older versions stored). */
  applied: string | null;
  seed: number | null;
  scenarioName: string | null;
  speedPosition: number | null;
}

export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

function storage(): KeyValueStorage | null {
  try {
    return typeof localStorage !== 'undefined' ? localStorage : null;
  } catch {
    return null; // e.g. blocked in a sandboxed iframe
  }
}

export function loadPersisted(s: KeyValueStorage | null = storage()): Persisted | null {
  if (!s) return null;
  try {
    const raw = s.getItem(KEY);
    if (!raw) return null;
    const p = JSON.parse(raw) as Partial<Persisted>;
    if (typeof p.text !== 'string') return null;
    return {
      text: p.text,
      applied: typeof p.applied === 'string' ? p.applied : null,
      seed: typeof p.seed === 'number' ? p.seed : null,
      scenarioName: typeof p.scenarioName === 'string' ? p.scenarioName : null,
      speedPosition: typeof p.speedPosition === 'number' ? p.speedPosition : null,
    };
  } catch {
    return null;
  }
}

/** Saves the user's text; returns why it could not (storage full, blocked), or null. The lab
 * works either way, but the user should know their edits will not survive a reload. */
export function savePersisted(p: Persisted, s: KeyValueStorage | null = storage()): string | null {
  try {
    s?.setItem(KEY, JSON.stringify(p));
    return null;
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
}

export interface Startup {
  text: string;
  /** Stored text the user was editing that differs from `text`, to keep as the draft. */
  draft: string | null;
  seed: number | null;
  tNs: number;
  scenarioName: string | null;
  source: 'hash' | 'storage' | 'default';
  /** A gallery name the link gave that the gallery does not have (`#sc=no-such`), or null. */
  unknownScenario?: string;
}

/** What the lab opens with: the URL hash, else local storage, else the default scenario. */
export function resolveStartup(
  hash: HashState,
  persisted: Persisted | null,
  gallery: Record<string, string>,
  defaultName = 'mob-default',
): Startup {
  if (hash.text != null) {
    // The lab's own link to what it ran (a reload): the draft stored beside it stays too.
    const draft = persisted?.applied === hash.text && persisted.text !== hash.text ? persisted.text : null;
    return { text: hash.text, draft, seed: hash.seed, tNs: hash.tNs ?? 0, scenarioName: null, source: 'hash' };
  }
  // The gallery's own names only (`__proto__` or `toString` are properties of every object).
  if (hash.scenario && Object.hasOwn(gallery, hash.scenario)) {
    return { text: gallery[hash.scenario], draft: null, seed: hash.seed, tNs: hash.tNs ?? 0, scenarioName: hash.scenario, source: 'hash' };
  }
  const unknown = hash.scenario ? { unknownScenario: hash.scenario } : {};
  if (persisted) {
    const text = persisted.applied ?? persisted.text;
    const draft = persisted.text !== text ? persisted.text : null;
    return { text, draft, seed: persisted.seed, tNs: 0, scenarioName: persisted.scenarioName, source: 'storage', ...unknown };
  }
  return { text: gallery[defaultName] ?? '', draft: null, seed: null, tNs: 0, scenarioName: defaultName, source: 'default', ...unknown };
}
