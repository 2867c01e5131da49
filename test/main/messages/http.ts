/**
 * Plain HTTP to the dev server for the message tests: what another user does (edit, move,
 * react, delete, flag) and what the server says is true (a fresh GET /messages or POST /register),
 * to compare the cache with. Deliberately not through main/api.
 */
import type { Creds } from '../sync/http';

export type { Creds };

export interface WireMessage {
  id: number;
  subject: string;
  stream_id?: number;
  content: string;
  flags: string[];
  reactions: { emoji_code: string; user_id: number }[];
}

export async function api(
  baseUrl: string,
  creds: Creds,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  params: Record<string, unknown> = {},
): Promise<Record<string, unknown>> {
  const form = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) form.append(k, typeof v === 'string' ? v : JSON.stringify(v));
  const query = method === 'GET' || method === 'DELETE';
  const res = await fetch(`${baseUrl}/api/v1${path}${query ? `?${form}` : ''}`, {
    method,
    headers: { Authorization: `Basic ${Buffer.from(`${creds.email}:${creds.apiKey}`).toString('base64')}` },
    ...(query ? {} : { body: form }),
  });
  const json = (await res.json()) as Record<string, unknown>;
  if (json['result'] !== 'success') throw new Error(`${method} ${path} failed: ${JSON.stringify(json)}`);
  return json;
}

/** A fresh GET /messages of a narrow: up to 5000 of its newest messages, oldest first. */
export async function serverMessages(baseUrl: string, creds: Creds, narrow: unknown[]): Promise<WireMessage[]> {
  const json = await api(baseUrl, creds, 'GET', '/messages', {
    anchor: 'newest',
    num_before: 5000,
    num_after: 0,
    narrow,
    apply_markdown: true,
    allow_empty_topic_name: true,
  });
  return json['messages'] as WireMessage[];
}

export interface ServerUnreads {
  streams: { stream_id: number; topic: string; unread_message_ids: number[] }[];
  pms: { other_user_id: number; unread_message_ids: number[] }[];
  huddles: { user_ids_string: string; unread_message_ids: number[] }[];
  mentions: number[];
  count: number;
}

/** A fresh POST /register's unread_msgs and starred_messages (its queue is deleted again). */
export async function serverState(
  baseUrl: string,
  creds: Creds,
): Promise<{ unreads: ServerUnreads; starred: number[] }> {
  const json = await api(baseUrl, creds, 'POST', '/register', {
    fetch_event_types: ['message', 'update_message_flags', 'starred_messages'],
    event_types: ['heartbeat'],
    client_capabilities: { empty_topic_name: true },
  });
  await api(baseUrl, creds, 'DELETE', '/events', { queue_id: json['queue_id'] });
  return { unreads: json['unread_msgs'] as ServerUnreads, starred: json['starred_messages'] as number[] };
}

/** The server's unread counts in the shape of Parley's UnreadCounts (channels, topics, DMs, mentions). */
export function countsOf(u: ServerUnreads, selfId: number) {
  const channels = new Map<number, { channelId: number; count: number; topics: { topic: string; count: number }[] }>();
  for (const s of u.streams) {
    const c = channels.get(s.stream_id) ?? { channelId: s.stream_id, count: 0, topics: [] };
    c.count += s.unread_message_ids.length;
    c.topics.push({ topic: s.topic, count: s.unread_message_ids.length });
    channels.set(s.stream_id, c);
  }
  const dms = [
    ...u.pms.map((p) => ({
      userIds: p.other_user_id === selfId ? [] : [p.other_user_id],
      count: p.unread_message_ids.length,
    })),
    ...u.huddles.map((h) => ({
      userIds: h.user_ids_string
        .split(',')
        .map(Number)
        .filter((id) => id !== selfId),
      count: h.unread_message_ids.length,
    })),
  ].sort((a, b) => a.userIds.join(',').localeCompare(b.userIds.join(',')));
  return {
    total: u.count,
    mentions: u.mentions.length,
    channels: [...channels.values()]
      .map((c) => ({ ...c, topics: c.topics.sort((a, b) => a.topic.localeCompare(b.topic)) }))
      .sort((a, b) => a.channelId - b.channelId),
    dms,
  };
}
