/**
 * Marks what the reader has seen as read: the unread messages of the open narrow once its
 * newest end is on screen. Each message is asked for once until the answer; a message that turns
 * unread again afterwards (a refused read) is asked for again.
 * Messages the user marked unread stay unread while the view stays open (as in Zulip, reading
 * starts again once another conversation opens: release()).
 */
import type { MessageView, Narrow } from '../../common/model';
import { describe, type BridgeClient } from '../lib/bridge';
import type { MessageActions } from './messageActions';
import { isConfirmed } from './messageList';

export class ReadTracker {
  private readonly asked = new Set<number>();
  /** Marked unread by the user in the open view: not marked read from being seen. */
  private readonly held = new Set<number>();

  constructor(
    private readonly actions: MessageActions,
    private readonly bridge: BridgeClient,
  ) {}

  seen(messages: readonly MessageView[]): void {
    const fresh = (m: MessageView) => isConfirmed(m) && !m.read && !this.asked.has(m.id) && !this.held.has(m.id);
    const ids = messages.filter(fresh).map((m) => m.id);
    if (ids.length === 0) return;
    for (const id of ids) this.asked.add(id);
    // Answered as soon as main's cache has them read: by then the messages:flags of the same
    // frame has shown them read here. Forgotten then, so a message that turns unread again (the
    // server refused the batched read) is asked for again once seen.
    this.actions.markSeen(ids).then(
      () => this.forget(ids),
      (error: unknown) => {
        this.forget(ids);
        // The unread counts stay as they were, which the user sees; the log says why.
        this.bridge.send('log:error', { message: `Marking messages read failed: ${describe(error)}` });
      },
    );
  }

  private forget(ids: readonly number[]): void {
    for (const id of ids) this.asked.delete(id);
  }

  /**
   * Zulip's "mark as unread from here": `from` and the later messages of `narrow` turn unread;
   * `loaded` (the view's messages) are held unread until release().
   */
  async markUnreadFrom(narrow: Narrow, from: MessageView, loaded: readonly MessageView[]): Promise<number> {
    for (const m of loaded) {
      if (m.id >= from.id && isConfirmed(m)) {
        this.held.add(m.id);
        this.asked.delete(m.id);
      }
    }
    return this.actions.markUnreadFrom(narrow, from);
  }

  /** Another view opened: what was held unread may be read again once seen. */
  release(): void {
    this.held.clear();
  }
}
