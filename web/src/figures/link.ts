// The figures page's address: `#sc=<gallery name>` or `#s=<compressed text>` (as the lab's
// permalinks), then `seeds=N` (seeds per point), `y=<figure path>` (the figure plotted) and
// `run=1` (run at once). Malformed values read as absent.
import { decodeHash, encodeHash } from '../state/url';

export interface FigureLink {
  scenario: string | null;
  text: string | null;
  seeds: number | null;
  figure: string | null;
  run: boolean;
}

export function readFigureLink(hash: string): FigureLink {
  const h = decodeHash(hash);
  const q = new URLSearchParams(hash.replace(/^#/, ''));
  const seeds = Number(q.get('seeds'));
  return {
    scenario: h.text == null ? h.scenario : null,
    text: h.text,
    seeds: Number.isInteger(seeds) && seeds >= 1 && seeds <= 50 ? seeds : null,
    figure: q.get('y') || null,
    run: q.get('run') === '1',
  };
}

export function figureLink(l: FigureLink): string {
  const parts = [l.text != null ? encodeHash({ text: l.text, seed: 1, tNs: 0 }).slice(1).split('&')[0] : `sc=${encodeURIComponent(l.scenario ?? '')}`];
  if (l.seeds != null) parts.push(`seeds=${l.seeds}`);
  if (l.figure) parts.push(`y=${encodeURIComponent(l.figure)}`);
  if (l.run) parts.push('run=1');
  return `#${parts.join('&')}`;
}
