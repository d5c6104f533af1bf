// The assignment page (/assignment/, issue 26): a student opens an assignment (a bundled one by
// name, a link that carries the file, or a file from disk), enters their id, gets their own
// problem (the engine draws their values from the assignment's salt and their id), runs it in the
// lab or in the live embed here, answers, and downloads a submission for the instructor's
// `storelab assignment grade`. Nothing is graded here, and an answer is shown only when the
// assignment's `reveal` allows it (the key is computed by the same engine code as the CLI's).
import { useMemo, useState } from 'react';
import { assignment_key, assignment_outline, assignment_problem, assignment_seed, assignment_submission, assignment_validate, read_field } from '@storelab/engine/tools';
import { inlineHtml, markdownHtml } from '../lessons/markdown';
import { encodeHash } from '../state/url';
import { bundled, linkFor, mayReveal, sourceFromLocation, submissionFileName, type Source } from './sources';
import { describeValidation, type Outline, type KeyAnswer } from './outline';
import { embedHeight } from '../app/embedParams';
import { describedSystem } from '../systems/described';
import '../app/styles.css';
import './assignment.css';

export default function AssignmentPage() {
  const [source, setSource] = useState<Source | null>(() => sourceFromLocation(location.search, location.hash));
  const open = (text: string) => {
    setSource({ kind: 'link', text });
    history.replaceState(null, '', location.pathname);
  };
  return (
    <main className="lesson assignment" data-testid="assignment-page">
      <nav className="hint">
        <a href="../">The lab</a> · <a href="../lessons/">Lessons</a>
      </nav>
      <Picker onOpen={open} current={source?.kind === 'bundled' ? source.name : null} />
      {source?.kind === 'error' && (
        <p className="error-banner" role="alert" data-testid="assignment-source-error">
          {source.message}
        </p>
      )}
      {source && source.kind !== 'error' && <Loaded key={source.text} text={source.text} bundledName={source.kind === 'bundled' ? source.name : null} />}
    </main>
  );
}

