// The model notes (docs/models.md) served by the site, rendered, so the links to them from the
// lessons, the scenarios and the results work wherever the lab is hosted (issue 24, item 12).
// Each heading gets an id from its text, so a link may point at a section.
import { useEffect, useMemo } from 'react';
import { markdownHtml } from '../lessons/markdown';
import models from '../../../docs/models.md?raw';
import '../app/styles.css';

/** A heading's id: its text, lower case, words joined by '-' ("Departures, and why" → "departures-and-why"). */
export function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-|-$/g, '');
}

/** The notes as sanitised HTML, each heading with its id (the first of a repeated title keeps
 * the bare slug, later ones get -2, -3, …). */
export function notesHtml(markdown: string): string {
  const seen = new Map<string, number>();
  return markdownHtml(markdown).replace(/<h([1-4])>(.*?)<\/h\1>/g, (_, level: string, inner: string) => {
    const base = slug(inner.replace(/<[^>]+>/g, '').replace(/&[#\w]+;/g, ' '));
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return `<h${level} id="${n === 1 ? base : `${base}-${n}`}">${inner}</h${level}>`;
  });
}

export default function NotesPage() {
  const html = useMemo(() => notesHtml(models), []);
  useEffect(() => {
    if (location.hash) document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView();
  }, []);
  return (
    <article className="lesson notes" data-testid="notes">
      <nav className="lessons-nav">
        <a href="../">← Back to the lab</a> · <a href="../start/">All systems</a> · <a href="../lessons/">Lessons</a>
      </nav>
      <div className="prose" dangerouslySetInnerHTML={{ __html: html }} />
    </article>
  );
}
