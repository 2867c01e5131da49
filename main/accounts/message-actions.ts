/**
 * What the user does to messages: mark read, star, react, edit or move, delete, type, search.
 * Read, star and reaction changes show at once (optimistic, published as deltas) and are undone
 * if the request fails, except where an event (or a new snapshot) said something about those
 * messages meanwhile: that is the server's word, newer than the state before the change (a
 * request whose answer was lost may have been applied). When the event comes after the undo,
 * it corrects the undo in turn. The server's events then confirm a change, which changes nothing more.
 * Edits, moves and deletes wait for the server: its update_message / delete_message events
 * are what change the cache.
 */
import type {
  EmojiRef,
  MarkReadScope,
  Narrow,
  MessageEdit,
  MessageVersion,
  SearchPhase,
  SearchResult,
  TypingTarget,
  UnreadCounts,
  UnreadSummary,
} from '../../common/model';
import {
  ApiError,
  addReaction,
  deleteMessage,
  editMessage,
  getOneMessage,
  getRawMessageContent,
  removeReaction,
  setTyping,
  toApiNarrow,
  type ApiClient,
  type EditMessageParams,
} from '../api';
import { IpcFailure } from '../failure';
import type { Logger } from '../log';
import { searchMessages, SearchQueryError } from '../search/search';
import type { AccountStore } from '../store/account-store';
import type { StoredReaction } from '../store/repos/message-rows';
import type { MessageAspect } from '../store/versions';
import { touchedBy, type Delta, type SidebarTouch } from '../sync/deltas';
import { messageVersions } from './edit-history';
import { dmKeyOf } from '../store/narrows';
import { ReadBatcher, markReadOnServer, setFlagInBatches } from './mark-read';
import { markCachedUnread, markUnreadOnServer } from './mark-unread';
import { DEFAULT_STARTED_WAIT_MS, DEFAULT_STOPPED_WAIT_MS, TypingSender } from './typing-sender';
import { buildUnreadCounts, UnreadSummaries } from './unread-counts';

export interface MessageActionsDeps {
  accountId: string;
  store: AccountStore;
  /** Null when the account is signed out: actions then fail before changing anything. */
  client: ApiClient | null;
  selfUserId: number;
  featureLevel(): number;
  now(): number;
  log: Logger;
  /** Hands deltas to the account, which turns them into renderer events. */
  publish(deltas: Delta[]): void;
  /**
   * Resolves once the pages answered before they were stored are in the cache (Pager.storesDone):
   * the reader has those messages on screen, so an action that changes cached messages at once
   * (mark unread from here, a reaction) waits for them to be written.
   */
  pagesStored(): Promise<void>;
}

const DEFAULT_SEARCH_LIMIT = 50;

export class MessageActions {
  readonly #d: MessageActionsDeps;
  readonly #typing: TypingSender;
  readonly #summaries: UnreadSummaries;
  /** Reads of messages seen on screen, sent in batches. */
  readonly #reads = new ReadBatcher((ids) => setFlagInBatches(this.#client(), ids, 'add', 'read'));

