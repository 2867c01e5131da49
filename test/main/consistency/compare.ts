/**
 * The account's cache against a fresh look at the server: every cached message against
 * GET /messages (message_ids), every range the cache claims complete against GET /messages
 * over the same narrow and IDs, and subscriptions, users and unreads against a fresh
 * POST /register. Returns each difference as a sentence; none means the cache is right.
 */
import Database from 'better-sqlite3';
import { NEWEST, dmKeyOf, parseDmKey } from '../../../main/store/narrows';
import type { Actor } from './actor';

type Row = Record<string, unknown>;
type Narrow = { operator: string; operand: unknown }[];

const sorted = (xs: Iterable<number>) => [...xs].sort((a, b) => a - b);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function reactionKeys(list: { user_id?: unknown; emoji_code?: unknown; reaction_type?: unknown }[]): string[] {
  return list.map((r) => `${String(r.user_id)}/${String(r.reaction_type)}/${String(r.emoji_code)}`).sort();
}

function serverDmKey(m: Row): string {
  return dmKeyOf((m['display_recipient'] as { id: number }[]).map((u) => u.id));
}

/** The server narrow of a range key (store/narrows filterKey). */
function narrowOfKey(key: string, selfId: number): Narrow | null {
  const [kind, a, ...rest] = key.split(':');
  if (kind === 'channel') return [{ operator: 'channel', operand: Number(a) }];
  if (kind === 'topic')
    return [
      { operator: 'channel', operand: Number(a) },
      { operator: 'topic', operand: rest.join(':') },
    ];
  if (kind === 'dm') {
    const others = parseDmKey(a ?? '').filter((id) => id !== selfId);
    return [{ operator: 'dm', operand: others.length > 0 ? others : [selfId] }];
  }
  return null;
}

/** SQL condition for the messages of a range key. */
function whereOfKey(key: string): { sql: string; args: unknown[] } | null {
  const [kind, a, ...rest] = key.split(':');
  if (kind === 'channel') return { sql: 'channel_id = ?', args: [Number(a)] };
  if (kind === 'topic') return { sql: 'channel_id = ? AND topic = ?', args: [Number(a), rest.join(':')] };
  if (kind === 'dm') return { sql: 'dm_key = ?', args: [a ?? ''] };
  return null;
}

export interface Comparison {
  differences: string[];
  /** How much was compared, so a test can tell an empty cache from a correct one. */
  checked: { messages: number; ranges: number; unreads: number; subscriptions: number };
}

export async function compareWithServer(file: string, me: Actor): Promise<Comparison> {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const count = (sql: string) => Number(db.prepare(sql).pluck().get());
    return {
      differences: [
        ...(await compareMessages(db, me)),
        ...(await compareRanges(db, me)),
        ...(await compareSnapshot(db, me)),
      ],
      checked: {
        messages: count('SELECT count(*) FROM messages'),
        ranges: count('SELECT count(*) FROM message_ranges'),
        unreads: count('SELECT count(*) FROM unreads'),
        subscriptions: count('SELECT count(*) FROM subscriptions'),
      },
    };
  } finally {
    db.close();
  }
}

async function compareMessages(db: Database.Database, me: Actor): Promise<string[]> {
  const out: string[] = [];
  const cached = db.prepare('SELECT * FROM messages ORDER BY id').all() as Row[];
  const unread = new Set(db.prepare('SELECT message_id FROM unreads').pluck().all() as number[]);
  const starred = new Set(db.prepare('SELECT message_id FROM starred').pluck().all() as number[]);
  const reactions = new Map<number, Row[]>();
  for (const r of db.prepare('SELECT * FROM reactions').all() as Row[]) {
    const id = Number(r['message_id']);
    reactions.set(id, [...(reactions.get(id) ?? []), r]);
  }
  for (let i = 0; i < cached.length; i += 1000) {
    const chunk = cached.slice(i, i + 1000);
    const server = new Map(
      (await me.messages([], { ids: chunk.map((m) => Number(m['id'])) })).map((m) => [Number(m['id']), m]),
    );
    for (const c of chunk) {
      const id = Number(c['id']);
      const s = server.get(id);
      if (!s) {
        out.push(`message ${id} is cached but the server no longer has it (deleted?)`);
        continue;
      }
      const flags = (s['flags'] as string[] | undefined) ?? [];
      const checks: [string, unknown, unknown][] = [
        ['content', c['content'], s['content']],
        ['topic', c['topic'], c['channel_id'] === null ? '' : s['subject']],
        ['channel', c['channel_id'], s['type'] === 'stream' ? s['stream_id'] : null],
        ['DM participants', c['dm_key'], s['type'] === 'stream' ? null : serverDmKey(s)],
        ['read', !unread.has(id), flags.includes('read')],
        ['starred', starred.has(id), flags.includes('starred')],
        [
          'reactions',
          reactionKeys((reactions.get(id) ?? []).map((r) => ({ ...r, user_id: r['user_id'] }))),
          reactionKeys(s['reactions'] as Row[]),
        ],
        ['last edit', c['last_edit_timestamp'] ?? null, s['last_edit_timestamp'] ?? null],
      ];
      for (const [what, mine, theirs] of checks) {
        if (!same(mine, theirs))
          out.push(
            `message ${id}: ${what} is ${JSON.stringify(mine)} in the cache, ${JSON.stringify(theirs)} on the server`,
          );
      }
    }
  }
  return out;
}

