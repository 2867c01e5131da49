import type { Database } from 'better-sqlite3';
import type { ChannelRow, SubscriptionRow } from './rows';

export interface NewChannel {
  name: string;
  description: string;
  rendered_description: string;
  invite_only?: boolean;
  history_public_to_subscribers?: boolean;
  date_created: number;
  creator_id: number | null;
  topics_policy?: string;
  is_default?: boolean;
  recipient_id: number;
  group_settings: Record<string, unknown>;
}

export interface NewSubscription {
  user_id: number;
  channel_id: number;
  color: string;
  active?: boolean;
  is_muted?: boolean;
  pin_to_top?: boolean;
  desktop_notifications?: boolean | null;
  push_notifications?: boolean | null;
}

/** Channels and the per-user subscription rows that hang off them. */
export class ChannelsRepo {
  private readonly selectAll;
  private readonly selectById;
  private readonly selectByName;
  private readonly selectSubscription;
  private readonly selectUserSubs;
  private readonly selectSubscribers;
  private readonly selectAllActiveSubs;
  private readonly insertStmt;
  private readonly insertSub;

  constructor(db: Database) {
    this.selectAll = db.prepare<[], ChannelRow>('SELECT * FROM channels ORDER BY id');
    this.selectById = db.prepare<[number], ChannelRow>('SELECT * FROM channels WHERE id = ?');
    this.selectByName = db.prepare<[string], ChannelRow>('SELECT * FROM channels WHERE name = ?');
    this.selectSubscription = db.prepare<[number, number], SubscriptionRow>(
      'SELECT * FROM subscriptions WHERE user_id = ? AND channel_id = ?',
    );
    this.selectUserSubs = db.prepare<[number], SubscriptionRow>('SELECT * FROM subscriptions WHERE user_id = ?');
    this.selectSubscribers = db.prepare<[number], { user_id: number }>(
      `SELECT s.user_id FROM subscriptions s JOIN users u ON u.id = s.user_id
       WHERE s.channel_id = ? AND s.active = 1 AND u.is_active = 1 ORDER BY s.user_id`,
    );
    this.selectAllActiveSubs = db.prepare<[], { user_id: number; channel_id: number }>(
      `SELECT s.user_id, s.channel_id FROM subscriptions s JOIN users u ON u.id = s.user_id
       WHERE s.active = 1 AND u.is_active = 1 ORDER BY s.channel_id, s.user_id`,
    );
    this.insertStmt = db.prepare(
      `INSERT INTO channels (name, description, rendered_description, invite_only, history_public_to_subscribers,
         date_created, creator_id, topics_policy, is_default, recipient_id, group_settings)
       VALUES (@name, @description, @rendered_description, @invite_only, @history_public_to_subscribers,
         @date_created, @creator_id, @topics_policy, @is_default, @recipient_id, @group_settings)`,
    );
    this.insertSub = db.prepare(
      `INSERT INTO subscriptions (user_id, channel_id, active, color, is_muted, pin_to_top, desktop_notifications, push_notifications)
       VALUES (@user_id, @channel_id, @active, @color, @is_muted, @pin_to_top, @desktop_notifications, @push_notifications)`,
    );
  }

  all(): ChannelRow[] {
    return this.selectAll.all();
  }

  byId(id: number): ChannelRow | undefined {
    return this.selectById.get(id);
  }

  /** Channel names are unique case-insensitively, as in Zulip. */
  byName(name: string): ChannelRow | undefined {
    return this.selectByName.get(name);
  }

  subscription(userId: number, channelId: number): SubscriptionRow | undefined {
    return this.selectSubscription.get(userId, channelId);
  }

  isSubscribed(userId: number, channelId: number): boolean {
    return this.subscription(userId, channelId)?.active === 1;
  }

  /** Every subscription row of a user, active or not (inactive ones are "unsubscribed"). */
  subscriptionsOf(userId: number): SubscriptionRow[] {
    return this.selectUserSubs.all(userId);
  }

  /** Active subscribers of a channel who are themselves active accounts. */
  subscribers(channelId: number): number[] {
    return this.selectSubscribers.all(channelId).map((row) => row.user_id);
  }

  /** Active subscribers of every channel at once, for register. */
  subscriberMap(): Map<number, number[]> {
    const map = new Map<number, number[]>();
    for (const row of this.selectAllActiveSubs.all()) {
      const list = map.get(row.channel_id) ?? [];
      list.push(row.user_id);
      map.set(row.channel_id, list);
    }
    return map;
  }

  insert(channel: NewChannel): number {
    const result = this.insertStmt.run({
      ...channel,
      invite_only: channel.invite_only ? 1 : 0,
      history_public_to_subscribers: channel.history_public_to_subscribers === false ? 0 : 1,
      topics_policy: channel.topics_policy ?? 'inherit',
      is_default: channel.is_default ? 1 : 0,
      group_settings: JSON.stringify(channel.group_settings),
    });
    return Number(result.lastInsertRowid);
  }

  subscribe(sub: NewSubscription): void {
    const bool = (value: boolean | null | undefined): number | null => (value == null ? null : value ? 1 : 0);
    this.insertSub.run({
      user_id: sub.user_id,
      channel_id: sub.channel_id,
      color: sub.color,
      active: sub.active === false ? 0 : 1,
      is_muted: sub.is_muted ? 1 : 0,
      pin_to_top: sub.pin_to_top ? 1 : 0,
      desktop_notifications: bool(sub.desktop_notifications),
      push_notifications: bool(sub.push_notifications),
    });
  }
}
