// A host page of another site for the <storelab-scenario> element's end-to-end test and bench:
// a Node server on localhost (the lab is served at 127.0.0.1, another site, so the element's
// frames are third-party) whose pages carry a Content-Security-Policy allowing only the lab's
// origin, plus 'wasm-unsafe-eval' (docs/embedding.md). Not a test file.
import http from 'node:http';

/** The strict policy of a page embedding the lab served at `labOrigin`. */
export const strictCsp = (labOrigin) => `default-src ${labOrigin}; script-src ${labOrigin} 'wasm-unsafe-eval'`;

/** Serves `pages` (path → body of <body>, each under the element's script from `labBase`) on a
 * free port: resolves to { url(path), stop }. */
export async function serveHostPages(labBase, pages) {
  const labOrigin = new URL(labBase).origin;
  const server = http.createServer((req, res) => {
    const body = pages[new URL(req.url, 'http://x').pathname];
    if (body == null) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': strictCsp(labOrigin) });
    res.end(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A page with Storelab scenarios</title>` +
        `<script type="module" src="${labBase}storelab-scenario.js"></script></head><body><main>${body}</main></body></html>`,
    );
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const port = server.address().port;
  return { url: (path) => `http://localhost:${port}${path}`, stop: () => new Promise((r) => server.close(r)) };
}

/** Records every event the page's elements fire as window.__events: [id, type, detail, when
 * (performance.now())]. For
 * newPage's `init` (it runs through the DevTools protocol, which the page's CSP does not govern). */
export function recordElementEvents() {
  window.__events = [];
  for (const type of ['load', 'timeupdate', 'play', 'pause', 'ended', 'error']) {
    document.addEventListener(
      type,
      (e) => {
        if (e.target.localName === 'storelab-scenario') window.__events.push([e.target.id, type, e.detail, performance.now()]);
      },
      true,
    );
  }
}
