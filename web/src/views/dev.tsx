// Dev harness for the views with the fake engine: `npx vite` in web/, then open
// /src/views/dev.html. Not part of the app's build.
import { useEffect, useMemo, useState } from 'react';
import { createRoot } from 'react-dom/client';
import type { InspectTarget } from './contract';
import type { SystemDescription } from '../engine/types';
import { initEngine, Lab } from '../engine/wasm';
import { FakeFrameSource } from './lib/fake';
import MobView from './MobView';
import DiskView from './DiskView';
import Charts from './Charts';
import EventLog from './EventLog';
import Inspector from './Inspector';
import CacheView from './CacheView';
import SystemDiagram from './SystemDiagram';

function Harness() {
  const src = useMemo(() => new FakeFrameSource(), []);
  const [speed, setSpeed] = useState(50e6);
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
    if (playing) src.start(speed);
    else src.stop();
    return () => src.stop();
  }, [playing, speed, src]);
  // The fake engine's network, as its messages assume.
  const p = { frames: src, selected, select, speed, description, scenario: { network: { latency_ms: 1 } } };
  const cell = (h: number) => ({ height: h, border: '1px solid #ddd', overflow: 'hidden' });
  return (
    <div style={{ padding: 8 }}>
      <div style={{ marginBottom: 6, display: 'flex', gap: 8 }}>
        <button onClick={() => setPlaying((x) => !x)}>{playing ? 'Pause' : 'Play'}</button>
        <button onClick={() => src.step()}>Step</button>
        <button onClick={() => { src.reset(); src.advance(0); }}>Reset</button>
        <label>
          speed (ms of sim per s){' '}
          <input type="range" min={0} max={4} step={0.1} value={Math.log10(speed / 1e6)} onChange={(e) => setSpeed(1e6 * 10 ** Number(e.target.value))} />{' '}
          {(speed / 1e6).toFixed(1)}
        </label>
      </div>
      <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 8 }}>
        <div style={cell(330)}><MobView {...p} /></div>
        <div style={cell(330)}><DiskView {...p} /></div>
        <div style={cell(300)}><SystemDiagram {...p} /></div>
        <div style={cell(300)}><Charts {...p} /></div>
        <div style={cell(300)}><EventLog {...p} /></div>
        <div style={cell(300)}><Inspector {...p} /></div>
        <div style={cell(240)}><CacheView {...p} /></div>
      </div>
    </div>
  );
}

createRoot(document.getElementById('root')!).render(<Harness />);
