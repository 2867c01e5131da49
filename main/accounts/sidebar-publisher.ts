/**
 * An account's sidebar:changed, sent only when the sidebar differs from the last one sent. The
 * whole sidebar (about 15 KB at the demo's size) crosses from the core's thread to the main thread
 * and on to the renderer, and most events that may touch it (a reaction, an edit, a user's new
 * time zone) leave it as it was. The renderer asks for it afresh (sidebar:get) when it loads, so
 * skipping a repeat loses nothing. Unread counts ride along: unreads:changed goes out whenever
 * they changed, sidebar or not.
 */
import type { Sidebar, UnreadCounts } from '../../common/model';
import type { EventListener } from '../ipc/types';

export interface SidebarPublisherDeps {
  build: () => Sidebar;
  emit: EventListener;
  /** The counts if they changed since the last call (MessageActions.unreadsIfChanged). */
  unreadsIfChanged: () => UnreadCounts | null;
}

export class SidebarPublisher {
  readonly #d: SidebarPublisherDeps;
  #lastSent: string | null = null;

  constructor(deps: SidebarPublisherDeps) {
    this.#d = deps;
  }

  /** Something the sidebar shows may have changed: publish it if it did. */
  publish(): void {
    const sidebar = this.#d.build();
    const text = JSON.stringify(sidebar);
    if (text !== this.#lastSent) {
      this.#lastSent = text;
      this.#d.emit('sidebar:changed', { sidebar });
    }
    const counts = this.#d.unreadsIfChanged();
    if (counts) this.#d.emit('unreads:changed', { counts });
  }
}
