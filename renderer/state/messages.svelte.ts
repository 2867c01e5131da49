/**
 * The message list of the open narrow. Pages come from messages:page; pushed deltas
 * (messages:added/updated/removed) are applied when they belong to this account and narrow.
 *
 * Only a bounded window of messages is kept (MAX_LOADED): paging older trims the newest end and
 * the other way round, with foundOldest/foundNewest telling which ends are really the ends of
 * the conversation. The list view is virtualized, so the bound is about memory, not the DOM.
 */
import { tick } from 'svelte';
import type { Anchor, ConversationNames, FlagChange, MessagePage, MessageView, Narrow } from '../../common/model';
import { OPENING_WINDOW, PAGE_SIZE } from '../../common/opening';
import type { BridgeClient } from '../lib/bridge';
import { describe } from '../lib/bridge';
import { errorText } from '../lib/errors';
import { messageInNarrow, narrowKey } from '../lib/narrow';
import { NarrowSnapshots, reuseEqual, type NarrowTally } from './narrowSnapshots';
import {
  insertMessages,
  isConfirmed,
  newestConfirmedId,
  oldestConfirmedId,
  removeMessages,
  replaceMessage,
  withFlags,
} from './messageList';

/**
 * 10 pages, about 20 screens either side of the reader: the DOM holds only what is near the
 * viewport, so this bounds the page's memory and each merge's cost (every page copies the window
 * and rebuilds its rows). At 5,000 the page's JS heap grew to ~81 MiB allocated while scrolling
 * 5,000 messages (bench/suites/page-memory.ts); Zulip's web app renders a few hundred rows.
 */
export const MAX_LOADED = 1000;

export class MessagesState {
  narrow = $state.raw<Narrow | null>(null);
  messages = $state.raw<MessageView[]>([]);
  foundOldest = $state(false);
  foundNewest = $state(false);
  /** The first page of the narrow is on its way. */
  loading = $state(false);
  loadingOlder = $state(false);
  loadingNewer = $state(false);
  fromCache = $state(false);
  /** The names the open narrow's page came with, for headings drawn before the sidebar arrives. */
  names = $state.raw<ConversationNames | null>(null);
  error = $state<string | null>(null);
  /** Why Load older / Show newer brought nothing: the cache had no more and the server was out of reach. */
  edgeNote = $state<{ side: 'older' | 'newer'; text: string } | null>(null);
  /**
   * Where the list should put the reader once this page shows: the first unread message of a
   * narrow just opened (null: at the newest end). `opening` tells one opening from the next.
   */
  startAt = $state.raw<{ opening: number; messageId: number } | null>(null);
  /** Which opening the messages belong to: set with its first page, so the list places it once. */
  opened = $state(0);
  /** Counts the user's own sends into this narrow: the list then shows the newest end, as chat apps do. */
  sentByMe = $state(0);

  /** Bumped whenever the narrow changes, so answers for an earlier narrow are dropped. */
  private generation = 0;
  private readonly stops: Array<() => void>;
  /** The windows of conversations left, shown again at once when they are current (narrowSnapshots.ts). */
  readonly #kept: NarrowSnapshots;

  /**
   * `tally`: what the sidebar says of a conversation now (narrowSnapshots.ts's tallyOf); without
   * it no kept window is shown, and every opening waits for the core's page.
   */
  constructor(
    private readonly bridge: BridgeClient,
    readonly accountId: string,
    readonly selfUserId: number,
    private readonly tally: (narrow: Narrow) => NarrowTally | null = () => null,
  ) {
    this.#kept = new NarrowSnapshots(selfUserId);
    this.stops = [
      bridge.on(
        'messages:added',
        (p) => p.accountId === accountId && this.applyAdded(p.messages, p.newerLeftOut === true),
      ),
      bridge.on('messages:updated', (p) => {
        if (p.accountId !== accountId) return;
        this.#kept.applyUpdated(p.messages);
        this.applyUpdated(p.messages);
      }),
      bridge.on('messages:flags', (p) => {
        if (p.accountId !== accountId) return;
        this.#kept.applyFlags(p.changes);
        this.applyFlags(p.changes);
      }),
      bridge.on('messages:removed', (p) => {
        if (p.accountId !== accountId) return;
        this.#kept.applyRemoved(p.messageIds);
        this.applyRemoved(p.messageIds);
      }),
      // Deltas may have been missed while the transport was down: reload the newest page.
      bridge.onReconnect(() => {
        this.#kept.clear();
        void (this.narrow && this.showNewest());
      }),
    ];
  }

