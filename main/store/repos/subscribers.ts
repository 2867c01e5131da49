/**
 * Who is subscribed to each channel, for the channels whose list the server gave us
 * (include_subscribers in register; peer_add / peer_remove events after). A channel without a
 * list row is "unknown", which is not the same as "nobody".
 */
import type { Db } from '../db';

export interface SubscriberList {
  userIds: number[];
  /** Only some subscribers are listed (include_subscribers=partial on a large channel). */
  partial: boolean;
}

export class SubscribersRepo {
  readonly #db: Db;
  readonly #add;
  readonly #remove;
  readonly #clearChannel;
  readonly #setList;
  readonly #dropList;
  readonly #list;
  readonly #users;
  readonly #count;
  readonly #dropMissing;
  readonly #addAll;
  readonly #setLists;
  /**
   * Writes so far, per channel (and to every list at once, under -1): a list fetched from the
   * server is stored only if nothing wrote to it while the request was out, since an event applied
   * meanwhile may be newer than the answer. In memory: a fetch does not outlive the process.
   */
  readonly #writes = new Map<number, number>();

  constructor(db: Db) {
    this.#db = db;
    this.#add = db.prepare('INSERT OR IGNORE INTO channel_subscribers (channel_id, user_id) VALUES (?, ?)');
    this.#remove = db.prepare('DELETE FROM channel_subscribers WHERE channel_id = ? AND user_id = ?');
    this.#clearChannel = db.prepare('DELETE FROM channel_subscribers WHERE channel_id = ?');
    this.#setList = db.prepare(
      'INSERT INTO subscriber_lists (channel_id, partial) VALUES (?, ?) ON CONFLICT (channel_id) DO UPDATE SET partial = excluded.partial',
    );
    this.#dropList = db.prepare('DELETE FROM subscriber_lists WHERE channel_id = ?');
    this.#list = db.prepare('SELECT partial FROM subscriber_lists WHERE channel_id = ?').pluck();
    this.#users = db.prepare('SELECT user_id FROM channel_subscribers WHERE channel_id = ? ORDER BY user_id').pluck();
    this.#count = db.prepare('SELECT count(*) FROM channel_subscribers WHERE channel_id = ?').pluck();
    // Each fed a JSON array of [channelId, userId] (or [channelId, partial]) rows.
    this.#dropMissing = db.prepare(
      `DELETE FROM channel_subscribers
       WHERE (channel_id, user_id) NOT IN (SELECT value ->> 0, value ->> 1 FROM json_each(?))`,
    );
    this.#addAll = db.prepare(
      'INSERT OR IGNORE INTO channel_subscribers (channel_id, user_id) SELECT value ->> 0, value ->> 1 FROM json_each(?)',
    );
    this.#setLists = db.prepare(
      'INSERT OR REPLACE INTO subscriber_lists (channel_id, partial) SELECT value ->> 0, value ->> 1 FROM json_each(?)',
    );
  }

  /**
   * Replaces every list at once (register): set-based, so a 30,000-person organization's lists are
   * not a statement per subscriber inside the snapshot's transaction, and only the rows that
   * changed are written.
   */
  replaceAll(lists: readonly ({ channelId: number } & SubscriberList)[]): void {
    const pairs = JSON.stringify(lists.flatMap((l) => l.userIds.map((u) => [l.channelId, u])));
    const known = JSON.stringify(lists.map((l) => [l.channelId, l.partial ? 1 : 0]));
    this.#wrote(-1);
    this.#db.transaction(() => {
      this.#dropMissing.run(pairs);
      this.#addAll.run(pairs);
      this.#db.exec('DELETE FROM subscriber_lists');
      this.#setLists.run(known);
    })();
  }

  /** Replaces one channel's list. */
  setList(channelId: number, userIds: readonly number[], partial = false): void {
    this.#wrote(channelId);
    this.#clearChannel.run(channelId);
    for (const u of userIds) this.#add.run(channelId, u);
    this.#setList.run(channelId, partial ? 1 : 0);
  }

  /** The channel is gone or out of sight: its list means nothing any more. */
  forgetChannel(channelId: number): void {
    this.#wrote(channelId);
    this.#clearChannel.run(channelId);
    this.#dropList.run(channelId);
  }

  isKnown(channelId: number): boolean {
    return this.#list.get(channelId) !== undefined;
  }

  /** The whole list is here: every subscriber, kept exact by peer events since. */
  isComplete(channelId: number): boolean {
    return this.#list.get(channelId) === 0;
  }

  /** A mark to hand to storeFetched: how many writes this channel's list has seen. */
  writeMark(channelId: number): string {
    return `${this.#writes.get(-1) ?? 0}:${this.#writes.get(channelId) ?? 0}`;
  }

  /**
   * Stores a whole list fetched from the server (GET /streams/{id}/members), unless the list was
   * written since `mark` was taken; returns whether it did.
   */
  storeFetched(channelId: number, userIds: readonly number[], mark: string): boolean {
    if (this.writeMark(channelId) !== mark) return false;
    this.#db.transaction(() => this.setList(channelId, userIds))();
    return true;
  }

  #wrote(channelId: number): void {
    this.#writes.set(channelId, (this.#writes.get(channelId) ?? 0) + 1);
  }

  /** peer_add: only lists we have are extended (an unknown list stays unknown). Returns how many rows were new. */
  add(channelIds: readonly number[], userIds: readonly number[]): number {
    let added = 0;
    for (const c of channelIds) {
      this.#wrote(c);
      if (!this.isKnown(c)) continue;
      for (const u of userIds) added += this.#add.run(c, u).changes;
    }
    return added;
  }

  /** peer_remove; returns how many rows went. */
  remove(channelIds: readonly number[], userIds: readonly number[]): number {
    let removed = 0;
    for (const c of channelIds) {
      this.#wrote(c);
      for (const u of userIds) removed += this.#remove.run(c, u).changes;
    }
    return removed;
  }

  of(channelId: number): SubscriberList | null {
    const partial = this.#list.get(channelId) as number | undefined;
    if (partial === undefined) return null;
    return { userIds: this.#users.all(channelId) as number[], partial: partial === 1 };
  }

  count(channelId: number): number {
    return this.#count.get(channelId) as number;
  }
}
