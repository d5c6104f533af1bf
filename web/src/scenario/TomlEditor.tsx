// The raw TOML editor: a textarea with a line-number gutter whose lines carry the engine's error
// markers; errors are listed below with their path, line, column and what to do about them.
import { useRef, type KeyboardEvent } from 'react';
import type { ScenarioError } from '../engine/types';

export function errorHint(e: ScenarioError): string {
  const parts = [e.message];
  if (e.expected) parts.push(`expected ${e.expected}`);
  if (e.range) parts.push(`allowed range ${e.range}`);
  return parts.join('; ');
}

export default function TomlEditor({
  text,
  errors,
  onChange,
  onApply,
}: {
  text: string;
  errors: ScenarioError[];
  onChange: (text: string) => void;
  onApply: () => void;
}) {
  const area = useRef<HTMLTextAreaElement>(null);
  const gutter = useRef<HTMLDivElement>(null);
  const lines = text.split('\n').length;
  const byLine = new Map<number, ScenarioError[]>();
  for (const e of errors) {
    const l = Math.max(1, e.line || 1);
    byLine.set(l, [...(byLine.get(l) ?? []), e]);
  }

  const goTo = (line: number, column: number) => {
    const el = area.current;
    if (!el) return;
    const rows = el.value.split('\n');
    let pos = 0;
    for (let i = 0; i < Math.min(line - 1, rows.length); i++) pos += rows[i].length + 1;
    pos += Math.max(0, Math.min(column - 1, (rows[line - 1] ?? '').length));
    el.focus();
    el.setSelectionRange(pos, pos);
    const lh = parseFloat(getComputedStyle(el).lineHeight) || 18;
    el.scrollTop = Math.max(0, (line - 4) * lh);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      onApply();
    } else if (e.key === 'Tab' && !e.shiftKey) {
      e.preventDefault();
      const el = e.currentTarget;
      const { selectionStart: a, selectionEnd: b } = el;
      const next = `${el.value.slice(0, a)}  ${el.value.slice(b)}`;
      onChange(next);
      requestAnimationFrame(() => el.setSelectionRange(a + 2, a + 2));
    }
  };

  return (
    <div className="toml-editor">
      <div className="toml-editor-box">
        <div className="gutter" ref={gutter} aria-hidden="true">
          {Array.from({ length: lines }, (_, i) => {
            const errs = byLine.get(i + 1);
            return (
              <div
                key={i}
                className={errs ? 'gutter-line has-error' : 'gutter-line'}
                data-line={i + 1}
                title={errs ? errs.map(errorHint).join('\n') : undefined}
              >
                {errs ? '●' : ''}
                {i + 1}
              </div>
            );
          })}
        </div>
        <textarea
          ref={area}
          value={text}
          spellCheck={false}
          aria-label="Scenario TOML"
          data-testid="toml"
          wrap="off"
          onChange={(e) => onChange(e.target.value)}
          onKeyDown={onKeyDown}
          onScroll={(e) => {
            if (gutter.current) gutter.current.scrollTop = e.currentTarget.scrollTop;
          }}
        />
      </div>
      {errors.length > 0 && (
        <ul className="errors" data-testid="errors" role="alert">
          {errors.map((e, i) => (
            <li key={i} data-line={e.line}>
              <button type="button" className="link" onClick={() => goTo(e.line, e.column)}>
                line {e.line}, column {e.column}
              </button>{' '}
              {e.path ? (
                <>
                  <code>{e.path}</code>: {errorHint(e)}
                </>
              ) : (
                errorHint(e)
              )}
            </li>
          ))}
          <li className="hint">Fix the line marked ● and apply again; the run keeps going with the last valid scenario.</li>
        </ul>
      )}
    </div>
  );
}
