/**
 * At most `perMinute` requests in any minute: background work (checking cached ranges again after
 * a gap) must not flood a server that thousands of clients wake up against at once.
 */
export class RequestBudget {
  /** When the requests of the last minute went out. */
  #sent: number[] = [];

  constructor(
    readonly perMinute: number,
    private readonly now: () => number = Date.now,
    private readonly sleep: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
  ) {}

  /** Resolves when one more request may go out (and counts it). */
  async take(): Promise<void> {
    for (;;) {
      const t = this.now();
      this.#sent = this.#sent.filter((at) => at > t - 60_000);
      if (this.#sent.length < this.perMinute) {
        this.#sent.push(t);
        return;
      }
      await this.sleep(this.#sent[0]! + 60_000 - t);
    }
  }
}
