// The element's styles, inside its shadow root (a constructed stylesheet, which a page's
// Content-Security-Policy allows as it allows no inline <style>). The page can restyle the box,
// the poster and the error through ::part(box) and ::part(poster).
export const ELEMENT_STYLE = `
:host { display: block; position: relative; width: 100%; font: 14px/1.4 system-ui, sans-serif; color: #1f2933; }
:host([hidden]) { display: none; }
.box { position: relative; width: 100%; overflow: hidden; border-radius: 6px; background: #f4f6f8; }
.poster { position: absolute; inset: 0; display: flex; align-items: center; justify-content: center; }
.poster img { position: absolute; inset: 0; width: 100%; height: 100%; object-fit: cover; }
.card { position: relative; display: flex; flex-direction: column; align-items: center; gap: 6px; padding: 14px 18px; border-radius: 6px; background: rgba(255, 255, 255, 0.92); box-shadow: 0 1px 4px rgba(0, 0, 0, 0.15); text-align: center; }
.brand { font-weight: 600; letter-spacing: 0.02em; }
.what { color: #52606d; }
.status { font: inherit; padding: 4px 12px; border: 1px solid #1f6feb; border-radius: 4px; background: #fff; color: #1f6feb; cursor: pointer; }
.status:disabled { border-color: #9aa5b1; color: #52606d; cursor: progress; }
.status:focus-visible { outline: 2px solid #1f6feb; outline-offset: 2px; }
.frame { position: absolute; inset: 0; width: 100%; height: 100%; border: 0; opacity: 0; }
.frame.shown { opacity: 1; }
.error { box-sizing: border-box; height: 100%; padding: 12px 14px; border: 1px solid #d64545; border-radius: 6px; background: #fff5f5; color: #8a1c1c; overflow: auto; }
`;
