// One compiled engine for all the <storelab-scenario> elements of a page. The first frame to ask
// compiles the engine; each later frame gets a port to a frame that has it, which posts the
// WebAssembly.Module there. Frames of one origin on one page share an agent cluster, so the
// module passes between them whatever the host page's origin; the host page never holds it. A
// frame whose module does not arrive compiles its own (element/frame.ts).
import type { ToFrame } from './messages';

interface Origin {
  /** Frames that have the module. */
  holders: Set<Window>;
  /** The frame compiling it, until it says it has it. */
  compiling: Window | null;
  /** Frames that asked while it compiled. */
  waiting: Window[];
}

const origins = new Map<string, Origin>();

function stateOf(origin: string): Origin {
  let s = origins.get(origin);
  if (!s) origins.set(origin, (s = { holders: new Set(), compiling: null, waiting: [] }));
  return s;
}

const send = (frame: Window, origin: string, msg: ToFrame, transfer: Transferable[] = []) => frame.postMessage(msg, { targetOrigin: origin, transfer });

/** Answers a frame's 'hello': where its engine comes from. */
export function engineFor(frame: Window, origin: string): void {
  const s = stateOf(origin);
  const holder = [...s.holders].find((h) => !h.closed);
  if (holder) {
    const channel = new MessageChannel();
    send(holder, origin, { storelab: 'share', port: channel.port1 }, [channel.port1]);
    send(frame, origin, { storelab: 'engine', port: channel.port2 }, [channel.port2]);
  } else if (s.compiling && !s.compiling.closed) {
    s.waiting.push(frame);
  } else {
    s.compiling = frame;
    send(frame, origin, { storelab: 'engine', port: null });
  }
}

/** A frame has the module (its 'module' message): it can give it to the frames waiting. */
export function holds(frame: Window, origin: string): void {
  const s = stateOf(origin);
  s.holders.add(frame);
  if (s.compiling === frame) s.compiling = null;
  flush(s, origin);
}

/** A frame is gone (its element left the page): it gives nothing more. */
export function forget(frame: Window, origin: string): void {
  const s = stateOf(origin);
  s.holders.delete(frame);
  s.waiting = s.waiting.filter((w) => w !== frame);
  if (s.compiling === frame) {
    s.compiling = null;
    flush(s, origin);
  }
}

function flush(s: Origin, origin: string): void {
  const waiting = s.waiting;
  s.waiting = [];
  for (const w of waiting) if (!w.closed) engineFor(w, origin);
}
