// Minimal, comment-preserving edits of scenario TOML for the form editor: read, set or remove one
// `key = value` inside a `[section]`. Everything else in the text (comments, order, other
// sections) is left exactly as the user wrote it.

interface Line {
  text: string;
  /** Inside a multi-line string (`"""` or `'''`) that started on an earlier line. */
  inString: boolean;
}

function scanLines(text: string): Line[] {
  const out: Line[] = [];
  let open: string | null = null;
  for (const line of text.split('\n')) {
    out.push({ text: line, inString: open != null });
    // Toggle on each triple quote; good enough for scenario files.
    const re = /"""|'''/g;
    let m: RegExpExecArray | null;
    while ((m = re.exec(line))) {
      if (open == null) open = m[0];
      else if (open === m[0]) open = null;
    }
  }
  return out;
}

const HEADER = /^\s*\[\s*([A-Za-z0-9_.-]+)\s*\]\s*(#.*)?$/;

/** Line range [start, end) of a section's body (after its header), or null if absent. */
function sectionRange(lines: Line[], section: string): { header: number; start: number; end: number } | null {
  let header = -1;
  for (let i = 0; i < lines.length; i++) {
    if (lines[i].inString) continue;
    const m = HEADER.exec(lines[i].text);
    if (!m) continue;
    if (header >= 0) return { header, start: header + 1, end: i };
    if (m[1] === section) header = i;
  }
  return header >= 0 ? { header, start: header + 1, end: lines.length } : null;
}

function keyLine(lines: Line[], range: { start: number; end: number }, key: string): number {
  const re = new RegExp(`^\\s*${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*=`);
  for (let i = range.start; i < range.end; i++) {
    if (!lines[i].inString && re.test(lines[i].text)) return i;
  }
  return -1;
}

/** The raw TOML value of `[section] key` (without a trailing comment), or null when unset. */
export function readKey(text: string, section: string, key: string): string | null {
  const lines = scanLines(text);
  const range = sectionRange(lines, section);
  if (!range) return null;
  const i = keyLine(lines, range, key);
  if (i < 0) return null;
  const rhs = lines[i].text.slice(lines[i].text.indexOf('=') + 1).trim();
  return stripComment(rhs);
}

/** Indices of the characters of `s` outside TOML strings (basic `"…"` with backslash escapes, literal
 * `'…'`), quotes excluded, in order. */
export function* unquoted(s: string): Generator<number> {
  let quote: string | null = null;
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (quote) {
      if (c === '\\' && quote === '"') i++;
      else if (c === quote) quote = null;
    } else if (c === '"' || c === "'") quote = c;
    else yield i;
  }
}

function stripComment(rhs: string): string {
  // A `#` outside quotes starts a comment.
  for (const i of unquoted(rhs)) if (rhs[i] === '#') return rhs.slice(0, i).trim();
  return rhs.trim();
}

/** Sets `[section] key = value` (value is a TOML literal), keeping a trailing comment; adds the
 * key at the end of the section, or the section at the end of the text, when missing. */
export function setKey(text: string, section: string, key: string, value: string): string {
  const lines = scanLines(text);
  const plain = lines.map((l) => l.text);
  const range = sectionRange(lines, section);
  if (!range) {
    const base = text.replace(/\s*$/, '');
    return `${base}${base ? '\n\n' : ''}[${section}]\n${key} = ${value}\n`;
  }
  const i = keyLine(lines, range, key);
  if (i >= 0) {
    const line = plain[i];
    const indent = /^\s*/.exec(line)![0];
    const rhs = line.slice(line.indexOf('=') + 1).trim();
    const val = stripComment(rhs);
    const comment = rhs.slice(val.length).trim();
    plain[i] = `${indent}${key} = ${value}${comment ? ` ${comment}` : ''}`;
    return plain.join('\n');
  }
  // Insert after the section's last non-blank line.
  let at = range.end;
  while (at > range.start && plain[at - 1].trim() === '') at--;
  plain.splice(at, 0, `${key} = ${value}`);
  return plain.join('\n');
}

/** Removes `[section] key` so the field takes its default again (the section header stays). */
export function removeKey(text: string, section: string, key: string): string {
  const lines = scanLines(text);
  const range = sectionRange(lines, section);
  if (!range) return text;
  const i = keyLine(lines, range, key);
  if (i < 0) return text;
  const plain = lines.map((l) => l.text);
  plain.splice(i, 1);
  return plain.join('\n');
}

/** A TOML literal for a form value. */
export function tomlLiteral(value: string | number | boolean): string {
  if (typeof value === 'string') return JSON.stringify(value);
  return String(value);
}

/** Parses a TOML basic or literal string value (as read by readKey); null when it is not one. */
export function parseTomlString(raw: string | null): string | null {
  if (raw == null) return null;
  if (raw.startsWith('"') && !raw.startsWith('"""')) {
    try {
      return JSON.parse(raw) as string;
    } catch {
      return null;
    }
  }
  if (raw.startsWith("'") && !raw.startsWith("'''") && raw.endsWith("'")) return raw.slice(1, -1);
  return null;
}
