/**
 * "Schedule message" from compose: the same checks as Send (text, topic), then scheduled:create
 * instead of the outbox. The box empties only after the server took it (nothing typed is lost),
 * and its draft goes as after a send.
 */
import type { BridgeClient } from '../lib/bridge';
import { errorText } from '../lib/errors';
import { composeTarget } from '../lib/narrow';
import type { ComposeState } from './compose.svelte';

/** True when the server took the message; otherwise compose.error says why. */
export async function scheduleCompose(
  bridge: BridgeClient,
  accountId: string,
  compose: ComposeState,
  at: number,
): Promise<boolean> {
  const narrow = compose.narrow;
  if (!narrow || compose.sending) return false;
  const content = compose.content;
  if (content.trim() === '') {
    compose.error = 'Write a message first.';
    return false;
  }
  if (compose.topicMissing) {
    compose.error = 'Enter a topic for this message.';
    return false;
  }
  const to = composeTarget(narrow, compose.needsTopic ? compose.topic.trim() : '');
  if (!to) {
    compose.error = 'Choose a conversation to schedule the message for.';
    return false;
  }
  compose.sending = true;
  compose.error = null;
  try {
    await bridge.call('scheduled:create', { accountId, to, content, at });
    if (compose.content === content) {
      compose.content = '';
      compose.edited();
    }
    return true;
  } catch (error) {
    compose.error = `Not scheduled: ${errorText(error)}`;
    return false;
  } finally {
    compose.sending = false;
  }
}
