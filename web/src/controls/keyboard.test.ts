import { describe, expect, it } from 'vitest';
import { SHORTCUTS, shortcutFor, type KeyLike } from './keyboard';

const key = (k: string, extra: Partial<KeyLike> = {}): KeyLike => ({ key: k, shiftKey: false, ctrlKey: false, metaKey: false, altKey: false, target: { tagName: 'BODY' } as unknown as EventTarget, ...extra });

describe('keyboard shortcuts', () => {
  it('maps every documented key', () => {
    expect(shortcutFor(key(' '))).toBe('togglePlay');
    expect(shortcutFor(key('ArrowRight'))).toBe('step');
    expect(shortcutFor(key('.'))).toBe('step');
    expect(shortcutFor(key('f'))).toBe('stepTarget');
    expect(shortcutFor(key('['))).toBe('slower');
    expect(shortcutFor(key(']'))).toBe('faster');
    expect(shortcutFor(key('r'))).toBe('reset');
    expect(shortcutFor(key('?', { shiftKey: true }))).toBe('help');
    expect(shortcutFor(key('Home'))).toBe('home');
    expect(shortcutFor(key('End'))).toBe('end');
    expect(shortcutFor(key('ArrowLeft', { shiftKey: true }))).toBe('scrubBack');
    expect(shortcutFor(key('ArrowRight', { shiftKey: true }))).toBe('scrubForward');
    expect(shortcutFor(key('Escape'))).toBe('closeOverlay');
    expect(new Set(SHORTCUTS.map((s) => s.action)).size).toBe(SHORTCUTS.length);
  });
  it('never steals keys while typing', () => {
    for (const tagName of ['TEXTAREA', 'INPUT', 'SELECT']) {
      const target = { tagName, type: 'text' } as unknown as EventTarget;
      for (const k of [' ', 'f', 'r', '[', 'ArrowRight', '.', '?', 'Home']) expect(shortcutFor(key(k, { target }))).toBeNull();
    }
    expect(shortcutFor(key('f', { target: { tagName: 'DIV', isContentEditable: true } as unknown as EventTarget }))).toBeNull();
  });
  it('leaves arrows to sliders but keeps Space and letters', () => {
    const target = { tagName: 'INPUT', type: 'range' } as unknown as EventTarget;
    expect(shortcutFor(key('ArrowRight', { target }))).toBeNull();
    expect(shortcutFor(key('Home', { target }))).toBeNull();
    expect(shortcutFor(key(' ', { target }))).toBe('togglePlay');
    expect(shortcutFor(key('f', { target }))).toBe('stepTarget');
  });
  it('leaves Space to a focused button, checkbox or link: it presses that control (issue 13, item 6)', () => {
    for (const target of [{ tagName: 'BUTTON' }, { tagName: 'INPUT', type: 'checkbox' }, { tagName: 'A' }, { tagName: 'SUMMARY' }]) {
      expect(shortcutFor(key(' ', { target: target as unknown as EventTarget }))).toBeNull();
    }
    expect(shortcutFor(key('f', { target: { tagName: 'BUTTON' } as unknown as EventTarget }))).toBe('stepTarget');
    expect(shortcutFor(key(' ', { target: { tagName: 'DIV' } as unknown as EventTarget }))).toBe('togglePlay');
  });
  it('ignores modified keys (browser shortcuts)', () => {
    expect(shortcutFor(key('r', { ctrlKey: true }))).toBeNull();
    expect(shortcutFor(key('f', { metaKey: true }))).toBeNull();
  });
});
