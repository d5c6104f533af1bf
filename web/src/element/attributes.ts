// A <storelab-scenario> element's attributes, checked, and the embed page's URL they make. The
// attributes are the embed route's options (app/embedParams.ts) and its hash (`sc`, `s`, `seed`,
// `t`), plus the element's own: loading, height, aspect-ratio, poster and lab. A value the
// element cannot use is an error naming the attribute and what it takes, shown in the element;
// the options the embed page checks itself (views, set, a gallery name) it reports from the frame.
import { compressToEncodedURIComponent } from 'lz-string';
import { MAX_SPEED_NS_PER_S, MIN_SPEED_NS_PER_S } from '../state/clock';

/** The attributes the element reads; a change to any of them loads it anew. */
export const ATTRIBUTES = ['scenario', 'views', 'seed', 'speed', 'time', 'autoplay', 'controls', 'bar', 'set', 'loading', 'height', 'aspect-ratio', 'poster', 'lab'] as const;

export interface ElementConfig {
  /** The embed page the frame opens. */
  src: string;
  /** lazy: load within a viewport of being seen; eager: as soon as the element shows. */
  loading: 'lazy' | 'eager';
  /** The height reserved (CSS px), or null. */
  height: number | null;
  /** The width-to-height ratio reserved (a CSS `aspect-ratio`), or null. */
  aspectRatio: string | null;
  /** An image shown until the run loads, or null for the element's own poster. */
  poster: string | null;
  /** What the poster names: the gallery scenario, or "an inline scenario". */
  label: string;
  /** The views asked for, for the poster (empty: the system's first three). */
  views: string[];
  /** What is wrong with the attributes, one sentence each; nothing loads while there is any. */
  errors: string[];
}

/** Reads the attributes (`attr(name)`: the value, "" for a bare attribute, null when absent) and
 * the text of the inline `<script type="text/toml">` (null without one); `scriptUrl` is the
 * element script's own address, beside which the lab is. */
