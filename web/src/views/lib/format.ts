// Human-readable names and sentences for trace records and quantities. Record kinds are named
// and put into words from the engine's description of them (SystemDescription), never here.
import type { FieldInfo, RecordKindInfo, SystemDescription } from '../../engine/types';

const TWO_32 = 4294967296;

/** Simulated nanoseconds as milliseconds with `digits` decimals. */
export function fmtMs(ns: number, digits = 3): string {
  return (ns / 1e6).toFixed(digits);
}

const localeNumbers = new Intl.NumberFormat();

/** `n.toLocaleString()` (the same formatter), without building a formatter at every call: what a
 * canvas drawn on every frame writes its counts with. */
export function fmtCount(n: number): string {
  return localeNumbers.format(n);
}

/** A byte count in B, KB or MB. */
export function fmtBytes(b: number): string {
  if (b < 1024) return `${fmtCount(Math.round(b))} B`;
  if (b < 1048576) return `${(b / 1024).toFixed(1)} KB`;
  return `${(b / 1048576).toFixed(2)} MB`;
}

/** Bytes as MB of 2^20 bytes (the thesis's "12 MB" MOB is 12 × 2^20 bytes). */
export function fmtMB(bytes: number, digits = 2): string {
  return (bytes / 1048576).toFixed(digits);
}

export function fmtPct(fraction: number, digits = 1): string {
  return `${(fraction * 100).toFixed(digits)}%`;
}

/** DiskEnd packs the request kind and the transfer time into `a`. */
export function decodeDiskEnd(a: number, b: number, c: number): {
  kind: number;
  transferNs: number;
  seekNs: number;
  rotationNs: number;
} {
  return { kind: a % 256, transferNs: Math.floor(a / 256), seekNs: b, rotationNs: c };
}

/** DiskStart packs the seek's source and destination cylinders into `c`. */
export function decodeCylinders(c: number): { from: number; to: number } {
  return { from: Math.floor(c / TWO_32), to: c % TWO_32 };
}

/** The four numbers of a trace record. */
export interface RecordFields {
  entity: number;
  a: number;
  b: number;
  c: number;
}

/** One described field of a record: its bits, named by its values or formatted by its unit. */
export function fieldText(f: FieldInfo, r: RecordFields): string {
  let v = r[f.field];
  if (f.shift > 0) v = Math.floor(v / 2 ** f.shift);
  if (f.bits > 0) v %= 2 ** f.bits;
  if (f.values.length > 0) return f.values[v] ?? String(v);
  if (f.unit === 'ns') return `${fmtMs(v, 2)} ms`;
  if (f.unit === 'B') return `${fmtMB(v)} MB`;
  return f.unit ? `${v} ${f.unit}` : String(v);
}

/** The description of record kind `kind`, if the system has one. */
export function recordInfo(d: SystemDescription | null, kind: number): RecordKindInfo | undefined {
  return d?.records[kind]?.id === kind ? d.records[kind] : d?.records.find((r) => r.id === kind);
}

/** The kind's name as the event log and the inspector show it. */
export function recordLabel(d: SystemDescription | null, kind: number): string {
  return recordInfo(d, kind)?.label ?? `record kind ${kind}`;
}

/** One sentence describing a trace record: its kind's `text` with each `{field label}` filled in. */
export function describeRecord(d: SystemDescription | null, kind: number, r: RecordFields): string {
  const info = recordInfo(d, kind);
  if (!info) return `record kind ${kind}: entity ${r.entity}, a ${r.a}, b ${r.b}, c ${r.c}`;
  return info.text.replace(/\{([^}]+)\}/g, (whole, label: string) => {
    const f = info.fields.find((x) => x.label === label);
    return f ? fieldText(f, r) : whole;
  });
}
