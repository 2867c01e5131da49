/**
 * search:query for one account in two phases. "cache": the cache's answer (FTS5 and the operator
 * indexes), at once and without touching the network, so a slow or absent server never delays
 * it. "merged": the server's search (GET /messages with a `search` narrow) as well; its results
 * are stored like any fetched message, then both lists are merged by ID, newest first. Offline,
 * or when the server fails, the merged answer is the cache's and says so.
 */
import type { MessageView, SearchPhase, SearchResult } from '../../common/model';
import { getMessages, supports, type ApiClient, type ApiNarrow } from '../api';
import type { Logger } from '../log';
import type { AccountStore } from '../store/account-store';
import { cacheFetchedSince } from '../store/merge-newer';
import { dmKeyOf } from '../store/narrows';
import type { LocalQuery } from '../store/repos/search';
import { toCachedMessage } from '../sync/convert';
import { messageView, userLookup } from '../accounts/views';
import { IS_OPERANDS, isEmptyQuery, parseSearchQuery, SearchQueryError, type ParsedQuery } from './query';
import { resolveQuery, type ResolvedQuery } from './resolve';

export { SearchQueryError };

/** A search answers within this long even when the server is slow; the cache has answered already. */
const SERVER_TIMEOUT_MS = 10_000;

export interface SearchDeps {
  store: AccountStore;
  /** Null when the account cannot ask its server (signed out). */
  client: ApiClient | null;
  featureLevel: () => number;
  log: Logger;
  /** The user's ID: a dm: conversation's key includes them. */
  selfUserId: number;
}

export interface SearchOptions {
  /** Paging: only messages with an ID below this (the oldest of the previous page). */
  below?: number;
  limit: number;
  phase: SearchPhase;
}

function localQuery(r: ResolvedQuery, selfId: number, opts: SearchOptions): LocalQuery | null {
  // An operand we could not resolve names nothing in the cache; only the server may know it.
  if (r.channelId === null || r.senderId === null || r.dmUserIds === null || r.dmIncludingId === null) return null;
  // Nor can the cache tell what it does not index (is:resolved, has:image, ...).
  if (r.parsed.serverOnly.length > 0) return null;
  return {
    words: r.parsed.words,
    ...(r.channelId !== undefined ? { channelId: r.channelId } : {}),
    ...(r.parsed.topic !== undefined ? { topic: r.parsed.topic } : {}),
    ...(r.senderId !== undefined ? { senderId: r.senderId } : {}),
    starred: r.parsed.starred,
    mentioned: r.parsed.mentioned,
    alerted: r.parsed.alerted,
    unread: r.parsed.unread,
    hasLink: r.parsed.hasLink,
    ...(r.dmUserIds !== undefined ? { dmKey: dmKeyOf([selfId, ...r.dmUserIds]) } : {}),
    ...(r.parsed.dmOnly ? { dmOnly: true } : {}),
    ...(r.dmIncludingId !== undefined ? { dmIncluding: r.dmIncludingId } : {}),
    ...(opts.below !== undefined ? { below: opts.below } : {}),
    limit: opts.limit,
  };
}

/** The server's narrow for a query, with operator names the server's level understands. */
export function serverNarrow(r: ResolvedQuery, featureLevel: number): ApiNarrow {
  const p: ParsedQuery = r.parsed;
  const narrow: ApiNarrow = [];
  if (p.channel !== undefined) {
    const operator = supports(featureLevel, 'channelNarrowOperator') ? 'channel' : 'stream';
    narrow.push({ operator, operand: r.channelId ?? p.channel });
  }
  if (p.topic !== undefined) narrow.push({ operator: 'topic', operand: p.topic });
  if (p.sender !== undefined) narrow.push({ operator: 'sender', operand: r.senderId ?? p.sender });
  for (const flag of IS_OPERANDS) {
    if (p[flag]) narrow.push({ operator: 'is', operand: flag });
  }
  if (p.hasLink) narrow.push({ operator: 'has', operand: 'link' });
  if (p.dm !== undefined) {
    const operator = supports(featureLevel, 'dmNarrowOperator') ? 'dm' : 'pm-with';
    narrow.push({ operator, operand: r.dmUserIds ?? p.dm.join(',') });
  }
  if (p.dmIncluding !== undefined) {
    const operator = supports(featureLevel, 'dmNarrowOperator') ? 'dm-including' : 'group-pm-with';
    narrow.push({ operator, operand: r.dmIncludingId ?? p.dmIncluding });
  }
  if (p.dmOnly) narrow.push({ operator: 'is', operand: supports(featureLevel, 'dmNarrowOperator') ? 'dm' : 'private' });
  for (const o of p.serverOnly) narrow.push(o);
  if (p.words.length > 0) narrow.push({ operator: 'search', operand: p.words.join(' ') });
  return narrow;
}

export async function searchMessages(deps: SearchDeps, text: string, opts: SearchOptions): Promise<SearchResult> {
  const { store } = deps;
  const parsed = parseSearchQuery(text);
  if (isEmptyQuery(parsed)) throw new SearchQueryError('Type something to search for.');
  const resolved = resolveQuery(store, parsed);
  const local = localQuery(resolved, deps.selfUserId, opts);
  const ids = new Set(local ? store.search.search(local) : []);

  let serverConsulted = false;
  let serverError: string | undefined;
  if (opts.phase === 'cache') {
    // The cache's answer alone: the merged phase, asked beside it, brings the server's.
  } else if (deps.client) {
    // Results are an answer from the past: they never overwrite what an event changed meanwhile.
    const since = store.versions.begin();
    try {
      const res = await getMessages(
        deps.client,
        {
          anchor: opts.below !== undefined ? opts.below : 'newest',
          include_anchor: false,
          num_before: opts.limit,
          num_after: 0,
          narrow: serverNarrow(resolved, deps.featureLevel()),
          apply_markdown: true,
          ...(supports(deps.featureLevel(), 'emptyTopic') ? { allow_empty_topic_name: true } : {}),
        },
        { timeoutMs: SERVER_TIMEOUT_MS },
      );
      const found = res.messages.map((m) => toCachedMessage(m, m.flags ?? []));
      cacheFetchedSince(store, found, since);
      for (const m of found) ids.add(m.id);
      serverConsulted = true;
    } catch (e) {
      serverError = e instanceof Error ? e.message : String(e);
      deps.log.info('server search failed; answering from the cache', { reason: serverError });
    } finally {
      store.versions.end(since);
    }
  } else {
    serverError = 'This account is signed out, so only cached messages were searched.';
  }

  const newestFirst = [...ids].sort((a, b) => b - a).slice(0, opts.limit);
  const users = userLookup(store);
  const messages: MessageView[] = store.messages
    .getByIds(newestFirst)
    .sort((a, b) => b.id - a.id)
    .map((m) => messageView(m, users));
  return { phase: opts.phase, messages, serverConsulted, ...(serverError !== undefined ? { serverError } : {}) };
}
