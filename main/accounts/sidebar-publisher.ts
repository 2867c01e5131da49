/**
 * An account's sidebar for the renderer: the whole of it once (sidebar:changed, the warm start),
 * then only what changed (sidebar:delta: the channel, topic, DM or user rows that differ), so an
 * incoming message costs a few hundred bytes whatever the size of the organization. Most events
 * that may touch the sidebar (a reaction, an edit) leave it as it was and send nothing. Unread
 * totals ride along: unreads:changed goes out whenever they changed, sidebar or not.
 */
import type { Sidebar, UnreadSummary, UserSummary } from '../../common/model';
import type { SidebarDelta } from '../../common/sidebar-delta';
import type { EventListener } from '../event-listener';
import type { SidebarScope } from '../sync/deltas';
import { SidebarDiffer } from './sidebar-diff';
import type { AccountStore } from '../store/account-store';
import { buildSidebar, buildSidebarPart, buildSidebarRows, type SidebarPart, type SidebarRows } from './views';

export interface SidebarPublisherDeps {
  accountId: string;
  build: () => Sidebar;
  /** The sidebar but its people (views.ts buildSidebarRows). */
  buildRows: () => SidebarRows;
  /** Everyone, as the sidebar lists them. */
  buildUsers: () => UserSummary[];
  /** Whom the people's writes since the last call touched (UsersRepo.takeWritten). */
  usersWritten: () => 'all' | number[];
  /** These people (those known), as the sidebar lists them. */
  buildUsersOf: (ids: readonly number[]) => UserSummary[];
  /** Only the touched rows (views.ts buildSidebarPart). */
  buildPart: (touched: Exclude<SidebarScope, 'all'>) => SidebarPart;
  emit: EventListener;
  /** The counts if they changed since the last call (MessageActions.unreadsIfChanged). */
  unreadsIfChanged: () => UnreadSummary | null;
}

export class SidebarPublisher {
  readonly #d: SidebarPublisherDeps;
  readonly #differ = new SidebarDiffer();
  #sentWhole = false;

  constructor(deps: SidebarPublisherDeps) {
    this.#d = deps;
  }

  /**
   * Something the sidebar shows may have changed (anywhere, or only in the rows `scope` names, or
   * none of them: null), and the people too when `usersToo`: publish what did. The first publish
   * is always whole. Of the people, only those written since the last look are read and compared
   * (one for a user event, none for a re-register that found everyone as cached): an
   * organization's 30,000 took a quarter of a second of the core's thread to read and compare.
   */
  publish(scope: SidebarScope | null = 'all', usersToo = true): void {
    if (!this.#sentWhole) {
      // The whole sidebar holds everyone as they are now.
      this.#d.usersWritten();
      const sidebar = this.#d.build();
      this.#differ.diff(sidebar);
      this.#sentWhole = true;
      this.#d.emit('sidebar:changed', { sidebar });
    } else {
      const { accountId } = this.#d;
      const parts: (SidebarDelta | null)[] = [];
      if (scope === 'all') parts.push(this.#differ.diff(this.#d.buildRows()));
      else if (scope) parts.push(this.#differ.diffPart(accountId, this.#d.buildPart(scope)));
      if (usersToo) parts.push(this.#writtenUsers());
      const changed = parts.filter((p) => p !== null);
      // Their fields are apart (the people, the other rows): one delta carries both.
      if (changed.length > 0) this.#d.emit('sidebar:delta', { delta: Object.assign({}, ...changed) as SidebarDelta });
    }
    const counts = this.#d.unreadsIfChanged();
    if (counts) this.#d.emit('unreads:changed', { counts });
  }

  /** The people written since the last look, compared with what was sent. */
  #writtenUsers(): SidebarDelta | null {
    const written = this.#d.usersWritten();
    const { accountId } = this.#d;
    if (written === 'all') return this.#differ.diffUsers(accountId, this.#d.buildUsers());
    return written.length > 0 ? this.#differ.diffSomeUsers(accountId, this.#d.buildUsersOf(written)) : null;
  }
}

/** One account's sidebar publisher over its cache, as the account builds it (the bench's and tests' too). */
export function sidebarPublisherFor(o: {
  store: AccountStore;
  accountId: string;
  selfUserId: number;
  emit: EventListener;
  unreadsIfChanged: () => UnreadSummary | null;
}): SidebarPublisher {
  const { store, accountId, selfUserId } = o;
  return new SidebarPublisher({
    accountId,
    build: () => buildSidebar(store, accountId, selfUserId),
    buildRows: () => buildSidebarRows(store, accountId, selfUserId),
    buildUsers: () => store.users.summaries(),
    buildUsersOf: (ids) => store.users.summariesOf(ids),
    usersWritten: () => store.users.takeWritten(),
    buildPart: (touched) => buildSidebarPart(store, selfUserId, touched),
    emit: o.emit,
    unreadsIfChanged: o.unreadsIfChanged,
  });
}
