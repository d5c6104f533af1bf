// For the views' tests that mount a view in jsdom: React's act() environment, and a layout, which
// jsdom has none of (every element measures `width` × `height` CSS px).

export function layOutJsdom(width = 600, height = 420): void {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  Element.prototype.getBoundingClientRect = () => ({ left: 0, top: 0, right: width, bottom: height, width, height }) as DOMRect;
}
