/**
 * "… is editing" for one account, both ways: who is editing which message (typing_edit_message
 * events, kept in memory like typing and forgotten after the server's expiry period, pushed as
 * typing:editing), and the user's own edit-box keystrokes sent with Zulip's typing throttle
 * (typing:edit). Sending obeys the user's typing settings for the message's conversation.
 */
import type { EditingView } from '../../common/model';
import type { ApiClient } from '../api';
import { setEditTyping } from '../api/routes/typing-edit';
import { DEFAULT_STARTED_WAIT_MS, DEFAULT_STOPPED_WAIT_MS, TypingSender } from '../accounts/typing-sender';
import type { EventListener } from '../event-listener';
import type { Logger } from '../log';
import type { AccountStore } from '../store/account-store';
import { DEFAULT_TYPING_EXPIRY_MS, TypingTracker, type Timers } from './typing';

export interface EditTypingDeps {
  accountId: string;
  store: AccountStore;
  client: ApiClient | null;
  featureLevel(): number;
  emit: EventListener;
  log: Logger;
  now(): number;
  timers?: Timers | undefined;
}

export class EditTyping {
  readonly #tracker: TypingTracker<number>;
  readonly #sender: TypingSender<number>;

  constructor(d: EditTypingDeps) {
    const realm = d.store.realm;
    this.#tracker = new TypingTracker<number>(
      () => realm.getNumber('server_typing_started_expiry_period_milliseconds', DEFAULT_TYPING_EXPIRY_MS),
      (list) => {
        const editing: EditingView[] = list.map((t) => ({ messageId: t.narrow, userIds: t.userIds }));
        d.emit('typing:editing', { accountId: d.accountId, editing });
      },
      d.timers,
    );
    this.#sender = new TypingSender<number>({
      keyOf: (messageId) => String(messageId),
      send: (messageId, op) => {
        if (!d.client) return Promise.resolve(false);
        return setEditTyping(d.client, messageId, op, d.featureLevel());
      },
      now: d.now,
      startedWaitMs: () => realm.getNumber('server_typing_started_wait_period_milliseconds', DEFAULT_STARTED_WAIT_MS),
      stoppedWaitMs: () => realm.getNumber('server_typing_stopped_wait_period_milliseconds', DEFAULT_STOPPED_WAIT_MS),
      // The setting of the message's kind of conversation; for a message the cache does not hold
      // (yet), both settings must allow it.
      allowed: (messageId) => {
        const [message] = d.store.messages.getByIds([messageId]);
        const settings = d.store.userSettings;
        const direct = settings.getBoolean('send_private_typing_notifications', true);
        const channel = settings.getBoolean('send_stream_typing_notifications', true);
        if (!message) return direct && channel;
        return message.channelId === null ? direct : channel;
      },
      log: d.log,
    });
  }

  /** A typing_edit_message event (as a delta). */
  apply(op: 'start' | 'stop', senderId: number, messageId: number): void {
    this.#tracker.apply(op, senderId, messageId);
  }

  /** typing:edit: the user's own keystroke (start) or end of editing (stop). */
  async set(messageId: number, op: 'start' | 'stop'): Promise<null> {
    await this.#sender.set(messageId, op);
    return null;
  }

  /** Events were missed (a new register): nobody is known to be editing. */
  clear(): void {
    this.#tracker.clear();
  }

  close(): void {
    this.#tracker.clear();
    this.#sender.close();
  }
}
