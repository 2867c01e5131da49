/**
 * One signed-in user on one organization: its cache, its sync loop, its pager and outbox,
 * and the events it publishes. Built by the AccountManager; the IPC handlers call it.
 */
import { randomUUID } from 'node:crypto';
import type { EventListener } from '../event-listener';
import type {
  AccountStatus,
  AccountSummary,
  Anchor,
  ComposeTarget,
  MessagePage,
  Narrow,
  Sidebar,
} from '../../common/model';
import { ApiClient, type ApiError, type HttpTransport } from '../api';
import type { Logger } from '../log';
import { startPresence, type PresenceHeartbeat } from '../presence/account-presence';
import { Outbox } from '../outbox/outbox';
import { outboxServer } from '../outbox/server';
import type { AccountStore } from '../store/account-store';
import type { AccountRecord } from '../store/app-store';
import type { Clock } from '../sync/clock';
import { SyncEngine, type Registered } from '../sync/engine';
import { classifyFailure } from '../sync/failures';
import { apiForClient } from '../sync/sync-api';
import { openAccountStore } from './account-store-open';
import { messageFetcher } from './fetcher';
import { MessageActions } from './message-actions';
import { Pager, type PageOptions } from './pager';
import { Revalidator } from './revalidator';
import { newestUnread, refreshAfterGap } from './gap-catch-up';
import { AccountRecords } from '../records/account-records';
import { validateCompose } from './compose-rules';
import { AccountPush, tapEvents } from './push-hookup';
import type { PushSetup } from './push-setup';
import { AccountOutput } from './account-output';
import { readMessagePage } from './message-page';
import { StorageFailure } from '../store/storage-failure';

export interface AccountOptions {
  record: AccountRecord;
  dataDir: string;
  /** Null when the key is missing; the account then shows its cache and asks to sign in again. */
  apiKey: string | null;
  noKeyMessage?: string;
  transport?: HttpTransport;
  log: Logger;
  clock: Clock;
  emit: EventListener;
  openView: Narrow | null;
  /** Register told us something new about the account (name, feature level). */
  onRecordChanged: (record: AccountRecord) => void;
  /** Parley's do-not-disturb switch: read at each new message. */
  doNotDisturb: () => boolean;
  /** Whether the user is looking at this conversation of the account in a focused window. */
  seesConversation?: (narrow: Narrow) => boolean;
  /** Push registration shared by the core's accounts; absent where push is off (main/accounts/push-setup.ts). */
  push?: PushSetup;
  /** See CoreOptions.collectGarbage: run after each register, before the sidebar is built. */
  collectGarbage?: () => void;
}

export class Account {
  readonly id: string;
  readonly store: AccountStore;
  #record: AccountRecord;
  #status: AccountStatus;
  // Newest message ID this run knew of, or null before its first queue: after a loss, newer ones came in the gap.
  #newestKnown: number | null = null;
  readonly #o: AccountOptions;
  readonly #client: ApiClient | null;
  readonly #engine: SyncEngine | null;
  readonly #pager: Pager;
  readonly #revalidator: Revalidator;
  readonly #outbox: Outbox;
  /** Encrypted push for this account; null without a push setup or a key. */
  readonly #push: AccountPush | null;
  /** Read, star, react, edit, delete, typing, search and unread counts (main/accounts/message-actions.ts). */
  readonly actions: MessageActions;
  /** Channels, groups, drafts, snippets, users, settings, typing and feature gates (main/records). */
  readonly records: AccountRecords;
  /** Reports our presence and polls everyone's (main/presence); null without a key. */
  #presence: PresenceHeartbeat | null = null;
  /** sidebar:changed when the sidebar differs from the last one sent, and unreads:changed. */
  readonly #out: AccountOutput;

