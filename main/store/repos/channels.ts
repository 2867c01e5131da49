/**
 * Channels and the user's subscriptions to them. Channel fields are the same for everyone;
 * subscription fields (color, muted, pinned, notification settings) are the user's own.
 */
import { writeReturning, type Db } from '../db';
import { parseObject } from './json';

export interface StoredChannel {
  id: number;
  name: string;
  description: string;
  renderedDescription: string;
  inviteOnly: boolean;
  /** Channel fields kept but not queried (is_web_public, folder_id, can_*_group, ...). */
  extra: Record<string, unknown>;
}

export interface StoredSubscription {
  channelId: number;
  color: string;
  isMuted: boolean;
  pinToTop: boolean;
  /** Notification settings and other personal fields. */
  settings: Record<string, unknown>;
}

export type SubscribedChannel = StoredChannel & { subscription: StoredSubscription };

/** The channel columns of the channels table, as every reader of it sees them. */
export interface ChannelRow {
  id: number;
  name: string;
  description: string;
  rendered_description: string;
  invite_only: number;
  extra: string;
}

export function toStoredChannel(r: ChannelRow): StoredChannel {
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    renderedDescription: r.rendered_description,
    inviteOnly: r.invite_only === 1,
    extra: parseObject(r.extra),
  };
}

interface JoinedRow extends ChannelRow {
  color: string;
  is_muted: number;
  pin_to_top: number;
  settings: string;
}

function toSubscribed(r: JoinedRow): SubscribedChannel {
  return {
    ...toStoredChannel(r),
    subscription: {
      channelId: r.id,
      color: r.color,
      isMuted: r.is_muted === 1,
      pinToTop: r.pin_to_top === 1,
      settings: parseObject(r.settings),
    },
  };
}

/** Subscription properties stored in their own column; the rest go to the JSON columns. */
const CHANNEL_COLUMNS: Record<string, string> = {
  name: 'name',
  description: 'description',
  rendered_description: 'rendered_description',
  invite_only: 'invite_only',
};
const SUBSCRIPTION_COLUMNS: Record<string, string> = { color: 'color', is_muted: 'is_muted', pin_to_top: 'pin_to_top' };

function sqlValue(value: unknown): unknown {
  return typeof value === 'boolean' ? (value ? 1 : 0) : value;
}

export class ChannelsRepo {
  readonly #db: Db;
  readonly #upsertChannel;
  readonly #upsertSubscription;
  readonly #deleteSubscriptions;
  readonly #unsubscribe;
  readonly #subscribed;
  readonly #one;

  constructor(db: Db) {
    this.#db = db;
    this.#upsertChannel = db.prepare(
      `INSERT INTO channels (id, name, description, rendered_description, invite_only, extra)
       VALUES (@id, @name, @description, @renderedDescription, @inviteOnly, @extra)
       ON CONFLICT (id) DO UPDATE SET name = excluded.name, description = excluded.description,
         rendered_description = excluded.rendered_description, invite_only = excluded.invite_only, extra = excluded.extra`,
    );
    this.#upsertSubscription = db.prepare(
      `INSERT INTO subscriptions (channel_id, color, is_muted, pin_to_top, settings)
       VALUES (@channelId, @color, @isMuted, @pinToTop, @settings)
       ON CONFLICT (channel_id) DO UPDATE SET color = excluded.color, is_muted = excluded.is_muted,
         pin_to_top = excluded.pin_to_top, settings = excluded.settings`,
    );
    this.#deleteSubscriptions = db.prepare('DELETE FROM subscriptions');
    this.#unsubscribe = db.prepare('DELETE FROM subscriptions WHERE channel_id = ? RETURNING channel_id');
    const select =
      'SELECT c.*, s.color, s.is_muted, s.pin_to_top, s.settings FROM subscriptions s JOIN channels c ON c.id = s.channel_id';
    this.#subscribed = db.prepare(`${select} ORDER BY c.name COLLATE NOCASE, c.id`);
    this.#one = db.prepare(`${select} WHERE s.channel_id = ?`);
  }

  /** Replaces the whole subscription list (channel rows of unsubscribed channels are kept). */
  replaceSubscribed(list: readonly SubscribedChannel[]): void {
    this.#db.transaction(() => {
      this.#deleteSubscriptions.run();
      for (const c of list) this.upsertSubscribed(c);
    })();
  }

  upsertSubscribed(c: SubscribedChannel): void {
    this.#upsertChannel.run({
      id: c.id,
      name: c.name,
      description: c.description,
      renderedDescription: c.renderedDescription,
      inviteOnly: c.inviteOnly ? 1 : 0,
      extra: JSON.stringify(c.extra),
    });
    const s = c.subscription;
    this.#upsertSubscription.run({
      channelId: c.id,
      color: s.color,
      isMuted: s.isMuted ? 1 : 0,
      pinToTop: s.pinToTop ? 1 : 0,
      settings: JSON.stringify(s.settings),
    });
  }

  /** Returns whether the user was subscribed. */
  unsubscribe(channelId: number): boolean {
    return writeReturning(this.#unsubscribe, channelId) !== undefined;
  }

  subscribed(): SubscribedChannel[] {
    return (this.#subscribed.all() as JoinedRow[]).map(toSubscribed);
  }

  getSubscribed(channelId: number): SubscribedChannel | null {
    const row = this.#one.get(channelId) as JoinedRow | undefined;
    return row ? toSubscribed(row) : null;
  }

  isSubscribed(channelId: number): boolean {
    return this.getSubscribed(channelId) !== null;
  }

  /**
   * Applies one subscription/update event. in_home_view is the deprecated inverse of is_muted.
   * Unknown properties are kept in the JSON columns. Returns false when not subscribed.
   */
  updateProperty(channelId: number, property: string, value: unknown): boolean {
    const current = this.getSubscribed(channelId);
    if (!current) return false;
    if (property === 'in_home_view') return this.updateProperty(channelId, 'is_muted', !value);
    const column = CHANNEL_COLUMNS[property];
    const subColumn = SUBSCRIPTION_COLUMNS[property];
    if (column) {
      this.#db.prepare(`UPDATE channels SET ${column} = ? WHERE id = ?`).run(sqlValue(value), channelId);
    } else if (subColumn) {
      this.#db
        .prepare(`UPDATE subscriptions SET ${subColumn} = ? WHERE channel_id = ?`)
        .run(sqlValue(value), channelId);
    } else {
      const settings = { ...current.subscription.settings, [property]: value };
      this.#db
        .prepare('UPDATE subscriptions SET settings = ? WHERE channel_id = ?')
        .run(JSON.stringify(settings), channelId);
    }
    return true;
  }
}