export function readAttributes(attr: (name: string) => string | null, inlineToml: string | null, scriptUrl: string): ElementConfig {
  const errors: string[] = [];
  const query = new URLSearchParams({ element: '1' });
  const hash: string[] = [];

  const scenario = attr('scenario');
  if (scenario != null && inlineToml != null) errors.push('scenario="…" and an inline <script type="text/toml"> both name a scenario: keep one');
  else if (inlineToml != null) {
    if (inlineToml.trim() === '') errors.push('the inline <script type="text/toml"> is empty: write the scenario in it, or give scenario="mob-default"');
    hash.push(`s=${compressToEncodedURIComponent(inlineToml)}`);
  } else if (scenario != null) {
    if (scenario.trim() === '') errors.push('scenario="" names no scenario: give a gallery name such as scenario="mob-default"');
    hash.push(`sc=${encodeURIComponent(scenario.trim())}`);
  }

  const seed = attr('seed');
  if (seed != null) {
    if (/^\d+$/.test(seed.trim()) && Number(seed) <= Number.MAX_SAFE_INTEGER) hash.push(`seed=${Number(seed)}`);
    else errors.push(`seed="${seed}" is not a seed: give a whole number, 0 or more (e.g. seed="1")`);
  }
  const time = attr('time');
  if (time != null) {
    const s = Number(time);
    if (time.trim() !== '' && Number.isFinite(s) && s >= 0) hash.push(`t=${Math.round(s * 1e9)}`);
    else errors.push(`time="${time}" is not a time: give the simulated seconds to open at, 0 or more (e.g. time="2.5")`);
  }

  const speed = attr('speed');
  if (speed != null) {
    const ns = Number(speed) * 1e9;
    if (speed.trim() !== '' && ns >= MIN_SPEED_NS_PER_S && ns <= MAX_SPEED_NS_PER_S) query.set('speed', speed.trim());
    else errors.push(`speed="${speed}" is not a speed: give simulated seconds per second, from ${MIN_SPEED_NS_PER_S / 1e9} to ${MAX_SPEED_NS_PER_S / 1e9} (e.g. speed="20")`);
  }
  if (attr('autoplay') != null) query.set('autoplay', '1');
  for (const name of ['controls', 'bar'] as const) {
    const v = attr(name);
    if (v == null) continue;
    if (v === '0' || v === '1') query.set(name, v);
    else errors.push(`${name}="${v}" is neither 0 (hide) nor 1 (show)`);
  }
  const views = (attr('views') ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v !== '');
  if (views.length) query.set('views', views.join(','));
  const set = attr('set');
  if (set != null) query.set('set', set);

  const loading = attr('loading') ?? 'lazy';
  if (loading !== 'lazy' && loading !== 'eager') errors.push(`loading="${loading}" is neither lazy (when near the viewport) nor eager (at once)`);

  const rawHeight = attr('height');
  let height: number | null = null;
  if (rawHeight != null) {
    const px = Number(rawHeight.trim().replace(/px$/, ''));
    if (rawHeight.trim() !== '' && Number.isFinite(px) && px >= 100) height = px;
    else errors.push(`height="${rawHeight}" is not a height: give CSS pixels, 100 or more (e.g. height="720")`);
  }
  const rawRatio = attr('aspect-ratio');
  let aspectRatio: string | null = null;
  if (rawRatio != null) {
    const m = /^\s*(\d+(?:\.\d+)?)\s*(?:[/:]\s*(\d+(?:\.\d+)?)\s*)?$/.exec(rawRatio);
    if (m && Number(m[1]) > 0 && (m[2] == null || Number(m[2]) > 0)) aspectRatio = `${m[1]} / ${m[2] ?? 1}`;
    else errors.push(`aspect-ratio="${rawRatio}" is not a ratio: give width / height (e.g. aspect-ratio="16/9")`);
  }
  if (height != null && aspectRatio != null) errors.push('height and aspect-ratio both size the element: keep one');

  let lab: URL | null = null;
  try {
    lab = new URL(attr('lab') ?? './', scriptUrl);
    if (!lab.pathname.endsWith('/')) lab.pathname += '/';
  } catch {
    errors.push(`lab="${attr('lab')}" is not an address: give the URL of the folder holding embed/ (e.g. lab="https://example.org/storelab/")`);
  }
  const src = lab ? `${lab.href}embed/?${query}${hash.length ? `#${hash.join('&')}` : ''}` : '';

  return {
    src,
    loading: loading === 'eager' ? 'eager' : 'lazy',
    height,
    aspectRatio,
    poster: attr('poster') || null,
    label: inlineToml != null ? 'an inline scenario' : scenario?.trim() || 'mob-default',
    views,
    errors,
  };
}

/** The tag (and the script it needs) showing a run: `labUrl` is the lab's address, ending in
 * `/`; a gallery scenario (`scenarioName`, its text unedited) goes by name, any other text
 * inline. Null for a text holding `</script`, which would end the inline script early. */
export function elementCode(labUrl: string, run: { scenarioName: string | null; text: string; seed: number; tNs: number; views: readonly string[]; height: number }): string | null {
  const attrs = [`views="${run.views.join(',')}"`, `seed="${run.seed}"`];
  if (run.tNs > 0) attrs.push(`time="${+(run.tNs / 1e9).toFixed(9)}"`);
  attrs.push(`height="${run.height}"`);
  const script = `<script type="module" src="${labUrl}storelab-scenario.js"></script>`;
  if (run.scenarioName != null) return `${script}\n<storelab-scenario scenario="${escapeAttr(run.scenarioName)}" ${attrs.join(' ')}></storelab-scenario>`;
  if (/<\/script/i.test(run.text)) return null;
  return `${script}\n<storelab-scenario ${attrs.join(' ')}>\n<script type="text/toml">\n${run.text.trimEnd()}\n</script>\n</storelab-scenario>`;
}

const escapeAttr = (s: string) => s.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);
