import { badNarrow } from '../http/errors';
import { accessMessage } from '../messaging/access';
import type { UserRow } from '../store/rows';
import type { Store } from '../store/store';
import type { NarrowTerm } from './parse';

/** Operators that name a conversation; `with` replaces them with the message's own. */
const CONVERSATION = new Set(['channel', 'topic', 'dm', 'with']);

/**
 * Zulip's `with:<message ID>`: the narrow becomes the conversation that message is in now,
 * wherever it was moved, keeping the other terms. If the viewer cannot read the message the
 * term is simply dropped, as Zulip does, so a link to it fails softly.
 */
export function resolveWith(store: Store, viewer: UserRow, terms: NarrowTerm[]): NarrowTerm[] {
  const withTerms = terms.filter((t) => t.operator === 'with');
  if (withTerms.length === 0) return terms;
  if (withTerms.length > 1) throw badNarrow("Duplicate 'with' operators.");
  const operand = withTerms[0]!.operand;
  const id = typeof operand === 'string' && /^\d+$/.test(operand.trim()) ? Number(operand) : operand;
  if (typeof id !== 'number' || !Number.isSafeInteger(id)) throw badNarrow("Invalid 'with' operator");

  let found;
  try {
    found = accessMessage(store, viewer, id);
  } catch {
    return terms.filter((t) => t.operator !== 'with');
  }
  const rest = terms.filter((t) => !CONVERSATION.has(t.operator));
  const { row, channel } = found;
  if (channel) {
    return [
      { operator: 'channel', operand: channel.id, negated: false },
      { operator: 'topic', operand: row.topic, negated: false },
      ...rest,
    ];
  }
  return [{ operator: 'dm', operand: store.recipients.participants(row.recipient_id), negated: false }, ...rest];
}
