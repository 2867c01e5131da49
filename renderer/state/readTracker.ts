/**
 * Marks what the reader has seen as read: the unread messages of the open narrow once its
 * newest end is on screen. Each message is asked for once; a failed call lets it be asked again.
 */
import type { MessageView } from '../../common/model';
import { describe, type BridgeClient } from '../lib/bridge';
import type { MessageActions } from './messageActions';
import { isConfirmed } from './messageList';

export class ReadTracker {
  private readonly asked = new Set<number>();

  constructor(
    private readonly actions: MessageActions,
    private readonly bridge: BridgeClient,
  ) {}

  seen(messages: readonly MessageView[]): void {
    const ids = messages.filter((m) => isConfirmed(m) && !m.read && !this.asked.has(m.id)).map((m) => m.id);
    if (ids.length === 0) return;
    for (const id of ids) this.asked.add(id);
    this.actions.markRead({ kind: 'messages', ids }).catch((error: unknown) => {
      for (const id of ids) this.asked.delete(id);
      // The unread counts stay as they were, which the user sees; the log says why.
      this.bridge.send('log:error', { message: `Marking messages read failed: ${describe(error)}` });
    });
  }
}
