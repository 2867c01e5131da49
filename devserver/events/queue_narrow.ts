import type { App } from '../app';
import { apiEmail } from '../views/users';

/**
 * Whether a message event passes the legacy narrow a queue registered with (POST /register
 * `narrow`, e.g. [["channel","design"]] or [["is","dm"]]). Operators this server does not know
 * do not filter, so a client never loses events to an unsupported term.
 */
export function matchesQueueNarrow(
  narrow: ReadonlyArray<readonly [string, string]>,
  message: Record<string, unknown>,
  app: App,
): boolean {
  return narrow.every(([operator, operand]) => {
    const value = operand.toLowerCase();
    switch (operator) {
      case 'stream':
      case 'channel':
        return message['type'] === 'stream' && String(message['display_recipient']).toLowerCase() === value;
      case 'topic':
      case 'subject':
        return message['type'] === 'stream' && String(message['subject']).toLowerCase() === value;
      case 'is':
        if (value === 'dm' || value === 'private') return message['type'] === 'private';
        if (value === 'mentioned') return (message['flags'] as string[]).some((flag) => flag.includes('mentioned'));
        return true;
      case 'sender': {
        const sender = app.store.users.byId(Number(message['sender_id']));
        return (
          sender !== undefined &&
          (apiEmail(sender, app.store.realm.get()).toLowerCase() === value ||
            sender.delivery_email.toLowerCase() === value)
        );
      }
      default:
        return true;
    }
  });
}
