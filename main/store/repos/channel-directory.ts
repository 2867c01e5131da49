/**
 * Every channel the user can see, subscribed or not (register's subscriptions, unsubscribed and
 * never_subscribed; stream events after). Shares the channels table with ChannelsRepo, which
 * owns the subscription side; this repo writes channel rows alone and reads the whole directory.
 */
import type { Db } from '../db';
import { toStoredChannel, type ChannelRow, type StoredChannel } from './channels';
import { keyedPage, type KeyedPage } from './paging';

export type DirectoryChannel = StoredChannel & { subscribed: boolean };

interface Row extends ChannelRow {
  subscribed: number;
}

function toChannel(r: Row): DirectoryChannel {
  return { ...toStoredChannel(r), subscribed: r.subscribed === 1 };
}

/** Channel properties of stream/update events that have their own column. */
const COLUMNS: Record<string, string> = {
  name: 'name',
  description: 'description',
  rendered_description: 'rendered_description',
  invite_only: 'invite_only',
};

export class ChannelDirectoryRepo {
  readonly #upsert;
  readonly #get;
  readonly #page;
  readonly #pageAfter;
  readonly #remove;
  readonly #ids;
  readonly #setExtra;
  readonly #columnUpdates: Map<string, { run(value: unknown, id: number): unknown }>;

  constructor(db: Db) {
    this.#upsert = db.prepare(
      `INSERT INTO channels (id, name, description, rendered_description, invite_only, extra)
       VALUES (@id, @name, @description, @renderedDescription, @inviteOnly, @extra)
       ON CONFLICT (id) DO UPDATE SET name = excluded.name, description = excluded.description,
         rendered_description = excluded.rendered_description, invite_only = excluded.invite_only, extra = excluded.extra`,
    );
    const select = `SELECT c.*, (s.channel_id IS NOT NULL) AS subscribed FROM channels c
      LEFT JOIN subscriptions s ON s.channel_id = c.id`;
    this.#get = db.prepare(`${select} WHERE c.id = ?`);
    const order = 'ORDER BY c.name COLLATE NOCASE, c.id LIMIT ?';
    this.#page = db.prepare(`${select} ${order}`);
    this.#pageAfter = db.prepare(`${select} WHERE (c.name COLLATE NOCASE, c.id) > (?, ?) ${order}`);
    this.#remove = db.prepare('DELETE FROM channels WHERE id = ?');
    this.#ids = db.prepare('SELECT id FROM channels').pluck();
    this.#setExtra = db.prepare('UPDATE channels SET extra = ? WHERE id = ?');
    this.#columnUpdates = new Map(
      Object.entries(COLUMNS).map(([prop, col]) => [prop, db.prepare(`UPDATE channels SET ${col} = ? WHERE id = ?`)]),
    );
  }

  /** Writes a channel row; its subscription, if any, is left alone. */
  upsert(c: StoredChannel): void {
    this.#upsert.run({
      id: c.id,
      name: c.name,
      description: c.description,
      renderedDescription: c.renderedDescription,
      inviteOnly: c.inviteOnly ? 1 : 0,
      extra: JSON.stringify(c.extra),
    });
  }

  get(id: number): DirectoryChannel | null {
    const row = this.#get.get(id) as Row | undefined;
    return row ? toChannel(row) : null;
  }

  /** By name; `after` is the [name, id] of the previous page's last channel. */
  page(after: [string, number] | null, limit: number): KeyedPage<DirectoryChannel> {
    const rows = (after ? this.#pageAfter.all(after[0], after[1], limit + 1) : this.#page.all(limit + 1)) as Row[];
    return keyedPage(rows, limit, toChannel, (r) => [r.name, r.id]);
  }

  /** Drops the channel (and the user's subscription to it). Returns whether it was known. */
  remove(id: number): boolean {
    return this.#remove.run(id).changes > 0;
  }

  /** Drops every channel not in `keep` (after a register: what the server no longer shows). */
  retainOnly(keep: ReadonlySet<number>): number[] {
    const gone = (this.#ids.all() as number[]).filter((id) => !keep.has(id));
    for (const id of gone) this.#remove.run(id);
    return gone;
  }

  /**
   * Applies one stream/update property. Columns get theirs; everything else (folder_id,
   * is_archived, can_*_group, ...) goes into extra. Returns false for an unknown channel.
   */
  updateProperty(id: number, property: string, value: unknown, alsoExtra: Record<string, unknown> = {}): boolean {
    const current = this.get(id);
    if (!current) return false;
    const column = this.#columnUpdates.get(property);
    const extra = { ...current.extra, ...alsoExtra };
    if (column) column.run(typeof value === 'boolean' ? (value ? 1 : 0) : value, id);
    else extra[property] = value;
    this.#setExtra.run(JSON.stringify(extra), id);
    return true;
  }
}
