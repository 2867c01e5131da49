/**
 * One list of records (drafts, snippets, groups, ...) as a screen shows it: every page fetched
 * in turn, and fetched again whenever main says the list changed (records:changed) or the
 * transport came back after a drop.
 */
import type { Events } from '../../common/ipc/contract';
import type { Page, RecordArea } from '../../common/model';
import type { BridgeClient } from '../lib/bridge';
import { errorText } from '../lib/errors';

/** Enough for any organization's settings lists; a bigger list is cut, and says so. */
const MAX_PAGES = 20;
const PAGE_LIMIT = 500;

export type PageFetcher<T> = (cursor: string | undefined, limit: number) => Promise<Page<T>>;

export class RecordList<T> {
  items = $state.raw<T[]>([]);
  loaded = $state(false);
  loading = $state(false);
  error = $state<string | null>(null);
  /** More pages existed than we fetch. */
  truncated = $state(false);

  private readonly stops: Array<() => void>;
  private generation = 0;

  constructor(
    bridge: BridgeClient,
    accountId: string,
    areas: readonly RecordArea[],
    private readonly fetchPage: PageFetcher<T>,
    /** Pages fetched at most; the admin Users list raises it to hold a 30,000-person organization. */
    private readonly maxPages = MAX_PAGES,
    /** Whether a change to one of `areas` concerns this list (by default, every one does). */
    concerns: (change: Events['records:changed']) => boolean = () => true,
  ) {
    this.stops = [
      bridge.on('records:changed', (p) => {
        if (p.accountId === accountId && p.areas.some((a) => areas.includes(a)) && concerns(p)) void this.load();
      }),
      bridge.onReconnect(() => void this.load()),
    ];
  }

  async load(): Promise<void> {
    const generation = ++this.generation;
    this.loading = true;
    try {
      const items: T[] = [];
      let cursor: string | undefined;
      let pages = 0;
      let next: string | null = null;
      do {
        const page = await this.fetchPage(cursor, PAGE_LIMIT);
        items.push(...page.items);
        next = page.next;
        cursor = next ?? undefined;
        // The first load shows its first page at once, so a long list has rows while the rest comes.
        if (!this.loaded && pages === 0 && next !== null && generation === this.generation) this.items = [...items];
      } while (next !== null && ++pages < this.maxPages);
      if (generation !== this.generation) return;
      this.items = items;
      this.truncated = next !== null;
      this.error = null;
    } catch (error) {
      if (generation === this.generation) this.error = errorText(error);
    } finally {
      if (generation === this.generation) {
        this.loading = false;
        this.loaded = true;
      }
    }
  }

  dispose(): void {
    this.generation++;
    for (const stop of this.stops) stop();
  }
}
