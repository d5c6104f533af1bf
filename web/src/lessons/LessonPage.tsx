// The lessons page: renders lessons/*.md with live embedded scenarios (iframes of the embed
// route) and predict-then-run questions checked against runs of the engine.
import { useMemo, useRef, useState, type ReactNode } from 'react';
import { inlineHtml, markdownHtml } from './markdown';
import { LabClient } from '../engine/client';
import type { EngineLike } from '../state/engine';
import { scenarioTexts } from '../scenario/gallery';
import { applyOverrides, describeErrors, describeOverrides, embedSrc, embedViews, firstBelow, lessonLabel, parseOverrides, parseSweep, readMetric, withinTolerance } from './lesson';
import { lessons } from './list';
import { embedHeight } from '../app/embedParams';
import type { Override } from './overrides';
import type { FigureInfo } from '../engine/types';
import '../app/styles.css';


/** A finished run: its summary (the CLI's) and the summary figures its system describes. */
type Run = { metrics: unknown; figures: readonly FigureInfo[] };

/** One engine for all the questions of the page (runs are queued). */
let engine: EngineLike | null = null;
let queue: Promise<unknown> = Promise.resolve();
export function runToEnd(base: string, overrides: Override[], seed: number | undefined): Promise<Run> {
  engine ??= new LabClient() as unknown as EngineLike;
  const e = engine;
  const job = queue.then(async () => {
    const text = applyOverrides(base, overrides);
    const res = await e.load(text, seed);
    if (!res.ok) throw new Error(describeErrors(res.errors, text, overrides));
    // An end not found in the look-ahead: run on, the run stops at its real end.
    await e.frame(res.endNs ?? res.longestEndNs);
    // LabClient.summary() is { metrics, … } (engine/protocol.ts RunSummary); metrics is the CLI's summary.
    const s = (await e.summary()) as { metrics?: unknown };
    return { metrics: s.metrics ?? s, figures: res.description?.figures ?? [] };
  });
  queue = job.catch(() => undefined);
  return job;
}

/** How a sweep question's detail names its metric: the figure's label (`ICost: installation
 * read`), else the path in words (`write share`). */
export function metricLabel(metric: string, figures: readonly FigureInfo[]): string {
  return figures.find((f) => f.path === metric)?.label ?? metric.replace(/[_.]/g, ' ');
}

/** One measured point of a sweep question, in its figure's own scale and unit, as the results
 * panel shows it (`14.7 ms`, `28.2%`, `219 tx/s`); the derived `write_share`, a fraction, as a
 * percentage; a metric the system does not describe, as it is. */
export function formatMeasured(metric: string, value: number | null, figures: readonly FigureInfo[]): string {
  if (value == null || !Number.isFinite(value)) return '—';
  if (metric === 'write_share') return `${(value * 100).toFixed(0)}%`;
  const f = figures.find((x) => x.path === metric);
  const x = value * (f?.scale ?? 1);
  const n = Math.abs(x) >= 100 ? Math.round(x).toLocaleString('en-US') : String(Number(x.toPrecision(3)));
  const unit = f?.unit ?? '';
  return unit === '%' ? `${n}%` : unit ? `${n} ${unit}` : n;
}

export default function LessonPage() {
  const asked = new URLSearchParams(location.search).get('lesson');
  const lesson = asked == null ? lessons[0] : lessons.find((l) => l.name === asked);
  if (lessons.length === 0) return <p className="lesson">No lessons found in lessons/.</p>;
  const nav = (
    <nav className="lessons-nav">
      <a href="../">← Back to the lab</a> · <a href="../start/">All systems</a> · Lessons:{' '}
      {lessons.map((l) => (
        <a key={l.name} href={`?lesson=${l.name}`} style={{ marginRight: 8, fontWeight: l === lesson ? 700 : 400 }}>
          {lessonLabel(l)}
        </a>
      ))}
    </nav>
  );
  if (!lesson) return <UnknownLesson asked={asked ?? ''} nav={nav} />;
  return (
    <article className="lesson" data-testid="lesson">
      {nav}
      {lesson.segments.map((seg, i) =>
        seg.kind === 'prose' ? (
          <Prose key={i} markdown={seg.markdown} />
        ) : seg.kind === 'embed' ? (
          <LiveScenario key={i} params={seg.params} />
        ) : (
          <Question key={i} params={seg.params} n={lesson.segments.slice(0, i).filter((s) => s.kind === 'question').length + 1} />
        ),
      )}
    </article>
  );
}

