// Keeps the compare page's address in step with what it shows (the sides, seed and shared time
// in the hash; the chosen views, chart, plot and swept field in the query), as the lab keeps its
// permalink: at once when paused, at most once a second while playing.
import { useEffect, useRef } from 'react';
import type { LabController } from '../state/controller';
import { encodeCompareHash, encodeCompareOptions, type CompareOptions, type SideSpec } from './compareParams';

/** The page's address for `sides` at the lab's seed and current time. */
export function compareUrl(lab: LabController, sides: readonly SideSpec[], options: CompareOptions): string {
  const s = lab.store.get();
  return `${location.origin}${location.pathname}${encodeCompareOptions(options)}${encodeCompareHash(sides, s.seed, lab.currentNs())}`;
}

export function useCompareUrl(lab: LabController, sides: readonly SideSpec[] | null, options: CompareOptions): void {
  const last = useRef({ url: '', ms: -Infinity });
  useEffect(() => {
    if (!sides) return;
    const write = () => {
      const url = compareUrl(lab, sides, options);
      if (url !== last.current.url) history.replaceState(null, '', url);
      last.current = { url, ms: performance.now() };
    };
    write();
    return lab.store.subscribe(() => {
      const s = lab.store.get();
      if (!s.playing || performance.now() - last.current.ms > 1000) write();
    });
  }, [lab, sides, options]);
}
