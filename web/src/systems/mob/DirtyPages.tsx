// PAGE's server memory in a line and a bar (thesis §5.3.1: PAGE "wastes a lot of space by storing
// these pages in their entirety"): its dirty pages, the modified data they hold, and where all of
// the memory goes.
import { fmtBytes } from '../../views/lib/format';
import { dirtySummary, PAGE_COLOURS, type DirtyPages } from './pageShipping';

export function DirtyPagesSummary({ d, capacityBytes }: { d: DirtyPages; capacityBytes: number }) {
  const modified = d.modifiedBytes ?? d.share * d.bytes;
  const parts: [string, number, React.CSSProperties][] = [
    ['modified data', modified, { background: PAGE_COLOURS.modified }],
    ['the rest of the dirty pages', d.bytes - modified, { background: PAGE_COLOURS.held }],
    ['dirty pages being written', d.writing * d.pageBytes, { background: PAGE_COLOURS.held, boxShadow: 'inset 0 0 0 1px #111' }],
    ['clean pages', (d.cached - d.dirty - d.writing) * d.pageBytes, { background: PAGE_COLOURS.clean }],
  ];
  const share = (b: number) => `${(100 * b) / Math.max(1, capacityBytes)}%`;
  return (
    <div style={{ padding: '4px 8px 0' }}>
      <div
        data-testid="cache-dirty-summary"
        title="PAGE keeps each dirty page whole in the cache for the objects its disk copy lacks, until evicting it writes it (the requester waiting); the MOB would hold only the modified objects (§5.1, §5.3.1)"
      >
        {dirtySummary(d)}
      </div>
      <div
        role="img"
        data-testid="cache-memory-bar"
        aria-label={`Server memory of ${fmtBytes(capacityBytes)}: ${parts.map(([name, b]) => `${name} ${fmtBytes(b)}`).join(', ')}`}
        style={{ display: 'flex', height: 14, margin: '4px 0 2px', border: '1px solid #bbb', background: PAGE_COLOURS.free }}
      >
        {parts.map(([name, b, style]) => (
          <i key={name} style={{ ...style, width: share(b) }} />
        ))}
      </div>
    </div>
  );
}
