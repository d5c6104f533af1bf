// The start page (issue 24, item 3): every system by its paper, each with its idea in a sentence,
// its lesson, the scenarios that show it best and the paper's figures and tables it reproduces,
// then the whole gallery, grouped and searchable. Every link opens the lab (or the lesson) on it.
import { SYSTEMS } from '../systems';
import type { WebSystem } from '../systems/system';
import { describedSystem } from '../systems/described';
import { gallery, isFigure, kindOf, scenarioTexts } from '../scenario/gallery';
import GalleryList from '../scenario/GalleryList';
import { lessons } from '../lessons/list';
import { lessonLabel } from '../lessons/lesson';
import '../app/styles.css';
import './start.css';

/** The lab's address for gallery scenario `name`, from this page. */
export const labHref = (name: string) => `../#sc=${encodeURIComponent(name)}`;

/** The lessons whose scenario runs system `kind`. */
export function lessonsOf(kind: string) {
  return lessons.filter((l) => l.meta.scenario != null && scenarioTexts[l.meta.scenario] != null && kindOf(scenarioTexts[l.meta.scenario]) === kind);
}

export default function StartPage() {
  return (
    <div className="start" data-testid="start">
      <header className="topbar">
        <h1>
          Storelab <span className="subtitle">storage systems, event by event</span>
        </h1>
        <nav aria-label="Pages">
          <a href="../">Lab</a>
          <a href="../lessons/">Lessons</a>
          <a href="../figures/">Figures</a>
          <a href="../notes/">Model notes</a>
        </nav>
      </header>
      <main>
        <p className="lead">
          Watch the storage-management ideas of classic object-database papers work, event by event: a client, a network, a server
          and a disk simulated in your browser. Pick a system: each comes from a paper, with a lesson, scenarios that show its idea
          and the paper&apos;s own figures to reproduce.
        </p>
        <div className="system-cards">
          {SYSTEMS.map((s) => (
            <SystemCard key={s.kind} system={s} />
          ))}
        </div>
        <section className="all-scenarios" aria-labelledby="all-scenarios">
          <h2 id="all-scenarios">All scenarios</h2>
          <GalleryList href={labHref} />
        </section>
      </main>
    </div>
  );
}

function SystemCard({ system }: { system: WebSystem }) {
  const d = describedSystem(system.kind);
  const title = d?.title ?? system.kind;
  const figures = gallery.filter((g) => g.kind === system.kind && isFigure(g.name));
  const headline = system.headline.flatMap((name) => gallery.filter((g) => g.name === name));
  const id = `system-${system.kind}`;
  return (
    <article className="system-card" aria-labelledby={id} data-kind={system.kind} data-testid="system-card">
      <h2 id={id}>{title}</h2>
      <p className="paper">{d?.paper}</p>
      <p>{system.about}</p>
      <p className="system-actions">
        {headline[0] && (
          <a className="button primary" href={labHref(headline[0].name)} data-testid="open-system">
            Open in the lab
          </a>
        )}
        {lessonsOf(system.kind).map((l) => (
          <a key={l.name} className="button" href={`../lessons/?lesson=${l.name}`} data-testid="system-lesson">
            Lesson {lessonLabel(l)}
          </a>
        ))}
      </p>
      <h3>Start with</h3>
      <ul className="headline">
        {headline.map((g) => (
          <li key={g.name}>
            <a href={labHref(g.name)}>{g.title || g.name}</a>
          </li>
        ))}
      </ul>
      {figures.length > 0 && (
        <details className="figures">
          <summary>
            The paper&apos;s figures and tables ({figures.length} scenario{figures.length === 1 ? '' : 's'})
          </summary>
          <ul>
            {figures.map((g) => (
              <li key={g.name}>
                <a href={labHref(g.name)}>{g.title || g.name}</a>
              </li>
            ))}
          </ul>
        </details>
      )}
    </article>
  );
}
