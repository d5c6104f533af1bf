/** A fixed-capacity ring buffer, oldest first. Views keep bounded histories in these. */
export class Ring<T> {
  private buf: (T | undefined)[];
  private head = 0; // index of the oldest element
  private n = 0;

  constructor(readonly capacity: number) {
    if (!(capacity > 0)) throw new Error('Ring capacity must be positive');
    this.buf = new Array(capacity);
  }

  get size(): number {
    return this.n;
  }

  push(x: T): void {
    if (this.n < this.capacity) {
      this.buf[(this.head + this.n) % this.capacity] = x;
      this.n++;
    } else {
      this.buf[this.head] = x;
      this.head = (this.head + 1) % this.capacity;
    }
  }

  /** i = 0 is the oldest element. */
  get(i: number): T {
    if (i < 0 || i >= this.n) throw new RangeError(`Ring index ${i} out of 0..${this.n - 1}`);
    return this.buf[(this.head + i) % this.capacity] as T;
  }

  last(): T | undefined {
    return this.n === 0 ? undefined : this.get(this.n - 1);
  }

  clear(): void {
    this.buf = new Array(this.capacity);
    this.head = 0;
    this.n = 0;
  }

  toArray(): T[] {
    const out: T[] = new Array(this.n);
    for (let i = 0; i < this.n; i++) out[i] = this.get(i);
    return out;
  }

  /** Drop the oldest elements while `pred` holds for them. */
  dropWhile(pred: (x: T) => boolean): void {
    while (this.n > 0 && pred(this.buf[this.head] as T)) {
      this.buf[this.head] = undefined;
      this.head = (this.head + 1) % this.capacity;
      this.n--;
    }
  }
}
