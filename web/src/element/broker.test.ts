// The broker that gives a page's frames one compiled engine: the first frame compiles, the frames
// asking meanwhile wait, later ones get a port to a frame that has it, and a frame that leaves
// gives nothing more.
import { describe, expect, it } from 'vitest';
import { engineFor, forget, holds } from './broker';
import type { ToFrame } from './messages';

/** A frame's window as the broker sees it: what it was sent, and whether it is closed. */
function frame() {
  const got: ToFrame[] = [];
  return {
    got,
    closed: false,
    postMessage(msg: ToFrame) {
      got.push(msg);
    },
  };
}
const win = (f: ReturnType<typeof frame>) => f as unknown as Window;
const kinds = (f: ReturnType<typeof frame>) => f.got.map((m) => (m.storelab === 'engine' ? `engine:${m.port ? 'port' : 'compile'}` : m.storelab));

describe('broker', () => {
  it('has the first frame compile, the others wait for it, then each is given a port to it', () => {
    const origin = 'https://a.example';
    const [a, b, c] = [frame(), frame(), frame()];
    engineFor(win(a), origin);
    engineFor(win(b), origin);
    expect(kinds(a)).toEqual(['engine:compile']);
    expect(kinds(b)).toEqual([]);
    holds(win(a), origin);
    expect(kinds(b)).toEqual(['engine:port']);
    expect(kinds(a)).toEqual(['engine:compile', 'share']);
    holds(win(b), origin);
    engineFor(win(c), origin);
    expect(kinds(c)).toEqual(['engine:port']);
    // Each asker's port has its other end with a holder: one 'share' per asker.
    const shares = [...a.got, ...b.got].filter((m) => m.storelab === 'share').length;
    expect(shares).toBe(2);
  });

  it('has another frame compile when the one compiling leaves, and skips holders that left', () => {
    const origin = 'https://b.example';
    const [a, b, c] = [frame(), frame(), frame()];
    engineFor(win(a), origin);
    engineFor(win(b), origin);
    a.closed = true;
    forget(win(a), origin);
    expect(kinds(b)).toEqual(['engine:compile']);
    holds(win(b), origin);
    b.closed = true;
    engineFor(win(c), origin);
    expect(kinds(c)).toEqual(['engine:compile']);
  });

  it('keeps each origin apart: a module does not pass between origins', () => {
    const [a, b] = [frame(), frame()];
    engineFor(win(a), 'https://c.example');
    holds(win(a), 'https://c.example');
    engineFor(win(b), 'https://d.example');
    expect(kinds(b)).toEqual(['engine:compile']);
  });
});