  /**
   * Opens a narrow: tells main (so the next start shows it) and loads it around its first unread
   * message, as Zulip does, so a busy channel opens where the reader left off, not at its end
   * (where reaching the bottom would mark everything in between read unseen). Without unread
   * messages the anchor resolves to the newest.
   */
  async open(narrow: Narrow, at?: number): Promise<void> {
    if (this.narrow && !this.loading) this.#kept.keep(this.narrow, this.messages, this.foundOldest, this.foundNewest);
    this.narrow = narrow;
    this.bridge.call('view:open', { accountId: this.accountId, narrow }).catch((error: unknown) => {
      // Only the restore-on-next-start is lost; not worth interrupting the user.
      this.bridge.send('log:error', { message: `view:open failed: ${describe(error)}` });
    });
    // At a message (a clicked notification): the window around it, that message at the top.
    if (at !== undefined) await this.load(at, OPENING_WINDOW.before, OPENING_WINDOW.after);
    else await this.load(OPENING_WINDOW.anchor, OPENING_WINDOW.before, OPENING_WINDOW.after, true);
  }

  /** (Re)loads the newest page of the open narrow, replacing the window. */
  async showNewest(): Promise<void> {
    await this.load('newest', PAGE_SIZE, 0);
  }

  /**
   * Loads a window of the open narrow. `fromKept`: an opening, which shows the window kept when the
   * narrow was left (if it is current) while the core's page is on its way; it stays `loading`
   * meanwhile, so nothing is marked read from it, and the page then replaces it in place.
   */
  private async load(
    anchor: 'newest' | 'first_unread' | number,
    before: number,
    after: number,
    fromKept = false,
  ): Promise<void> {
    const narrow = this.narrow;
    if (!narrow) return;
    const generation = ++this.generation;
    const kept = fromKept ? this.#kept.take(narrow, this.tally(narrow)) : null;
    this.messages = kept?.messages ?? [];
    this.foundOldest = kept?.foundOldest ?? false;
    this.foundNewest = kept !== null;
    this.startAt = kept && kept.firstUnreadId !== null ? { opening: generation, messageId: kept.firstUnreadId } : null;
    this.loading = true;
    this.error = null;
    this.edgeNote = null;
    if (kept) this.opened = generation;
    // An opening: what the cache holds of the window shows at once; the rest is paged in as the
    // reader scrolls to its edges (loadOlder/loadNewer), not awaited before the first screen.
    const page = await this.fetch(generation, narrow, anchor, before, after, true);
    if (generation !== this.generation) return;
    this.loading = false;
    if (!page) return;
    if (kept) {
      // The page's window replaces the kept one, keeping equal messages' objects and what arrived
      // while it was on its way (echoes of sends, messages past its end).
      const end = newestConfirmedId(page.messages);
      const since = this.messages.filter((m) => !isConfirmed(m) || (end !== null && m.id > end));
      this.messages = reuseEqual(insertMessages(since, page.messages), this.messages);
    } else this.messages = insertMessages(this.messages, page.messages);
    this.foundOldest = page.foundOldest;
    this.foundNewest = page.foundNewest;
    this.fromCache = page.fromCache;
    this.names = page.names ?? null;
    // A kept window was placed when it was drawn.
    if (kept) return;
    const firstUnread = anchor === 'first_unread' ? this.messages.find((m) => isConfirmed(m) && !m.read) : undefined;
    const asked = typeof anchor === 'number' ? this.messages.find((m) => m.id === anchor) : undefined;
    const start = asked ?? firstUnread;
    this.startAt = start ? { opening: generation, messageId: start.id } : null;
    this.opened = generation;
  }

  /** Loads the page before the oldest message shown (the anchor itself comes back and is merged). */
  async loadOlder(): Promise<void> {
    const narrow = this.narrow;
    const anchor = oldestConfirmedId(this.messages);
    if (!narrow || anchor === null || this.foundOldest || this.loading || this.loadingOlder) return;
    const generation = this.generation;
    this.loadingOlder = true;
    const page = await this.fetch(generation, narrow, anchor, PAGE_SIZE, 0);
    if (generation !== this.generation) return;
    this.loadingOlder = false;
    if (!page) return;
    this.noteEmptyEdge('older', page);
    this.messages = insertMessages(this.messages, page.messages);
    this.foundOldest = page.foundOldest;
    await this.trimAfterShown(generation, 'newest');
  }

  /** Loads the page after the newest message shown, once the window has left the newest end. */
  async loadNewer(): Promise<void> {
    const narrow = this.narrow;
    const anchor = newestConfirmedId(this.messages);
    if (!narrow || anchor === null || this.foundNewest || this.loading || this.loadingNewer) return;
    const generation = this.generation;
    this.loadingNewer = true;
    const page = await this.fetch(generation, narrow, anchor, 0, PAGE_SIZE);
    if (generation !== this.generation) return;
    this.loadingNewer = false;
    if (!page) return;
    this.noteEmptyEdge('newer', page);
    this.messages = insertMessages(this.messages, page.messages);
    this.foundNewest = page.foundNewest;
    await this.trimAfterShown(generation, 'oldest');
  }

