/** The pager's MessageFetcher over GET /messages: narrows in the server's terms, results as cache values. */
import { getMessages, supports, toApiNarrow, type ApiClient } from '../api';
import { narrowOfFilter } from '../store/narrows';
import { toCachedMessage } from '../sync/convert';
import { NotConnectedError, type MessageFetcher } from './pager';

export function messageFetcher(client: ApiClient | null, featureLevel: () => number, selfId: number): MessageFetcher {
  return async (req) => {
    if (!client) throw new NotConnectedError('This account is signed out.');
    const level = featureLevel();
    const res = await getMessages(client, {
      anchor: req.anchor,
      num_before: req.before,
      num_after: req.after,
      include_anchor: req.includeAnchor,
      narrow: toApiNarrow(narrowOfFilter(req.filter, selfId), level, selfId),
      apply_markdown: true,
      client_gravatar: false,
      // With the empty_topic_name capability, "" stays "" here too.
      ...(supports(level, 'emptyTopic') ? { allow_empty_topic_name: true } : {}),
    });
    return {
      messages: res.messages.map((m) => toCachedMessage(m, m.flags ?? [])),
      foundOldest: res.found_oldest,
      foundNewest: res.found_newest,
    };
  };
}
