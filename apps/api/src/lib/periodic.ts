/**
 * A job that runs now and then every `intervalMs` while started, one pass at a time: a tick that finds a pass
 * still running is skipped. The timer does not keep the process alive; `stop` waits for the pass under way.
 * A pass that fails is reported to `onError` and the next tick runs as usual.
 */
export class Periodic {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly pass: () => Promise<unknown>,
    private readonly intervalMs: number,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** Runs a pass now and resolves when it has ended; the ticks follow. */
  async start(): Promise<void> {
    if (this.timer) return;
    this.timer = setInterval(() => {
      this.runOnce();
    }, this.intervalMs);
    this.timer.unref();
    this.runOnce();
    await this.running;
  }

  private runOnce(): void {
    if (this.running) return;
    this.running = this.pass()
      .then(() => undefined, this.onError)
      .finally(() => {
        this.running = undefined;
      });
  }

  /** Stops the ticks and waits for a pass under way. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }
}
