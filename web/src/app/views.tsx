// The view registry: the views engineer's components in web/src/views/, loaded lazily by name.
// A view that does not exist (yet) or throws renders a labelled placeholder instead, so the lab
// keeps working around it.
import { Component, lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import type { ViewProps } from '../views/contract';

type ViewModule = { default: ComponentType<ViewProps> };
const modules = import.meta.glob<ViewModule>(['../views/*.tsx', '!../views/*.test.tsx']);

export const VIEW_NAMES = ['SystemDiagram', 'MobView', 'DiskView', 'CacheView', 'Charts', 'EventLog', 'Inspector'] as const;
export type ViewName = (typeof VIEW_NAMES)[number];

export const VIEW_TITLES: Record<ViewName, string> = {
  SystemDiagram: 'System: clients, network, server, disk',
  MobView: 'Modified object buffer (MOB)',
  DiskView: 'Disk: platter, head and queue',
  CacheView: 'Server page cache',
  Charts: 'Charts over time',
  EventLog: 'Event log',
  Inspector: 'Inspector',
};

const HINTS: Record<ViewName, string> = {
  SystemDiagram: 'Clients fetch and commit through the network to the server, which reads and writes the disk.',
  MobView: 'The MOB as a log strip: chunks in commit order coloured hot, warm or cold, the 99% trigger line and the flusher’s 1% scan window.',
  DiskView: 'Top view of the platter with the head sweeping the database band; each request coloured fetch read, installation read or page write.',
  CacheView: 'Server cache frames from most to least recently used.',
  Charts: 'Throughput, disk utilisation by request type, MOB occupancy and server cache hit ratio.',
  EventLog: 'Every engine event, newest last, filterable by kind.',
  Inspector: 'Click anything in a view to see its full state here.',
};

export function parseViewList(s: string | null | undefined): ViewName[] {
  if (!s) return [];
  return s
    .split(',')
    .map((x) => x.trim())
    .filter((x): x is ViewName => (VIEW_NAMES as readonly string[]).includes(x));
}

const lazyViews = new Map<ViewName, ComponentType<ViewProps>>();
function lazyView(name: ViewName): ComponentType<ViewProps> | null {
  const loader = modules[`../views/${name}.tsx`];
  if (!loader) return null;
  let c = lazyViews.get(name);
  if (!c) {
    c = lazy(loader);
    lazyViews.set(name, c);
  }
  return c;
}

class Boundary extends Component<{ name: string; children: ReactNode }, { error: string | null }> {
  state = { error: null as string | null };
  static getDerivedStateFromError(e: unknown) {
    return { error: String(e) };
  }
  render() {
    if (this.state.error) {
      return (
        <div className="view-placeholder view-error" role="alert">
          This view failed: {this.state.error}. The rest of the lab keeps running; reload to try again.
        </div>
      );
    }
    return this.props.children;
  }
}

export function ViewPanel({ name, props, className }: { name: ViewName; props: ViewProps; className?: string }) {
  const V = lazyView(name);
  return (
    <section className={`panel view-${name} ${className ?? ''}`} data-panel={name} aria-label={VIEW_TITLES[name]}>
      <h2 className={V ? 'panel-title sr-only' : 'panel-title'}>{VIEW_TITLES[name]}</h2>
      <div className="panel-body">
        {V ? (
          <Boundary name={name}>
            <Suspense fallback={<div className="view-placeholder">Loading {VIEW_TITLES[name]}…</div>}>
              <V {...props} />
            </Suspense>
          </Boundary>
        ) : (
          <div className="view-placeholder">
            <strong>{VIEW_TITLES[name]}</strong> is not available in this build. {HINTS[name]}
          </div>
        )}
      </div>
    </section>
  );
}
