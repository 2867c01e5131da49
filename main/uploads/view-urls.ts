/**
 * Temporary URLs for showing uploads in the renderer, which never holds the key. Zulip's last a
 * minute; one is reused for 45 s, so a list of messages with the same image asks once, and a
 * view opened later gets a fresh one. Asked at most once at a time per file.
 */
const REUSE_MS = 45_000;
/** Enough for every image of a long scroll; the oldest go first. */
const MAX_KEPT = 500;

export class ViewUrls {
  readonly #kept = new Map<string, { url: Promise<string>; at: number }>();

  constructor(
    private readonly ask: (accountId: string, path: string) => Promise<string>,
    private readonly now: () => number = Date.now,
  ) {}

  get(accountId: string, path: string): Promise<string> {
    const key = `${accountId}\n${path}`;
    const kept = this.#kept.get(key);
    if (kept && this.now() - kept.at < REUSE_MS) return kept.url;
    const url = this.ask(accountId, path);
    this.#kept.delete(key);
    this.#kept.set(key, { url, at: this.now() });
    // A failure is not kept: the next view asks again.
    url.catch(() => this.#kept.delete(key));
    while (this.#kept.size > MAX_KEPT) this.#kept.delete(this.#kept.keys().next().value!);
    return url;
  }
}
