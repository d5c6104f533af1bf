// For tests: an ImageData as Node lacks one (the canvas drawing code makes them with `new
// ImageData(w, h)` and writes their pixels).
export class FakeImageData {
  data: Uint8ClampedArray;
  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.data = new Uint8ClampedArray(width * height * 4);
  }
}
