/**
 * Operands as the user typed them (a channel name, a sender's email or name) resolved to the IDs
 * the cache and the server use. Undefined: the query did not name one. Null: it named one this
 * account does not know, so only the server can answer (with the operand as typed).
 */
import type { AccountStore } from '../store/account-store';
import type { ParsedQuery } from './query';

export interface ResolvedQuery {
  parsed: ParsedQuery;
  channelId: number | null | undefined;
  senderId: number | null | undefined;
  /** dm: the other people's IDs; null when one of them is unknown here. */
  dmUserIds: number[] | null | undefined;
  dmIncludingId: number | null | undefined;
}

const asId = (value: string): number | null => (/^\d+$/.test(value) ? Number(value) : null);
const fold = (s: string) => s.trim().toLocaleLowerCase();

export function resolveChannel(store: AccountStore, value: string): number | null {
  const id = asId(value);
  if (id !== null) return id;
  const name = fold(value.replace(/^#/, ''));
  return store.channels.subscribed().find((c) => fold(c.name) === name)?.id ?? null;
}

export function resolveUser(store: AccountStore, value: string): number | null {
  const id = asId(value);
  if (id !== null) return id;
  const wanted = fold(value.replace(/^@/, ''));
  const users = store.users.all();
  return (
    users.find((u) => fold(u.email) === wanted)?.id ??
    users.find((u) => fold(String(u.extra['delivery_email'] ?? '')) === wanted)?.id ??
    users.find((u) => fold(u.fullName) === wanted)?.id ??
    null
  );
}

function resolveAll(store: AccountStore, people: string[]): number[] | null {
  const ids = people.map((p) => resolveUser(store, p));
  return ids.every((id): id is number => id !== null) ? ids : null;
}

export function resolveQuery(store: AccountStore, parsed: ParsedQuery): ResolvedQuery {
  return {
    parsed,
    channelId: parsed.channel === undefined ? undefined : resolveChannel(store, parsed.channel),
    senderId: parsed.sender === undefined ? undefined : resolveUser(store, parsed.sender),
    dmUserIds: parsed.dm === undefined ? undefined : resolveAll(store, parsed.dm),
    dmIncludingId: parsed.dmIncluding === undefined ? undefined : resolveUser(store, parsed.dmIncluding),
  };
}
