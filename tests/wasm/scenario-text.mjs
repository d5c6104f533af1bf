// Edits a scenario's TOML text the way the CLI's `--set table.key=value` edits the scenario, so
// the WASM engine can run exactly what the CLI runs.

/**
 * Sets keys of the top-level TOML table `[table]`: replaces a key's line if the table states it,
 * adds it under the table header otherwise, and appends the table if the text has none.
 * Values are written as the CLI's --set reads them: numbers as TOML numbers, strings quoted.
 */
export function setKeys(text, table, values) {
  const lines = text.split('\n');
  const header = new RegExp(`^\\s*\\[\\s*${table}\\s*\\]\\s*(#.*)?$`);
  const start = lines.findIndex((l) => header.test(l));
  if (start < 0) return setKeys(`${text.trimEnd()}\n\n[${table}]\n`, table, values);
  for (const [key, value] of Object.entries(values)) {
    let end = lines.findIndex((l, i) => i > start && /^\s*\[/.test(l));
    if (end < 0) end = lines.length;
    const keyLine = new RegExp(`^\\s*${key}\\s*=`);
    const at = lines.findIndex((l, i) => i > start && i < end && keyLine.test(l));
    const line = `${key} = ${tomlValue(value)}`;
    if (at >= 0) lines[at] = line;
    else lines.splice(start + 1, 0, line);
  }
  return lines.join('\n');
}

function tomlValue(v) {
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return JSON.stringify(v);
}
