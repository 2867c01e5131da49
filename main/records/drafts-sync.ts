/**
 * Compose drafts, local first. `save` is called as the user types: the text is held in
 * memory and written to the cache at most every 300 ms (one transaction for whatever piled
 * up, so steady typing never loses more than that), then pushed to the drafts API after a
 * quiet period, when the user's
 * enable_drafts_synchronization allows. The cache row remembers what the server still has to
 * hear (dirty / deleted), so a push cut short by a restart or the network happens later.
 * Conflicts with other clients are settled by the drafts applier (newer edit wins).
 */
import { randomUUID } from 'node:crypto';
import type { DraftTarget, Page, DraftView } from '../../common/model';
import { ApiError, isTransient, type ApiClient } from '../api';
import { createDrafts, deleteDraft, editDraft, type DraftInput } from '../api/routes/drafts';
import type { Logger } from '../log';
import type { AccountStore } from '../store/account-store';
import type { StoredDraft } from '../store/repos/drafts';
import { decodeCursor, pageLimit, toPage } from './cursor';
import { realTimers, type Timers } from './typing';
import { draftView } from './views';

export interface DraftsSyncDeps {
  store: AccountStore;
  client: ApiClient | null;
  selfUserId: number;
  log: Logger;
  /** Epoch ms. */
  now(): number;
  /** The drafts API exists and the user has synchronization on. */
  syncEnabled(): boolean;
  /** The drafts list changed (the renderer refetches it). */
  onChanged(): void;
  timers?: Timers;
  writeDelayMs?: number;
  pushDelayMs?: number;
}

interface Pending {
  to: DraftTarget | null;
  content: string;
  timestamp: number;
}

/** Where a draft goes, in the drafts API's terms. A self-DM is addressed to the user. */
function wireTarget(to: DraftTarget | null, selfId: number): Pick<StoredDraft, 'type' | 'to' | 'topic'> {
  if (to === null) return { type: '', to: [], topic: '' };
  if (to.kind === 'channel') return { type: 'stream', to: [to.channelId], topic: to.topic };
  return { type: 'private', to: to.userIds.length > 0 ? [...to.userIds] : [selfId], topic: '' };
}

function wireDraft(d: StoredDraft): DraftInput {
  return { type: d.type, to: d.to, topic: d.topic, content: d.content, timestamp: d.timestamp };
}

/** The draft the server refers to is gone (deleted elsewhere, or synchronization was off). */
function isMissing(e: unknown): boolean {
  return e instanceof ApiError && (e.httpStatus === 404 || /does not exist/i.test(e.message));
}

export class DraftsSync {
  readonly #d: DraftsSyncDeps;
  readonly #timers: Timers;
  readonly #pending = new Map<string, Pending>();
  #writeTimer: unknown = null;
  #pushTimer: unknown = null;
  #pushing: Promise<void> | null = null;
  #pushAgain = false;
  #closed = false;

  constructor(deps: DraftsSyncDeps) {
    this.#d = deps;
    this.#timers = deps.timers ?? realTimers;
  }

  /** Keeps the text at once (in memory); the cache and the server follow shortly. */
  save(args: { id?: string | undefined; to: DraftTarget | null; content: string }): { id: string } {
    const id = args.id ?? randomUUID();
    this.#pending.set(id, { to: args.to, content: args.content, timestamp: Math.floor(this.#d.now() / 1000) });
    if (this.#writeTimer === null) {
      this.#writeTimer = this.#timers.setTimeout(() => this.flushWrites(), this.#d.writeDelayMs ?? 300);
    }
    return { id };
  }