/** A `?lesson=` that names no lesson: say so, and list the lessons there are. */
function UnknownLesson({ asked, nav }: { asked: string; nav: ReactNode }) {
  return (
    <article className="lesson" data-testid="lesson">
      {nav}
      <div className="error-banner" role="alert" data-testid="unknown-lesson">
        There is no lesson “{asked}”. The lessons are:
        <ul>
          {lessons.map((l) => (
            <li key={l.name}>
              <a href={`?lesson=${l.name}`}>{lessonLabel(l)}</a> (<code>?lesson={l.name}</code>)
            </li>
          ))}
        </ul>
      </div>
    </article>
  );
}

function Prose({ markdown }: { markdown: string }) {
  const html = useMemo(() => markdownHtml(markdown), [markdown]);
  return <div className="prose" dangerouslySetInnerHTML={{ __html: html }} />;
}

function LiveScenario({ params }: { params: Record<string, string> }) {
  const name = params.scenario ?? 'mob-default';
  let src: string;
  let pinned: Override[];
  try {
    pinned = parseOverrides(params.set);
    src = embedSrc(params);
  } catch (e) {
    return (
      <div className="error-banner" role="alert" data-testid="embed-error">
        This live scenario ({name}) has a {e instanceof Error ? e.message : String(e)}
      </div>
    );
  }
  return (
    <figure className="live">
      <iframe title={params.caption ?? `Live scenario ${name}`} src={src} style={{ height: `${params.height ?? embedHeight(embedViews(params))}px` }} loading="lazy" />
      {(params.caption || pinned.length > 0) && (
        <figcaption className="hint" style={{ padding: '4px 8px' }}>
          {params.caption}
          {pinned.length > 0 && (
            <span data-testid="pinned">
              {params.caption ? ' ' : ''}Pinned, unlike the scenario file: <code>{describeOverrides(pinned)}</code>.
            </span>
          )}
        </figcaption>
      )}
    </figure>
  );
}

/** A question's measured answer, kept so a second guess is checked without running again. */
type Measured = { actual: number; detail: string; ok: (guess: number) => boolean };
type Status =
  | { state: 'idle' }
  | { state: 'running'; done: number; total: number }
  | { state: 'done'; measured: Measured; guess: number; revealed: boolean }
  | { state: 'error'; message: string };

