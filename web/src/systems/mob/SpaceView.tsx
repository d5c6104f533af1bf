// The disk's space (thesis §3.2.2, §3.2.3, §4.2.5; issue 25). Under the write-optimized layout
// (and the hybrid one, whose fragments are whole pages): the regions in disk order with their
// live, dead and empty bytes, the region being filled, the free regions against the cleaner's
// thresholds and its latest work (victims and outputs lit); one region magnified into its
// fragments; and for contrast the pages at their one home each under the read-optimized layout.
// Hovering or focusing a fragment or a page lights every fragment of that page and its home.
// Under a read-optimized run, the pages at their homes. Every number is the frame's; what the
// pointer and the keyboard are on is the view's own state.
import { useEffect, useRef, useState } from 'react';
import type { InspectTarget, ViewProps } from '../../views/contract';
import { EMPTY_MESSAGE, useElementSize, useFrameTick } from '../../views/lib/hooks';
import { fmtBytes } from '../../views/lib/format';
import { formatDuration, formatSimTime } from '../../state/clock';
import { mobFrame, mobNames } from './mobFrame';
import { spaceFrame, type SpaceSnapshot } from './spaceFrame';
import { fitGrid, layoutStrips, PAGE_SHAPE, REGION_SHAPE } from './spaceLayout';
import { drawPages, drawRegions, drawStrips, SPACE_COLOURS as C } from './spaceDraw';
import { homeLabel, regionLabel } from './spaceText';
import { SpaceLegend, Thresholds } from './SpaceParts';
import { SpaceGrid } from './SpaceGrid';
import { rowOf, SpaceStrips, type FragKey } from './SpaceStrips';
import '../../views/views.css';

/** The region magnified when none is hovered or picked: the one being written once it holds
 * data, else the latest cleaning's first output, else the first region. */
export function defaultRegion(s: SpaceSnapshot): number {
  if (s.writingRegion >= 0 && s.fill[s.writingRegion] > 0) return s.writingRegion;
  const out = s.output.indexOf(1);
  return out >= 0 ? out : Math.max(s.writingRegion, s.fill.length > 0 ? 0 : -1);
}

/** The page and region `sel` picks, -1 for none. */
function picked(sel: InspectTarget | null): { page: number; region: number } {
  if (sel?.kind === 'page') return { page: sel.id, region: -1 };
  if (sel?.kind === 'chunk') return { page: sel.page, region: -1 };
  if (sel?.kind === 'fragment') return { page: sel.page, region: sel.region };
  if (sel?.kind === 'region') return { page: -1, region: sel.id };
  return { page: -1, region: -1 };
}

