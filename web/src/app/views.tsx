// The views, loaded lazily by name: the shared ones and each system's, as the registry
// (systems/index.ts) lists them. Which views the lab shows, with which titles and hints, is the
// loaded system's to say (SystemDescription.views). A view that does not exist (yet) or throws
// renders a labelled placeholder instead, so the lab keeps working around it.
import { Component, lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import type { SystemDescription, ViewInfo } from '../engine/types';
import type { ViewProps } from '../views/contract';
import { viewLoader } from '../systems';

/** The system's views named in `names`, in that order; all of them when `names` is empty. */
export function systemViews(description: SystemDescription | null, names: readonly string[] = []): ViewInfo[] {
  const views = description?.views ?? [];
  if (names.length === 0) return views;
  return names.flatMap((n) => views.filter((v) => v.view === n));
}

const lazyViews = new Map<string, ComponentType<ViewProps>>();
function lazyView(name: string): ComponentType<ViewProps> | null {
  const loader = viewLoader(name);
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

/** A view in its panel; `height`, the panel's (the embed's, from `viewHeight`; the lab's grid
 * sizes its panels itself). */
export function ViewPanel({ info, props, className, height }: { info: ViewInfo; props: ViewProps; className?: string; height?: number }) {
  const { view: name, title, hint } = info;
  const V = lazyView(name);
  return (
    <section className={`panel view-${name} ${className ?? ''}`} data-panel={name} aria-label={title} title={hint} style={height ? { height } : undefined}>
      <h2 className={V ? 'panel-title sr-only' : 'panel-title'}>{title}</h2>
      <div className="panel-body">
        {V ? (
          <Boundary name={name}>
            <Suspense fallback={<div className="view-placeholder">Loading {title}…</div>}>
              <V {...props} />
            </Suspense>
          </Boundary>
        ) : (
          <div className="view-placeholder">
            <strong>{title}</strong> is not available in this build. {hint}
          </div>
        )}
      </div>
    </section>
  );
}
