import { canReadHistory } from '../access';
import { badNarrow } from '../http/errors';
import { FLAG_BITS, MENTION_MASK } from '../store/flags';
import type { RealmRow, UserRow } from '../store/rows';
import { ROLE } from '../store/rows';
import type { Store } from '../store/store';
import type { NarrowTerm } from './parse';
import { OperandResolver } from './resolve';

/** A narrow compiled to SQL over `messages m` and the viewer's `user_messages um`. */
export interface NarrowQuery {
  from: string;
  where: string[];
  args: unknown[];
  /** The message ID column to order and compare by (chosen so an index drives the scan). */
  idExpr: string;
}

/**
 * Compiles a narrow for one viewer. Without a channel (or dm) term the query runs over the
 * viewer's own user_messages rows, as Zulip searches only personal history then; with a channel
 * term whose history the viewer may read, it runs over every message of that channel (messages
 * never received come back flagged historical). `accessible` widens the base to everything the
 * viewer may read, for message_ids lookups.
 */
export function compileNarrow(
  store: Store,
  viewer: UserRow,
  realm: RealmRow,
  terms: NarrowTerm[],
  accessible = false,
): NarrowQuery {
  const resolve = new OperandResolver(store, viewer, realm);
  const where: string[] = [];
  const args: unknown[] = [];
  const add = (sql: string, negated: boolean, ...values: unknown[]): void => {
    where.push(negated ? `NOT (${sql})` : sql);
    args.push(...values);
  };
  const joinAll = `FROM messages m LEFT JOIN user_messages um ON um.user_id = ${viewer.id} AND um.message_id = m.id`;
  let query: Omit<NarrowQuery, 'where' | 'args'> = {
    from: `FROM user_messages um JOIN messages m ON m.id = um.message_id`,
    idExpr: 'um.message_id',
  };
  let baseWhere = [`um.user_id = ${viewer.id}`];
  const positive = (op: string): NarrowTerm | undefined => terms.find((t) => t.operator === op && !t.negated);

  const channelTerm = positive('channel');
  const dmTerm = positive('dm');
  if (
    channelTerm &&
    (dmTerm || terms.some((t) => t.operator === 'is' && !t.negated && (t.operand === 'dm' || t.operand === 'private')))
  ) {
    throw badNarrow('No message can be both a channel message and direct message');
  }
  if (channelTerm) {
    const channel = resolve.channel(channelTerm.operand);
    const open = canReadHistory(viewer, channel, store.channels.subscription(viewer.id, channel.id));
    query = { from: joinAll, idExpr: 'm.id' };
    baseWhere = [`m.recipient_id = ${channel.recipient_id}`, ...(open ? [] : ['um.message_id IS NOT NULL'])];
  } else if (dmTerm) {
    const ids = resolve.userList(dmTerm.operand).map((u) => u.id);
    const recipient = store.recipients.findDirect([...ids, viewer.id]);
    query = { from: joinAll, idExpr: 'm.id' };
    baseWhere = [`m.recipient_id = ${recipient ?? -1}`, 'um.message_id IS NOT NULL'];
  } else if (positive('channels')?.operand === 'public' && viewer.role !== ROLE.guest) {
    query = { from: joinAll, idExpr: 'm.id' };
    baseWhere = ['m.channel_id IN (SELECT id FROM channels WHERE invite_only = 0)'];
  } else if (accessible) {
    const readable = store.channels
      .all()
      .filter((c) => canReadHistory(viewer, c, store.channels.subscription(viewer.id, c.id)))
      .map((c) => c.id);
    query = { from: joinAll, idExpr: 'm.id' };
    baseWhere = [`(um.message_id IS NOT NULL OR m.channel_id IN (${readable.join(',') || '-1'}))`];
  }

  // Messages the viewer never received count as read (Zulip's "historical" messages).
  const flags = query.idExpr === 'm.id' ? 'COALESCE(um.flags, 1)' : 'um.flags';
  for (const term of terms) {
    const { operator, operand, negated } = term;
    switch (operator) {
      case 'channel':
        if (term !== channelTerm) add('m.recipient_id = ?', negated, resolve.channel(operand).recipient_id);
        break;
      case 'channels':
        if (operand !== 'public' && operand !== 'web-public')
          throw badNarrow(`invalid channels operand ${String(operand)}`);
        add(
          `m.channel_id IN (SELECT id FROM channels WHERE ${operand === 'public' ? 'invite_only = 0' : 'is_web_public = 1'})`,
          negated,
        );
        break;
      case 'topic': {
        const topic = String(operand).trim();
        add('m.topic = ? COLLATE NOCASE', negated, topic === realm.empty_topic_display_name ? '' : topic);
        break;
      }
      case 'dm':
        if (term !== dmTerm) {
          const recipient = store.recipients.findDirect([...resolve.userList(operand).map((u) => u.id), viewer.id]);
          add('m.recipient_id = ?', negated, recipient ?? -1);
        }
        break;
      case 'dm-including':
        add(
          'm.recipient_id IN (SELECT recipient_id FROM recipient_members WHERE user_id = ?)',
          negated,
          resolve.user(operand).id,
        );
        break;
      case 'sender':
        add('m.sender_id = ?', negated, resolve.user(operand).id);
        break;
      case 'id':
        add('m.id = ?', negated, resolve.integer(operand, operator));
        break;
      case 'is':
        add(isCondition(store, viewer, String(operand), flags), negated);
        break;
      case 'has':
        add(hasCondition(String(operand)), negated);
        break;
      case 'search':
        for (const word of String(operand).split(/\s+/).filter(Boolean)) {
          add(
            "(m.content LIKE ? ESCAPE '\\' OR m.topic LIKE ? ESCAPE '\\')",
            negated,
            ...Array(2).fill(`%${likeEscape(word)}%`),
          );
        }
        break;
      case 'near':
      case 'with':
        // Web-app view hints: they choose where to look, not what matches, so they filter nothing.
        break;
    }
  }
  return { ...query, where: [...baseWhere, ...where], args };
}

function isCondition(store: Store, viewer: UserRow, operand: string, flags: string): string {
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
    case 'muted': {
      const muted = store.channels
        .subscriptionsOf(viewer.id)
        .filter((s) => s.is_muted === 1)
        .map((s) => s.channel_id);
      return `m.channel_id IN (${muted.join(',') || '-1'})`;
    }
    case 'followed':
      // Followed topics arrive with user_topics in a later slice; until then nothing is followed.
      return '0';
    default:
      throw badNarrow(`unknown 'is' operand ${operand}`);
  }
}

function hasCondition(operand: string): string {
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

function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
