// The server's non-volatile memory as the OplogMemory view draws it (spec §2.5–2.6, §5.1 item 2):
// the log's entries (pending, in flight behind a read, free) and the cache's frames (dirty,
// being written, clean), each part ordered so that what its trigger counts sits at its right end,
// next to the trigger's threshold line. Pure arithmetic on the frame's `server` section.
import { REQUEST_PALETTE } from '../../views/contract';
import type { ServerSnapshot } from './oplogFrame';

export interface Segment {
  key: string;
  /** What the segment holds, as the tooltip names it, and in brief (the table). */
  label: string;
  short: string;
  count: number;
  colour: string;
}

/** One part of the memory (the log or the cache) laid out from 0 to `size` units. */
export interface Part {
  /** "entries" or "frames". */
  unit: string;
  size: number;
  /** In order, left to right; their counts add up to `size`. */
  segments: Segment[];
  /** The trigger's threshold: it fires while `value` < `threshold`. */
  threshold: number;
  value: number;
  /** What `value` adds up, each count with its words: the free units and those about to be. */
  terms: { count: number; what: string }[];
  /** Where the threshold line sits, units from the left: `size − threshold`. */
  lineAt: number;
  /** What the trigger counts, in words. */
  counts: string;
  /** The trigger's name in the paper (Table 1). */
  trigger: string;
}

export interface Memory {
  memoryPages: number;
  /** Pages of memory given to the log: log capacity ÷ entries per page (0 for page and basic). */
  logPages: number;
  /** Null for the page and basic designs, whose whole memory is cache. */
  log: Part | null;
  cache: Part;
  /** The basic server's log entries awaiting their installation reads, kept in a small area the
   * memory does not count (spec §2.5); 0 otherwise. */
  transientEntries: number;
}

/** Colours of the segments: the installation reads' and writes' own colours for what is in
 * flight, lighter shades of them for the pools they are chosen from. */
export const MEMORY_COLOURS = {
  pending: '#fdb97d',
  fetchRead: REQUEST_PALETTE['fetch read'],
  installRead: REQUEST_PALETTE['installation read'],
  free: '#f4f4f4',
  dirty: '#bcbddc',
  writing: REQUEST_PALETTE['page write'],
  clean: '#d9f0d3',
} as const;

export function memoryParts(s: ServerSnapshot): Memory {
  const hasLog = s.logCapacity > 0;
  const inFlight = Math.max(0, s.logUsed - s.pendingEntries);
  const log: Part | null = hasLog
    ? {
        unit: 'entries',
        size: s.logCapacity,
        segments: [
          { key: 'pending', label: 'pending (waiting for an installation read)', short: 'pending', count: s.pendingEntries, colour: MEMORY_COLOURS.pending },
          { key: 'fetchRead', label: 'in flight: installed when a fetch read of their page completes', short: 'behind a fetch read', count: Math.max(0, inFlight - s.ireadEntries), colour: MEMORY_COLOURS.fetchRead },
          { key: 'installRead', label: 'in flight: installed when an installation read of their page completes', short: 'behind an installation read', count: Math.min(inFlight, s.ireadEntries), colour: MEMORY_COLOURS.installRead },
          { key: 'free', label: 'free', short: 'free', count: Math.max(0, s.logCapacity - s.logUsed), colour: MEMORY_COLOURS.free },
        ],
        threshold: s.ireadTrigger,
        value: Math.max(0, s.logCapacity - s.logUsed) + s.ireadEntries,
        terms: [
          { count: Math.max(0, s.logCapacity - s.logUsed), what: 'free' },
          { count: s.ireadEntries, what: 'being read' },
        ],
        lineAt: s.logCapacity - s.ireadTrigger,
        counts: 'free entries + entries behind installation reads',
        trigger: 'IReadTrigger',
      }
    : null;
  const cache: Part = {
    unit: 'frames',
    size: s.cacheFrames,
    segments: [
      { key: 'dirty', label: 'dirty (waiting for write-back)', short: 'dirty, awaiting write', count: Math.max(0, s.dirtyPages - s.writing), colour: MEMORY_COLOURS.dirty },
      { key: 'writing', label: 'dirty, being written (a write in flight)', short: 'being written', count: s.writing, colour: MEMORY_COLOURS.writing },
      { key: 'clean', label: 'clean (can be evicted)', short: 'clean', count: s.cleanFrames, colour: MEMORY_COLOURS.clean },
    ],
    threshold: s.writeTrigger,
    value: s.cleanFrames + s.writing,
    terms: [
      { count: s.cleanFrames, what: 'clean' },
      { count: s.writing, what: 'being written' },
    ],
    lineAt: s.cacheFrames - s.writeTrigger,
    counts: 'clean frames + frames being written',
    trigger: 'WriteTrigger',
  };
  return {
    memoryPages: s.memoryPages,
    logPages: hasLog ? s.logCapacity / Math.max(1, s.objectsPerPage) : 0,
    log,
    cache,
    transientEntries: hasLog ? 0 : s.logUsed,
  };
}

/** The segments' extents within [from, to] of a part, as [start, end) in units, for the
 * magnified end of a bar; segments outside the window are left out. */
export function clip(part: Part, from: number, to: number): { seg: Segment; start: number; end: number }[] {
  const out: { seg: Segment; start: number; end: number }[] = [];
  let at = 0;
  for (const seg of part.segments) {
    const start = Math.max(from, at);
    const end = Math.min(to, at + seg.count);
    if (end > start) out.push({ seg, start, end });
    at += seg.count;
  }
  return out;
}

/** How many units at the right end of a part the magnifier shows: four times the trigger's
 * threshold, or none when that is half the part or more (the bar itself shows it well enough). */
export function magnifiedWindow(part: Part): number {
  const w = 4 * part.threshold;
  return w > 0 && w < part.size / 2 ? w : 0;
}
