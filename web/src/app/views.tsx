// The views, loaded lazily by name: the shared ones and each system's, as the registry
// (systems/index.ts) lists them. Which views the lab shows, with which titles and hints, is the
// loaded system's to say (SystemDescription.views). A view that does not exist (yet) or throws
// renders a labelled placeholder instead, so the lab keeps working around it.
import { Component, lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import type { SystemDescription, ViewInfo } from '../engine/types';
import type { ViewProps } from '../views/contract';
import { modulesOf, viewLoader } from '../systems';

/** The system's views named in `names`, in that order; all of them when `names` is empty. */
export function systemViews(description: SystemDescription | null, names: readonly string[] = []): ViewInfo[] {
  const views = description?.views ?? [];
  if (names.length === 0) return views;
  return names.flatMap((n) => views.filter((v) => v.view === n));
}

/** Views whose modules are in (`preloadViews`): they render at once. A lazy view suspends on its
 * first render even when its module is in, and React shows its fallback for a while after. */
const loadedViews = new Map<string, ComponentType<ViewProps>>();

/** Starts loading the modules of what a run of `kind` shows: the lab calls it as it opens one,
 * so the views render as soon as the engine has described the system. */
export function preloadViews(kind: string): void {
  const { views, parts } = modulesOf(kind);
  for (const [name, load] of views) load().then((m) => loadedViews.set(name, m.default), () => undefined);
  for (const load of parts) load().catch(() => undefined); // a failure shows where the part is used
}

/** The view's component: the same one for a name once it has rendered (another would remount it). */
const viewComponents = new Map<string, ComponentType<ViewProps>>();
function lazyView(name: string): ComponentType<ViewProps> | null {
  const loader = viewLoader(name);
  if (!loader) return null;
  let c = viewComponents.get(name);
  if (!c) {
    c = loadedViews.get(name) ?? lazy(loader);
    viewComponents.set(name, c);
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
