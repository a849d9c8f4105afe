import type { Io } from './context';

/**
 * A progress bar on one line of stderr (`label [#####-----] 52% 5,200/10,000`), redrawn at most every 100 ms and
 * finished with done(). Shown only when the Io has a progress channel (main.ts gives one when stderr is a terminal),
 * so piped output and tests stay clean.
 */
export class Progress {
  private done_ = 0;
  private lastDraw = 0;

  constructor(
    private readonly io: Io,
    private readonly label: string,
    public total = 0,
  ) {}

  setTotal(total: number): void {
    this.total = total;
    this.draw(true);
  }

  tick(n = 1): void {
    this.update(this.done_ + n);
  }

  update(done: number, total = this.total): void {
    this.done_ = done;
    this.total = total;
    this.draw(false);
  }

  finish(): void {
    this.draw(true);
    this.io.progress?.('');
  }

  private draw(force: boolean): void {
    if (!this.io.progress) return;
    const now = Date.now();
    if (!force && now - this.lastDraw < 100) return;
    this.lastDraw = now;
    const n = (v: number) => v.toLocaleString('en-US');
    if (this.total > 0) {
      const ratio = Math.min(1, this.done_ / this.total);
      const width = 24;
      const filled = Math.round(ratio * width);
      this.io.progress(
        `${this.label} [${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${Math.floor(ratio * 100)}% ${n(this.done_)}/${n(this.total)}`,
      );
    } else {
      this.io.progress(`${this.label} ${n(this.done_)}`);
    }
  }
}
