// A modal dialog over the lab (the scenarios, compare and embed dialogs): Escape or a click
// outside closes it, and the focus goes back to what had it before it opened.
import { forwardRef, useEffect, useState, type ReactNode } from 'react';

interface DialogProps {
  /** The id of the heading that names it. */
  labelledBy: string;
  testId: string;
  /** The box's class beside `overlay-box`. */
  className: string;
  onClose: () => void;
  children: ReactNode;
}

const Dialog = forwardRef<HTMLDivElement, DialogProps>(function Dialog({ labelledBy, testId, className, onClose, children }, box) {
  // What had the focus before the dialog took it (at the first render, before any autoFocus).
  const [before] = useState(() => document.activeElement as HTMLElement | null);
  useEffect(() => () => before?.focus?.(), [before]);
  return (
    <div className="overlay" role="dialog" aria-modal="true" aria-labelledby={labelledBy} onClick={onClose} onKeyDown={(e) => e.key === 'Escape' && onClose()} data-testid={testId}>
      <div className={`overlay-box ${className}`} ref={box} onClick={(e) => e.stopPropagation()}>
        {children}
      </div>
    </div>
  );
});

export default Dialog;
