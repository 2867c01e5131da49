/**
 * Pure operations on a message list: merging, matching local echoes, ordering.
 *
 * A local echo is the copy of a message the user sent that main shows while it sits in the
 * outbox: it carries a localId and has no server id yet (main gives it the negated outbox row
 * number). Its confirmed copy (or an updated echo, e.g. with a sendError) carrying the same
 * localId replaces it in place; messages:removed with the echo's id also takes it away.
 */
import type { FlagChange, MessageView } from '../../common/model';

/** Known to the server, so its id is a real message id (ordering, paging anchors). */
export function isConfirmed(message: MessageView): boolean {
  return message.id > 0 && message.sendError === undefined;
}

/** Waiting in the outbox: shown as "sending". */
export function isPending(message: MessageView): boolean {
  return message.localId !== undefined && message.sendError === undefined && message.id <= 0;
}

export function isFailed(message: MessageView): boolean {
  return message.sendError !== undefined;
}

/**
 * Confirmed messages by id; echoes after them, in the order they were sent (main numbers an echo
 * -1, -2, ... by outbox row, so |id| grows with send order).
 */
function sortMessages(list: MessageView[]): MessageView[] {
  return list.sort((a, b) => {
    const ca = isConfirmed(a);
    const cb = isConfirmed(b);
    if (ca && cb) return a.id - b.id;
    if (ca !== cb) return ca ? -1 : 1;
    return Math.abs(a.id) - Math.abs(b.id);
  });
}

function sameMessage(a: MessageView, b: MessageView): boolean {
  if (a.localId !== undefined && a.localId === b.localId) return true;
  return isConfirmed(a) && isConfirmed(b) && a.id === b.id;
}

/** Adds messages to a list; one that matches an existing entry (same localId or id) replaces it. */
export function insertMessages(list: readonly MessageView[], incoming: readonly MessageView[]): MessageView[] {
  const result = [...list];
  for (const message of incoming) {
    const index = result.findIndex((m) => sameMessage(m, message));
    if (index >= 0) result[index] = message;
    else result.push(message);
  }
  // An echo replaced by its confirmed copy can duplicate a copy that arrived earlier without localId.
  const seen = new Set<number>();
  const deduped: MessageView[] = [];
  for (let i = result.length - 1; i >= 0; i--) {
    const message = result[i]!;
    if (isConfirmed(message)) {
      if (seen.has(message.id)) continue;
      seen.add(message.id);
    }
    deduped.push(message);
  }
  return sortMessages(deduped.reverse());
}

/**
 * Replaces the entry matching `message` (by localId or id); with keep=false it removes it
 * instead (the message left the narrow). Messages not in the list are ignored.
 */
export function replaceMessage(list: MessageView[], message: MessageView, keep: boolean): MessageView[] {
  const index = list.findIndex((m) => sameMessage(m, message));
  if (index < 0) return list;
  if (!keep) return list.filter((_, i) => i !== index);
  return insertMessages(
    list.filter((_, i) => i !== index),
    [message],
  );
}

export function removeMessages(list: MessageView[], messageIds: readonly number[]): MessageView[] {
  const gone = new Set(messageIds);
  return list.filter((m) => !gone.has(m.id));
}

export function oldestConfirmedId(list: readonly MessageView[]): number | null {
  return list.find(isConfirmed)?.id ?? null;
}

export function newestConfirmedId(list: readonly MessageView[]): number | null {
  return list.findLast(isConfirmed)?.id ?? null;
}

/**
 * `list` with the flag changes applied in order (messages:flags): a message whose field changes
 * becomes a new object, the others stay the same; `list` itself when nothing in it changed.
 */
export function withFlags(list: readonly MessageView[], changes: readonly FlagChange[]): MessageView[] {
  let out: MessageView[] | null = null;
  for (const { flag, on, ids } of changes) {
    const wanted = new Set(ids);
    const current: MessageView[] = out ?? (list as MessageView[]);
    for (let i = 0; i < current.length; i++) {
      const m = current[i]!;
      if (m[flag] === on || !wanted.has(m.id) || !isConfirmed(m)) continue;
      out ??= [...list];
      out[i] = { ...m, [flag]: on };
    }
  }
  return out ?? (list as MessageView[]);
}