  /** Deletes a draft here, and on the server when it has it (also when sent from elsewhere later). */
  delete(id: string): void {
    this.#pending.delete(id);
    const { store } = this.#d;
    const row = store.drafts.get(id);
    if (row === null) return;
    if (row.serverId === null) store.drafts.remove(id);
    else
      store.drafts.upsert({ ...row, state: 'deleted', timestamp: Math.floor(this.#d.now() / 1000), syncError: null });
    this.#d.onChanged();
    this.schedulePush();
  }

  list(cursor: string | undefined, limit: number | undefined): Page<DraftView> {
    this.flushWrites();
    const after = decodeCursor(cursor, ['number', 'string'] as const);
    return toPage(this.#d.store.drafts.page(after, pageLimit(limit)), (d) => draftView(d, this.#d.selfUserId));
  }

  /** Writes whatever the user typed since the last write, in one transaction. */
  flushWrites(): void {
    if (this.#writeTimer !== null) this.#timers.clearTimeout(this.#writeTimer);
    this.#writeTimer = null;
    if (this.#pending.size === 0) return;
    const { store, selfUserId } = this.#d;
    const entries = [...this.#pending];
    this.#pending.clear();
    store.transaction(() => {
      for (const [localKey, p] of entries) {
        const row = store.drafts.get(localKey);
        const fields = { ...wireTarget(p.to, selfUserId), content: p.content, timestamp: p.timestamp };
        store.drafts.upsert({ localKey, serverId: row?.serverId ?? null, ...fields, state: 'dirty', syncError: null });
      }
    });
    this.#d.onChanged();
    this.schedulePush();
  }

  /** Pushes after the quiet period (0: at once), unless a push is already waiting. */
  schedulePush(delayMs = this.#d.pushDelayMs ?? 2000): void {
    if (this.#closed) return;
    if (this.#pushTimer !== null) this.#timers.clearTimeout(this.#pushTimer);
    this.#pushTimer = this.#timers.setTimeout(() => {
      this.#pushTimer = null;
      void this.push();
    }, delayMs);
  }

  /** Sends every dirty or deleted draft. One push at a time; a request during one runs after it. */
  push(): Promise<void> {
    if (this.#pushing) {
      this.#pushAgain = true;
      return this.#pushing;
    }
    this.#pushing = this.#pushAll().finally(() => {
      this.#pushing = null;
      if (this.#pushAgain && !this.#closed) {
        this.#pushAgain = false;
        void this.push();
      }
    });
    return this.#pushing;
  }

  /** Stops the timers; what was typed is written now, and pushed by the next run if need be. */
  close(): void {
    this.#closed = true;
    this.flushWrites();
    if (this.#pushTimer !== null) this.#timers.clearTimeout(this.#pushTimer);
    this.#pushTimer = null;
  }

  async #pushAll(): Promise<void> {
    const { store, client, log } = this.#d;
    if (!client || !this.#d.syncEnabled()) return;
    let changed = false;
    for (const draft of store.drafts.pending()) {
      if (this.#closed) break;
      try {
        changed = (await this.#pushOne(client, draft)) || changed;
      } catch (e) {
        if (isTransient(e)) {
          log.info('drafts not synced yet; will retry', { error: e });
          break;
        }
        const current = store.drafts.get(draft.localKey);
        if (current) store.drafts.upsert({ ...current, syncError: e instanceof Error ? e.message : String(e) });
        log.warn('the server refused a draft', { error: e });
        changed = true;
      }
    }
    if (changed && !this.#closed) this.#d.onChanged();
  }

  /** Returns whether the cache changed. Nothing is written if the draft changed meanwhile. */
  async #pushOne(client: ApiClient, draft: StoredDraft): Promise<boolean> {
    const { store } = this.#d;
    if (draft.state === 'deleted') {
      if (draft.serverId !== null)
        await deleteDraft(client, draft.serverId).catch((e: unknown) => {
          if (!isMissing(e)) throw e;
        });
      const now = store.drafts.get(draft.localKey);
      if (now?.state === 'deleted') store.drafts.remove(draft.localKey);
      return false;
    }
    let serverId = draft.serverId;
    if (serverId !== null) {
      try {
        await editDraft(client, serverId, wireDraft(draft));
      } catch (e) {
        // Deleted elsewhere while we kept editing: our newer text is created again.
        if (!isMissing(e)) throw e;
        serverId = null;
      }
    }
    const id = serverId ?? (await createDrafts(client, [wireDraft(draft)]))[0];
    if (id === undefined) return false;
    store.transaction(() => {
      // The drafts add event may have come first and filed the draft under its server ID alone.
      const echo = store.drafts.byServerId(id);
      if (echo && echo.localKey !== draft.localKey) store.drafts.remove(echo.localKey);
      const now = store.drafts.get(draft.localKey);
      if (!now) return;
      const unchanged = now.state === 'dirty' && JSON.stringify(wireDraft(now)) === JSON.stringify(wireDraft(draft));
      store.drafts.upsert({ ...now, serverId: id, state: unchanged ? 'synced' : now.state, syncError: null });
    });
    return true;
  }
}
