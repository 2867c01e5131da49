/** What a message must be before it is queued; broken input gets a clear error and nothing is stored. */
import type { ComposeTarget } from '../../common/model';
import { IpcFailure } from '../failure';
import type { AccountStore } from '../store/account-store';

/** Zulip's historical limits, for servers (or caches) that have not told us theirs. */
const DEFAULT_MAX_MESSAGE_LENGTH = 10_000;
const DEFAULT_MAX_TOPIC_LENGTH = 60;

export function validateCompose(store: AccountStore, to: ComposeTarget, content: string): void {
  if (content.trim() === '') throw new IpcFailure('INVALID_ARGUMENT', 'The message is empty.');
  const maxMessage = store.realm.getNumber('max_message_length', DEFAULT_MAX_MESSAGE_LENGTH);
  if (content.length > maxMessage) {
    throw new IpcFailure(
      'INVALID_ARGUMENT',
      `The message is ${content.length} characters long; this organization allows ${maxMessage}.`,
    );
  }
  if (to.kind === 'channel') {
    const maxTopic = store.realm.getNumber('max_topic_length', DEFAULT_MAX_TOPIC_LENGTH);
    if (to.topic.length > maxTopic) {
      throw new IpcFailure(
        'INVALID_ARGUMENT',
        `The topic is ${to.topic.length} characters long; this organization allows ${maxTopic}.`,
      );
    }
  }
}
