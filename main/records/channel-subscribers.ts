/**
 * A channel's subscribers, for its subscriber list: by name, a page at a time, from the cache.
 * On servers since FL 412 register gives a big channel (250 people or more) only part of its list
 * (include_subscribers "partial": its bots and recently active people). The first page of such a
 * channel asks the server for the whole list (GET /streams/{id}/members) and keeps it, so peer
 * events keep it exact from then on. Offline, or when the server says no, the page lists what the
 * cache holds and says that it is not the whole list.
 */
import type { SubscriberPage } from '../../common/model';
import type { ApiClient } from '../api';
import { getChannelSubscribers } from '../api/routes/channels';
import { IpcFailure } from '../failure';
import type { Logger } from '../log';
import type { AccountStore } from '../store/account-store';
import { decodeCursor, pageLimit, toPage } from './cursor';
import { channelInfo, userSummary } from './views';

export interface ChannelSubscribersDeps {
  store: AccountStore;
  client: ApiClient | null;
  log: Logger;
  /** The whole list was stored: the renderer's lists of subscribers and channels (counts) are stale. */
  onStored(channelId: number): void;
}

/** An event that wrote the list while the request was out makes the answer suspect: ask again, a few times. */
const ATTEMPTS = 3;
/** Longer than a page's wait: the list of a channel of 30,000 people is a few hundred kilobytes. */
const FETCH_TIMEOUT_MS = 20_000;

export class ChannelSubscribers {
  readonly #d: ChannelSubscribersDeps;
  /** One request per channel at a time: a second reader waits for the first one's answer. */
  readonly #fetching = new Map<number, Promise<void>>();

  constructor(deps: ChannelSubscribersDeps) {
    this.#d = deps;
  }

  async page(a: {
    channelId: number;
    cursor?: string | undefined;
    limit?: number | undefined;
  }): Promise<SubscriberPage> {
    const { store } = this.#d;
    const after = decodeCursor(a.cursor, ['string', 'number'] as const);
    const known = () => {
      const channel = store.channelDirectory.get(a.channelId);
      if (!channel) throw new IpcFailure('NOT_FOUND', 'That channel does not exist, or you cannot see it.');
      return channel;
    };
    known();
    // Later pages go on through what the first one found; fetching again mid-list would reorder it.
    if (after === null && !store.subscribers.isComplete(a.channelId)) await this.#fetchWhole(a.channelId);
    // Read again: events may have moved the count, or removed the channel, while the list was fetched.
    const channel = known();
    const page = toPage(store.userDirectory.subscribersPage(a.channelId, after, pageLimit(a.limit)), userSummary);
    return {
      ...page,
      complete: store.subscribers.isComplete(a.channelId),
      count: channelInfo(channel, store).subscriberCount,
    };
  }

  #fetchWhole(channelId: number): Promise<void> {
    const running = this.#fetching.get(channelId);
    if (running) return running;
    const done = this.#fetch(channelId).finally(() => this.#fetching.delete(channelId));
    this.#fetching.set(channelId, done);
    return done;
  }

  async #fetch(channelId: number): Promise<void> {
    const { store, client, log } = this.#d;
    if (!client) return;
    for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
      const mark = store.subscribers.writeMark(channelId);
      let ids: number[];
      try {
        ids = await getChannelSubscribers(client, channelId, { timeoutMs: FETCH_TIMEOUT_MS });
      } catch (e) {
        // Offline, or a private channel whose list the server keeps from us: the cache's part stands.
        log.info('could not fetch a channel subscriber list', { channelId, error: e });
        return;
      }
      if (!store.channelDirectory.get(channelId)) return;
      if (store.subscribers.storeFetched(channelId, ids, mark)) {
        this.#d.onStored(channelId);
        return;
      }
    }
    log.info('a channel subscriber list kept changing while it was fetched', { channelId });
  }
}
