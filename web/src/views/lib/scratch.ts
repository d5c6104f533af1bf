// Typed arrays a view fills and reads within one draw, reused from draw to draw. A browser pays
// microseconds for each new typed array (an ArrayBuffer the embedder allocates, zeroes and counts
// as external memory, which brings garbage collections on sooner): a view drawing dozens of them
// on every frame spent a millisecond on it.

type Typed = Float64Array | Float32Array | Uint32Array | Uint16Array | Uint8Array | Int8Array;

const held = new Map<string, Typed>();

/** A zeroed typed array of `n` elements of `Type`, the one `key` was given last time when it is as
 * long (so every user of an array names its own key). Valid until the next call with `key`: fill
 * and read it within one draw, never keep it. */
export function scratch<T extends Typed>(key: string, Type: { new (n: number): T }, n: number): T {
  const a = held.get(key);
  if (a instanceof Type && a.length === n) {
    a.fill(0);
    return a;
  }
  const made = new Type(n);
  held.set(key, made);
  return made;
}
