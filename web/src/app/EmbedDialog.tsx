// The lab's "Copy embed code" dialog: the run as it is now (scenario, seed, time, the first three
// views) as the <storelab-scenario> tag, beside the iframe. Each has its code to read and a Copy
// button; Escape or a click outside closes it and gives the focus back.
import { useMemo, useState } from 'react';
import type { LabController } from '../state/controller';
import { encodeHash } from '../state/url';
import { scenarioTexts } from '../scenario/gallery';
import { elementCode } from '../element/attributes';
import { embedCode, embedHeight } from './embedParams';
import { systemViews } from './views';
import Dialog from './Dialog';

export default function EmbedDialog({ lab, onClose }: { lab: LabController; onClose: () => void }) {
  const code = useMemo(() => {
    const s = lab.store.get();
    const views = systemViews(s.description)
      .slice(0, 3)
      .map((v) => v.view);
    const labUrl = new URL('./', location.href).href;
    const tNs = lab.currentNs();
    const unedited = s.scenarioName != null && scenarioTexts[s.scenarioName] === s.appliedText;
    return {
      tag: elementCode(labUrl, { scenarioName: unedited ? s.scenarioName : null, text: s.appliedText, seed: s.seed, tNs, views, height: embedHeight(views) }),
      iframe: embedCode(labUrl, encodeHash({ text: s.appliedText, seed: s.seed, tNs }), views, s.title),
    };
  }, [lab]);
  return (
    <Dialog labelledBy="embed-title" testId="embed-dialog" className="embed-dialog" onClose={onClose}>
      <div className="gallery-dialog-head">
        <h2 id="embed-title">Embed this run</h2>
        <button type="button" onClick={onClose} aria-label="Close" autoFocus>
          ✕
        </button>
      </div>
      <p className="hint">This scenario, seed and time, with the first three views, in another page.</p>
      <CodeBox
        id="tag"
        label="One tag"
        about="Loads when scrolled near, pauses off screen, works under a strict Content-Security-Policy; the page needs the script line once (docs/embedding.md says which files to host)."
        code={code.tag ?? 'This scenario’s text holds “</script”, which cannot go inside a tag: use the iframe.'}
        copyable={code.tag != null}
      />
      <CodeBox id="iframe" label="An iframe" about="For a page or a site builder that takes only HTML." code={code.iframe} copyable />
    </Dialog>
  );
}

function CodeBox({ id, label, about, code, copyable }: { id: string; label: string; about: string; code: string; copyable: boolean }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setCopied(true);
      setTimeout(() => setCopied(false), 1500);
    } catch {
      /* clipboard blocked: the code is there to select */
    }
  };
  return (
    <section className="embed-code">
      <h3 id={`embed-${id}-label`}>{label}</h3>
      <p className="hint">{about}</p>
      <textarea readOnly value={code} rows={Math.min(12, code.split('\n').length + 3)} aria-labelledby={`embed-${id}-label`} data-testid={`embed-${id}-code`} onFocus={(e) => e.currentTarget.select()} />
      {copyable && (
        <button type="button" onClick={() => void copy()} data-testid={`copy-embed-${id}`}>
          {copied ? 'Copied ✓' : `Copy the ${id === 'tag' ? 'tag' : 'iframe'}`}
        </button>
      )}
    </section>
  );
}
