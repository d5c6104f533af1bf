// Pieces the Inspector's panels share: a key–value list and a link that inspects a page.
import type { ReactNode } from 'react';
import type { ViewProps } from '../contract';

export function KV({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="sl-kv">
      {rows.map(([k, v]) => (
        <div key={k} style={{ display: 'contents' }}>
          <dt>{k}</dt>
          <dd>{v}</dd>
        </div>
      ))}
    </dl>
  );
}

export function PageLink({ page, select }: { page: number; select: ViewProps['select'] }) {
  return (
    <button type="button" className="sl-btn" style={{ padding: '0 4px' }} onClick={() => select({ kind: 'page', id: page })}>
      {page}
    </button>
  );
}
