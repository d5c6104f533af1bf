// Human-readable names and sentences for trace records and quantities.
import { RecordKind, RequestKind } from '../../engine/types';
import { AREA_NAMES, REQUEST_NAMES } from '../contract';

export const RECORD_KIND_NAMES: readonly string[] = [
  'DiskStart',
  'DiskEnd',
  'MobInsert',
  'MobSupersede',
  'MobRemove',
  'FlusherStart',
  'FlusherPage',
  'PageWrite',
  'Fetch',
  'CacheHit',
  'CacheMiss',
  'Commit',
  'CommitWait',
  'TxnEnd',
];

export const RECORD_KIND_COUNT = RECORD_KIND_NAMES.length;

const TWO_32 = 4294967296;

/** Simulated nanoseconds as milliseconds with `digits` decimals. */
export function fmtMs(ns: number, digits = 3): string {
  return (ns / 1e6).toFixed(digits);
}

/** Bytes as MB of 2^20 bytes (the thesis's "12 MB" MOB is 12 × 2^20 bytes). */
export function fmtMB(bytes: number, digits = 2): string {
  return (bytes / 1048576).toFixed(digits);
}

export function fmtPct(fraction: number, digits = 1): string {
  return `${(fraction * 100).toFixed(digits)}%`;
}

export function requestName(kind: number): string {
  return REQUEST_NAMES[kind] ?? `request kind ${kind}`;
}

export function areaName(area: number): string {
  return AREA_NAMES[area] ?? `area ${area}`;
}

/** DiskEnd packs the request kind and the transfer time into `a`. */
export function decodeDiskEnd(a: number, b: number, c: number): {
  kind: RequestKind;
  transferNs: number;
  seekNs: number;
  rotationNs: number;
} {
  return { kind: (a % 256) as RequestKind, transferNs: Math.floor(a / 256), seekNs: b, rotationNs: c };
}

/** DiskStart packs the seek's source and destination cylinders into `c`. */
export function decodeCylinders(c: number): { from: number; to: number } {
  return { from: Math.floor(c / TWO_32), to: c % TWO_32 };
}

/** One sentence describing a trace record. */
export function describeRecord(
  kind: number,
  entity: number,
  a: number,
  b: number,
  c: number,
  objectsPerPage: number,
): string {
  const page = (oid: number) => (objectsPerPage > 0 ? Math.floor(oid / objectsPerPage) : NaN);
  switch (kind as RecordKind) {
    case RecordKind.DiskStart: {
      const { from, to } = decodeCylinders(c);
      const move = from === to ? `head stays at cylinder ${to}` : `seek cylinder ${from} → ${to}`;
      return `disk: starts ${requestName(a)} of page ${entity} at address ${b}, ${move}`;
    }
    case RecordKind.DiskEnd: {
      const d = decodeDiskEnd(a, b, c);
      return (
        `disk: ${requestName(d.kind)} of page ${entity} done, seek ${fmtMs(d.seekNs, 2)} ms, ` +
        `rotation ${fmtMs(d.rotationNs, 2)} ms, transfer ${fmtMs(d.transferNs, 2)} ms`
      );
    }
    case RecordKind.MobInsert:
      return `MOB: inserts object ${entity} (page ${page(entity)}, ${areaName(a)}) at log index ${b}`;
    case RecordKind.MobSupersede:
      return `MOB: object ${entity} (page ${page(entity)}) superseded by a newer version (absorbed)`;
    case RecordKind.MobRemove:
      return `MOB: object ${entity} (page ${page(entity)}) installed on disk and removed`;
    case RecordKind.FlusherStart:
      return `flusher: pass starts with ${a} page${a === 1 ? '' : 's'}, MOB holds ${fmtMB(b)} MB, scanned to log index ${c}`;
    case RecordKind.FlusherPage:
      return `flusher: page ${entity} (batch position ${b}) has ${a} pending modification${a === 1 ? '' : 's'}`;
    case RecordKind.PageWrite:
      return `page ${entity} written, installing ${a} modification${a === 1 ? '' : 's'}`;
    case RecordKind.Fetch:
      return `client ${entity} fetches object ${a} (page ${page(a)})`;
    case RecordKind.CacheHit:
      return `server: page ${entity} in memory, answers client ${a}`;
    case RecordKind.CacheMiss:
      return `server: page ${entity} not in memory for client ${a}, reads it from disk`;
    case RecordKind.Commit:
      return `client ${entity} commits ${a} modified object${a === 1 ? '' : 's'} at log index ${b}`;
    case RecordKind.CommitWait:
      return `client ${entity} waits: the MOB has no room for its commit`;
    case RecordKind.TxnEnd:
      return `client ${entity} ends its transaction`;
    default:
      return `record kind ${kind}, entity ${entity}, a ${a}, b ${b}, c ${c}`;
  }
}