  constructor(deps: MessageActionsDeps) {
    this.#d = deps;
    this.#summaries = new UnreadSummaries(deps.store, deps.accountId, deps.selfUserId);
    const { store } = deps;
    this.#typing = new TypingSender({
      send: (to, op) => setTyping(this.#client(), to, op, deps.featureLevel()),
      now: deps.now,
      startedWaitMs: () =>
        store.realm.getNumber('server_typing_started_wait_period_milliseconds', DEFAULT_STARTED_WAIT_MS),
      stoppedWaitMs: () =>
        store.realm.getNumber('server_typing_stopped_wait_period_milliseconds', DEFAULT_STOPPED_WAIT_MS),
      allowed: (to) => this.#typingAllowed(to),
      log: deps.log,
    });
  }

  /** messages:markRead: the scope's unread messages turn read at once; restored if the server refuses. */
  async markRead(scope: MarkReadScope): Promise<{ count: number }> {
    const { store } = this.#d;
    // A DM conversation is marked by the IDs the cache knows unread there, as Zulip's web app does.
    if (scope.kind === 'dm') {
      const ids = store.unreads.idsInDm(dmKeyOf([...scope.userIds, this.#d.selfUserId]));
      return ids.length === 0 ? { count: 0 } : this.markRead({ kind: 'messages', ids });
    }
    const client = this.#client();
    const entries = store.unreads.inScope(scope);
    const ids = entries.map((e) => e.messageId);
    store.transaction(() => store.unreads.remove(ids));
    store.readIntents.want(ids, true);
    const mine = this.#touched(ids, 'read');
    const rows = scope.kind === 'all' ? undefined : touchedBy(entries);
    this.#flagged('read', true, ids, rows);
    try {
      if (scope.kind === 'messages') await this.#reads.add(scope.ids);
      else await markReadOnServer(client, this.#d.featureLevel(), scope, ids, this.#d.log);
    } catch (e) {
      store.readIntents.forget(ids);
      this.#undoRead(entries, mine, rows);
      throw e;
    } finally {
      store.versions.end(mine);
    }
    return { count: ids.length };
  }

  /**
   * messages:markRead with `seen`: what the reader saw on screen turns read in the cache and the
   * call answers at once, so the page gets its answer in the same bridge frame as the deltas
   * (issue 28: an incoming message in the open channel cost a third frame, the answer sent after
   * the batched request). The batcher tells the server; if it refuses, the messages turn unread
   * again as markRead would undo them (deltas published), and the failure is logged.
   */
  markSeen(ids: readonly number[]): { count: number } {
    const { store, log } = this.#d;
    this.#client();
    const entries = store.unreads.inScope({ kind: 'messages', ids: [...ids] });
    if (entries.length === 0) return { count: 0 };
    const unread = entries.map((e) => e.messageId);
    store.transaction(() => store.unreads.remove(unread));
    store.readIntents.want(unread, true);
    const mine = this.#touched(unread, 'read');
    // Only these conversations' sidebar rows are rebuilt and compared, not the whole sidebar.
    const rows = touchedBy(entries);
    this.#flagged('read', true, unread, rows);
    this.#reads.add(unread).then(
      () => store.versions.end(mine),
      (e: unknown) => {
        log.warn('marking seen messages read failed; they are unread again', { error: e });
        store.readIntents.forget(unread);
        try {
          this.#undoRead(entries, mine, rows);
          store.versions.end(mine);
        } catch (closed) {
          log.info('the account closed before a failed read could be undone', { error: closed });
        }
      },
    );
    return { count: unread.length };
  }

  /** messages:markUnread: the message and the later ones of the view turn unread; read again if the server refuses. */
  async markUnreadFrom(narrow: Narrow, fromId: number): Promise<{ count: number }> {
    const { store, selfUserId } = this.#d;
    const client = this.#client();
    await this.#d.pagesStored();
    const ids = markCachedUnread(store, narrow, fromId, selfUserId);
    store.readIntents.want(ids, false);
    const mine = this.#touched(ids, 'read');
    this.#flagged('read', false, ids);
    try {
      const level = this.#d.featureLevel();
      await markUnreadOnServer(client, level, toApiNarrow(narrow, level, selfUserId), fromId, ids);
    } catch (e) {
      store.readIntents.forget(ids);
      const undo = ids.filter((id) => !store.versions.touchedSince(id, mine));
      store.transaction(() => store.unreads.remove(undo));
      this.#flagged('read', true, undo);
      throw e;
    } finally {
      store.versions.end(mine);
    }
    return { count: ids.length };
  }

  /** Sends the reads gathered so far now (the view is left, or the app quits). */
  flushReads(): Promise<void> {
    return this.#reads
      .flush()
      .catch((e: unknown) => this.#d.log.info('marking seen messages read failed', { error: e }));
  }

  /** messages:star: stars or unstars at once; put back as it was if the server refuses. */
  async star(messageIds: number[], starred: boolean): Promise<null> {
    const { store } = this.#d;
    const client = this.#client();
    const wasStarred = new Set(messageIds.filter((id) => store.starred.has(id)));
    store.transaction(() => store.messages.setStarred(messageIds, starred));
    const mine = this.#touched(messageIds, 'starred');
    this.#flagged('starred', starred, messageIds);
    try {
      await setFlagInBatches(client, messageIds, starred ? 'add' : 'remove', 'starred');
    } catch (e) {
      const undo = messageIds.filter((id) => !store.versions.touchedSince(id, mine));
      store.transaction(() => {
        store.messages.setStarred(
          undo.filter((id) => !wasStarred.has(id)),
          false,
        );
        store.messages.setStarred(
          undo.filter((id) => wasStarred.has(id)),
          true,
        );
      });
      this.#changed(undo, true);
      throw e;
    } finally {
      store.versions.end(mine);
    }
    return null;
  }

  /** messages:react: adds or removes the user's reaction at once; undone if the server refuses. */
  async react(messageId: number, emoji: EmojiRef, op: 'add' | 'remove'): Promise<null> {
    const { store } = this.#d;
    const client = this.#client();
    // A message of a page just shown may not be written yet: the reaction shows at once all the same.
    await this.#d.pagesStored();
    const reaction: StoredReaction = {
      userId: this.#d.selfUserId,
      reactionType: emoji.type,
      emojiCode: emoji.code,
      emojiName: emoji.name,
    };
    const apply = (add: boolean) =>
      add ? store.messages.addReaction(messageId, reaction) : store.messages.removeReaction(messageId, reaction);
    const cached = apply(op === 'add');
    const mine = this.#touched([messageId], 'reactions');
    if (cached) this.#changed([messageId], false);
    const params = { emoji_name: emoji.name, emoji_code: emoji.code, reaction_type: emoji.type };
    try {
      await (op === 'add' ? addReaction(client, messageId, params) : removeReaction(client, messageId, params));
    } catch (e) {
      // Already as asked (another client of ours got there first): nothing to undo.
      const already = op === 'add' ? 'REACTION_ALREADY_EXISTS' : 'REACTION_DOES_NOT_EXIST';
      if (e instanceof ApiError && e.code === already) return null;
      const newer = store.versions.touchedSince(messageId, mine);
      if (cached && !newer && apply(op !== 'add')) this.#changed([messageId], false);
      throw e;
    } finally {
      store.versions.end(mine);
    }
    return null;
  }

  /** messages:edit: new content and/or a move; the update_message event changes the cache. */
  async edit(messageId: number, edit: MessageEdit): Promise<null> {
    const params: EditMessageParams = {};
    if (edit.content !== undefined) params.content = edit.content;
    if (edit.topic !== undefined) params.topic = edit.topic;
    if (edit.channelId !== undefined) params.stream_id = edit.channelId;
    if (params.content !== undefined && params.stream_id !== undefined) {
      throw new IpcFailure('INVALID_ARGUMENT', 'Edit the text and move the message to another channel in two steps.');
    }
    if (params.content === undefined && params.topic === undefined && params.stream_id === undefined) {
      throw new IpcFailure('INVALID_ARGUMENT', 'Nothing to change: give new content, a topic or a channel.');
    }
    if (params.topic !== undefined || params.stream_id !== undefined) {
      params.propagate_mode = edit.propagateMode ?? 'change_one';
      if (edit.notifyOldThread !== undefined) params.send_notification_to_old_thread = edit.notifyOldThread;
      if (edit.notifyNewThread !== undefined) params.send_notification_to_new_thread = edit.notifyNewThread;
    }
    await editMessage(this.#client(), messageId, params);
    return null;
  }

  /** messages:raw: the Markdown of a message, for the edit box (the cache keeps only its HTML). */
  async rawContent(messageId: number): Promise<{ content: string }> {
    const content = await getRawMessageContent(this.#client(), messageId, this.#d.featureLevel());
    if (content === null) throw new IpcFailure('NOT_FOUND', 'That message is gone, or you can no longer see it.');
    return { content };
  }

  /** messages:history: the versions of a message, from the server's edit_history (the cache keeps none). */
  async history(messageId: number): Promise<MessageVersion[]> {
    const message = await getOneMessage(this.#client(), messageId, this.#d.featureLevel(), true);
    if (message === null) throw new IpcFailure('NOT_FOUND', 'That message is gone, or you can no longer see it.');
    return messageVersions(message);
  }

  /** messages:delete: the delete_message event removes it from the cache. */
  async delete(messageId: number): Promise<null> {
    await deleteMessage(this.#client(), messageId);
    return null;
  }

  /** typing:set */
  async typing(to: TypingTarget, op: 'start' | 'stop'): Promise<null> {
    if (this.#d.client) await this.#typing.set(to, op);
    return null;
  }

  /** search:query: cached results at once (phase "cache"), or merged with the server's when it can be asked. */
  async search(
    query: string,
    opts: { below?: number | undefined; limit?: number | undefined; phase?: SearchPhase | undefined },
  ): Promise<SearchResult> {
    try {
      return await searchMessages(
        {
          store: this.#d.store,
          client: this.#d.client,
          featureLevel: this.#d.featureLevel,
          log: this.#d.log,
          selfUserId: this.#d.selfUserId,
        },
        query,
        {
          limit: opts.limit ?? DEFAULT_SEARCH_LIMIT,
          phase: opts.phase ?? 'merged',
          ...(opts.below !== undefined ? { below: opts.below } : {}),
        },
      );
    } catch (e) {
      if (e instanceof SearchQueryError) throw new IpcFailure('INVALID_ARGUMENT', e.message);
      throw e;
    }
  }

  unreadCounts(): UnreadCounts {
    return buildUnreadCounts(this.#d.store, this.#d.accountId, this.#d.selfUserId);
  }

  /** The counts if they changed since the last call (the account publishes unreads:changed then). */
  unreadsIfChanged(): UnreadSummary | null {
    return this.#summaries.ifChanged();
  }

  close(): void {
    this.#typing.close();
  }

  #client(): ApiClient {
    if (!this.#d.client)
      throw new IpcFailure('SIGNED_OUT', 'This account is signed out. Sign in again to change messages.');
    return this.#d.client;
  }

  /**
   * Stamps the user's own change (a page asked for before it must not undo it) and begins watching
   * for anything newer about these messages; the caller ends the watch.
   */
  #touched(ids: readonly number[], part: MessageAspect): number {
    this.#d.store.versions.touch(ids, part);
    return this.#d.store.versions.begin();
  }

  /**
   * A refused read: the messages turn unread again, except those something newer (an event, another
   * action) touched since the user's change began at `mine`, which keep what that newer thing said.
   */
  #undoRead(entries: ReturnType<AccountStore['unreads']['inScope']>, mine: number, rows?: SidebarTouch): void {
    const { store } = this.#d;
    const undo = entries.filter((u) => !store.versions.touchedSince(u.messageId, mine));
    store.transaction(() => store.unreads.add(undo));
    this.#flagged(
      'read',
      false,
      undo.map((u) => u.messageId),
      rows,
    );
  }

  /**
   * Read or starred turned `on` for `ids`: the page hears the IDs (messages:flags), the sidebar's
   * counts are compared (`rows`: the rows the change can touch; absent: any).
   */
  #flagged(flag: 'read' | 'starred', on: boolean, ids: readonly number[], rows?: SidebarTouch): void {
    const cached = this.#d.store.messages.cachedIds(ids);
    const deltas: Delta[] = [];
    if (cached.length > 0) deltas.push({ kind: 'flagsChanged', flag, on, ids: cached });
    deltas.push(rows ? { kind: 'sidebarChanged', touched: rows } : { kind: 'sidebarChanged' });
    this.#d.publish(deltas);
  }

  /** `rows`: the sidebar rows the change can touch (absent: any, and the whole sidebar is compared). */
  #changed(ids: readonly number[], countsToo: boolean, rows?: SidebarTouch): void {
    const cached = this.#d.store.messages.cachedIds(ids);
    const deltas: Delta[] = [];
    if (cached.length > 0) deltas.push({ kind: 'messagesUpdated', ids: cached });
    if (countsToo) deltas.push(rows ? { kind: 'sidebarChanged', touched: rows } : { kind: 'sidebarChanged' });
    if (deltas.length > 0) this.#d.publish(deltas);
  }

  #typingAllowed(to: TypingTarget): boolean {
    const settings = this.#d.store.userSettings;
    // A self-DM has nobody to tell.
    if (to.kind === 'dm' && to.userIds.length === 0) return false;
    return to.kind === 'dm'
      ? settings.getBoolean('send_private_typing_notifications', true)
      : settings.getBoolean('send_stream_typing_notifications', true);
  }
}
