/**
 * A page of messages as the renderer gets it (messages:page): the pager's answer turned into
 * views, the people it names that the cache lacks looked up, and, when the page reaches the
 * newest message, the account's unconfirmed sends of that conversation after it.
 */
import type { Anchor, MessagePage, Narrow } from '../../common/model';
import type { AccountStore } from '../store/account-store';
import { filterKey, keysOfMessage, narrowFilter } from '../store/narrows';
import type { AccountOutput } from './account-output';
import type { Pager, PageOptions } from './pager';
import { conversationNames, echoView, messageView, userLookup, type Self } from './views';

export interface MessagePageSource {
  store: AccountStore;
  pager: Pager;
  out: AccountOutput;
  self: Self;
}

export async function readMessagePage(
  source: MessagePageSource,
  narrow: Narrow,
  anchor: Anchor,
  before: number,
  after: number,
  o?: PageOptions,
): Promise<MessagePage> {
  const { store, pager, out, self } = source;
  const filter = narrowFilter(narrow, self.userId);
  const result = await pager.page(filter, anchor, before, after, o);
  const users = userLookup(store);
  const messages = result.messages.map((m) => messageView(m, users));
  out.noticeUsers(messages);
  if (result.foundNewest || anchor === 'newest') {
    // Unconfirmed sends sit after the newest message, as left (also offline, when the newest is unproven).
    const key = filterKey(filter);
    for (const e of store.outbox.all()) {
      if (keysOfMessage(e).includes(key)) messages.push(echoView(e, self, users));
    }
  }
  return {
    narrow,
    messages,
    foundOldest: result.foundOldest,
    foundNewest: result.foundNewest,
    fromCache: result.fromCache,
    names: conversationNames(store, narrow),
  };
}
