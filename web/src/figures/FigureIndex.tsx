// The figures page's index: every figure and table the lab reproduces, grouped by the paper (each
// system is one paper's), each opening its plot; the figure scenarios that are one point of the
// paper's (no sweep) open in the lab.
import { bySystem, gallery, isFigure } from '../scenario/gallery';
import { sweepOf } from '../scenario/sweep';
import { describedSystem } from '../systems/described';

export const figureHref = (name: string) => `#sc=${encodeURIComponent(name)}`;

export default function FigureIndex() {
  const figures = gallery.filter((g) => isFigure(g.name) || sweepOf(g.text) != null);
  return (
    <div data-testid="figure-index">
      <p className="lead">
        Every figure and table of the papers the lab reproduces. A sweep runs all its points, each over its seeds, in your browser,
        several at once, and plots them with their 95% confidence intervals beside the paper&apos;s own numbers.
      </p>
      {bySystem(figures).map(({ kind, entries }) => {
        const d = describedSystem(kind);
        return (
          <section key={kind} className="figure-group">
            <h2>{d ? `${d.title}: ${d.paper}` : kind}</h2>
            <ul>
              {entries.map((g) => (
                <li key={g.name}>
                  {sweepOf(g.text) ? (
                    <a href={figureHref(g.name)} data-testid="figure-link">
                      {g.title || g.name}
                    </a>
                  ) : (
                    <>
                      <a href={`../#sc=${encodeURIComponent(g.name)}`}>{g.title || g.name}</a> <span className="hint">one point: opens in the lab</span>
                    </>
                  )}
                  {g.paper && <span className="hint"> · {g.paper}</span>}
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