function Question({ params, n }: { params: Record<string, string>; n: number }) {
  const [guess, setGuess] = useState('');
  const [status, setStatus] = useState<Status>({ state: 'idle' });
  const running = useRef(false);
  const name = params.scenario ?? 'mob-default';
  const base = Object.hasOwn(scenarioTexts, name) ? scenarioTexts[name] : '';
  const seed = params.seed ? Number(params.seed) : undefined;
  const metric = params.metric ?? 'write_absorption';
  const digits = Number(params.digits ?? 2);
  // e.g. "server.mob_mb = 1, 2, 4, 8, 12, 16"; a malformed line is shown, not thrown.
  const sweep = useMemo(() => {
    if (params.sweep == null) return null;
    try {
      return parseSweep(params.sweep);
    } catch (e) {
      return e instanceof Error ? e : new Error(String(e));
    }
  }, [params.sweep]);

  const [measured, setMeasured] = useState<Measured | null>(null);
  // The first wrong guess gets a hint, not the answer: the student may try again, or ask for it.
  const check = (m: Measured) => setStatus({ state: 'done', measured: m, guess: Number(guess), revealed: m.ok(Number(guess)) });

  const run = async () => {
    if (measured) return check(measured);
    if (running.current) return;
    running.current = true;
    try {
      const set = parseOverrides(params.set);
      if (sweep instanceof Error) throw sweep;
      if (sweep) {
        const { path, values } = sweep;
        const threshold = Number(params.threshold ?? 0.5);
        const points: { value: number; metric: number | null }[] = [];
        let figures: readonly FigureInfo[] = [];
        for (const v of values) {
          setStatus({ state: 'running', done: points.length, total: values.length });
          const run = await runToEnd(base, [...set, ...parseOverrides(`${path}=${v}`)], seed);
          figures = run.figures;
          points.push({ value: v, metric: readMetric(run.metrics, metric) });
        }
        const answer = firstBelow(points, threshold);
        // Each point in its figure's unit: a sweep of a cost in ms is not a percentage.
        const detail = points.map((p) => `${p.value}: ${formatMeasured(metric, p.metric, figures)}`).join(', ');
        const m: Measured = { actual: answer ?? NaN, detail: `${params.unit ?? ''} → ${metricLabel(metric, figures)}: ${detail}`, ok: (g) => answer != null && g === answer };
        setMeasured(m);
        check(m);
      } else {
        setStatus({ state: 'running', done: 0, total: 1 });
        const { metrics } = await runToEnd(base, set, seed);
        const actual = readMetric(metrics, metric);
        if (actual == null) throw new Error(`the run has no metric ${metric}`);
        const tol = Number(params.tolerance ?? 0.25);
        const m: Measured = { actual, detail: `within ±${Math.round(tol * 100)}% counts as right`, ok: (g) => withinTolerance(g, actual, tol) };
        setMeasured(m);
        check(m);
      }
    } catch (e) {
      setStatus({ state: 'error', message: e instanceof Error ? e.message : String(e) });
    } finally {
      running.current = false;
    }
  };

  return (
    <section className="question" data-testid={`question-${params.id ?? n}`}>
      <h3>
        Predict, then run ({n}): {params.title ?? ''}
      </h3>
      <div className="prose" dangerouslySetInnerHTML={{ __html: inlineHtml(params.prompt ?? '') }} />
      <p className="hint" data-testid="question-run">
        Checked against a run of <code>{name}</code>
        {params.set ? (
          <>
            {' '}
            with <code>{params.set}</code>
          </>
        ) : (
          ' as written'
        )}
        , seed {seed ?? 'of the scenario'}: its measured window, as the results panel reports it.
      </p>
      <div className="row">
        <label>
          Your prediction{' '}
          {sweep instanceof Error ? (
            <span className="verdict off" role="alert">
              This question cannot run: {sweep.message}
            </span>
          ) : sweep ? (
            <select value={guess} onChange={(e) => setGuess(e.target.value)} data-testid="guess">
              <option value="">choose…</option>
              {sweep.values.map((v) => (
                <option key={v} value={String(v)}>
                  {v}
                </option>
              ))}
            </select>
          ) : (
            <input type="number" step="any" value={guess} onChange={(e) => setGuess(e.target.value)} data-testid="guess" />
          )}
        </label>
        <span className="hint">{params.unit}</span>
        <button type="button" className="primary" disabled={guess === '' || status.state === 'running'} onClick={() => void run()} data-testid="run-question">
          {measured ? 'Check again' : 'Run and check'}
        </button>
        {guess === '' && <span className="hint">Commit to a number first.</span>}
      </div>
      <p aria-live="polite" data-testid="verdict">
        {status.state === 'running' && `Running the engine… (${status.done}/${status.total} runs)`}
        {status.state === 'error' && <span className="verdict off">The run failed: {status.message}</span>}
        {status.state === 'done' && !status.revealed && (
          <>
            <span className="verdict off">Not quite:</span> your prediction is{' '}
            <b data-testid="direction">{Number.isFinite(status.measured.actual) && status.guess > status.measured.actual ? 'too high' : 'too low'}</b>.{' '}
            {params.hint && <span className="prose" data-testid="hint" dangerouslySetInnerHTML={{ __html: inlineHtml(params.hint) + ' ' }} />}
            Change it and check again, or{' '}
            <button type="button" className="link" onClick={() => setStatus({ ...status, revealed: true })} data-testid="reveal">
              show the answer
            </button>
            .
          </>
        )}
        {status.state === 'done' && status.revealed && (
          <>
            <span className={`verdict ${status.measured.ok(status.guess) ? 'ok' : 'off'}`}>{status.measured.ok(status.guess) ? 'Right!' : 'The answer:'}</span> The run
            measured{' '}
            <strong data-testid="actual">{Number.isFinite(status.measured.actual) ? Number(status.measured.actual.toFixed(digits)) : 'none of the values'}</strong> {params.unit} (
            {status.measured.detail}).
            {params.explain && <span className="prose" dangerouslySetInnerHTML={{ __html: ' ' + inlineHtml(params.explain) }} />}
          </>
        )}
      </p>
    </section>
  );
}
