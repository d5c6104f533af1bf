// The scenario side panel: the gallery of scenarios/, the raw TOML editor beside the form editor
// generated from the engine's schema, apply (restarts the run), export and import.
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { LabController } from '../state/controller';
import { useStore } from '../state/store';
import GalleryList from './GalleryList';
import TomlEditor from './TomlEditor';
import SchemaForm, { type Refused } from './SchemaForm';
import type { PropSchema } from './fields';
import { problemsOf, readField, schemaOf } from './fields';

const TABS = ['gallery', 'toml', 'form'] as const;
type Tab = (typeof TABS)[number];

export default function ScenarioPanel({ lab, onOpen }: { lab: LabController; onOpen?: (panel: HTMLElement) => void }) {
  const s = useStore(lab.store, (x) => x);
  const [tab, setTab] = useState<Tab>('toml');
  // The tabs take the arrow keys, Home and End, as a tab list does (issue 24, item 13): one tab
  // stop, the arrows move between them.
  const onTabKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const i = TABS.indexOf(tab);
    const to = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: TABS.length - 1 }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    const next = TABS[(to + TABS.length) % TABS.length];
    setTab(next);
    e.currentTarget.querySelector<HTMLButtonElement>(`[data-testid=tab-${next}]`)?.focus();
  };
  // Once open, the page may bring it into view (`onOpen`).
  const panel = useRef<HTMLElement>(null);
  const opened = useRef(onOpen);
  useEffect(() => {
    if (panel.current) opened.current?.(panel.current);
  }, []);
  const fileInput = useRef<HTMLInputElement>(null);
  const dirty = s.draftText !== s.appliedText;

  // The form checks the text as it is edited (the engine validates it in well under a
  // millisecond): each problem shows on its field; those of no field (TOML syntax) above.
  const problems = useMemo(() => (tab === 'form' ? problemsOf(s.draftText) : []), [tab, s.draftText]);
  const schema = tab === 'form' ? schemaOf(s.draftText) : null;
  const unplaced = problems.filter((e) => !fieldOf(schema, e.path));

  // Values typed in the form that the text cannot hold: Apply refuses while there are any, and
  // the TOML tab says so, so the form and the text never disagree silently (issue 24, item 10).
  const [refused, setRefused] = useState<Refused>({});
  const [applyRefused, setApplyRefused] = useState(false);
  const onRefused = (path: string, r: { value: string; message: string } | null) => {
    setRefused((x) => {
      const { [path]: _, ...rest } = x;
      return r ? { ...rest, [path]: r } : rest;
    });
    if (!r) setApplyRefused(false);
  };
  const forget = () => {
    setRefused({});
    setApplyRefused(false);
  };
  const pending = Object.entries(refused);
  const apply = () => {
    if (pending.length > 0) {
      setApplyRefused(true);
      return;
    }
    void lab.load(s.draftText, s.seed, { tNs: 0, scenarioName: dirty ? null : s.scenarioName });
  };
  const edit = (text: string) => lab.store.set({ draftText: text });

  const exportToml = () => {
    const blob = new Blob([s.draftText], { type: 'application/toml' });
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = `${s.scenarioName ?? 'scenario'}.toml`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  };

  const importToml = async (file: File) => {
    const text = await file.text();
    forget();
    setTab('toml');
    await lab.openScenario(text, null);
  };

  return (
    <aside className="scenario-panel" aria-label="Scenario" ref={panel}>
      <div className="tabs" role="tablist" aria-label="Edit the scenario as" onKeyDown={onTabKey}>
        {TABS.map((t) => (
          <button
            key={t}
            type="button"
            role="tab"
            aria-selected={tab === t}
            tabIndex={tab === t ? 0 : -1}
            className={tab === t ? 'active' : ''}
            onClick={() => setTab(t)}
            data-testid={`tab-${t}`}
          >
            {t === 'gallery' ? 'Gallery' : t === 'toml' ? 'TOML' : 'Form'}
          </button>
        ))}
      </div>
      {tab === 'gallery' && (
        <GalleryList
          current={s.scenarioName}
          onPick={(g) => {
            forget();
            void lab.openScenario(g.text, g.name);
          }}
        />
      )}
      {pending.length > 0 && (
        <div className={applyRefused ? 'error-banner' : 'hint-banner'} role={applyRefused ? 'alert' : 'status'} data-testid="form-refused">
          {applyRefused ? 'Cannot apply: the ' : 'The '}
          form holds {pending.length === 1 ? 'a value' : 'values'} the text does not:{' '}
          {pending.map(([path, r], i) => (
            <span key={path}>
              {i > 0 ? '; ' : ''}
              <code>{path}</code> = “{r.value}” ({r.message}; the text keeps <code>{readField(s.draftText, path) ?? 'its default'}</code>)
            </span>
          ))}
          . Fix {pending.length === 1 ? 'it' : 'them'} in the Form tab, or{' '}
          <button type="button" onClick={forget} data-testid="form-refused-discard">
            discard {pending.length === 1 ? 'it' : 'them'}
          </button>
          .
        </div>
      )}
      {tab === 'toml' && <TomlEditor text={s.draftText} errors={s.errors} onChange={edit} onApply={apply} />}
      {tab === 'form' && (
        <>
          {unplaced.length > 0 && (
            <div className="error-banner" role="alert" data-testid="form-unplaced">
              {unplaced.map((e) => (
                <p key={`${e.line}:${e.column}:${e.message}`}>
                  {e.line > 0 ? `Line ${e.line}: ` : ''}
                  {e.message} (the TOML tab shows it in place)
                </p>
              ))}
            </div>
          )}
          <SchemaForm schema={schema} text={s.draftText} onChange={edit} problems={problems} knobs={s.description?.knobs ?? []} refused={refused} onRefused={onRefused} />
        </>
      )}
      <div className="scenario-actions">
        <button type="button" className="primary" onClick={apply} data-testid="apply" title="Restart the run with this text (Ctrl+Enter)">
          Apply &amp; restart
        </button>
        <button
          type="button"
          disabled={!dirty && pending.length === 0}
          onClick={() => {
            forget();
            lab.store.set({ draftText: s.appliedText, errors: [] });
          }}
          title="Back to the running scenario's text"
        >
          Revert
        </button>
        <button type="button" onClick={exportToml} title="Download the editor's text as a .toml file">
          Export
        </button>
        <button type="button" onClick={() => fileInput.current?.click()} title="Open a .toml scenario file">
          Import…
        </button>
        <input
          ref={fileInput}
          type="file"
          accept=".toml,text/plain"
          hidden
          onChange={(e) => {
            const f = e.target.files?.[0];
            if (f) void importToml(f);
            e.target.value = '';
          }}
        />
        {dirty && <span className="hint">edited, not applied</span>}
      </div>
    </aside>
  );
}

/** Whether `path` (`section.key`) is a field the form shows. */
function fieldOf(schema: PropSchema | null, path: string): boolean {
  const dot = path.indexOf('.');
  return dot > 0 && schema?.properties?.[path.slice(0, dot)]?.properties?.[path.slice(dot + 1)] != null;
}
