/**
 * One account's non-message records, for the IPC calls: lists and details from the cache,
 * changes through the server, drafts (local first, synced), who is typing, and the feature
 * gates. The Account hands it every batch's deltas and every new register.
 */
import type { CallArgs } from '../../common/ipc/contract';
import type { FeatureGates, PresenceView, RecordArea, UserDetails } from '../../common/model';
import { getUsers, type ApiClient } from '../api';
import { IpcFailure } from '../failure';
import type { EventListener } from '../event-listener';
import type { Logger } from '../log';
import type { AccountStore } from '../store/account-store';
import { toStoredUser } from '../sync/convert';
import type { Delta } from '../sync/deltas';
import type { ActionContext } from './channel-actions';
import { ChannelSubscribers } from './channel-subscribers';
import { DraftsSync } from './drafts-sync';
import { EditTyping } from './edit-typing';
import { EmojiTable } from './emoji-table';
import { featureGates } from './gates';
import { PresenceChanges } from './presence-changes';
import * as reads from './reads';
import { DEFAULT_TYPING_EXPIRY_MS, TypingTracker, type Timers } from './typing';
import { userDetails } from './views';

export interface AccountRecordsDeps {
  accountId: string;
  store: AccountStore;
  /** Null when the account has no key: reads still answer from the cache, changes are refused. */
  client: ApiClient | null;
  selfUserId: number;
  featureLevel(): number;
  emit: EventListener;
  log: Logger;
  /** Epoch ms. */
  now(): number;
  /** The feature gates changed (a user setting did it): the account list is republished. */
  onGatesChanged?: () => void;
  timers?: Timers;
}

export const ALL_AREAS: RecordArea[] = [
  'channels',
  'subscribers',
  'groups',
  'folders',
  'drafts',
  'snippets',
  'views',
  'profileFields',
  'playgrounds',
  'linkifiers',
  'realmDomains',
  'userDefaults',
  'bots',
  'attachments',
  'topicVisibility',
  'users',
  'settings',
  'realm',
  'pushDevices',
  'presence',
  'alertWords',
  'scheduled',
];

export class AccountRecords {
  readonly drafts: DraftsSync;
  readonly typing: TypingTracker;
  /** Who is editing which message, and the user's own edit-box notices. */
  readonly editing: EditTyping;
  /** The server's emoji names (the renderer's picker, autocomplete and reactions use them). */
  readonly emoji: EmojiTable;
  /** Channels' subscriber lists, fetched whole when the cache holds only part of one. */
  readonly subscribers: ChannelSubscribers;
  readonly #d: AccountRecordsDeps;
  readonly #presence: PresenceChanges;
  #lastGates = '';
  /** Closed with its account: a late answer (a presence beat in flight) must not read the closed store. */
  #closed = false;

  constructor(d: AccountRecordsDeps) {
    this.#d = d;
    const { store } = d;
    this.#presence = new PresenceChanges(store);
    this.drafts = new DraftsSync({
      store,
      client: d.client,
      selfUserId: d.selfUserId,
      log: d.log.child('drafts'),
      now: d.now,
      syncEnabled: () => this.gates().draftsSync,
      onChanged: () => this.#changed(['drafts']),
      ...(d.timers ? { timers: d.timers } : {}),
    });
    this.typing = new TypingTracker(
      () => store.realm.getNumber('server_typing_started_expiry_period_milliseconds', DEFAULT_TYPING_EXPIRY_MS),
      (typing) => d.emit('typing:changed', { accountId: d.accountId, typing }),
      d.timers,
    );
    this.editing = new EditTyping({ ...d, timers: d.timers });
    this.emoji = new EmojiTable({
      store,
      client: d.client,
      log: d.log.child('emoji'),
      onChanged: () => this.#changed(['emoji']),
    });
    this.subscribers = new ChannelSubscribers({
      store,
      client: d.client,
      log: d.log.child('subscribers'),
      onStored: (channelId) => this.#changed(['subscribers', 'channels'], [channelId]),
    });
  }

