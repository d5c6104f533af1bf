// The embed page's options (its URL's query), checked, and the embed code the lab copies. A
// wrong option is an error naming what exists, never a silent default.
//   views    comma-separated view names (the system's; its first three when absent)
//   controls 0 hides the time controls          autoplay 1 plays at once
//   speed    simulated seconds per wall second (0.000001, i.e. 1 µs per second, … 300)
//   bar      0 hides the title bar and its "Open in the lab" link
//   set      overrides pinned on top of the scenario (lessons/overrides.ts)
import type { SystemDescription } from '../engine/types';
import { MAX_SPEED_NS_PER_S, MIN_SPEED_NS_PER_S } from '../state/clock';
import { viewHeight } from '../systems';

export interface EmbedParams {
  /** View names asked for, as written (checked against the system once it is loaded). */
  views: string[];
  controls: boolean;
  autoplay: boolean;
  /** Simulated ns per wall second, or null for the default. */
  speed: number | null;
  bar: boolean;
  /** What is wrong with the options, for the user. */
  errors: string[];
}

export function readEmbedParams(search: string): EmbedParams {
  const q = new URLSearchParams(search);
  const errors: string[] = [];
  let speed: number | null = null;
  const rawSpeed = q.get('speed');
  if (rawSpeed != null) {
    const s = Number(rawSpeed) * 1e9;
    if (rawSpeed.trim() !== '' && s >= MIN_SPEED_NS_PER_S && s <= MAX_SPEED_NS_PER_S) speed = s;
    else errors.push(`speed=${rawSpeed} is not a speed: give simulated seconds per second, from ${MIN_SPEED_NS_PER_S / 1e9} to ${MAX_SPEED_NS_PER_S / 1e9} (e.g. speed=20)`);
  }
  const views = (q.get('views') ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v !== '');
  return { views, controls: q.get('controls') !== '0', autoplay: q.get('autoplay') === '1', speed, bar: q.get('bar') !== '0', errors };
}

/** The error for view names the loaded system does not have, naming the ones it has; null when
 * every name is one of its views. */
export function unknownViews(asked: readonly string[], description: SystemDescription): string | null {
  const known = description.views.map((v) => v.view);
  const unknown = asked.filter((v) => !known.includes(v));
  if (unknown.length === 0) return null;
  return `views=${asked.join(',')}: this scenario's system has no view called ${unknown.join(' or ')}; its views are ${known.join(', ')}`;
}

/** The error for a gallery name that is not one, naming those there are. */
export function unknownScenario(name: string, gallery: Record<string, string>): string {
  return `there is no scenario called "${name}" in the gallery; its scenarios are ${Object.keys(gallery).join(', ')}`;
}

/** The embed's title bar and time controls (CSS px, with the views' top padding). */
export const EMBED_CHROME_PX = 96;
/** The gap between the embed's rows of views, and the padding beneath the last. */
export const EMBED_GAP_PX = 6;

/** The iframe height that shows `views` whole, side by side in rows of up to three (an embed at
 * least 930 px wide has three columns of 300 px or more): the title bar and time controls, then
 * each row as tall as its tallest view (`viewHeight`). */
export function embedHeight(views: readonly string[]): number {
  let rows = 0;
  for (let i = 0; i < Math.max(1, views.length); i += 3) rows += Math.max(0, ...views.slice(i, i + 3).map(viewHeight)) + EMBED_GAP_PX;
  return EMBED_CHROME_PX + rows;
}

/** An iframe showing `views` of the run at `hash` (a permalink's hash), for the page at `labUrl`
 * (the lab's own address, ending in `/`). */
export function embedCode(labUrl: string, hash: string, views: readonly string[], title: string): string {
  const src = `${labUrl}embed/?views=${views.join(',')}${hash}`;
  const safeTitle = title.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<iframe src="${src}" title="Storelab: ${safeTitle}" width="100%" height="${embedHeight(views)}" style="border:0" loading="lazy"></iframe>`;
}
