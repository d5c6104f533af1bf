// <storelab-scenario>: one script and one tag show a Storelab run in any page (docs/embedding.md).
//   <script type="module" src="https://example.org/storelab/storelab-scenario.js"></script>
//   <storelab-scenario scenario="mob-default" views="MobView,DiskView" seed="1" speed="20" autoplay></storelab-scenario>
// The element reserves its size and shows a poster; within a viewport of being seen (or as soon
// as it shows, with loading="eager") it opens the lab's embed page in a frame inside its shadow
// root, which runs its own engine worker on the engine compiled once for the page (broker.ts).
// It pauses the run while off screen or while the tab is hidden, and plays it again when seen;
// inside a closed <details> it waits until opened. It fires load, timeupdate, play, pause, ended
// and error; its own errors show inside it.
import { ATTRIBUTES, readAttributes, type ElementConfig } from './attributes';
import { engineFor, forget, holds } from './broker';
import { isFromFrame, type FromFrame, type ToFrame } from './messages';
import { ELEMENT_STYLE } from './style';

/** How long the frame may take to say it listens before the element says the lab is not there. */
const FRAME_TIMEOUT_MS = 30_000;
/** The height reserved without height= or aspect-ratio=, until the run says what it needs. */
const DEFAULT_HEIGHT_PX = 480;

let sheet: CSSStyleSheet | null = null;

export class StorelabScenario extends HTMLElement {
  static readonly observedAttributes = ATTRIBUTES;

  readonly #root = this.attachShadow({ mode: 'open' });
  #config: ElementConfig | null = null;
  #box: HTMLDivElement | null = null;
  #frame: HTMLIFrameElement | null = null;
  #frameWindow: Window | null = null;
  #origin = '';
  #observers: { disconnect(): void }[] = [];
  #timer: ReturnType<typeof setTimeout> | undefined;
  #loadStart = 0;
  #visible = false;
  #autoPaused = false;
  #loaded = false;
  /** Whether the frame has its engine, and whether it came from another frame. */
  #hasEngine = false;
  #sharedEngine = false;
  #state = { time: 0, playing: false, ended: false };
  #pending = false;

  /** The run's simulated time, in seconds. */
  get currentTime(): number {
    return this.#state.time;
  }
  get paused(): boolean {
    return !this.#state.playing;
  }
  get ended(): boolean {
    return this.#state.ended;
  }
  play(): void {
    this.#post({ storelab: 'play' });
  }
  pause(): void {
    this.#autoPaused = false;
    this.#post({ storelab: 'pause' });
  }

  connectedCallback(): void {
    this.#setUp();
  }
  disconnectedCallback(): void {
    this.#tearDown();
  }
  attributeChangedCallback(): void {
    this.#renew();
  }

  /** Loads anew once, after a batch of changes (several attributes, the inline scenario). */
  #renew(): void {
    // Not before the first set-up (an upgrade reports each attribute, then connects).
    if (!this.isConnected || !this.#box || this.#pending) return;
    this.#pending = true;
    queueMicrotask(() => {
      this.#pending = false;
      if (!this.isConnected) return;
      this.#tearDown();
      this.#setUp();
    });
  }

