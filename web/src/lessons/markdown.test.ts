// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { inlineHtml, markdownHtml } from './markdown';

describe('lesson Markdown', () => {
  it('keeps the formatting and drops what could run (issue 12)', () => {
    const html = markdownHtml('**bold** <img src=x onerror="alert(1)"> <script>alert(1)</script>\n\n[link](javascript:alert(1)) [ok](./lessons/)');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain('href="./lessons/"');
    for (const bad of ['onerror', '<script', 'javascript:']) expect(html).not.toContain(bad);
    expect(inlineHtml('`code` <a href="javascript:x" onclick="y">z</a>')).toBe('<code>code</code> <a>z</a>');
  });
});
