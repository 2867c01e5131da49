/**
 * Message search: the query, its results (newest first, cached and server merged by main),
 * and whether the server took part. Each page is asked for twice at once: the cache's answer,
 * shown as soon as it comes, and the merged one, which replaces it when the server has answered
 * (or failed), so a slow server never holds back what this computer already has. "More" pages on
 * from the oldest result shown.
 */
import type { MessageView, SearchPhase } from '../../common/model';
import type { BridgeClient } from '../lib/bridge';
import { errorText } from '../lib/errors';

export const SEARCH_LIMIT = 50;

export class SearchState {
  query = $state('');
  /** The query the results belong to (the box may have changed since). */
  searched = $state<string | null>(null);
  results = $state.raw<MessageView[]>([]);
  serverConsulted = $state(false);
  serverError = $state<string | null>(null);
  /** The final (merged) answer of the page being fetched has not come yet. */
  loading = $state(false);
  /** The cache's answer is shown and the server's is still on its way. */
  serverPending = $state(false);
  error = $state<string | null>(null);
  /** A page came back short: there is nothing older to find. */
  exhausted = $state(false);

  private generation = 0;

  constructor(
    private readonly bridge: BridgeClient,
    private readonly accountId: string,
  ) {}

  async run(query: string = this.query): Promise<void> {
    const text = query.trim();
    this.query = query;
    if (text === '') {
      this.error = 'Type something to search for.';
      return;
    }
    const generation = ++this.generation;
    this.searched = text;
    this.results = [];
    this.exhausted = false;
    await this.fetch(generation, text, undefined);
  }

  async more(): Promise<void> {
    const text = this.searched;
    const oldest = this.results.at(-1);
    if (text === null || !oldest || this.loading || this.exhausted) return;
    await this.fetch(this.generation, text, oldest.id);
  }

  private async fetch(generation: number, query: string, below: number | undefined): Promise<void> {
    this.loading = true;
    this.error = null;
    const earlier = this.results;
    let merged = false;
    const ask = (phase: SearchPhase) =>
      this.bridge.call('search:query', { accountId: this.accountId, query, below, limit: SEARCH_LIMIT, phase });
    const fromCache = ask('cache').then(
      (result) => {
        if (generation !== this.generation || merged) return;
        this.results = withNew(earlier, result.messages);
        this.serverPending = true;
      },
      // A refused query fails both phases: the merged answer's failure is the one shown.
      () => {},
    );
    try {
      const result = await ask('merged');
      merged = true;
      if (generation !== this.generation) return;
      this.results = withNew(earlier, result.messages);
      this.serverConsulted = result.serverConsulted;
      this.serverError = result.serverError ?? null;
      this.exhausted = result.messages.length < SEARCH_LIMIT;
    } catch (error) {
      if (generation === this.generation) this.error = errorText(error);
    } finally {
      merged = true;
      if (generation === this.generation) {
        this.loading = false;
        this.serverPending = false;
      }
    }
    await fromCache;
  }
}

/** `earlier` followed by the messages of `page` it does not hold yet. */
function withNew(earlier: MessageView[], page: MessageView[]): MessageView[] {
  const known = new Set(earlier.map((m) => m.id));
  return [...earlier, ...page.filter((m) => !known.has(m.id))];
}