  #setUp(): void {
    if (this.#box) return;
    sheet ??= new CSSStyleSheet();
    if (sheet.cssRules.length === 0) sheet.replaceSync(ELEMENT_STYLE);
    this.#root.adoptedStyleSheets = [sheet];
    const inline = this.querySelector(':scope > script[type="text/toml"]');
    const config = readAttributes((name) => this.getAttribute(name), inline ? (inline.textContent ?? '') : null, import.meta.url);
    this.#config = config;
    const box = document.createElement('div');
    box.className = 'box';
    box.setAttribute('part', 'box');
    if (config.aspectRatio) box.style.aspectRatio = config.aspectRatio;
    else box.style.height = `${config.height ?? DEFAULT_HEIGHT_PX}px`;
    this.#box = box;
    this.#root.replaceChildren(box);
    // The inline scenario, as the parser adds it or a script edits it.
    const children = new MutationObserver(() => this.#renew());
    children.observe(this, { childList: true, subtree: true, characterData: true });
    this.#observers.push(children);
    if (config.errors.length) {
      this.#fail(`the element's attributes: ${config.errors.join('; ')}.`);
      return;
    }
    box.append(this.#poster(config));
    // Seen: pause off screen, play again when back.
    const seen = new IntersectionObserver((entries) => {
      this.#visible = entries[entries.length - 1].isIntersecting;
      this.#sync();
    });
    seen.observe(this);
    this.#observers.push(seen);
    document.addEventListener('visibilitychange', this.#onVisibility);
    // Near: a viewport's margin (lazy); eager loads once the element has a box to show in.
    const near =
      config.loading === 'lazy'
        ? new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && this.#load(), { rootMargin: '100% 0px' })
        : new ResizeObserver(() => this.checkVisibility() && this.#load());
    near.observe(this);
    this.#observers.push(near);
  }

  #tearDown(): void {
    for (const o of this.#observers) o.disconnect();
    this.#observers = [];
    clearTimeout(this.#timer);
    document.removeEventListener('visibilitychange', this.#onVisibility);
    window.removeEventListener('message', this.#onMessage);
    if (this.#frameWindow) forget(this.#frameWindow, this.#origin);
    this.#root.replaceChildren();
    this.#box = this.#frame = this.#frameWindow = this.#config = null;
    this.#loaded = this.#autoPaused = this.#visible = this.#hasEngine = this.#sharedEngine = false;
    this.#state = { time: 0, playing: false, ended: false };
  }

  #poster(config: ElementConfig): HTMLElement {
    const poster = document.createElement('div');
    poster.className = 'poster';
    poster.setAttribute('part', 'poster');
    if (config.poster) {
      const img = document.createElement('img');
      img.src = config.poster;
      img.alt = '';
      poster.append(img);
    }
    const card = document.createElement('div');
    card.className = 'card';
    const brand = document.createElement('span');
    brand.className = 'brand';
    brand.textContent = 'Storelab';
    const what = document.createElement('span');
    what.className = 'what';
    what.textContent = config.views.length ? `${config.label} · ${config.views.join(', ')}` : config.label;
    const status = document.createElement('button');
    status.type = 'button';
    status.className = 'status';
    status.textContent = 'Load the simulation';
    status.addEventListener('click', () => this.#load());
    card.append(brand, what, status);
    poster.append(card);
    return poster;
  }

  /** Opens the frame (once). */
  #load(): void {
    const config = this.#config;
    if (!config || !this.#box || this.#frame) return;
    this.#loadStart = performance.now();
    this.#origin = new URL(config.src).origin;
    const status = this.#box.querySelector('.status');
    if (status) {
      status.textContent = 'Loading the simulation…';
      status.setAttribute('disabled', '');
    }
    window.addEventListener('message', this.#onMessage);
    const frame = document.createElement('iframe');
    frame.title = `Storelab: ${config.label}`;
    frame.src = config.src;
    frame.className = 'frame';
    this.#box.append(frame);
    this.#frame = frame;
    this.#frameWindow = frame.contentWindow;
    this.#timer = setTimeout(
      () => this.#fail(`the lab at ${config.src.replace(/[?#].*/, '')} did not answer in ${FRAME_TIMEOUT_MS / 1000} s: host embed/ and assets/ beside storelab-scenario.js (all of web/dist), or give lab="…" the folder that holds them.`),
      FRAME_TIMEOUT_MS,
    );
  }

  readonly #onMessage = (event: MessageEvent) => {
    if (event.source !== this.#frameWindow || event.origin !== this.#origin || !isFromFrame(event.data)) return;
    this.#take(event.data);
  };

  #take(msg: FromFrame): void {
    const win = this.#frameWindow!;
    switch (msg.storelab) {
      case 'hello':
        clearTimeout(this.#timer);
        engineFor(win, this.#origin);
        break;
      case 'module':
        this.#hasEngine = true;
        this.#sharedEngine = msg.shared;
        holds(win, this.#origin);
        break;
      case 'load':
        this.#reveal();
        if (this.#config && !this.#config.height && !this.#config.aspectRatio && this.#box) this.#box.style.height = `${msg.height}px`;
        if (!this.#loaded) {
          this.#loaded = true;
          this.#emit('load', { msToFirstFrame: performance.now() - this.#loadStart, sharedEngine: this.#sharedEngine });
        }
        break;
      case 'state': {
        const was = this.#state;
        this.#state = { time: msg.time, playing: msg.playing, ended: msg.ended };
        if (msg.time !== was.time) this.#emit('timeupdate', { time: msg.time });
        if (msg.playing !== was.playing) this.#emit(msg.playing ? 'play' : 'pause', { time: msg.time });
        if (msg.ended && !was.ended) this.#emit('ended', { time: msg.time });
        this.#sync();
        break;
      }
      case 'error':
        // The frame shows what stops it, in place of the run. One that failed to get its engine
        // compiles none for the frames waiting on it: another is asked to.
        clearTimeout(this.#timer);
        if (!this.#hasEngine) forget(win, this.#origin);
        this.#reveal();
        this.#emit('error', { message: msg.message });
        break;
    }
  }

  #reveal(): void {
    this.#frame?.classList.add('shown');
    this.#box?.querySelector('.poster')?.remove();
  }

  /** Shows what stops the element in it, and tells the page. */
  #fail(message: string): void {
    if (!this.#box) return;
    const error = document.createElement('div');
    error.className = 'error';
    error.setAttribute('role', 'alert');
    error.textContent = `Storelab cannot show this scenario: ${message}`;
    this.#box.replaceChildren(error);
    this.#frame = null;
    this.#emit('error', { message });
  }

  /** Pauses a run that cannot be seen (off screen, or the tab hidden); plays it again, when it
   * was playing, once it can. */
  #sync(): void {
    const seen = this.#visible && document.visibilityState === 'visible';
    if (!seen && this.#state.playing) {
      this.#autoPaused = true;
      this.#post({ storelab: 'pause' });
    } else if (seen && this.#autoPaused) {
      this.#autoPaused = false;
      this.#post({ storelab: 'play' });
    }
  }

  readonly #onVisibility = () => this.#sync();

  #post(msg: ToFrame): void {
    this.#frameWindow?.postMessage(msg, this.#origin);
  }

  #emit(type: string, detail: object): void {
    this.dispatchEvent(new CustomEvent(type, { detail }));
  }
}

if (!customElements.get('storelab-scenario')) customElements.define('storelab-scenario', StorelabScenario);

declare global {
  interface HTMLElementTagNameMap {
    'storelab-scenario': StorelabScenario;
  }
}
