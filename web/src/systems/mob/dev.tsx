// Dev harness for the views on frames recorded from the real engine (views/fixtures/):
// `npx vite` in web/, then open /src/views/dev.html. Not part of the app's build.
import { useEffect, useMemo, useState } from 'react';
import { createRoot } from 'react-dom/client';
import type { InspectTarget } from '../../views/contract';
import type { SystemDescription } from '../../engine/types';
import { initEngine, Lab } from '../../engine/wasm';
import { RecordedSource } from '../../views/lib/recorded';
import filling from './fixtures/filling.json';
import MobView from '../../views/lib/mob/MobView';
import DiskView from './DiskView';
import Charts from './Charts';
import EventLog from '../../views/EventLog';
import Inspector from '../../views/Inspector';
import CacheView from './CacheView';
import SpaceView from './SpaceView';
import SystemDiagram from './SystemDiagram';

/** Wall-clock milliseconds between two recorded frames while playing. */
const FRAME_MS = 300;

function Harness() {
  const src = useMemo(() => RecordedSource.fromJson(filling), []);
  const [playing, setPlaying] = useState(false);
  const [selected, select] = useState<InspectTarget | null>(null);
  const [description, setDescription] = useState<SystemDescription | null>(null);
  useEffect(() => {
    // Names and sentences of the record kinds come from the engine itself.
    void initEngine().then(() => {
      const lab = new Lab('');
      setDescription(JSON.parse(lab.describe_json()) as SystemDescription);
      lab.free();
    });
  }, []);
  useEffect(() => {
    if (!playing) return;
    const id = setInterval(() => src.advance(), FRAME_MS);
    return () => clearInterval(id);
  }, [playing, src]);
  // The recording's scenario (views/fixtures/recordings.ts) keeps the default 1 ms network.
  const p = { frames: src, selected, select, inspectable: true, speed: 100e6 / FRAME_MS, description, scenario: { network: { latency_ms: 1 } } };
  const cell = (h: number) => ({ height: h, border: '1px solid #ddd', overflow: 'hidden' });
  return (
    <div style={{ padding: 8 }}>
      <div style={{ marginBottom: 6, display: 'flex', gap: 8 }}>
        <button onClick={() => setPlaying((x) => !x)}>{playing ? 'Pause' : 'Play'}</button>
        <button onClick={() => src.advance()}>Next frame</button>
        <button onClick={() => { src.rewind(); src.advance(); }}>Rewind</button>
      </div>
      <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 8 }}>
        <div style={cell(330)}><MobView {...p} /></div>
        <div style={cell(330)}><DiskView {...p} /></div>
        <div style={cell(300)}><SystemDiagram {...p} /></div>
        <div style={cell(300)}><Charts {...p} /></div>
        <div style={cell(300)}><EventLog {...p} /></div>
        <div style={cell(300)}><Inspector {...p} /></div>
        <div style={cell(240)}><CacheView {...p} /></div>
        <div style={cell(420)}><SpaceView {...p} /></div>
      </div>
    </div>
  );
}

createRoot(document.getElementById('root')!).render(<Harness />);
