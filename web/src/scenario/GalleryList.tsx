// The gallery of scenarios/: grouped by system, each group headed by the system's title and its
// paper as the engine describes them, searchable by any word of a card. The editor's Gallery tab,
// the lab's "Scenarios…" dialog and the start page show it; a card is a button that loads its
// scenario (`onPick`) or a link to it (`href`).
import { useId, useState } from 'react';
import { bySystem, gallery, isFigure, searchGallery, type GalleryEntry } from './gallery';
import { describedSystem } from '../systems/described';

type Pick = { onPick: (g: GalleryEntry) => void; href?: never } | { href: (name: string) => string; onPick?: never };

const systemTitle = (kind: string) => describedSystem(kind)?.title ?? kind;

export default function GalleryList({ current = null, autoFocus = false, ...pick }: { current?: string | null; autoFocus?: boolean } & Pick) {
  const [query, setQuery] = useState('');
  const found = searchGallery(gallery, query, systemTitle);
  const searchId = useId();
  const open = (g: GalleryEntry) => {
    if (pick.onPick) pick.onPick(g);
    else location.assign(pick.href(g.name));
  };
  return (
    <div className="gallery-list" data-testid="gallery">
      <div className="gallery-search">
        <label htmlFor={searchId}>Search the scenarios</label>
        <input
          id={searchId}
          type="search"
          value={query}
          autoFocus={autoFocus}
          placeholder="a figure (4-7), a system (HAC), any word"
          onChange={(e) => setQuery(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && found.length > 0) open(found[0]);
          }}
          data-testid="gallery-search"
        />
        <span className="gallery-count" role="status" data-testid="gallery-count">
          {query ? `${found.length} of ${gallery.length} scenarios` : `${gallery.length} scenarios`}
          {query && found.length > 0 ? ' (Enter opens the first)' : ''}
        </span>
      </div>
      {found.length === 0 && (
        <p className="gallery-empty" data-testid="gallery-empty">
          No scenario has “{query}”, nor every word of it. Try a figure or table number (4-7, Table 2), a system (MOB, HAC, log) or a
          word of a description (compaction, flusher).{' '}
          <button type="button" onClick={() => setQuery('')}>
            Show all
          </button>
        </p>
      )}
      {bySystem(found).map((group) => {
        const d = describedSystem(group.kind);
        return (
          <section key={group.kind} className="gallery-group" aria-label={d?.title ?? group.kind} data-kind={group.kind}>
            <h3>
              {d?.title ?? group.kind} <span className="paper">{d?.paper}</span>
            </h3>
            <ul className="gallery">
              {group.entries.map((g) => (
                <li key={g.name} className={g.name === current ? 'current' : ''}>
                  <Card g={g} pick={pick} />
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}

function Card({ g, pick }: { g: GalleryEntry; pick: Pick }) {
  const body = (
    <>
      <strong>
        {g.title || g.name}
        {isFigure(g.name) && <span className="tag">paper figure</span>}
      </strong>
      <span className="desc">{g.description}</span>
      <span className="paper">{g.paper}</span>
      <code>scenarios/{g.name}.toml</code>
    </>
  );
  return pick.onPick ? (
    <button type="button" onClick={() => pick.onPick(g)} data-scenario={g.name}>
      {body}
    </button>
  ) : (
    <a href={pick.href(g.name)} data-scenario={g.name}>
      {body}
    </a>
  );
}
