import { badNarrow } from '../http/errors';
import { FLAG_BITS, MENTION_MASK } from '../store/flags';
import type { UserRow } from '../store/rows';
import type { Store } from '../store/store';
import { VISIBILITY } from '../store/user_topics';

/** SQL for the viewer's policy on the message's topic (a correlated lookup on user_topics). */
function topicPolicy(viewer: UserRow): string {
  return `(SELECT ut.visibility_policy FROM user_topics ut
    WHERE ut.user_id = ${viewer.id} AND ut.channel_id = m.channel_id AND ut.topic_name = m.topic)`;
}

/**
 * SQL for an `is:` operand over `messages m`; `flags` is the viewer's flag-bits expression.
 * is:followed and is:muted read the viewer's topic policies: a message is muted when its topic
 * is muted, or its channel is muted and the topic is not unmuted or followed.
 */
export function isCondition(store: Store, viewer: UserRow, operand: string, flags: string): string {
  switch (operand) {
    case 'dm':
    case 'private':
      return 'm.channel_id IS NULL';
    case 'starred':
      return `(${flags} & ${FLAG_BITS.starred}) != 0`;
    case 'unread':
      return `(${flags} & ${FLAG_BITS.read}) = 0`;
    case 'mentioned':
      return `(${flags} & ${MENTION_MASK}) != 0`;
    case 'alerted':
      return `(${flags} & ${FLAG_BITS.has_alert_word}) != 0`;
    case 'resolved':
      return "m.topic LIKE '✔ %'";
    case 'followed':
      return `(m.channel_id IS NOT NULL AND ${topicPolicy(viewer)} = ${VISIBILITY.followed})`;
    case 'muted': {
      const muted = store.channels
        .subscriptionsOf(viewer.id)
        .filter((s) => s.is_muted === 1)
        .map((s) => s.channel_id);
      const policy = `COALESCE(${topicPolicy(viewer)}, 0)`;
      return `(m.channel_id IS NOT NULL AND (${policy} = ${VISIBILITY.muted} OR
        (m.channel_id IN (${muted.join(',') || '-1'}) AND ${policy} NOT IN (${VISIBILITY.unmuted}, ${VISIBILITY.followed}))))`;
    }
    default:
      throw badNarrow(`unknown 'is' operand ${operand}`);
  }
}

/** SQL for a `has:` operand, read from the rendered HTML the way Zulip sets has_link/has_image. */
export function hasCondition(operand: string): string {
  switch (operand) {
    case 'link':
      return "m.rendered_content LIKE '%<a %'";
    case 'image':
      return "m.rendered_content LIKE '%<img %'";
    case 'attachment':
      return "m.content LIKE '%/user_uploads/%'";
    case 'reaction':
      return 'EXISTS (SELECT 1 FROM reactions r WHERE r.message_id = m.id)';
    default:
      throw badNarrow(`unknown 'has' operand ${operand}`);
  }
}

/** `is:` operands that are properties of the message, not of the viewer's row; they keep history. */
export const HISTORY_SAFE_IS = new Set(['resolved', 'followed']);