  constructor(o: AccountOptions) {
    this.#o = o;
    this.id = o.record.id;
    this.#record = o.record;
    const { store, problem } = openAccountStore(o.dataDir, o.record.id, o.log);
    this.store = store;
    const auth = o.apiKey !== null && problem === null ? { email: o.record.email, apiKey: o.apiKey } : null;
    this.#client = auth
      ? new ApiClient({
          realmUrl: o.record.realmUrl,
          auth,
          log: o.log.child('api'),
          // Any request (a send, a page, a lookup), not only the event loop, can learn the key is dead.
          onAuthFailure: (e) => this.#signedOutByServer(e),
          ...(o.transport ? { transport: o.transport } : {}),
        })
      : null;
    this.#status = auth
      ? { state: 'starting' }
      : { state: 'signedOut', message: problem ?? o.noKeyMessage ?? 'Sign in again to continue.' };
    this.#push =
      this.#client && o.push
        ? new AccountPush({
            setup: o.push,
            client: this.#client,
            account: { realmUrl: o.record.realmUrl, email: o.record.email },
            featureLevel: () => this.#featureLevel(),
            log: o.log.child('push'),
            onChange: () => this.#o.onRecordChanged(this.#record),
            cachedDevice: (pushAccountId) => store.pushDevices.get(pushAccountId),
          })
        : null;
    this.#engine = this.#client ? this.#newEngine(this.#client) : null;
    this.#pager = new Pager({
      store,
      fetch: messageFetcher(this.#client, () => this.#featureLevel(), o.record.userId),
      liveQueueId: () => this.#engine?.queueId ?? null,
      log: o.log.child('pager'),
      onStale: (filter, anchor, before, after) => this.#revalidator.viewed(filter, anchor, before, after),
      onDoubt: () => this.#revalidator.resume(),
    });
    this.#revalidator = new Revalidator({
      store,
      pager: this.#pager,
      openView: () => this.#out.view.filter(),
      publish: (deltas) => this.#out.publish(deltas),
      log: o.log.child('revalidate'),
    });
    const client = this.#client;
    this.#outbox = new Outbox({
      store,
      selfUserId: o.record.userId,
      log: o.log.child('outbox'),
      clock: o.clock,
      newLocalId: () => randomUUID(),
      server: client ? outboxServer(client, () => this.#featureLevel(), this.#pager) : null,
      queueId: () => this.#engine?.queueId ?? null,
      eventsCurrent: () => this.#status.state === 'live',
      onEchoChanged: (entry) => this.#out.echoes('messages:updated', [entry]),
      onConfirmed: (localId, id) => this.#out.publish([{ kind: 'echoConfirmed', localId, id }]),
      onEchoRemoved: (entry) => this.#out.echoRemoved(entry),
    });
    this.actions = new MessageActions({
      accountId: this.id,
      store,
      client,
      selfUserId: o.record.userId,
      featureLevel: () => this.#featureLevel(),
      now: () => o.clock.now(),
      log: o.log.child('messages'),
      publish: (deltas) => this.#out.publish(deltas),
      pagesStored: () => this.#pager.storesDone(),
    });
    this.records = new AccountRecords({
      accountId: this.id,
      store,
      client,
      selfUserId: o.record.userId,
      featureLevel: () => this.#featureLevel(),
      emit: o.emit,
      log: o.log.child('records'),
      now: () => o.clock.now(),
      // A user setting (drafts sync) changes a gate: the account list shows the new ones.
      onGatesChanged: () => this.#o.onRecordChanged(this.#record),
    });
    this.#out = new AccountOutput({
      accountId: this.id,
      store,
      selfUserId: o.record.userId,
      emit: o.emit,
      records: this.records,
      unreadsIfChanged: () => this.actions.unreadsIfChanged(),
      doNotDisturb: () => o.doNotDisturb(),
      openView: o.openView,
      seesConversation: (narrow) => o.seesConversation?.(narrow) ?? false,
      onUsersChanged: () => this.#followOwnName(),
      self: () => this.#self(),
      client,
      log: o.log.child('users'),
    });
  }

  /** Warm start: the cached sidebar goes out at once, then sync begins. */
  start(): void {
    this.#out.publishSidebar();
    this.#emit('account:status', { accountId: this.id, status: this.#status });
    const unsent = this.store.outbox.all();
    this.#out.echoes('messages:added', unsent);
    this.#engine?.start();
    if (this.#client) this.#presence ??= startPresence(this.#client, this.store, this.#o, this.records);
    void this.#push?.ensureRegistered(); // at once: a resumed queue may not answer for a long-poll
    // Left unsent at the last quit: echoed at once, and sent without waiting for a first event.
    if (unsent.length > 0) void this.#outbox.flush();
  }

  get record(): AccountRecord {
    return this.#record;
  }

  summary(): AccountSummary {
    const r = this.#record;
    return {
      id: r.id,
      realmUrl: r.realmUrl,
      realmName: r.realmName,
      realmIcon: r.realmIcon,
      email: r.email,
      userId: r.userId,
      fullName: r.fullName,
      featureLevel: r.featureLevel,
      status: this.#status,
      features: this.records.gates(),
      push: this.#push?.status ?? { state: 'off' },
    };
  }

  sidebar(): Sidebar {
    return this.#out.sidebar();
  }

  setOpenView(narrow: Narrow): void {
    this.#out.view.set(narrow);
    void this.actions.flushReads(); // the reads of the view left go now
  }

  page(narrow: Narrow, anchor: Anchor, before: number, after: number, o?: PageOptions): Promise<MessagePage> {
    const source = { store: this.store, pager: this.#pager, out: this.#out, self: this.#self() };
    return readMessagePage(source, narrow, anchor, before, after, o);
  }

  /** Stores the message, publishes its echo, and starts sending; resolves with the echo's local ID. */
  send(to: ComposeTarget, content: string): { localId: string } {
    validateCompose(this.store, to, content);
    let entry;
    try {
      entry = this.#outbox.enqueue(to, content);
    } catch (e) {
      // Not saved, so not sent: the renderer keeps the text and shows why.
      throw StorageFailure.from(e, this.store.file) ?? e;
    }
    this.#out.echoes('messages:added', [entry]);
    void this.#outbox.flush();
    return { localId: entry.localId };
  }

  /** outbox:edit: new words for a refused or unsent message, which is queued again. */
  editOutbox(localId: string, content: string, to?: ComposeTarget): void {
    const entry = this.store.outbox.get(localId);
    if (entry) validateCompose(this.store, to ?? entry.target, content);
    this.#outbox.edit(localId, content, to);
  }

  /** app:wake: retry the server now (event queue and unsent messages), not when a backoff ends. */
  wake(): void {
    this.#engine?.wake();
    void this.#outbox.flush();
  }

  /** outbox:discard: the user gives up on a refused or unsent message. */
  discardOutbox(localId: string): void {
    this.#outbox.discard(localId);
  }

  /** Stops syncing and closes the cache; with forget, also drops the server's event queue. */
  async close(opts: { forget?: boolean } = {}): Promise<void> {
    const queueId = this.#engine?.queueId ?? null;
    await this.actions.flushReads();
    this.#outbox.close();
    this.#revalidator.close();
    this.#presence?.stop();
    this.actions.close();
    this.records.close();
    await this.#engine?.stop();
    await this.#push?.close(opts);
    // Pages answered before they were stored finish storing while the cache is open.
    await this.#pager.settled();
    if (opts.forget && queueId && this.#client) {
      await apiForClient(this.#client)
        .deleteQueue(queueId)
        .catch((e: unknown) => this.#o.log.info('could not delete the event queue', { error: e }));
    }
    this.store.close();
  }

  #newEngine(client: ApiClient): SyncEngine {
    return new SyncEngine({
      store: this.store,
      api: this.#push
        ? tapEvents(
            apiForClient(client, () => this.#featureLevel()),
            (events) => this.#push?.handleEvents(events),
          )
        : apiForClient(client, () => this.#featureLevel()),
      clock: this.#o.clock,
      log: this.#o.log.child('sync'),
      selfUserId: this.#record.userId,
      onStatus: (status) => {
        this.#status = status;
        this.#emit('account:status', { accountId: this.id, status });
        if (status.state === 'live') void this.#outbox.flush();
        if (status.state === 'live') void this.#push?.ensureRegistered();
      },
      onDeltas: (deltas) => {
        for (const d of deltas) {
          if (d.kind === 'messagesAdded' && this.#newestKnown !== null)
            this.#newestKnown = Math.max(this.#newestKnown, ...d.ids);
        }
        this.#out.publishAndNotify(deltas);
        this.#revalidator.resume();
      },
      onRegistered: (r) => this.#afterRegister(r),
      // The last run's queue still answers: a later loss of it is a gap whose messages ring.
      onResumed: () => {
        this.#newestKnown ??= Math.max(this.store.messages.newestId(), newestUnread(this.store));
      },
    });
  }

  async #afterRegister(r: Registered): Promise<void> {
    // The register's answer is stored and let go (the engine keeps only `r`): its garbage goes
    // before the sidebar and the refetch allocate on top of it.
    this.#o.collectGarbage?.();
    const next: AccountRecord = {
      ...this.#record,
      featureLevel: r.featureLevel,
      realmName: r.realm_name ?? this.#record.realmName,
      fullName: r.full_name ?? this.store.users.get(this.#record.userId)?.fullName ?? this.#record.fullName,
    };
    if (JSON.stringify(next) !== JSON.stringify(this.#record)) {
      this.#record = next;
      this.#o.onRecordChanged(next);
    }
    this.#out.afterRegister();
    this.records.afterRegister(r.server_emoji_data_url);
    // Not awaited: the push registration must not hold up the refetch and the outbox.
    void this.#push?.afterRegister(r.push_devices);
    this.#newestKnown = await refreshAfterGap(
      {
        pager: this.#pager,
        store: this.store,
        log: this.#o.log,
        openView: this.#out.view.filter(),
        publish: (deltas) => this.#out.publish(deltas),
        notify: (deltas) => this.#out.notify(deltas),
      },
      this.#newestKnown,
    );
    // Everything else the cache vouches for is checked again in the background, newest first.
    this.#revalidator.afterGap();
    // Sends whose message event fell into the gap before this queue are settled now.
    await this.#outbox.flush({ reconcile: true });
  }

  /** The server refused our key on some request: stop everything and say why (once). */
  #signedOutByServer(e: ApiError): void {
    if (this.#status.state === 'signedOut') return;
    const reaction = classifyFailure(e, 'poll');
    this.#status = { state: 'signedOut', message: reaction.message };
    this.#o.log.warn('the server refused our key; signed out', { code: e.code, status: e.httpStatus });
    this.#emit('account:status', { accountId: this.id, status: this.#status });
    this.#outbox.close();
    void this.#engine?.stop();
  }

  /** The user renamed themself (here or on another device): the header shows the new name. */
  #followOwnName(): void {
    const name = this.store.users.get(this.#record.userId)?.fullName;
    if (name === undefined || name === this.#record.fullName) return;
    this.#record = { ...this.#record, fullName: name };
    this.#o.onRecordChanged(this.#record);
  }

  #featureLevel(): number {
    return this.store.syncState.get().featureLevel || this.#record.featureLevel;
  }

  #self() {
    return { userId: this.#record.userId, fullName: this.#record.fullName, email: this.#record.email };
  }
  #emit: EventListener = (name, payload) => this.#o.emit(name, payload);
}
