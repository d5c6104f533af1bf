// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { notesHtml, slug } from './NotesPage';
import models from '../../../docs/models.md?raw';

const lessons = import.meta.glob<string>('../../../lessons/*.md', { query: '?raw', import: 'default', eager: true });

describe('the model notes on the site (issue 24, item 12)', () => {
  it('give every heading an id, repeated titles numbered', () => {
    expect(slug("O'Toole & Shrira, the opportunistic log (spec 001-oplog)")).toBe('o-toole-shrira-the-opportunistic-log-spec-001-oplog');
    const html = notesHtml('# A\n## Departures, and why\n## Departures, and why\n');
    expect(html).toContain('<h2 id="departures-and-why">');
    expect(html).toContain('<h2 id="departures-and-why-2">');
  });

  it("render docs/models.md, and every lesson's link into them lands on a heading", () => {
    const html = notesHtml(models);
    const ids = new Set([...html.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]));
    expect(ids.has('departures-and-why-3')).toBe(true);
    let links = 0;
    for (const [file, text] of Object.entries(lessons)) {
      expect(text, `${file} names docs/models.md without a link`).not.toMatch(/(?<!\]\(\.\.\/notes\/[^)]*)docs\/models\.md/);
      for (const m of text.matchAll(/\]\(\.\.\/notes\/(?:#([^)]+))?\)/g)) {
        links++;
        if (m[1]) expect(ids.has(m[1]), `${file}: #${m[1]}`).toBe(true);
      }
    }
    expect(links).toBeGreaterThanOrEqual(5);
  });
});
