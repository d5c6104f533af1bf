// Dense strips drawn per device-pixel column: drawing tens of thousands of items as rectangles
// (even batched into one path per colour) costs a software canvas 15–20 ms a frame; accumulating
// per column and writing the pixels with one putImageData costs well under a millisecond.

/** The red, green and blue of a `#rrggbb` colour. */
export function rgb(hex: string): [number, number, number] {
  const v = parseInt(hex.slice(1), 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}

/** An opaque `#rrggbb` colour as one pixel of an ImageData viewed as a Uint32Array. */
export function pixel(hex: string): number {
  const [r, g, b] = rgb(hex);
  return (0xff000000 | (b << 16) | (g << 8) | r) >>> 0;
}

const images = new Map<string, ImageData>();

/** A w × h ImageData to draw into, reused from call to call (its pixels are left as they were). */
export function scratchImage(w: number, h: number): ImageData {
  const key = `${w}x${h}`;
  let img = images.get(key);
  if (!img) {
    if (images.size >= 8) images.clear(); // sizes left behind by resizing
    img = new ImageData(w, h);
    images.set(key, img);
  }
  return img;
}

/** Fill each run of consecutive columns whose `flags` equal `value` as one rectangle from CSS y
 * to y + h; column c sits at CSS x0 + c / dpr. */
export function fillRuns(ctx: CanvasRenderingContext2D, flags: Uint8Array, value: number, x0: number, dpr: number, y: number, h: number, pad = 0): void {
  for (let c = 0; c < flags.length; c++) {
    if (flags[c] !== value) continue;
    let e = c + 1;
    while (e < flags.length && flags[e] === value) e++;
    ctx.fillRect(x0 + c / dpr - pad, y, (e - c) / dpr + 2 * pad, h);
    c = e;
  }
}
