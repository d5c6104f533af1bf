// Lesson Markdown as HTML the page may insert: marked renders it, DOMPurify removes what could
// run (scripts, event handlers, javascript: links), so a lesson file or a pasted prompt cannot
// script the page.
import DOMPurify from 'dompurify';
import { marked } from 'marked';

/** A block of Markdown (paragraphs, lists, headings) as sanitised HTML. */
export function markdownHtml(markdown: string): string {
  return DOMPurify.sanitize(marked.parse(markdown, { async: false }) as string);
}

/** One line of inline Markdown (emphasis, code, links) as sanitised HTML. */
export function inlineHtml(markdown: string): string {
  return DOMPurify.sanitize(marked.parseInline(markdown, { async: false }) as string);
}