  /**
   * Drops the messages past MAX_LOADED at the end away from the reader, once the page just added
   * has been drawn. In the same update as a page added at the other end, the list would see a
   * change at both ends, and could keep the reading position for neither (paging older then
   * jumped the view to the new oldest rows, and a scroll to the top stayed at the top, loading no
   * more). Apart, each is a change at one end, which the list keeps its place across.
   */
  private async trimAfterShown(generation: number, end: 'newest' | 'oldest'): Promise<void> {
    await tick();
    if (generation !== this.generation || this.messages.length <= MAX_LOADED) return;
    if (end === 'newest') {
      this.messages = this.messages.slice(0, MAX_LOADED);
      this.foundNewest = false;
    } else {
      this.messages = this.messages.slice(this.messages.length - MAX_LOADED);
      this.foundOldest = false;
    }
  }

  /** `newerLeftOut`: more came than were sent (messages:added); the rest are paged in after these. */
  applyAdded(messages: readonly MessageView[], newerLeftOut = false): void {
    const narrow = this.narrow;
    if (!narrow) return;
    const atNewest = this.foundNewest;
    // Set after the merge below: these still join a window that was at the newest end.
    const leaveNewest = () => {
      if (newerLeftOut) this.foundNewest = false;
    };
    // The user just sent here (a local echo): take them to the newest end, loading it if the
    // window is elsewhere (opened at an older unread message, or paged back).
    const sent = messages.some((m) => !isConfirmed(m) && messageInNarrow(m, narrow, this.selfUserId));
    if (sent) this.sentByMe++;
    if (sent && !this.foundNewest) {
      void this.showNewest();
      return;
    }
    const newest = newestConfirmedId(this.messages);
    const wanted = messages.filter((m) => {
      if (!messageInNarrow(m, narrow, this.selfUserId)) return false;
      // Past the end of a window that is not at the newest end there is a gap: loadNewer fetches it.
      return atNewest || !isConfirmed(m) || newest === null || m.id <= newest || this.has(m);
    });
    if (wanted.length === 0) return leaveNewest();
    let merged = insertMessages(this.messages, wanted);
    if (merged.length > MAX_LOADED + PAGE_SIZE) {
      merged = merged.slice(merged.length - MAX_LOADED);
      this.foundOldest = false;
    }
    this.messages = merged;
    leaveNewest();
  }

  applyUpdated(messages: readonly MessageView[]): void {
    const narrow = this.narrow;
    if (!narrow) return;
    let list = this.messages;
    const joining: MessageView[] = [];
    for (const message of messages) {
      // A message moved to another topic or channel leaves this narrow; one moved here joins it,
      // where the window covers its place (past an end that is not the narrow's, paging finds it).
      const stays = messageInNarrow(message, narrow, this.selfUserId);
      const next = replaceMessage(list, message, stays);
      if (next === list && stays && isConfirmed(message)) joining.push(message);
      else list = next;
    }
    // Together: a whole topic moved here is one merge, not one per message.
    const covers = this.#covers(list);
    const inside = joining.filter((m) => covers(m.id));
    this.messages = inside.length > 0 ? insertMessages(list, inside) : list;
  }

  /** Whether a message id belongs inside the window `list` (by its ends and what is known past them). */
  #covers(list: readonly MessageView[]): (id: number) => boolean {
    if (this.loading) return () => false;
    const oldest = oldestConfirmedId(list);
    const newest = newestConfirmedId(list);
    if (oldest === null || newest === null) return () => this.foundOldest && this.foundNewest;
    return (id) => (this.foundOldest || id >= oldest) && (this.foundNewest || id <= newest);
  }

  /** Read or starred changed for some messages: those in the window get the field, in place. */
  applyFlags(changes: readonly FlagChange[]): void {
    const list = withFlags(this.messages, changes);
    if (list !== this.messages) this.messages = list;
  }

  applyRemoved(messageIds: readonly number[]): void {
    const kept = removeMessages(this.messages, messageIds);
    if (kept.length !== this.messages.length) this.messages = kept;
  }

  /** A stable key for the open narrow, for keyed blocks in views. */
  get key(): string | null {
    return this.narrow ? narrowKey(this.narrow) : null;
  }

  dispose(): void {
    this.generation++;
    for (const stop of this.stops) stop();
  }

  /** A page from the cache alone that added nothing: say so, instead of a button that does nothing. */
  private noteEmptyEdge(side: 'older' | 'newer', page: MessagePage): void {
    const added = page.messages.some((m) => !this.has(m));
    this.edgeNote =
      page.fromCache && !added
        ? { side, text: `No ${side} messages are saved on this computer, and the server cannot be reached right now.` }
        : null;
  }

  private has(message: MessageView): boolean {
    return this.messages.some((m) => m.id === message.id || (m.localId !== undefined && m.localId === message.localId));
  }

  private async fetch(
    generation: number,
    narrow: Narrow,
    anchor: Anchor,
    before: number,
    after: number,
    cacheFirst = false,
  ): Promise<MessagePage | null> {
    try {
      const args = { accountId: this.accountId, narrow, anchor, before, after };
      return await this.bridge.call('messages:page', cacheFirst ? { ...args, cacheFirst } : args);
    } catch (error) {
      if (generation === this.generation) {
        this.error = errorText(error);
        this.loading = this.loadingOlder = this.loadingNewer = false;
      }
      return null;
    }
  }
}
