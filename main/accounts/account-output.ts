/**
 * What one account tells the renderer after its cache changed: the deltas of a batch (from events,
 * a page, a send) become message views, sidebar rows, record lists and, for new messages the
 * notification policy picks, notifications. Reads of the store only; the account decides when.
 */
import type { MessageView, Narrow, Sidebar, UnreadSummary } from '../../common/model';
import type { ApiClient } from '../api';
import type { Logger } from '../log';
import type { EventListener } from '../event-listener';
import { coalesceNotifications } from '../notifications/coalesce';
import { notificationsFor } from '../notifications/dispatch';
import type { AccountRecords } from '../records/account-records';
import type { AccountStore } from '../store/account-store';
import { mergeDeltas, touchesUsers, type Delta, type MergedDeltas } from '../sync/deltas';
import type { MessageHead } from '../store/repos/message-rows';
import { OpenView } from './open-view';
import { sidebarPublisherFor, type SidebarPublisher } from './sidebar-publisher';
import { UnknownUsers, usersNamedBy, usersNamedByDeltas } from './unknown-users';
import type { OutboxEntry } from '../store/repos/outbox';
import { buildSidebar, echoView, messageView, userLookup, type Self } from './views';

/**
 * The most new messages of the open conversation one batch sends the window. More (a laptop waking
 * to a busy channel) would cost megabytes over the bridge for rows the list trims away; past this
 * the list is told to page in the newer ones as the user reads on.
 */
export const MAX_ADDED_VIEWS = 200;

export interface AccountOutputDeps {
  accountId: string;
  store: AccountStore;
  selfUserId: number;
  emit: EventListener;
  records: AccountRecords;
  /** The unread counts if they changed since the last call (MessageActions.unreadsIfChanged). */
  unreadsIfChanged: () => UnreadSummary | null;
  doNotDisturb: () => boolean;
  /** The view the last run showed (restored at start), until view:open names another. */
  openView: Narrow | null;
  /** Whether the user is looking at this conversation in a focused window (no notification then). */
  seesConversation: (narrow: Narrow) => boolean;
  /** The users changed: the account checks whether its own name did. */
  onUsersChanged: () => void;
  /** Who the echoes of queued messages are from (the name may change). */
  self: () => Self;
  /** Asks the server about people the shown messages and typing name but the cache lacks. */
  client: ApiClient | null;
  log: Logger;
}

export class AccountOutput {
  readonly #d: AccountOutputDeps;
  readonly #sidebar: SidebarPublisher;
  readonly unknownUsers: UnknownUsers;
  /** What the window shows: new messages elsewhere go out as counts only. */
  readonly view: OpenView;

  constructor(deps: AccountOutputDeps) {
    this.#d = deps;
    this.view = new OpenView(deps.openView, deps.selfUserId);
    this.unknownUsers = new UnknownUsers({
      store: deps.store,
      client: deps.client,
      log: deps.log,
      publish: (deltas) => this.publish(deltas),
    });
    this.#sidebar = sidebarPublisherFor(deps);
  }

  sidebar(): Sidebar {
    return buildSidebar(this.#d.store, this.#d.accountId, this.#d.selfUserId);
  }

  /** The whole sidebar (at start, after a register), as a delta against what was sent before. */
  publishSidebar(): void {
    this.#sidebar.publish();
  }

  /** A new register: the whole sidebar, and people it refused before may be ours to see now. */
  afterRegister(): void {
    this.unknownUsers.forgetRefusals();
    this.publishSidebar();
  }

  publish(deltas: Delta[]): void {
    const m = mergeDeltas(deltas);
    this.#publish(deltas, m, this.#heads(m.added), Infinity);
  }

  /**
   * A batch of events: published, and its new messages that the notification policy picks shown.
   * The new messages are read once for both, without their content (a catch-up's batch brings
   * thousands); only those sent to the window or ringing are read whole.
   */
  publishAndNotify(deltas: Delta[]): void {
    const m = mergeDeltas(deltas);
    const added = this.#heads(m.added);
    this.#publish(deltas, m, added, MAX_ADDED_VIEWS);
    this.#notifyOf(added);
  }

  #heads(ids: readonly number[]): MessageHead[] {
    return ids.length > 0 ? this.#d.store.messages.headsByIds(ids) : [];
  }

