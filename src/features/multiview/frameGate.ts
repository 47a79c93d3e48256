/**
 * Runs jobs one at a time, each in a frame of its own: a job starts only after the previous one
 * settled and a new frame began (`schedule`, in the browser requestAnimationFrame then a task, so
 * the job runs right after a frame was produced, with a whole frame's budget ahead). The wall
 * decodes its preview images through it: parsing one SVG test card costs the main thread ~4–8 ms,
 * and an 8×8 wall refreshes 64 of them every 5 s (PREVIEW_REFRESH_MS); several finishing in the
 * same frame would drop it.
 */
export class FrameGate {
  private tail: Promise<void> = Promise.resolve();
  /** Jobs started so far (for tests). */
  started = 0;

  constructor(private readonly schedule: (callback: () => void) => void) {}

  /** `job`'s result, once its turn came; a job that throws does not stop the ones after it. */
  run<T>(job: () => Promise<T>): Promise<T> {
    const result = this.tail
      .then(() => new Promise<void>((resolve) => this.schedule(resolve)))
      .then(() => {
        this.started += 1;
        return job();
      });
    this.tail = result.then(
      () => undefined,
      () => undefined,
    );
    return result;
  }
}

/** requestAnimationFrame, then a task: the callback runs after that frame's work. */
export function afterNextFrame(callback: () => void): void {
  requestAnimationFrame(() => setTimeout(callback, 0));
}
