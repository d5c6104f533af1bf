// The messages between a <storelab-scenario> element (the host page's) and its frame (the embed
// page, opened with `element=1`). Each carries `storelab`, naming it. The frame posts to its
// parent with target '*' (it cannot know the host page's origin, and says only what it shows);
// each side takes a message only from the window it expects (the element from its frame's, at
// the frame's origin; the frame from its parent).

/** Element to frame. */
export type ToFrame =
  /** Where the frame's engine comes from: a port to a frame of the page that has it compiled, or
   * null for the frame to compile it (the first on the page). */
  | { storelab: 'engine'; port: MessagePort | null }
  /** Post your compiled engine on this port (to the frame given its other end). */
  | { storelab: 'share'; port: MessagePort }
  | { storelab: 'play' }
  | { storelab: 'pause' };

/** Frame to element. */
export type FromFrame =
  /** The frame listens: the element answers with 'engine'. */
  | { storelab: 'hello' }
  /** The frame has the engine (`shared`: from another frame, not compiled itself). */
  | { storelab: 'module'; shared: boolean }
  /** The first frame is drawn; `height` (CSS px) shows its views whole. */
  | { storelab: 'load'; height: number }
  /** The run now: simulated time (s), playing, at its end. */
  | { storelab: 'state'; time: number; playing: boolean; ended: boolean }
  /** What stops the run, in the words the frame shows. */
  | { storelab: 'error'; message: string };

const TO_FRAME = new Set(['engine', 'share', 'play', 'pause']);
const FROM_FRAME = new Set(['hello', 'module', 'load', 'state', 'error']);

const kind = (data: unknown): unknown => (typeof data === 'object' && data !== null ? (data as { storelab?: unknown }).storelab : undefined);

export function isToFrame(data: unknown): data is ToFrame {
  return TO_FRAME.has(kind(data) as string);
}

export function isFromFrame(data: unknown): data is FromFrame {
  return FROM_FRAME.has(kind(data) as string);
}