  /**
   * `maxAdded`: MAX_ADDED_VIEWS for a batch of events, whose new messages all come after what the
   * window holds; a page's or a check's (`publish`) may fall inside it, so all of those go.
   */
  #publish(deltas: Delta[], m: MergedDeltas, addedHeads: readonly MessageHead[], maxAdded: number): void {
    const { accountId, store, emit } = this.#d;
    const users = userLookup(store);
    const views = (ids: number[]) => store.messages.getByIds(ids).map((x) => messageView(x, users));
    // Only what the open view shows: the message list drops the rest, and the sidebar's delta counts it.
    // A catch-up may bring thousands there: the oldest few go, the list pages in the rest.
    const shown = addedHeads.filter((x) => this.view.shows(x)).map((x) => x.id);
    const sent = shown.slice(0, maxAdded);
    const added = sent.length > 0 ? views(sent) : [];
    if (added.length > 0)
      emit('messages:added', {
        accountId,
        messages: added,
        ...(shown.length > sent.length ? { newerLeftOut: true as const } : {}),
      });
    const confirmed = m.confirmed.flatMap((c) => views([c.id]).map((v) => ({ ...v, localId: c.localId })));
    const updated = [...views(m.updated), ...confirmed];
    // First: a widened view of people (can_access_all_users_group) makes past refusals worth asking again.
    if (deltas.some((d) => d.kind === 'recordsChanged' && d.areas.includes('realm'))) this.unknownUsers.realmChanged();
    this.noticeUsers([...added, ...updated], deltas);
    if (m.flags.length > 0) emit('messages:flags', { accountId, changes: m.flags });
    if (updated.length > 0) emit('messages:updated', { accountId, messages: updated });
    if (m.removed.length > 0) emit('messages:removed', { accountId, messageIds: m.removed });
    const people = touchesUsers(deltas);
    if (m.sidebar || people) this.#sidebar.publish(m.sidebar, people);
    if (people) this.#d.onUsersChanged();
    this.#d.records.publish(deltas);
  }

  /** Looks up the people these messages and deltas name whom the cache lacks (unknown-users.ts). */
  noticeUsers(messages: readonly MessageView[], deltas: readonly Delta[] = []): void {
    this.unknownUsers.notice([...messages.flatMap(usersNamedBy), ...usersNamedByDeltas(deltas)]);
  }

  /** Echoes of queued messages: new ones (`messages:added`) or changed ones (`messages:updated`). */
  echoes(name: 'messages:added' | 'messages:updated', entries: readonly OutboxEntry[]): void {
    if (entries.length === 0) return;
    const users = userLookup(this.#d.store);
    const messages = entries.map((e) => echoView(e, this.#d.self(), users));
    this.#d.emit(name, { accountId: this.#d.accountId, messages });
  }

  echoRemoved(entry: OutboxEntry): void {
    this.#d.emit('messages:removed', { accountId: this.#d.accountId, messageIds: [-entry.seq] });
  }

  /** New messages from events that the notification policy says to show. */
  notify(deltas: Delta[]): void {
    this.#notifyOf(this.#heads(mergeDeltas(deltas).added));
  }

  #notifyOf(added: readonly MessageHead[]): void {
    const { accountId, store, selfUserId, emit } = this.#d;
    if (added.length === 0) return;
    const pending = notificationsFor(store, selfUserId, added, this.#d.doNotDisturb());
    // What the user is looking at never rings; the rest, one per conversation (coalesce.ts).
    for (const n of coalesceNotifications(pending.filter((p) => !this.#d.seesConversation(p.narrow)))) {
      emit('notify:show', { accountId, title: n.title, body: n.body, narrow: n.narrow, messageId: n.messageId });
    }
  }
}
