/**
 * An account's sidebar for the renderer: the whole of it once (sidebar:changed, the warm start),
 * then only what changed (sidebar:delta: the channel, topic, DM or user rows that differ), so an
 * incoming message costs a few hundred bytes whatever the size of the organization. Most events
 * that may touch the sidebar (a reaction, an edit) leave it as it was and send nothing. Unread
 * totals ride along: unreads:changed goes out whenever they changed, sidebar or not.
 */
import type { Sidebar, UnreadSummary } from '../../common/model';
import type { EventListener } from '../event-listener';
import type { SidebarScope } from '../sync/deltas';
import { SidebarDiffer } from './sidebar-diff';
import type { SidebarPart } from './views';

export interface SidebarPublisherDeps {
  accountId: string;
  build: () => Sidebar;
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
   * Something the sidebar shows may have changed (anywhere, or only in the rows `scope` names):
   * publish what did. The first publish is always whole.
   */
  publish(scope: SidebarScope = 'all'): void {
    if (!this.#sentWhole || scope === 'all') {
      const sidebar = this.#d.build();
      const delta = this.#differ.diff(sidebar);
      if (!this.#sentWhole) {
        this.#sentWhole = true;
        this.#d.emit('sidebar:changed', { sidebar });
      } else if (delta) {
        this.#d.emit('sidebar:delta', { delta });
      }
    } else {
      const part = this.#d.buildPart(scope);
      const delta = this.#differ.diffPart(this.#d.accountId, part);
      if (delta) this.#d.emit('sidebar:delta', { delta });
    }
    const counts = this.#d.unreadsIfChanged();
    if (counts) this.#d.emit('unreads:changed', { counts });
  }
}
