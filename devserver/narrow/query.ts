import { canReadHistory } from '../access';
import { badNarrow } from '../http/errors';
import type { RealmRow, UserRow } from '../store/rows';
import { ROLE } from '../store/rows';
import type { Store } from '../store/store';
import { hasCondition, HISTORY_SAFE_IS, isCondition } from './conditions';
import type { NarrowTerm } from './parse';
import { OperandResolver } from './resolve';
import { searchCondition } from './search';
import { resolveWith } from './with';

/** A narrow compiled to SQL over `messages m` and the viewer's `user_messages um`. */
export interface NarrowQuery {
  from: string;
  where: string[];
  args: unknown[];
  /** The message ID column to order and compare by (chosen so an index drives the scan). */
  idExpr: string;
}

export interface CompileOptions {
  /** Widen the base to everything the viewer may read (for message_ids lookups). */
  accessible?: boolean;
  /** Only messages the viewer has a user_messages row for (flag updates by narrow). */
  receivedOnly?: boolean;
}

const isDmTerm = (t: NarrowTerm): boolean => t.operator === 'is' && (t.operand === 'dm' || t.operand === 'private');

/**
 * Compiles a narrow for one viewer. Without a channel (or dm) term the query runs over the
 * viewer's own user_messages rows, as Zulip searches only personal history then; with a channel
 * term whose history the viewer may read, or channels:public, it runs over every matching
 * message (messages never received come back flagged historical). As on Zulip, an `is:` term
 * about the viewer's own flags (anything but resolved/followed) limits it to received messages.
 */
export function compileNarrow(
  store: Store,
  viewer: UserRow,
  realm: RealmRow,
  rawTerms: NarrowTerm[],
  options: CompileOptions = {},
): NarrowQuery {
  const terms = resolveWith(store, viewer, rawTerms);
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
  const personalOnly =
    options.receivedOnly === true || terms.some((t) => t.operator === 'is' && !HISTORY_SAFE_IS.has(String(t.operand)));

  const channelTerm = positive('channel');
  const dmTerm = positive('dm');
  if (channelTerm && (dmTerm || terms.some((t) => isDmTerm(t) && !t.negated))) {
    throw badNarrow('No message can be both a channel message and direct message');
  }
  const publicTerm = positive('channels');
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
  } else if (publicTerm && viewer.role !== ROLE.guest && !personalOnly) {
    // channels:public (or web-public) searches the shared history of those channels.
    query = { from: joinAll, idExpr: 'm.id' };
    baseWhere = [];
  } else if (options.accessible) {
    const readable = store.channels
      .all()
      .filter((c) => canReadHistory(viewer, c, store.channels.subscription(viewer.id, c.id)))
      .map((c) => c.id);
    query = { from: joinAll, idExpr: 'm.id' };
    baseWhere = [`(um.message_id IS NOT NULL OR m.channel_id IN (${readable.join(',') || '-1'}))`];
  }
  if (query.idExpr === 'm.id' && personalOnly && !baseWhere.includes('um.message_id IS NOT NULL')) {
    baseWhere.push('um.message_id IS NOT NULL');
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
        if (operand !== 'public' && operand !== 'web-public') {
          throw badNarrow(`unknown channels operand ${String(operand)}`);
        }
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
      case 'search': {
        const { sql, args: values } = searchCondition(String(operand));
        add(sql, negated, ...values);
        break;
      }
      case 'near':
        // A web-app view hint: it chooses where to look, not what matches, so it filters nothing.
        break;
    }
  }
  return { ...query, where: [...baseWhere, ...where], args };
}
