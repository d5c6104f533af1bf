// The /compare/ route (issue 14): two scenarios of one system side by side, same seed, one clock
// and one set of time controls; each side's views face the other's, the counters of both and A − B
// beneath, then a difference chart over time and a figure against a swept field that fills in
// point by point. The address reopens it (compareParams.ts); what is wrong with it is shown by
// name, with what exists, and a picker to choose again.
import { sharePermalink } from '../app/share';
import { useEffect, useMemo, useState } from 'react';
import { useStore } from '../state/store';
import TimeControls from '../controls/TimeControls';
import HelpOverlay from '../controls/HelpOverlay';
import { useShortcuts } from '../controls/useShortcuts';
import { scenarioTexts } from '../scenario/gallery';
import { ViewPanel, systemViews } from '../app/views';
import { viewHeight } from '../systems';
import { StatusBanner } from '../app/App';
import { unknownViews } from '../app/embedParams';
import { readCompareHash, readCompareOptions, type CompareOptions, type SideSpec } from './compareParams';
import { encodePair, SIDE_NAMES } from './pair';
import type { CompareSession } from './session';
import { differingFields, type FieldDifference } from './diff';
import SideHead, { useSideViewProps } from './SideHead';
import Counters from './Counters';
import DiffChart from './DiffChart';
import SizePlot from './SizePlot';
import ComparePicker from './ComparePicker';
import { compareUrl, useCompareUrl } from './useCompareUrl';
import './compare.css';
import { figureApplies } from '../app/results';

