// The worker side of the protocol, apart from the worker itself so tests can serve a LabHost on a
// MessagePort. Requests are handled strictly in order; a Frame reply transfers its buffers. A
// Cancel is handled as it arrives, between the slices of the work it stops. While no request
// waits, the host searches for when the loaded run ends, a short slice at a time, and says what
// it found in an EndFound message.
import type { LabHost, Work } from './host';
import { frameBuffers, isFrameOp, type Cancel, type EndFound, type Endpoint, type ModuleMessage, type Request, type Response } from './protocol';
import type { Frame, LoadResult } from './types';

/** Answers requests arriving at `port` with `host`, once `ready` (the engine loaded) resolves. */
export function serve(port: Endpoint, host: LabHost, ready: Promise<unknown> = Promise.resolve()): void {
  // Chained, so a request never overtakes an earlier one still waiting for the engine. An engine
  // that failed to load answers every request with why.
  let queue = ready.then(
    () => null,
    (e: unknown) => `the engine failed to load: ${e instanceof Error ? e.message : String(e)}`,
  );
  // Requests with an id below this one were canceled.
  let canceledBelow = 0;
  // Requests received and not yet answered; the load whose run's end is searched for.
  let waiting = 0;
  let searchFor = 0;
  let searchQueued = false;
  const searchWhileIdle = () => {
    if (searchQueued || !host.searchingEnd) return;
    searchQueued = true;
    setTimeout(() => {
      searchQueued = false;
      if (waiting > 0) return; // resumes once the requests are answered
      let endNs: number | null | undefined;
      try {
        endNs = host.searchEnd();
      } catch {
        return; // the engine stopped: the next request hears why
      }
      if (endNs === undefined) searchWhileIdle();
      else port.postMessage({ op: 'end', load: searchFor, endNs } satisfies EndFound, []);
    }, 0);
  };
  port.addEventListener('message', (event: MessageEvent) => {
    const req = event.data as Request | Cancel | ModuleMessage;
    if (req.op === 'module') return; // the worker's, before it serves
    if (req.op === 'cancel') {
      canceledBelow = Math.max(canceledBelow, req.id);
      return;
    }
    const work: Work = {
      onProgress: (progress) => port.postMessage({ id: req.id, progress } satisfies Response, []),
      canceled: () => req.id < canceledBelow,
    };
    waiting++;
    queue = queue.then(async (failed) => {
      if (failed === null) {
        const value = await reply(port, req, host, work);
        // A load that replaced the run: the search, if any, is for its run now.
        if (req.op === 'load' && (value as LoadResult | undefined)?.ok) searchFor = req.id;
      } else port.postMessage({ id: req.id, ok: false, error: failed } satisfies Response, []);
      waiting--;
      searchWhileIdle();
      return failed;
    });
  });
  port.start?.();
}

/** Answers `req`; returns what it answered (undefined for an error). */
async function reply(port: Endpoint, req: Request, host: LabHost, work: Work): Promise<unknown> {
  let res: Response;
  let transfer: Transferable[] = [];
  try {
    const value = await call(host, req, work);
    if (isFrameOp(req.op)) transfer = frameBuffers(value as Frame);
    res = { id: req.id, ok: true, value };
  } catch (e) {
    res = { id: req.id, ok: false, error: e instanceof Error ? e.message : String(e) };
  }
  port.postMessage(res, transfer);
  return res.ok ? res.value : undefined;
}

function call(host: LabHost, req: Request, work: Work): unknown {
  switch (req.op) {
    case 'load':
      return host.load(...req.args);
    case 'frame':
      return host.frame(...req.args, work);
    case 'step':
      return host.step();
    case 'stepToKind':
      return host.stepToKind(...req.args, work);
    case 'seek':
      return host.seek(...req.args, work);
    case 'reset':
      return host.reset();
    case 'summary':
      return host.summary();
    case 'series':
      return host.series();
    case 'panicForTests':
      return host.panicForTests(...req.args);
  }
}
