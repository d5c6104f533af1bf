import { useEffect, useRef } from 'react';
import { SHORTCUTS } from './keyboard';
import { SYSTEMS } from '../systems';

/** The keyboard-shortcut dialog: it takes the focus when it opens (its Close button) and gives
 * it back to whatever had it when it closes. */
export default function HelpOverlay({ onClose }: { onClose: () => void }) {
  const close = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    close.current?.focus();
    return () => before?.focus?.();
  }, []);
  return (
    <div className="overlay" role="dialog" aria-modal="true" aria-labelledby="help-title" onClick={onClose} data-testid="help">
      <div className="overlay-box" onClick={(e) => e.stopPropagation()}>
        <h2 id="help-title">Keyboard shortcuts</h2>
        <table>
          <tbody>
            {SHORTCUTS.map((s) => (
              <tr key={s.action}>
                <td>
                  <kbd>{s.keys}</kbd>
                </td>
                <td>{s.label}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="hint">Shortcuts pause while you type in the scenario editor. Ctrl+Enter in the editor applies it.</p>
        {SYSTEMS.flatMap((sys) =>
          sys.viewKeys ? (
            <p className="hint" key={sys.kind}>
              {sys.viewKeys.where}:{' '}
              {sys.viewKeys.keys.map((k, i) => (
                <span key={i}>
                  {i > 0 && '; '}
                  {k.keys.map((key, j) => (
                    <span key={key}>
                      {j > 0 && (k.keys.length === 2 ? ' / ' : ', ')}
                      <kbd>{key}</kbd>
                    </span>
                  ))}{' '}
                  {k.what}
                </span>
              ))}
              .
            </p>
          ) : (
            []
          ),
        )}
        <button type="button" ref={close} onClick={onClose}>
          Close
        </button>
      </div>
    </div>
  );
}
