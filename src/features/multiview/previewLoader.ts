/**
 * Fetches the server's preview image of the visible tiles only, and refreshes each every
 * PREVIEW_REFRESH_MS (issue 5 item 4). At most MAX_PREVIEWS_IN_FLIGHT requests run at once; the
 * rest wait in a queue (visible order). A unit that leaves the screen is dropped from the queue,
 * its request aborted and its image released. Framework-free: React reads it through
 * subscribe/version (useSyncExternalStore).
 */

/** Each visible preview is fetched again this often (ms). */
export const PREVIEW_REFRESH_MS = 5_000;
/** Requests running at once (a 8×8 wall asks for 64 images). */
export const MAX_PREVIEWS_IN_FLIGHT = 4;
/** How often due previews are looked for (ms). */
export const PREVIEW_TICK_MS = 500;
/** After a failed fetch, wait this long before the next try of that unit (ms). */
export const PREVIEW_RETRY_MS = 10_000;

export interface PreviewLoaderDeps<T> {
  /** Fetches and decodes one preview; `bust` is a cache-busting value. */
  fetchPreview(unitId: string, bust: number, signal: AbortSignal): Promise<T>;
  /** Frees an image no longer shown (e.g. revokes its object URL). */
  release(image: T): void;
  now(): number;
  setInterval(callback: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

interface Entry<T> {
  image: T | null;
  /** When the last fetch ended (ms), or -Infinity before the first. */
  doneAt: number;
  failed: boolean;
  controller: AbortController | null;
}

export class PreviewLoader<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private visible: readonly string[] = [];
  private inFlight = 0;
  private readonly listeners = new Set<() => void>();
  private timer: unknown = null;
  /** Bumped whenever an image changes (the React snapshot). */
  version = 0;
  /** Requests started so far (for tests). */
  started = 0;

  constructor(private readonly deps: PreviewLoaderDeps<T>) {}

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  /** Starts the refresh timer (idempotent). */
  start(): void {
    if (this.timer === null) this.timer = this.deps.setInterval(() => this.pump(), PREVIEW_TICK_MS);
  }

  image(unitId: string): T | null {
    return this.entries.get(unitId)?.image ?? null;
  }

  get running(): number {
    return this.inFlight;
  }

  /** The units on screen, in drawing order (earlier ones are fetched first). */
  setVisible(unitIds: readonly string[]): void {
    this.visible = unitIds;
    const keep = new Set(unitIds);
    for (const [id, entry] of this.entries) {
      if (keep.has(id)) continue;
      entry.controller?.abort();
      if (entry.image !== null) this.deps.release(entry.image);
      this.entries.delete(id);
    }
    for (const id of unitIds) if (!this.entries.has(id)) this.entries.set(id, { image: null, doneAt: -Infinity, failed: false, controller: null });
    this.pump();
  }

  /** Starts due fetches up to the in-flight bound. */
  pump(): void {
    const now = this.deps.now();
    for (const id of this.visible) {
      if (this.inFlight >= MAX_PREVIEWS_IN_FLIGHT) return;
      const entry = this.entries.get(id);
      if (entry === undefined || entry.controller !== null) continue;
      const wait = entry.failed ? PREVIEW_RETRY_MS : PREVIEW_REFRESH_MS;
      if (now - entry.doneAt < wait) continue;
      this.fetch(id, entry, now);
    }
  }

  private fetch(id: string, entry: Entry<T>, now: number): void {
    const controller = new AbortController();
    entry.controller = controller;
    this.inFlight += 1;
    this.started += 1;
    const finish = (): void => {
      this.inFlight -= 1;
      entry.controller = null;
      entry.doneAt = this.deps.now();
    };
    this.deps.fetchPreview(id, now, controller.signal).then(
      (image) => {
        finish();
        if (controller.signal.aborted || this.entries.get(id) !== entry) {
          this.deps.release(image);
        } else {
          if (entry.image !== null) this.deps.release(entry.image);
          entry.image = image;
          entry.failed = false;
          this.version += 1;
          for (const listener of this.listeners) listener();
        }
        this.pump();
      },
      () => {
        finish();
        entry.failed = true;
        this.pump();
      },
    );
  }

  /** Stops the timer, aborts every request and releases every image. */
  dispose(): void {
    if (this.timer !== null) this.deps.clearInterval(this.timer);
    this.timer = null;
    this.setVisible([]);
  }
}
