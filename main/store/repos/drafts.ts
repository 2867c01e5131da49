/**
 * Compose drafts. Each has our own key (the renderer holds it while typing) and, once the
 * drafts API knows it, the server's ID. `state` says what the server still has to hear:
 * nothing (synced), a change (dirty) or a deletion (deleted, kept as a tombstone until sent).
 */
import type { Db } from '../db';
import { keyedPage, type KeyedPage } from './paging';

export type DraftState = 'synced' | 'dirty' | 'deleted';
export type StoredDraftType = '' | 'stream' | 'private';

export interface StoredDraft {
  localKey: string;
  serverId: number | null;
  type: StoredDraftType;
  /** One channel ID for channel drafts, the other users' IDs for direct ones, [] when unaddressed. */
  to: number[];
  topic: string;
  content: string;
  /** UNIX seconds of the last edit, ours or the server's. */
  timestamp: number;
  state: DraftState;
  /** Why the last push failed, if it did. */
  syncError: string | null;
}

interface DraftRow {
  local_key: string;
  server_id: number | null;
  type: StoredDraftType;
  recipients: string;
  topic: string;
  content: string;
  timestamp: number;
  state: DraftState;
  sync_error: string | null;
}

function parseIds(text: string): number[] {
  try {
    const v: unknown = JSON.parse(text);
    return Array.isArray(v) ? v.filter((x): x is number => Number.isInteger(x)) : [];
  } catch {
    return [];
  }
}

function toDraft(r: DraftRow): StoredDraft {
  return {
    localKey: r.local_key,
    serverId: r.server_id,
    type: r.type,
    to: parseIds(r.recipients),
    topic: r.topic,
    content: r.content,
    timestamp: r.timestamp,
    state: r.state,
    syncError: r.sync_error,
  };
}

export class DraftsRepo {
  readonly #upsert;
  readonly #get;
  readonly #byServerId;
  readonly #page;
  readonly #pageAfter;
  readonly #pending;
  readonly #remove;
  readonly #withServerId;
  readonly #detach;
  readonly #dropTombstones;

  constructor(db: Db) {
    this.#upsert = db.prepare(
      `INSERT INTO drafts (local_key, server_id, type, recipients, topic, content, timestamp, state, sync_error)
       VALUES (@localKey, @serverId, @type, @recipients, @topic, @content, @timestamp, @state, @syncError)
       ON CONFLICT (local_key) DO UPDATE SET server_id = excluded.server_id, type = excluded.type,
         recipients = excluded.recipients, topic = excluded.topic, content = excluded.content,
         timestamp = excluded.timestamp, state = excluded.state, sync_error = excluded.sync_error`,
    );
    this.#get = db.prepare('SELECT * FROM drafts WHERE local_key = ?');
    this.#byServerId = db.prepare('SELECT * FROM drafts WHERE server_id = ?');
    const visible = "state != 'deleted'";
    const order = 'ORDER BY timestamp DESC, local_key DESC LIMIT ?';
    this.#page = db.prepare(`SELECT * FROM drafts WHERE ${visible} ${order}`);
    this.#pageAfter = db.prepare(`SELECT * FROM drafts WHERE ${visible} AND (timestamp, local_key) < (?, ?) ${order}`);
    this.#pending = db.prepare("SELECT * FROM drafts WHERE state IN ('dirty', 'deleted') ORDER BY timestamp");
    this.#remove = db.prepare('DELETE FROM drafts WHERE local_key = ?');
    this.#withServerId = db.prepare('SELECT * FROM drafts WHERE server_id IS NOT NULL');
    this.#detach = db.prepare("UPDATE drafts SET server_id = NULL, state = 'dirty', sync_error = NULL");
    this.#dropTombstones = db.prepare("DELETE FROM drafts WHERE state = 'deleted'");
  }

  upsert(d: StoredDraft): void {
    this.#upsert.run({ ...d, recipients: JSON.stringify(d.to) });
  }

  get(localKey: string): StoredDraft | null {
    const row = this.#get.get(localKey) as DraftRow | undefined;
    return row ? toDraft(row) : null;
  }

  byServerId(serverId: number): StoredDraft | null {
    const row = this.#byServerId.get(serverId) as DraftRow | undefined;
    return row ? toDraft(row) : null;
  }

  /** Newest first, without tombstones; `after` is the [timestamp, localKey] of the previous page's last draft. */
  page(after: [number, string] | null, limit: number): KeyedPage<StoredDraft> {
    const rows = (after ? this.#pageAfter.all(after[0], after[1], limit + 1) : this.#page.all(limit + 1)) as DraftRow[];
    return keyedPage(rows, limit, toDraft, (r) => [r.timestamp, r.local_key]);
  }

  /** Drafts with something to tell the server, oldest edit first. */
  pending(): StoredDraft[] {
    return (this.#pending.all() as DraftRow[]).map(toDraft);
  }

  /** Every draft the server has an ID for. */
  withServerId(): StoredDraft[] {
    return (this.#withServerId.all() as DraftRow[]).map(toDraft);
  }

  remove(localKey: string): boolean {
    return this.#remove.run(localKey).changes > 0;
  }

  /**
   * Synchronization was turned off: the server drops its copies, ours stay as local drafts
   * to be pushed again if it is turned back on. Deletions nobody needs to hear about are done.
   */
  detachAll(): void {
    this.#dropTombstones.run();
    this.#detach.run();
  }
}
