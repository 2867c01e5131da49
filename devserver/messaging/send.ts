import { nowSeconds, type App } from '../app';
import { checkCanPost } from '../channels/post_policy';
import { publishMessage } from '../events/message_events';
import { GroupGraph } from '../groups/graph';
import { badRequest, missingParam } from '../http/errors';
import { renderMarkdown } from '../markdown/render';
import type { UserRow } from '../store/rows';
import { resolveChannel, resolveDirectRecipients } from './addressing';
import { storeDirectory } from './directory';
import { normalizeTopic } from './normalize';
import { applyPolicyOnSend, followWhereMentioned } from './visibility';
import { checkWildcardMentions } from './wildcards';
import { writeMessage, type Destination } from './write';
import { claimUploads } from '../uploads/files';
import { canAccessUser } from '../accounts/user_access';
import { accessSnapshot, publishAccessChanges } from '../events/access_events';

const CHANNEL_TYPES = new Set(['stream', 'channel']);
const DIRECT_TYPES = new Set(['direct', 'private']);

export function isChannelType(type: string): boolean {
  return CHANNEL_TYPES.has(type);
}

/** A `type` parameter of POST /messages or /scheduled_messages; anything else is Zulip's error. */
export function checkMessageType(type: string): void {
  if (!CHANNEL_TYPES.has(type) && !DIRECT_TYPES.has(type)) throw badRequest('Invalid message type');
}

/**
 * Where a message goes, checked as Zulip's check_message does for the sender: a channel they may
 * post in (with a topic its policy allows), or the people of a direct message.
 */
export function resolveDestination(
  app: App,
  user: UserRow,
  type: string,
  to: string,
  topic: string | undefined,
): Destination {
  const realm = app.store.realm.get();
  if (CHANNEL_TYPES.has(type)) {
    const channel = resolveChannel(app.store, user, to);
    checkCanPost(app, GroupGraph.load(app.store), user, channel);
    if (topic === undefined) throw missingParam('topic');
    return { kind: 'channel', channel, topic: normalizeTopic(topic, channel, realm) };
  }
  return { kind: 'direct', userIds: resolveDirectRecipients(app.store, realm, to) };
}

export interface Send {
  sender: UserRow;
  destination: Destination;
  content: string;
  client: string;
  readBySender: boolean;
  queueId?: string | undefined;
  localId?: string | undefined;
}

/**
 * Renders, checks wildcard mentions, writes and fans out one message, with the topic policy
 * changes a send makes (announced before the message, as on Zulip). Returns the new ID and the
 * sender's automatic policy, if one was applied.
 */
export function sendMessage(app: App, send: Send): { id: number; policy: number | null } {
  const { sender, destination, content } = send;
  const directory = storeDirectory(app.store);
  const rendered = renderMarkdown(content, directory);
  if (destination.kind === 'channel') {
    const { channel, topic } = destination;
    checkWildcardMentions(app.store, sender, channel, topic, rendered, app.options.wildcardMentionThreshold);
  } else checkCanReachRecipients(app, sender, destination.userIds);
  // A first direct message lets a limited guest reach its people: they hear of them before it.
  const access = destination.kind === 'direct' ? accessSnapshot(app) : null;
  const written = app.store.transaction(() =>
    writeMessage(app.store, {
      senderId: sender.id,
      destination,
      content,
      rendered,
      dateSent: nowSeconds(),
      client: send.client,
      readBySender: send.readBySender,
      directory,
    }),
  );
  let policy: number | null = null;
  if (destination.kind === 'channel') {
    const { channel, topic } = destination;
    policy = applyPolicyOnSend(app, sender, channel, topic, written.id);
    const mentioned = [...rendered.mentionedUserIds].filter((id) => written.receivers.has(id));
    followWhereMentioned(app, mentioned, channel, topic);
  }
  if (access) publishAccessChanges(app, access);
  publishMessage(app, written, { sender, queueId: send.queueId, localId: send.localId });
  // A scheduled message delivered later claims its uploads too, as Zulip's send does.
  claimUploads(app, sender, written.id, content);
  return { id: written.id, policy };
}

/** Zulip's check_sender_can_access_recipients: a limited guest writes only to people they reach. */
function checkCanReachRecipients(app: App, sender: UserRow, userIds: Iterable<number>): void {
  for (const id of userIds) {
    const target = app.store.users.byId(id);
    if (target && !canAccessUser(app, sender, target)) {
      throw badRequest('You do not have permission to access some of the recipients.');
    }
  }
}