export default function Compare({ session }: { session: CompareSession }) {
  const { lab, pair, sides } = session;
  const hash = useMemo(() => readCompareHash(location.hash, scenarioTexts), []);
  const [options, setOptions] = useState<CompareOptions>(() => readCompareOptions(location.search));
  // The sides that loaded (what the address and the link say), and the last refusal, per side.
  const [shown, setShown] = useState<[SideSpec, SideSpec] | null>(null);
  const loads = useStore(pair.state, (s) => s.loads);
  const texts = useStore(pair.state, (s) => s.texts);
  const refused = useStore(pair.state, (s) => s.errors);
  const seed = useStore(lab.store, (s) => s.seed);
  const helpOpen = useStore(lab.store, (s) => s.helpOpen);
  const [picking, setPicking] = useState(false);
  // Whether anything was asked to load (else the engine's "starting" line would stay forever).
  const [started, setStarted] = useState(false);
  const [copied, setCopied] = useState(false);
  useShortcuts(lab, !picking);
  useCompareUrl(lab, shown, options);

  const open = async (next: [SideSpec, SideSpec], nextSeed: number | null, tNs: number) => {
    setStarted(true);
    const res = await lab.load(encodePair(next.map((s) => s.text)), nextSeed, { tNs });
    if (res.ok) {
      setShown(next);
      setPicking(false);
    }
  };
  useEffect(() => {
    if (hash.sides && hash.errors.length === 0) void open(hash.sides, hash.seed, hash.tNs ?? 0).catch(() => undefined);
    return () => lab.dispose();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lab]);

  const description = loads?.[0].description ?? null;
  // A figure of one variant (the write-optimized layout's) when either side runs it.
  const figures = (description?.figures ?? []).filter((f) => !loads || loads.some((l) => figureApplies(f, l.scenario)));
  const differences = useMemo(() => (loads ? differingFields(loads[0].scenario, loads[1].scenario) : []), [loads]);
  const viewError = description && options.views.length ? unknownViews(options.views, description) : null;
  const known = systemViews(description, options.views);
  const views = known.length ? known : systemViews(description).slice(0, 3);
  const inspectable = views.some((v) => v.view === 'Inspector');
  const viewProps = [useSideViewProps(lab, sides[0], loads?.[0] ?? null, inspectable), useSideViewProps(lab, sides[1], loads?.[1] ?? null, inspectable)];
  const sideRefusals = refused.flatMap((errors, i) => errors.map((e) => `Side ${SIDE_NAMES[i]}'s scenario: ${e.line > 0 ? `line ${e.line}, column ${e.column}: ` : ''}${e.path ? `${e.path}: ` : ''}${e.message}`));
  // The link's own problems until a pair has loaded from the picker.
  const problems = [...(shown ? [] : hash.errors), ...sideRefusals, ...(viewError ? [`${viewError}; showing ${views.map((v) => v.view).join(', ')}`] : [])];
  const setOption = (patch: Partial<CompareOptions>) => setOptions((o) => ({ ...o, ...patch }));

  const copyLink = async () => {
    if (!shown) return;
    await sharePermalink(compareUrl(lab, shown, options), setCopied);
  };

  return (
    <div className="compare">
      <header className="topbar">
        <h1>
          Storelab <span className="subtitle">compare{description ? `: ${description.title.toLowerCase()}` : ''}</span>
        </h1>
        <span className="scenario-title" data-testid="compare-title">
          {loads && pairTitle(loads.map((l) => l.title), differences)}
        </span>
        <nav>
          {loads && (
            <button type="button" onClick={() => setPicking(!picking)} aria-expanded={picking} data-testid="change-sides">
              Change sides…
            </button>
          )}
          <button type="button" onClick={() => void copyLink()} disabled={!shown} data-testid="copy-link" title="Copy a link that reopens both sides at this seed and time">
            {copied ? 'Link copied ✓' : 'Copy link'}
          </button>
          <a href="../">Lab</a>
          <button type="button" onClick={() => lab.store.set({ helpOpen: true })} title="Keyboard shortcuts (?)" aria-label="Keyboard shortcuts">
            ?
          </button>
        </nav>
      </header>
      {loads && <TimeControls lab={lab} />}
      {started && <StatusBanner lab={lab} />}
      {problems.length > 0 && (
        <div className="error-banner" role="alert" data-testid="compare-error">
          {problems.map((p) => (
            <p key={p}>{p}</p>
          ))}
          {loads && sideRefusals.length > 0 && <p>The comparison shown is the one that ran before.</p>}
        </div>
      )}
      {(picking || !loads) && (
        <section className="compare-box" aria-label="Choose the sides">
          <h2>Choose two scenarios of one system</h2>
          <ComparePicker
            a={null}
            suggestA={(shown ?? hash.found).find((x) => x?.name != null)?.name}
            action={(next) => (
              <button type="button" className="primary" disabled={!next} onClick={() => next && void open(next, seed, 0).catch(() => undefined)} data-testid="apply-sides">
                Compare these
              </button>
            )}
          />
        </section>
      )}
      {loads && (
        <>
          {/* What differs first (issue 24, item 4): the counters, the difference and the sweep, then each side's views. */}
          <div className="compare-differences">
            <Counters clock={lab.frames} sides={sides} figures={figures} />
            <DiffChart
              clock={lab.frames}
              sides={sides}
              figures={figures}
              chosen={options.chart}
              choose={(chart) => setOption({ chart })}
              work={description?.work ?? null}
              along={options.along}
              chooseAlong={(along) => setOption({ along: along === 'work' ? 'work' : null })}
            />
            <SizePlot
              texts={texts}
              scenario={loads[0].scenario}
              knobs={description?.knobs ?? []}
              figures={figures}
              seed={seed}
              differences={differences}
              field={options.sweep}
              figure={options.plot}
              chooseField={(sweep) => setOption({ sweep })}
              chooseFigure={(plot) => setOption({ plot })}
            />
          </div>
          <main className="compare-grid" aria-label="The two sides' views">
            {loads.map((load, i) => (
              <SideHead key={SIDE_NAMES[i]} index={i} load={load} text={texts[i]} frames={sides[i]} differences={differences} seed={seed} />
            ))}
            {views.flatMap((info) =>
              viewProps.map((props, i) => (
                <ViewPanel key={`${info.view}-${i}`} info={{ ...info, title: `${info.title} (side ${SIDE_NAMES[i]})` }} props={props} className="compare-view" height={viewHeight(info.view)} />
              )),
            )}
          </main>
        </>
      )}
      {helpOpen && <HelpOverlay onClose={() => lab.store.set({ helpOpen: false })} />}
    </div>
  );
}

/** The pair in a line: one title and what differs ("client.policy: hac vs fpc"), or both titles. */
function pairTitle(titles: string[], differences: FieldDifference[]): string {
  if (titles[0] !== titles[1]) return titles.join(' vs ');
  const d = differences[0];
  const what = d ? ` · ${d.path}: ${d.values.join(' vs ')}${differences.length > 1 ? ` and ${differences.length - 1} more` : ''}` : ' · the same scenario on both sides';
  return titles[0] + what;
}
