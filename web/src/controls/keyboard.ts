// Keyboard shortcuts for every time control (listed in the help overlay). Keys typed into an
// editor, input or select are never taken.

export type ShortcutAction =
  | 'togglePlay'
  | 'step'
  | 'stepTarget'
  | 'slower'
  | 'faster'
  | 'reset'
  | 'help'
  | 'closeOverlay'
  | 'home'
  | 'end'
  | 'scrubBack'
  | 'scrubForward';

export const SHORTCUTS: { keys: string; action: ShortcutAction; label: string }[] = [
  { keys: 'Space', action: 'togglePlay', label: 'Play / pause (on a focused button, Space presses it)' },
  { keys: '→ or .', action: 'step', label: 'Step one event' },
  { keys: 'f', action: 'stepTarget', label: 'Run to the next record of the chosen kind (next flusher run, …)' },
  { keys: '[', action: 'slower', label: 'Slower (halve the speed)' },
  { keys: ']', action: 'faster', label: 'Faster (double the speed)' },
  { keys: 'r', action: 'reset', label: 'Reset to time 0' },
  { keys: 'Shift + ←', action: 'scrubBack', label: 'Scrub back 1% of the timeline' },
  { keys: 'Shift + →', action: 'scrubForward', label: 'Scrub forward 1% of the timeline' },
  { keys: 'Home', action: 'home', label: 'Timeline start' },
  { keys: 'End', action: 'end', label: 'Timeline end' },
  { keys: '?', action: 'help', label: 'Show / hide this help' },
  { keys: 'Esc', action: 'closeOverlay', label: 'Close this help; leave the guided tour where it is; stop a long seek or run where it is' },
];

export interface KeyLike {
  key: string;
  shiftKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  target: EventTarget | null;
}

/** True when the key press belongs to a text field, editor or form control. */
export function isTyping(target: EventTarget | null): boolean {
  const el = target as { tagName?: string; isContentEditable?: boolean; type?: string } | null;
  if (!el || typeof el.tagName !== 'string') return false;
  const tag = el.tagName.toUpperCase();
  if (tag === 'TEXTAREA' || tag === 'SELECT' || el.isContentEditable) return true;
  if (tag === 'INPUT') {
    // Sliders and checkboxes may keep arrow keys, but Space and letters still work on them.
    const type = (el.type ?? 'text').toLowerCase();
    return !['range', 'checkbox', 'button', 'radio'].includes(type);
  }
  return false;
}

/** True when Space presses the focused control itself (a button, checkbox, radio, link or
 * disclosure), as it does everywhere on the web: it must not toggle play instead. */
export function spacePresses(target: EventTarget | null): boolean {
  const el = target as { tagName?: string; type?: string } | null;
  const tag = el?.tagName?.toUpperCase();
  if (tag === 'BUTTON' || tag === 'A' || tag === 'SUMMARY') return true;
  return tag === 'INPUT' && ['checkbox', 'radio', 'button', 'submit'].includes((el?.type ?? '').toLowerCase());
}

/** Maps a key press to an action, or null to leave it alone. */
export function shortcutFor(e: KeyLike): ShortcutAction | null {
  if (e.ctrlKey || e.metaKey || e.altKey) return null;
  if (e.key === 'Escape') return 'closeOverlay';
  if (isTyping(e.target)) return null;
  if ((e.key === ' ' || e.key === 'Spacebar') && spacePresses(e.target)) return null;
  const onSlider = (e.target as { type?: string } | null)?.type === 'range';
  switch (e.key) {
    case ' ':
    case 'Spacebar':
      return 'togglePlay';
    case 'ArrowRight':
      if (onSlider) return null;
      return e.shiftKey ? 'scrubForward' : 'step';
    case 'ArrowLeft':
      if (onSlider) return null;
      return e.shiftKey ? 'scrubBack' : null;
    case '.':
      return 'step';
    case 'f':
    case 'F':
      return 'stepTarget';
    case '[':
      return 'slower';
    case ']':
      return 'faster';
    case 'r':
    case 'R':
      return 'reset';
    case '?':
      return 'help';
    case 'Home':
      return onSlider ? null : 'home';
    case 'End':
      return onSlider ? null : 'end';
    default:
      return null;
  }
}