/** The bundled assignments, and a file from disk. */
function Picker({ onOpen, current }: { onOpen: (text: string) => void; current: string | null }) {
  const [error, setError] = useState<string | null>(null);
  const read = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > 256 * 1024) return setError(`${file.name} is ${Math.round(file.size / 1024)} KB: an assignment file is a few KB of TOML.`);
    setError(null);
    onOpen(await file.text());
  };
  return (
    <section className="assignment-picker">
      <h1>Assignment</h1>
      <p className="hint">
        Open the assignment your instructor gave you:{' '}
        {Object.keys(bundled).map((name, i) => (
          <span key={name}>
            {i > 0 && ', '}
            {name === current ? <b>{name}</b> : <a href={`?a=${name}`}>{name}</a>}
          </span>
        ))}
        , or a file:{' '}
        <input type="file" accept=".toml,text/plain" aria-label="Open an assignment file" onChange={(e) => void read(e.target.files?.[0])} data-testid="assignment-file" />
      </p>
      {error && (
        <p className="error-banner" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}

/** An assignment file opened: its outline, or where it is wrong. */
function Loaded({ text, bundledName }: { text: string; bundledName: string | null }) {
  const outline = useMemo((): Outline | string => {
    const errors = assignment_validate(text);
    if (errors !== '[]') return describeValidation(errors, text);
    return JSON.parse(assignment_outline(text)) as Outline;
  }, [text]);
  const [student, setStudent] = useState('');
  const [problemFor, setProblemFor] = useState<string | null>(null);
  if (typeof outline === 'string') {
    return (
      <div className="error-banner" role="alert" data-testid="assignment-errors">
        <p>This assignment file cannot be used as it is:</p>
        <pre>{outline}</pre>
      </div>
    );
  }
  const link = bundledName ? `${location.origin}${location.pathname}?a=${bundledName}` : linkFor(location.href, text);
  return (
    <>
      <header>
        <h2 data-testid="assignment-title">{outline.title || outline.name}</h2>
        <div className="prose" dangerouslySetInnerHTML={{ __html: markdownHtml(outline.description) }} />
        <p className="hint">
          {outline.questions.length} questions, {outline.max_points} points{outline.due ? `; due ${new Date(outline.due).toLocaleString()}` : ''}. Made for engine{' '}
          {outline.engine}. <a href={link}>Link to this assignment</a>
        </p>
      </header>
      <form
        className="row"
        onSubmit={(e) => {
          e.preventDefault();
          if (student.trim()) setProblemFor(student.trim());
        }}
      >
        <label>
          Your student id{' '}
          <input value={student} onChange={(e) => setStudent(e.target.value)} autoComplete="username" data-testid="student-id" placeholder="as your instructor asks, e.g. your email" />
        </label>
        <button type="submit" className="primary" disabled={!student.trim()} data-testid="get-problem">
          Get my problem
        </button>
      </form>
      {problemFor && <Problem key={problemFor} text={text} outline={outline} student={problemFor} />}
    </>
  );
}

/** One student's problem: their values, the run, the questions and the submission. */
function Problem({ text, outline, student }: { text: string; outline: Outline; student: string }) {
  const problem = useMemo(() => {
    try {
      const scenario = assignment_problem(text, student);
      const values = outline.vary.map((v) => [v.field, read_field(scenario, v.field) ?? '(default)'] as const);
      const seed = Number(read_field(scenario, 'meta.seed') ?? 1);
      return { scenario, values, seed, hexSeed: assignment_seed(text, student) };
    } catch (e) {
      return e instanceof Error ? e.message : String(e);
    }
  }, [text, outline, student]);
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [submitted, setSubmitted] = useState(false);
  const [key, setKey] = useState<KeyAnswer[] | 'computing' | string | null>(null);
  if (typeof problem === 'string') {
    return (
      <p className="error-banner" role="alert">
        {problem}
      </p>
    );
  }
  const hash = encodeHash({ text: problem.scenario, seed: problem.seed, tNs: 0 });
  const computeKey = () => {
    setKey('computing');
    // Let "Computing…" show before the engine runs the problem to its end.
    setTimeout(() => {
      try {
        setKey((JSON.parse(assignment_key(text, student)) as { answers: KeyAnswer[] }).answers);
      } catch (e) {
        setKey(e instanceof Error ? e.message : String(e));
      }
    }, 30);
  };
  const download = () => {
    const given = Object.fromEntries(Object.entries(answers).flatMap(([id, v]) => (v.trim() !== '' && Number.isFinite(Number(v)) ? [[id, Number(v)]] : [])));
    const file = assignment_submission(text, student, JSON.stringify(given));
    const a = document.createElement('a');
    a.href = URL.createObjectURL(new Blob([file], { type: 'application/json' }));
    a.download = submissionFileName(outline.name, student);
    a.click();
    URL.revokeObjectURL(a.href);
    setSubmitted(true);
  };
  const state = { submitted, nowMs: Date.now(), due: outline.due };
  return (
    <section data-testid="problem">
      <h3>Your problem</h3>
      <p data-testid="problem-values">
        {problem.values.length ? (
          <>
            Your values:{' '}
            {problem.values.map(([field, value], i) => (
              <span key={field}>
                {i > 0 && ', '}
                <code>
                  {field} = {value}
                </code>
              </span>
            ))}
            .
          </>
        ) : (
          'Every student has the same scenario.'
        )}{' '}
        <span className="hint">Your seed {problem.hexSeed}, from the assignment and your id: the same id always gets the same problem.</span>
      </p>
      <p>
        <a className="button" href={`../${hash}`} target="_blank" rel="noreferrer" data-testid="open-in-lab">
          Open my problem in the lab
        </a>{' '}
        <span className="hint">or run it here:</span>
      </p>
      <figure className="live">
        <iframe title={`${outline.title}: the problem of ${student}`} src={`../embed/?controls=1${hash}`} style={{ height: `${embedHeight(firstViews(outline.system))}px` }} loading="lazy" />
      </figure>
      <h3>Questions</h3>
      {outline.questions.map((q, i) => {
        const shown = mayReveal(q.reveal, state);
        // The key holds every answer once computed: each is shown only when its `reveal` allows.
        const answer = Array.isArray(key) ? key.find((k) => k.question === q.id) : undefined;
        return (
          <section className="question" key={q.id} data-testid={`aq-${q.id}`}>
            <h4>
              {i + 1}. <span className="hint">({q.points} {q.points === 1 ? 'point' : 'points'})</span>
            </h4>
            <div className="prose" dangerouslySetInnerHTML={{ __html: inlineHtml(q.prompt) }} />
            <label>
              Your answer{' '}
              <input type="number" step="any" value={answers[q.id] ?? ''} onChange={(e) => setAnswers({ ...answers, [q.id]: e.target.value })} data-testid="answer" />{' '}
              <span className="hint">{q.unit}</span>
            </label>
            {shown && !answer && (
              <button type="button" className="link" onClick={computeKey} disabled={key === 'computing'} data-testid="show-answer">
                {key === 'computing' ? 'Computing the answer…' : 'Show the answer'}
              </button>
            )}
            {shown && answer && (
              <p data-testid="revealed">
                The answer: <strong data-testid="revealed-value">{Number(answer.value.toPrecision(6))}</strong> {answer.unit}
              </p>
            )}
            {!shown && <p className="hint">{hiddenReason(q.reveal)}</p>}
          </section>
        );
      })}
      {typeof key === 'string' && key !== 'computing' && (
        <p className="error-banner" role="alert">
          The answers could not be computed: {key}
        </p>
      )}
      <p>
        <button type="button" className="primary" onClick={download} data-testid="download-submission">
          Download my submission
        </button>{' '}
        <span className="hint">{submitted ? 'Downloaded: hand this file in as your instructor asks. You can change an answer and download again.' : 'A small file with your id and your answers: hand it in as your instructor asks.'}</span>
      </p>
    </section>
  );
}

/** The views an embed shows without `views=`: the first three the system's description lists. */
function firstViews(kind: string): string[] {
  return (describedSystem(kind)?.views ?? []).slice(0, 3).map((v) => v.view);
}

function hiddenReason(reveal: string): string {
  if (reveal === 'after_submit') return 'Its answer shows once you have downloaded your submission.';
  if (reveal === 'after_due') return 'Its answer shows once the assignment is due.';
  return 'Its answer is not shown here: your grade tells.';
}