/** Every range the cache claims complete holds exactly the server's messages of that narrow and interval. */
async function compareRanges(db: Database.Database, me: Actor): Promise<string[]> {
  const out: string[] = [];
  const ranges = db.prepare('SELECT narrow_key, lo, hi FROM message_ranges ORDER BY narrow_key, lo').all() as {
    narrow_key: string;
    lo: number;
    hi: number;
  }[];
  for (const { narrow_key: key, lo, hi } of ranges) {
    const narrow = narrowOfKey(key, me.userId);
    const where = whereOfKey(key);
    if (!narrow || !where) {
      out.push(`range key ${key} is not understood`);
      continue;
    }
    const serverIds: number[] = [];
    for (let anchor: number | 'oldest' = lo === 0 ? 'oldest' : lo; ;) {
      const page = await me.messages(narrow, { anchor: String(anchor), after: 1000 });
      const ids = page.map((m) => Number(m['id'])).filter((id) => id >= lo && id <= hi);
      serverIds.push(...ids.filter((id) => !serverIds.includes(id)));
      const last = Number(page.at(-1)?.['id'] ?? NaN);
      if (page.length < 1000 || last >= hi) break;
      anchor = last + 1;
    }
    const cachedIds = db
      .prepare(`SELECT id FROM messages WHERE ${where.sql} AND id BETWEEN ? AND ? ORDER BY id`)
      .pluck()
      .all(...where.args, lo, hi) as number[];
    if (!same(cachedIds, sorted(serverIds))) {
      const missing = serverIds.filter((id) => !cachedIds.includes(id));
      const extra = cachedIds.filter((id) => !serverIds.includes(id));
      out.push(
        `range ${key} [${lo}, ${hi === NEWEST ? 'newest' : hi}] claims completeness but misses ${JSON.stringify(sorted(missing))} and has extra ${JSON.stringify(extra)}`,
      );
    }
  }
  return out;
}

/** Subscriptions, users and unreads against a fresh POST /register. */
async function compareSnapshot(db: Database.Database, me: Actor): Promise<string[]> {
  const out: string[] = [];
  const fresh = await me.register(['subscription', 'realm_user', 'message', 'update_message_flags']);

  const subs = (fresh['subscriptions'] as Row[]).map((s) => ({
    id: Number(s['stream_id']),
    color: s['color'],
    muted: s['is_muted'] === true,
    pinned: s['pin_to_top'] === true,
    desktop: s['desktop_notifications'] ?? null,
  }));
  const cachedSubs = (db.prepare('SELECT * FROM subscriptions ORDER BY channel_id').all() as Row[]).map((s) => ({
    id: Number(s['channel_id']),
    color: s['color'],
    muted: s['is_muted'] === 1,
    pinned: s['pin_to_top'] === 1,
    desktop: (JSON.parse(String(s['settings'])) as Row)['desktop_notifications'] ?? null,
  }));
  if (
    !same(
      cachedSubs,
      subs.sort((a, b) => a.id - b.id),
    )
  ) {
    out.push(`subscriptions differ: cache ${JSON.stringify(cachedSubs)} server ${JSON.stringify(subs)}`);
  }

  const users = (fresh['realm_users'] as Row[]).map((u) => `${String(u['user_id'])}:${String(u['full_name'])}`).sort();
  const cachedUsers = (db.prepare('SELECT id, full_name FROM users WHERE is_active = 1').all() as Row[])
    .map((u) => `${String(u['id'])}:${String(u['full_name'])}`)
    .sort();
  // Cross-realm bots are kept as active users too; every realm user must be there, as the server says.
  const missingUsers = users.filter((u) => !cachedUsers.includes(u));
  if (missingUsers.length > 0) out.push(`users missing or renamed in the cache: ${missingUsers.join(', ')}`);

  const u = fresh['unread_msgs'] as {
    streams: { stream_id: number; topic: string; unread_message_ids: number[] }[];
    pms: { other_user_id?: number; sender_id?: number; unread_message_ids: number[] }[];
    huddles: { user_ids_string: string; unread_message_ids: number[] }[];
    mentions: number[];
  };
  const expected: string[] = [];
  for (const s of u.streams)
    for (const id of s.unread_message_ids) expected.push(`${id} channel ${s.stream_id} ${s.topic}`);
  for (const p of u.pms) {
    const other = p.other_user_id ?? p.sender_id ?? me.userId;
    for (const id of p.unread_message_ids) expected.push(`${id} dm ${dmKeyOf([other, me.userId])}`);
  }
  for (const h of u.huddles) {
    const key = dmKeyOf([...h.user_ids_string.split(',').map(Number), me.userId]);
    for (const id of h.unread_message_ids) expected.push(`${id} dm ${key}`);
  }
  const cachedUnreads = (db.prepare('SELECT * FROM unreads').all() as Row[]).map((r) =>
    r['channel_id'] !== null
      ? `${String(r['message_id'])} channel ${String(r['channel_id'])} ${String(r['topic'])}`
      : `${String(r['message_id'])} dm ${String(r['dm_key'])}`,
  );
  const byId = (a: string, b: string) => parseInt(a) - parseInt(b);
  expected.sort(byId);
  cachedUnreads.sort(byId);
  if (!same(cachedUnreads, expected)) {
    out.push(
      `unreads differ: only in the cache ${JSON.stringify(cachedUnreads.filter((x) => !expected.includes(x)))}, only on the server ${JSON.stringify(expected.filter((x) => !cachedUnreads.includes(x)))}`,
    );
  }
  const mentions = sorted(db.prepare('SELECT message_id FROM unreads WHERE mentioned = 1').pluck().all() as number[]);
  if (!same(mentions, sorted(u.mentions))) {
    out.push(`unread mentions differ: cache ${JSON.stringify(mentions)} server ${JSON.stringify(sorted(u.mentions))}`);
  }
  return out;
}