export default function SpaceView({ frames, selected, select, description, inspectable }: ViewProps) {
  const tick = useFrameTick(frames, 200);
  const s = tick && spaceFrame(tick, description);
  // The write-optimized and hybrid layouts keep the pages in regions; the read-optimized, at homes.
  const inRegions = !!s && s.fill.length > 0;
  const gridBox = useRef<HTMLDivElement>(null);
  const gridCanvas = useRef<HTMLCanvasElement>(null);
  const stripBox = useRef<HTMLDivElement>(null);
  const stripCanvas = useRef<HTMLCanvasElement>(null);
  const gSize = useElementSize(gridBox);
  const { width } = useElementSize(stripBox);
  const [hover, setHover] = useState(-1);
  const [focus, setFocus] = useState<number | null>(null);
  const [pinned, setPinned] = useState(-1);
  const [hoverFrag, setHoverFrag] = useState<FragKey | null>(null);
  const [fragFocus, setFragFocus] = useState<FragKey | null>(null);
  const [hoverPage, setHoverPage] = useState(-1);
  const [pageFocus, setPageFocus] = useState<number | null>(null);
  const [at, setAt] = useState<{ x: number; y: number } | null>(null);
  const pick = picked(selected);

  // A region or fragment picked elsewhere (the inspector) is the one magnified.
  useEffect(() => {
    if (pick.region >= 0) setPinned(pick.region);
  }, [pick.region]);

  const n = s ? (inRegions ? s.fill.length : s.pages) : 0;
  const grid = s ? fitGrid(n, gSize.width, gSize.height, inRegions ? REGION_SHAPE : PAGE_SHAPE) : null;
  const strips = s && inRegions ? layoutStrips(s, width) : null;
  const detail = !s || !inRegions ? -1 : hover >= 0 ? hover : pinned >= 0 && pinned < n ? pinned : defaultRegion(s);
  const pageOf = (row: number) => (s && row >= 0 ? s.fragments.page[row] : -1);
  // The lit page: the pointer's fragment or page, else the keyboard's, else the one picked.
  const litPage = s
    ? ([pageOf(rowOf(s, hoverFrag)), hoverPage, pageOf(rowOf(s, fragFocus)), pageFocus ?? -1, inRegions ? -1 : hover, inRegions ? -1 : (focus ?? -1), pick.page].find((p) => p >= 0) ?? -1)
    : -1;

  // Draw on every render: the frame tick (5 a second) and every hover, focus or pick.
  useEffect(() => {
    if (!s || !grid || !tick) return;
    if (!inRegions) {
      const m = mobFrame(tick, description);
      const a = m.disk.active;
      drawPages(gridCanvas.current, grid, s, { litPage, hover, focus: focus ?? -1 }, { batch: m.flusher.batch, active: a ? { page: a.page, colour: m.names.requestColour[a.kind] } : null });
      return;
    }
    const marks = {
      litPage,
      hoverRegion: hover,
      focusRegion: focus ?? -1,
      selectedRegion: pick.region,
      detailRegion: detail,
      hoverRow: rowOf(s, hoverFrag),
      focusRow: rowOf(s, fragFocus),
      focusPage: pageFocus ?? -1,
    };
    drawRegions(gridCanvas.current, grid, s, marks);
    if (strips) drawStrips(stripCanvas.current, width, strips, s, marks);
  });

  const click = inspectable ? '; Enter inspects' : '';
  return (
    <div className="sl-view" data-view="space">
      <div className="sl-head">
        <h3 className="sl-title">Disk space{s ? ` (${s.layout.replace('_', '-')})` : ''}</h3>
        {s && <SpaceStats s={s} inRegions={inRegions} />}
      </div>
      {!s && <div className="sl-empty">{EMPTY_MESSAGE}</div>}
      {s && inRegions && (
        <div style={{ padding: '4px 10px 0', flex: 'none' }}>
          <Thresholds s={s} />
          <CleanerLine s={s} nowNs={tick!.nowNs} />
        </div>
      )}
      {s && !inRegions && (
        <p className="sl-muted" style={{ margin: 0, padding: '6px 10px 2px' }} data-testid="space-ro-note">
          Each page lives whole at one home and is written in place. Under the write-optimized layout (server.layout = &quot;write_optimized&quot;) pages scatter
          into fragments across the disk&apos;s regions, under the hybrid one whole pages move from region to region, and a cleaner compacts the regions (§3.2.2,
          §3.2.3).
        </p>
      )}
      {/* The boxes are always there, so their sizes are known when the first frame comes. */}
      <div className="sl-scroll" ref={gridBox} style={{ position: 'relative', minHeight: s ? 60 : 0 }}>
        {s && grid && (
          <SpaceGrid
            grid={grid}
            canvasRef={gridCanvas}
            boxWidth={gSize.width}
            name={inRegions ? `Regions in disk order (${n}; arrow keys move, the region is magnified below${click})` : `Pages at their homes in address order (${n}; arrow keys move${click})`}
            roleDescription={inRegions ? 'region grid' : 'page grid'}
            picture={
              inRegions
                ? "Regions in disk order: live, dead and empty bytes of each, free regions, the region being written and the latest cleaning's victims and outputs"
                : "The database's pages at their homes in address order, the flusher's pass and the page the disk is serving"
            }
            testId={inRegions ? 'space-grid' : 'space-pages'}
            labelOf={(i) => (inRegions ? regionLabel(s, i) : homeLabel(s, i, false))}
            hover={hover}
            setHover={setHover}
            focus={focus}
            setFocus={(i) => {
              setFocus(i);
              if (inRegions && i !== null) setPinned(i);
            }}
            start={inRegions ? Math.max(0, detail) : Math.max(0, litPage)}
            pick={(i) => {
              if (inRegions) setPinned(i);
              select(inRegions ? { kind: 'region', id: i } : { kind: 'page', id: i });
            }}
          />
        )}
      </div>
      <div ref={stripBox} style={{ position: 'relative', flex: 'none', height: strips?.height ?? 0, marginTop: strips ? 4 : 0 }}>
        {s && strips && (
          <SpaceStrips
            s={s}
            strips={strips}
            canvasRef={stripCanvas}
            width={width}
            detail={detail}
            litPage={litPage}
            st={{ hoverFrag, setHoverFrag, fragFocus, setFragFocus, hoverPage, setHoverPage, pageFocus, setPageFocus, at, setAt }}
            select={select}
            inspectable={inspectable}
          />
        )}
      </div>
      {s && <SpaceLegend inRegions={inRegions} inspectable={inspectable} names={mobNames(description)} />}
    </div>
  );
}

