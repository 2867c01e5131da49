/**
 * Message search: the query, its results (newest first, cached and server merged by main),
 * and whether the server took part. "More" pages on from the oldest result shown.
 */
import type { MessageView } from '../../common/model';
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
  loading = $state(false);
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
    try {
      const result = await this.bridge.call('search:query', {
        accountId: this.accountId,
        query,
        below,
        limit: SEARCH_LIMIT,
      });
      if (generation !== this.generation) return;
      const known = this.results.map((m) => m.id);
      this.results = [...this.results, ...result.messages.filter((m) => !known.includes(m.id))];
      this.serverConsulted = result.serverConsulted;
      this.serverError = result.serverError ?? null;
      this.exhausted = result.messages.length < SEARCH_LIMIT;
    } catch (error) {
      if (generation === this.generation) this.error = errorText(error);
    } finally {
      if (generation === this.generation) this.loading = false;
    }
  }
}
