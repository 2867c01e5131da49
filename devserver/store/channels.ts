import type { Database } from 'better-sqlite3';
import type { ChannelRow, SubscriptionRow } from './rows';
import { UntilWrite } from './until_write';

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
  is_web_public?: boolean;
  message_retention_days?: number | null;
  folder_id?: number | null;
  recipient_id: number;
  group_settings: Record<string, unknown>;
}

/** Channel columns that PATCH /streams/{id} and archiving may change (booleans as 0/1). */
export type ChannelChange = Partial<
  Pick<
    ChannelRow,
    | 'name'
    | 'description'
    | 'rendered_description'
    | 'invite_only'
    | 'is_web_public'
    | 'history_public_to_subscribers'
    | 'topics_policy'
    | 'message_retention_days'
    | 'folder_id'
    | 'is_archived'
    | 'is_default'
    | 'group_settings'
  >
>;

/** Personal subscription settings a user may change (POST /users/me/subscriptions/properties). */
export const SUBSCRIPTION_COLUMNS = [
  'color',
  'is_muted',
  'pin_to_top',
  'desktop_notifications',
  'email_notifications',
  'push_notifications',
  'audible_notifications',
  'wildcard_mentions_notify',
] as const;
export type SubscriptionColumn = (typeof SUBSCRIPTION_COLUMNS)[number];

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
  private readonly setActiveStmt;
  private readonly selectNamedTopic;
  private readonly selectRecentSenders;
  private readonly recentSenderIds: UntilWrite<ReadonlySet<number>>;

  constructor(private readonly db: Database) {
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
         date_created, creator_id, topics_policy, is_default, recipient_id, group_settings, is_web_public,
         message_retention_days, folder_id)
       VALUES (@name, @description, @rendered_description, @invite_only, @history_public_to_subscribers,
         @date_created, @creator_id, @topics_policy, @is_default, @recipient_id, @group_settings, @is_web_public,
         @message_retention_days, @folder_id)`,
    );
    this.setActiveStmt = db.prepare<[number, number, number]>(
      'UPDATE subscriptions SET active = ? WHERE user_id = ? AND channel_id = ?',
    );
    this.selectNamedTopic = db.prepare<[number], { id: number }>(
      "SELECT id FROM messages WHERE channel_id = ? AND topic != '' LIMIT 1",
    );
    this.recentSenderIds = new UntilWrite(db);
    this.selectRecentSenders = db.prepare<[number], { sender_id: number }>(
      'SELECT DISTINCT sender_id FROM messages WHERE date_sent >= ?',
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
      is_web_public: channel.is_web_public ? 1 : 0,
      message_retention_days: channel.message_retention_days ?? null,
      folder_id: channel.folder_id ?? null,
    });
    return Number(result.lastInsertRowid);
  }

  update(id: number, change: ChannelChange): void {
    const names = Object.keys(change);
    if (names.length === 0) return;
    const assignments = names.map((name) => `${name} = @${name}`).join(', ');
    this.db.prepare(`UPDATE channels SET ${assignments} WHERE id = @id`).run({ ...change, id });
  }

  /** Unsubscribing keeps the row (with its color and settings) as an inactive subscription. */
  setSubscriptionActive(userId: number, channelId: number, active: boolean): void {
    this.setActiveStmt.run(active ? 1 : 0, userId, channelId);
  }

  setSubscriptionProperty(userId: number, channelId: number, column: SubscriptionColumn, value: unknown): void {
    this.db
      .prepare(`UPDATE subscriptions SET ${column} = ? WHERE user_id = ? AND channel_id = ?`)
      .run(value, userId, channelId);
  }

  /** Whether the channel has a message outside the empty topic (empty_topic_only needs none). */
  hasNamedTopics(channelId: number): boolean {
    return this.selectNamedTopic.get(channelId) !== undefined;
  }

  /** Users who sent a message since the given time: our measure of "recently active". */
  /** Who sent a message since `since`; reads every message, so kept until a write or the next hour. */
  recentSenders(since: number): ReadonlySet<number> {
    return this.recentSenderIds.get(
      String(Math.floor(since / 3600)),
      () => new Set(this.selectRecentSenders.all(since).map((row) => row.sender_id)),
    );
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
