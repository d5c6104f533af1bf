// The figures page (/figures/, issue 30): the index of every figure and table the lab reproduces,
// and one figure's whole sweep run in the browser (`#sc=fig4-1-mob-size`; FigureRunner).
import { useEffect, useState } from 'react';
import { scenarioTexts } from '../scenario/gallery';
import { unknownScenario } from '../app/embedParams';
import FigureIndex from './FigureIndex';
import FigureRunner from './FigureRunner';
import { readFigureLink } from './link';
import '../app/styles.css';
import './figures.css';

export default function FiguresPage() {
  const [hash, setHash] = useState(location.hash);
  useEffect(() => {
    const on = () => setHash(location.hash);
    window.addEventListener('hashchange', on);
    return () => window.removeEventListener('hashchange', on);
  }, []);
  const link = readFigureLink(hash);
  const text = link.text ?? (link.scenario ? scenarioTexts[link.scenario] : null);
  return (
    <div className="figures" data-testid="figures">
      <header className="topbar">
        <h1>
          Storelab <span className="subtitle">the papers&apos; figures, run in your browser</span>
        </h1>
        <nav aria-label="Pages">
          <a href="../">Lab</a>
          <a href="./">Figures</a>
          <a href="../start/">All systems</a>
          <a href="../lessons/">Lessons</a>
        </nav>
      </header>
      <main>
        {link.scenario && text == null ? (
          <p className="error-banner" role="alert">
            This link&apos;s {unknownScenario(link.scenario, scenarioTexts)}. <a href="./">Every figure</a>
          </p>
        ) : text != null ? (
          <>
            <p>
              <a href="./">← Every figure</a> · <a href={link.scenario ? `../#sc=${encodeURIComponent(link.scenario)}` : '../'}>Open one point in the lab</a>
            </p>
            <FigureRunner key={hash.replace(/&run=1/, '')} link={link} name={link.scenario ?? 'figure'} baseText={text} />
          </>
        ) : (
          <FigureIndex />
        )}
      </main>
    </div>
  );
}