  gates(): FeatureGates {
    return featureGates(this.#d.featureLevel(), this.#d.store);
  }

  /** A batch was applied: tell the renderer which lists changed, and who is typing. */
  publish(deltas: readonly Delta[]): void {
    if (this.#closed) return;
    const areas = new Set<RecordArea>();
    // The channels whose subscriber lists changed, while every change named them (null: any).
    let subscriberChannels: Set<number> | null = new Set();
    for (const delta of deltas) {
      if (delta.kind === 'recordsChanged') {
        delta.areas.forEach((a) => areas.add(a));
        if (!delta.areas.includes('subscribers')) continue;
        if (delta.subscriberChannels) delta.subscriberChannels.forEach((c) => subscriberChannels?.add(c));
        else subscriberChannels = null;
      } else if (delta.kind === 'typing') this.typing.apply(delta.op, delta.senderId, delta.narrow);
      else if (delta.kind === 'typingEdit') this.editing.apply(delta.op, delta.senderId, delta.messageId);
    }
    if (areas.has('realm')) this.#presence.forget();
    if (areas.has('presence')) this.#presenceMoved(areas);
    if (areas.size === 0) return;
    this.#changed([...areas], areas.has('subscribers') && subscriberChannels ? [...subscriberChannels] : undefined);
    if (areas.has('settings')) this.#checkGates();
    // Synchronization may just have been turned on, or a draft changed elsewhere: push what waits.
    if (areas.has('settings') || areas.has('drafts')) this.drafts.schedulePush();
  }

  /**
   * Presence is said only when a status moved, and then as the people who moved
   * (presence:changed); last-seen times age silently (asked when shown). Only a judgement with
   * nothing told before it (after a realm change) leaves 'presence' for a reload of the list.
   */
  #presenceMoved(areas: Set<RecordArea>): void {
    const changes = this.#presence.moved(this.#d.now());
    if (changes === null) return;
    areas.delete('presence');
    if (changes.length > 0) this.#d.emit('presence:changed', { accountId: this.#d.accountId, changes });
  }

  /** Everyone's presence as the renderer is to hold it (presence:list): the statuses as last told. */
  presence(): PresenceView[] {
    return this.#presence.list(this.#d.now());
  }

  #checkGates(): void {
    const now = JSON.stringify(this.gates());
    if (now === this.#lastGates) return;
    const first = this.#lastGates === '';
    this.#lastGates = now;
    if (!first) this.#d.onGatesChanged?.();
  }

  /**
   * A new register replaced the snapshot: every list may differ, nobody is known to be typing.
   * The emoji table is fetched only if its URL (register's server_emoji_data_url) is new.
   */
  afterRegister(emojiDataUrl?: string): void {
    this.#lastGates = JSON.stringify(this.gates());
    // The renderer reloads every list (presence too) from this judgement on.
    this.#presence.moved(this.#d.now());
    this.#changed(ALL_AREAS);
    this.typing.clear();
    this.editing.clear();
    this.drafts.schedulePush(0);
    void this.emoji.afterRegister(emojiDataUrl);
  }

  close(): void {
    this.#closed = true;
    this.drafts.close();
    this.typing.clear();
    this.editing.close();
  }

  /** Reads answer from the cache, so they work offline too. */
  get store(): AccountStore {
    return this.#d.store;
  }

  /** What a change needs: a signed-in client and the server's feature level. */
  action(): ActionContext {
    const { client, store, selfUserId } = this.#d;
    if (!client) throw new IpcFailure('SIGNED_OUT', 'Sign in again to change this.');
    return { client, store, selfUserId, featureLevel: this.#d.featureLevel(), gates: this.gates() };
  }

  /** From the cache; a user it does not hold (yet) is asked of the server. */
  async user(userId: number): Promise<UserDetails> {
    const cached = reads.getUser(this.#d.store, userId);
    if (cached) return cached;
    const { client } = this.#d;
    const found = client
      ? (await getUsers(client, { userIds: [userId], includeCustomProfileFields: true })).find(
          (u) => u.user_id === userId,
        )
      : undefined;
    if (!found) throw new IpcFailure('NOT_FOUND', 'No such user in this organization.');
    return userDetails(toStoredUser(found), []);
  }

  saveDraft(a: CallArgs<'drafts:save'>): { id: string } {
    if (a.id !== undefined && this.#d.store.drafts.get(a.id)?.state === 'deleted') {
      throw new IpcFailure('NOT_FOUND', 'That draft was deleted.');
    }
    return this.drafts.save(a);
  }

  #changed(areas: RecordArea[], subscriberChannels?: number[]): void {
    this.#d.emit('records:changed', {
      accountId: this.#d.accountId,
      areas,
      ...(subscriberChannels ? { subscriberChannels } : {}),
    });
  }
}
