// The frame side of a <storelab-scenario> element: the embed page, opened by the element with
// `element=1`, takes its compiled engine from another frame of the page or compiles it
// (broker.ts), tells the element what the run does (its first frame, time, play and pause, end,
// what stops it) and takes the element's play and pause.
import { useEffect, useRef } from 'react';
import type { LabController } from '../state/controller';
import { compileEngine } from '../engine/wasm';
import { isToFrame, type FromFrame, type ToFrame } from './messages';

/** How long a frame waits for a module another frame was asked to give before compiling its own. */
const SHARE_TIMEOUT_MS = 5_000;
/** How many times it asks for the module before compiling its own. */
const SHARE_ASKS = 3;

/** Whether this page is a <storelab-scenario> element's frame. */
export function inElement(search = location.search): boolean {
  return new URLSearchParams(search).get('element') === '1' && window.parent !== window;
}

// The element checks where a message comes from; these say only what the frame shows.
const post = (msg: FromFrame) => window.parent.postMessage(msg, '*');

/** Tells the element what stopped the page before it could run (the engine did not load). */
export function failInElement(message: string): void {
  if (inElement()) post({ storelab: 'error', message });
}

function listen(take: (msg: ToFrame) => void): () => void {
  const onMessage = (event: MessageEvent) => {
    if (event.source === window.parent && isToFrame(event.data)) take(event.data);
  };
  window.addEventListener('message', onMessage);
  return () => window.removeEventListener('message', onMessage);
}

/** The engine compiled, from the frame the element names or compiled here; this frame then gives
 * it to the frames the element sends its way. */
export async function elementModule(): Promise<WebAssembly.Module> {
  // A parent that is no element (a page framing embed/?element=1 itself) never answers: after a
  // while the frame compiles its own.
  const port = await new Promise<MessagePort | null>((resolve) => {
    const answered = (p: MessagePort | null) => {
      clearTimeout(timer);
      stop();
      resolve(p);
    };
    const timer = setTimeout(() => answered(null), SHARE_TIMEOUT_MS);
    const stop = listen((msg) => {
      if (msg.storelab === 'engine') answered(msg.port);
    });
    post({ storelab: 'hello' });
  });
  let module: WebAssembly.Module | null = port ? await receive(port) : null;
  const shared = module != null;
  module ??= await compileEngine();
  const own = module;
  listen((msg) => {
    if (msg.storelab !== 'share') return;
    const port = msg.port;
    port.onmessage = () => port.postMessage(own);
  });
  post({ storelab: 'module', shared });
  return module;
}

/** The module another frame posts on `port` when asked, or null when it cannot come (that frame
 * is gone, or the browser will not pass a module between the two). It is asked from here, once
 * this end of the port is in this frame: in Chromium a module the other frame posted at once
 * sometimes arrived as null (tests/e2e/element.test.mjs saw it in about half the runs); asked
 * for, it always came. A null is asked for again. */
function receive(port: MessagePort): Promise<WebAssembly.Module | null> {
  return new Promise((resolve) => {
    let asks = 0;
    const done = (module: WebAssembly.Module | null) => {
      clearTimeout(timer);
      port.close();
      resolve(module);
    };
    const ask = () => {
      asks += 1;
      port.postMessage('module');
    };
    const timer = setTimeout(() => done(null), SHARE_TIMEOUT_MS);
    port.onmessage = (event) => {
      if (event.data instanceof WebAssembly.Module) done(event.data);
      else if (asks < SHARE_ASKS) ask();
      else done(null);
    };
    port.onmessageerror = () => done(null);
    ask();
  });
}

/** In an element's frame, tells the element about the run and obeys its play and pause:
 * `problems`, what stops the run (empty while it runs); `height`, what shows the views whole. */
export function useElementBridge(lab: LabController, problems: readonly string[], height: number): void {
  const active = inElement();
  const problem = problems.join(' ');
  // Read when the first frame is drawn: the views, and so the height, are known once loaded.
  const heightNow = useRef(height);
  heightNow.current = height;
  useEffect(() => {
    if (!active) return;
    let last = '';
    let fatal: string | null = null;
    // The time as the controls show it (the store's, at most ~10 times a second), not each frame's.
    const report = () => {
      const s = lab.store.get();
      if (s.fatal && s.fatal !== fatal) post({ storelab: 'error', message: s.fatal });
      fatal = s.fatal;
      const state: FromFrame = { storelab: 'state', time: s.nowNs / 1e9, playing: s.playing, ended: s.finished };
      const key = JSON.stringify(state);
      if (key !== last) {
        last = key;
        post(state);
      }
    };
    // The first frame published once the run is loaded, drawn by the views in the next animation frame.
    const firstFrame = lab.frames.subscribe(() => {
      if (lab.store.get().status !== 'ready') return;
      firstFrame();
      requestAnimationFrame(() => post({ storelab: 'load', height: heightNow.current }));
    });
    const unsubscribe = [lab.store.subscribe(report), firstFrame];
    const stop = listen((msg) => {
      if (msg.storelab === 'play') lab.play();
      else if (msg.storelab === 'pause') lab.pause();
    });
    report();
    return () => {
      stop();
      for (const u of unsubscribe) u();
    };
  }, [lab, active]);
  useEffect(() => {
    if (active && problem) post({ storelab: 'error', message: problem });
  }, [active, problem]);
}