/** The header's figures: the regions' bytes and fragments, or the database's pages. */
function SpaceStats({ s, inRegions }: { s: SpaceSnapshot; inRegions: boolean }) {
  if (!inRegions)
    return (
      <>
        <span className="sl-stat">
          <b>{s.pages.toLocaleString()}</b> pages × {fmtBytes(s.pageBytes)}
        </span>
        <span className="sl-stat">
          database <b>{fmtBytes(s.pages * s.pageBytes)}</b>, each page at one home
        </span>
      </>
    );
  let live = 0;
  let fill = 0;
  for (let r = 0; r < s.fill.length; r++) {
    live += s.live[r];
    fill += s.fill[r];
  }
  const frags = s.fragments.page.length;
  return (
    <>
      <span className="sl-stat" title="Bytes of newest object versions and current page headers, and of superseded data the cleaner can reclaim, in all regions">
        live <b>{fmtBytes(live)}</b>, dead <b>{fmtBytes(fill - live)}</b>
      </span>
      <span className="sl-stat" title="Fragments holding newest object versions or a current page header: a page read needs one read per fragment">
        <b>{(frags / Math.max(1, s.pages)).toFixed(2)}</b> fragments a page ({frags.toLocaleString()} in all)
      </span>
      <span className="sl-stat" data-testid="space-writing">
        {s.writingRegion >= 0 ? (
          <>
            writing region <b>{s.writingRegion}</b>
          </>
        ) : (
          'no region being written'
        )}
      </span>
    </>
  );
}

/** The cleaner's latest run and its totals since 0 s. */
function CleanerLine({ s, nowNs }: { s: SpaceSnapshot; nowNs: number }) {
  if (s.cleanings === 0)
    return (
      <p className="sl-muted" style={{ margin: '2px 0' }} data-testid="space-cleaner">
        The cleaner has not run yet: it runs when fewer than {s.lowWater} regions are free.
      </p>
    );
  let victims = 0;
  let outputs = 0;
  for (let r = 0; r < s.fill.length; r++) {
    victims += s.cleaned[r];
    outputs += s.output[r];
  }
  return (
    <p style={{ margin: '2px 0' }} data-testid="space-cleaner">
      Cleaner last ran at <b>{formatSimTime(s.lastCleanNs)}</b> ({nowNs > s.lastCleanNs ? `${formatDuration(nowNs - s.lastCleanNs)} ago` : 'now'}):{' '}
      <b>{victims}</b> <span style={{ color: C.victim }}>regions cleaned</span>, live data merged into <b>{outputs}</b> <span style={{ color: C.output }}>output</span>
      {outputs === 1 ? '' : 's'}. Since 0 s: <b>{s.cleanings}</b> run{s.cleanings === 1 ? '' : 's'}, <b>{s.regionsCleaned}</b> regions cleaned,{' '}
      <b>{fmtBytes(s.bytesCopied)}</b> copied.
    </p>
  );
}
