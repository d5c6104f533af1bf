// Permalinks (DESIGN.md §4): the URL hash carries the scenario (lz-string compressed), the seed
// and the simulated time, `#s=<compressed toml>&seed=N&t=<ns>`, so a copied link reproduces
// exactly what the sender saw.
import { compressToEncodedURIComponent, decompressFromEncodedURIComponent } from 'lz-string';

export interface HashState {
  text: string | null;
  seed: number | null;
  tNs: number | null;
  /** Gallery scenario name (`sc=mob-default`), used by embeds and lessons instead of `s`. */
  scenario: string | null;
  /** A guided tour's step (`tour=mob&step=3`, steps from 1), read as the step from 0; absent
   * from a link without one. */
  tour?: { name: string; step: number };
}

/** The longest scenario text a link carries, characters: the engine refuses texts over 256 KB
 * (`scenario::MAX_TEXT_BYTES`), so a link decompressing to more is not a scenario (an 8 KB link
 * can decompress to megabytes). */
export const MAX_LINK_TEXT = 256 * 1024;

// The scenario text rarely changes while the time does: compress it once, not on every write.
let compressed: { text: string; s: string } | null = null;

export function encodeHash(state: { text: string; seed: number; tNs: number }): string {
  if (compressed?.text !== state.text) compressed = { text: state.text, s: compressToEncodedURIComponent(state.text) };
  const s = compressed.s;
  return `#s=${s}&seed=${Math.trunc(state.seed)}&t=${Math.max(0, Math.round(state.tNs))}`;
}

/** Parses a location hash (with or without the leading `#`); malformed fields read as null. */
export function decodeHash(hash: string): HashState {
  const out: HashState = { text: null, seed: null, tNs: null, scenario: null };
  let step = 1;
  const body = hash.startsWith('#') ? hash.slice(1) : hash;
  if (!body) return out;
  for (const part of body.split('&')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const key = part.slice(0, eq);
    const value = part.slice(eq + 1);
    if (key === 's') {
      // lz-string's URI alphabet has no characters that need percent-decoding, but a pasted link
      // may have been re-encoded by a mail client or chat app.
      let v = value;
      try {
        v = decodeURIComponent(value);
      } catch {
        /* keep raw */
      }
      const text = v.length <= MAX_LINK_TEXT ? decompressFromEncodedURIComponent(v) : null;
      const ok = typeof text === 'string' && (text.length > 0 || v.length === 0) && text.length <= MAX_LINK_TEXT;
      out.text = ok ? text : null;
    } else if (key === 'seed') {
      out.seed = parseNonNegInt(value);
    } else if (key === 't') {
      out.tNs = parseNonNegInt(value);
    } else if (key === 'sc') {
      out.scenario = /^[\w.-]+$/.test(value) ? value : null;
    } else if (key === 'tour') {
      if (/^[\w.-]+$/.test(value)) out.tour = { name: value, step: 0 };
    } else if (key === 'step') {
      step = parseNonNegInt(value) ?? 1;
    }
  }
  if (out.tour) out.tour.step = Math.max(0, step - 1);
  return out;
}

function parseNonNegInt(v: string): number | null {
  if (!/^\d{1,16}$/.test(v)) return null;
  const n = Number(v);
  return Number.isSafeInteger(n) ? n : null;
}
