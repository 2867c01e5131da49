/**
 * Marking messages read on the server, with whichever route it has: a list of IDs goes to
 * POST /messages/flags; a topic, channel or everything goes to POST /messages/flags/narrow
 * (FL 155, walked in batches), else to the older mark_topic/stream/all_as_read routes, else, on
 * a server with neither, to POST /messages/flags with the unread IDs the cache knows.
 */
import {
  ApiError,
  ProtocolError,
  markAllAsRead,
  markChannelAsRead,
  markTopicAsRead,
  supports,
  updateMessageFlags,
  updateMessageFlagsForNarrow,
  type ApiClient,
  type ApiNarrow,
  type UserSettableFlag,
} from '../api';
import type { Logger } from '../log';
import type { UnreadScope } from '../store/repos/unreads';

/** Messages per request: the API's recommended batch. */
export const FLAG_BATCH = 1000;
/** A safety stop for the narrow walk (a million messages); the server ends it long before. */
const MAX_ROUNDS = 1000;

/** True when the server does not have the route at all (an older or different server). */
export function isMissingRoute(e: unknown): boolean {
  const status = e instanceof ApiError || e instanceof ProtocolError ? e.httpStatus : null;
  return status === 404 || status === 405;
}

/** POST /messages/flags in batches of FLAG_BATCH IDs. */
export async function setFlagInBatches(
  client: ApiClient,
  ids: readonly number[],
  op: 'add' | 'remove',
  flag: UserSettableFlag,
): Promise<void> {
  for (let i = 0; i < ids.length; i += FLAG_BATCH) {
    await updateMessageFlags(client, { messages: ids.slice(i, i + FLAG_BATCH), op, flag });
  }
}

function narrowOf(scope: Exclude<UnreadScope, { kind: 'messages' }>, featureLevel: number): ApiNarrow {
  const channel = supports(featureLevel, 'channelNarrowOperator') ? 'channel' : 'stream';
  const unread = { operator: 'is', operand: 'unread' };
  switch (scope.kind) {
    case 'topic':
      return [{ operator: channel, operand: scope.channelId }, { operator: 'topic', operand: scope.topic }, unread];
    case 'channel':
      return [{ operator: channel, operand: scope.channelId }, unread];
    case 'all':
      return [unread];
  }
}

/** Walks the narrow from its oldest message, one batch per request, until the server reaches the newest. */
async function markNarrowRead(client: ApiClient, narrow: ApiNarrow): Promise<void> {
  let anchor: number | 'oldest' = 'oldest';
  let includeAnchor = true;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const r = await updateMessageFlagsForNarrow(client, {
      anchor,
      include_anchor: includeAnchor,
      num_before: 0,
      num_after: FLAG_BATCH,
      narrow,
      op: 'add',
      flag: 'read',
    });
    if (r.found_newest || r.last_processed_id === null) return;
    anchor = r.last_processed_id;
    includeAnchor = false;
  }
}

function legacyMarkRead(client: ApiClient, scope: Exclude<UnreadScope, { kind: 'messages' }>): Promise<unknown> {
  switch (scope.kind) {
    case 'topic':
      return markTopicAsRead(client, scope.channelId, scope.topic);
    case 'channel':
      return markChannelAsRead(client, scope.channelId);
    case 'all':
      return markAllAsRead(client);
  }
}

/** Marks the scope read on the server; `knownUnread` is the fallback list for servers with no narrow route. */
export async function markReadOnServer(
  client: ApiClient,
  featureLevel: number,
  scope: UnreadScope,
  knownUnread: readonly number[],
  log: Logger,
): Promise<void> {
  if (scope.kind === 'messages') return setFlagInBatches(client, scope.ids, 'add', 'read');
  if (supports(featureLevel, 'flagsForNarrow')) {
    try {
      return await markNarrowRead(client, narrowOf(scope, featureLevel));
    } catch (e) {
      if (!isMissingRoute(e)) throw e;
      log.info('POST /messages/flags/narrow is missing; trying the older routes', { featureLevel });
    }
  }
  try {
    await legacyMarkRead(client, scope);
    return;
  } catch (e) {
    if (!isMissingRoute(e)) throw e;
    log.info('mark_*_as_read is missing too; marking the known unread IDs', { count: knownUnread.length });
  }
  await setFlagInBatches(client, knownUnread, 'add', 'read');
}

/** Time to gather the reads of one burst (messages arriving together) into one request. */
export const READ_SETTLE_MS = 200;
/** At most one read request per this interval while messages keep coming (Zulip's web app throttles its reads to one a second too). */
export const READ_INTERVAL_MS = 1000;

interface Waiter {
  resolve: () => void;
  reject: (e: unknown) => void;
}

/**
 * Batches the reads of messages seen on screen: IDs marked read close together go to the server
 * in one POST /messages/flags, at most one request in flight and one per READ_INTERVAL_MS. Each
 * caller's promise settles with the request that carried its IDs (a failure reaches every caller
 * of that batch, so each can undo its own). `flush` sends what is gathered now: on leaving a view
 * and before quitting, so no read waits for a timer that will not fire.
 */
export class ReadBatcher {
  #ids = new Set<number>();
  #waiters: Waiter[] = [];
  #timer: ReturnType<typeof setTimeout> | null = null;
  #inFlight: Promise<void> | null = null;
  #lastSent = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly send: (ids: number[]) => Promise<void>,
    private readonly now: () => number = Date.now,
  ) {}

  /** Resolves once the server has marked these read (in a batch with others). */
  add(ids: readonly number[]): Promise<void> {
    for (const id of ids) this.#ids.add(id);
    const settled = new Promise<void>((resolve, reject) => this.#waiters.push({ resolve, reject }));
    this.#schedule();
    return settled;
  }

  /** Sends what is gathered now (after the request in flight, if any); resolves when it is answered. */
  async flush(): Promise<void> {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    while (this.#inFlight) await this.#inFlight;
    if (this.#waiters.length === 0) return;
    const ids = [...this.#ids];
    const waiters = this.#waiters;
    this.#ids = new Set();
    this.#waiters = [];
    this.#lastSent = this.now();
    this.#inFlight = (ids.length > 0 ? this.send(ids) : Promise.resolve())
      .then(
        () => waiters.forEach((w) => w.resolve()),
        (e: unknown) => waiters.forEach((w) => w.reject(e)),
      )
      .finally(() => {
        this.#inFlight = null;
        this.#schedule();
      });
    await this.#inFlight;
  }

  #schedule(): void {
    if (this.#timer || this.#inFlight || this.#waiters.length === 0) return;
    const wait = Math.max(READ_SETTLE_MS, this.#lastSent + READ_INTERVAL_MS - this.now());
    this.#timer = setTimeout(() => {
      this.#timer = null;
      void this.flush();
    }, wait);
  }
}
