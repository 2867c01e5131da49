/**
 * A scripted session of mixed operations by several users against the dev server, chosen by a
 * seeded generator so every run does the same thing: sends to channels, topics and DMs (also
 * through the core's own outbox), edits, topic and channel moves, deletions, reactions, read
 * and starred flags, and subscription changes. The test tracks just enough to keep every
 * operation valid; the server stays the only source of truth.
 */
import type { Narrow } from '../../../common/model';
import type { TestCore } from '../core/harness';
import type { Actor } from './actor';
import type { Prng } from './prng';

export interface World {
  t: TestCore;
  accountId: string;
  /** The account's own user, acting from "another client" (flags, subscriptions, sends). */
  me: Actor;
  others: Actor[];
  /** Moves and deletes need an administrator. */
  admin: Actor;
  /** Channels everyone stays subscribed to. */
  stable: { id: number; name: string }[];
  /** The channel the account leaves and rejoins. */
  volatile: { id: number; name: string };
}

interface Sent {
  sender: Actor;
  /** Where it was sent (moves stay among the stable channels, so "stable" stays true). */
  channelId: number | null;
  dmUserIds: number[] | null;
  /** The account's user received it (so it has flags of its own for it). */
  mine: boolean;
}

const TOPICS = ['alpha', 'beta', 'gamma', 'delta', 'epsilon'];
const EMOJI = ['thumbs_up', 'smile', 'octopus', 'heart', 'check', 'thinking'];
const MODES = ['change_one', 'change_later', 'change_all'];

const WEIGHTS = {
  send: 30,
  dm: 10,
  compose: 5,
  edit: 8,
  moveTopic: 5,
  moveChannel: 3,
  delete: 5,
  react: 10,
  unreact: 4,
  flag: 10,
  markTopicRead: 3,
  subscription: 3,
  property: 4,
} as const;
export type OpKind = keyof typeof WEIGHTS;

export class Script {
  readonly sent = new Map<number, Sent>();
  readonly counts: Partial<Record<OpKind | 'page', number>> = {};
  readonly #reactions = new Set<string>();
  #meInVolatile = true;
  #n = 0;

  constructor(
    readonly w: World,
    readonly rng: Prng,
  ) {}

  /** Runs `count` operations that change the server, with cache reads (messages:page) in between. */
  async run(count: number): Promise<void> {
    while (this.#n < count) {
      if (this.rng.next() < 0.1) await this.#page();
      const kind = this.rng.weighted(WEIGHTS);
      if (await this.#op(kind)) {
        this.#n += 1;
        this.counts[kind] = (this.counts[kind] ?? 0) + 1;
      }
    }
  }

  get actors(): Actor[] {
    return [this.w.me, ...this.w.others];
  }

  /** Performs one operation; false when none of that kind is possible right now. */
  async #op(kind: OpKind): Promise<boolean> {
    switch (kind) {
      case 'send':
        return this.#send();
      case 'dm':
        return this.#dm();
      case 'compose':
        return this.#compose();
      case 'edit':
        return this.#edit();
      case 'moveTopic':
        return this.#move(false);
      case 'moveChannel':
        return this.#move(true);
      case 'delete':
        return this.#delete();
      case 'react':
        return this.#react();
      case 'unreact':
        return this.#unreact();
      case 'flag':
        return this.#flag();
      case 'markTopicRead':
        return this.#markTopicRead();
      case 'subscription':
        return this.#toggleSubscription();
      case 'property':
        return this.#property();
    }
  }

  #text(): string {
    return `op ${this.#n}: ${this.rng.pick(['hello', 'news', 'a question', 'see **this**', 'https://example.com/x'])}`;
  }

  #channelFor(sender: Actor): number {
    const canVolatile = sender !== this.w.me || this.#meInVolatile;
    const ids = [...this.w.stable.map((c) => c.id), ...(canVolatile ? [this.w.volatile.id] : [])];
    return this.rng.pick(ids);
  }

  #mineIn(channelId: number): boolean {
    return channelId !== this.w.volatile.id || this.#meInVolatile;
  }

  async #send(): Promise<boolean> {
    const sender = this.rng.pick(this.actors);
    const channelId = this.#channelFor(sender);
    const topic = this.rng.pick(TOPICS);
    const content = this.rng.next() < 0.15 ? `@**${this.w.me.fullName}** ${this.#text()}` : this.#text();
    const id = await sender.sendToChannel(channelId, topic, content);
    this.sent.set(id, { sender, channelId, dmUserIds: null, mine: sender === this.w.me || this.#mineIn(channelId) });
    return true;
  }

  async #dm(): Promise<boolean> {
    const sender = this.rng.pick(this.actors);
    const others = this.actors.filter((a) => a !== sender);
    const to = others.filter(() => this.rng.next() < 0.5);
    if (to.length === 0) to.push(this.rng.pick(others));
    const id = await sender.sendDm(
      to.map((a) => a.userId),
      this.#text(),
    );
    const participants = [sender, ...to].map((a) => a.userId);
    this.sent.set(id, {
      sender,
      channelId: null,
      dmUserIds: participants,
      mine: participants.includes(this.w.me.userId),
    });
    return true;
  }

  /** Through the core: outbox, local echo, confirmation; waited for so IDs stay deterministic. */
  async #compose(): Promise<boolean> {
    const { t, accountId, me } = this.w;
    const toChannel = this.rng.next() < 0.7;
    const other = this.rng.pick(this.w.others);
    const channelId = this.#channelFor(me);
    const topic = this.rng.pick(TOPICS);
    const { localId } = await t.ok('compose:send', {
      accountId,
      to: toChannel ? { kind: 'channel', channelId, topic } : { kind: 'dm', userIds: [other.userId] },
      content: this.#text(),
    });
    const event = await t.waitFor(
      'messages:updated',
      (p) => p.messages.some((m) => m.localId === localId && m.id > 0),
      30_000,
    );
    const id = event.messages.find((m) => m.localId === localId && m.id > 0)!.id;
    this.sent.set(id, {
      sender: me,
      channelId: toChannel ? channelId : null,
      dmUserIds: toChannel ? null : [me.userId, other.userId],
      mine: true,
    });
    return true;
  }

  #pick(filter: (id: number, s: Sent) => boolean): [number, Sent] | null {
    const candidates = [...this.sent].filter(([id, s]) => filter(id, s));
    return candidates.length > 0 ? this.rng.pick(candidates) : null;
  }

  async #edit(): Promise<boolean> {
    const found = this.#pick(() => true);
    if (!found) return false;
    const [id, s] = found;
    await s.sender.call('PATCH', `/messages/${id}`, { content: `${this.#text()} (edited)` });
    return true;
  }

  /** Moves a message of a stable channel (and, by propagate_mode, maybe its neighbours). */
  async #move(toOtherChannel: boolean): Promise<boolean> {
    const stable = new Set(this.w.stable.map((c) => c.id));
    const found = this.#pick((_id, s) => s.channelId !== null && stable.has(s.channelId));
    if (!found) return false;
    const [id] = found;
    const params: Record<string, unknown> = {
      topic: this.rng.pick(TOPICS),
      propagate_mode: this.rng.pick(MODES),
    };
    if (toOtherChannel) {
      const [now] = await this.w.admin.messages([], { ids: [id] });
      const current = Number(now?.['stream_id']);
      const targets = this.w.stable.filter((c) => c.id !== current);
      if (targets.length === 0) return false;
      params['stream_id'] = this.rng.pick(targets).id;
    }
    try {
      await this.w.admin.call('PATCH', `/messages/${id}`, params);
    } catch (e) {
      // Moving to the topic it is already in is refused as "nothing to change"; not a failure of the script.
      if (String(e).includes('Nothing to change')) return false;
      throw e;
    }
    return true;
  }

  /** An administrator deletes a channel message (DMs of others are not theirs to see). */
  async #delete(): Promise<boolean> {
    const found = this.#pick((_id, s) => s.channelId !== null);
    if (!found) return false;
    const [id] = found;
    await this.w.admin.call('DELETE', `/messages/${id}`);
    this.sent.delete(id);
    for (const key of [...this.#reactions]) if (key.startsWith(`${id}:`)) this.#reactions.delete(key);
    return true;
  }

  /** Who may react: a participant of a DM, anyone subscribed to the channel. */
  #reactors(s: Sent): Actor[] {
    if (s.dmUserIds) return this.actors.filter((a) => s.dmUserIds!.includes(a.userId));
    return this.actors.filter((a) => a !== this.w.me || s.mine);
  }

  async #react(): Promise<boolean> {
    const found = this.#pick(() => true);
    if (!found) return false;
    const [id, s] = found;
    const actor = this.rng.pick(this.#reactors(s));
    const emoji = this.rng.pick(EMOJI);
    const key = `${id}:${actor.userId}:${emoji}`;
    if (this.#reactions.has(key)) return false;
    await actor.call('POST', `/messages/${id}/reactions`, { emoji_name: emoji });
    this.#reactions.add(key);
    return true;
  }

  async #unreact(): Promise<boolean> {
    if (this.#reactions.size === 0) return false;
    const key = this.rng.pick([...this.#reactions]);
    const [id, userId, emoji] = key.split(':') as [string, string, string];
    const actor = this.actors.find((a) => a.userId === Number(userId))!;
    await actor.call('DELETE', `/messages/${id}/reactions`, { emoji_name: emoji });
    this.#reactions.delete(key);
    return true;
  }

  async #flag(): Promise<boolean> {
    const mine = [...this.sent].filter(([, s]) => s.mine).map(([id]) => id);
    if (mine.length === 0) return false;
    const ids = [...new Set([this.rng.pick(mine), this.rng.pick(mine), this.rng.pick(mine)])];
    await this.w.me.call('POST', '/messages/flags', {
      messages: ids,
      op: this.rng.pick(['add', 'remove']),
      flag: this.rng.pick(['read', 'read', 'starred']),
    });
    return true;
  }

  async #markTopicRead(): Promise<boolean> {
    const stable = new Set(this.w.stable.map((c) => c.id));
    const found = this.#pick((_id, s) => s.mine && s.channelId !== null && stable.has(s.channelId));
    if (!found) return false;
    const [message] = await this.w.me.messages([], { ids: [found[0]] });
    if (!message) return false;
    await this.w.me.call('POST', '/mark_topic_as_read', {
      stream_id: message['stream_id'],
      topic_name: message['subject'],
    });
    return true;
  }

  async #toggleSubscription(): Promise<boolean> {
    const { me, volatile } = this.w;
    if (this.#meInVolatile) {
      await me.call('DELETE', '/users/me/subscriptions', { subscriptions: [volatile.name] });
    } else {
      await me.call('POST', '/users/me/subscriptions', { subscriptions: [{ name: volatile.name }] });
    }
    this.#meInVolatile = !this.#meInVolatile;
    return true;
  }

  async #property(): Promise<boolean> {
    const channels = [...this.w.stable, ...(this.#meInVolatile ? [this.w.volatile] : [])];
    const channel = this.rng.pick(channels);
    const property = this.rng.pick(['color', 'is_muted', 'pin_to_top', 'desktop_notifications']);
    const value =
      property === 'color' ? `#${this.rng.int(0x1000000).toString(16).padStart(6, '0')}` : this.rng.next() < 0.5;
    await this.w.me.call('POST', '/users/me/subscriptions/properties', {
      subscription_data: [{ stream_id: channel.id, property, value }],
    });
    return true;
  }

  /** A read through the cache (which may fetch the gaps and store them), as the UI would. */
  async #page(): Promise<void> {
    const { t, accountId } = this.w;
    const channel = this.rng.pick(this.w.stable);
    const narrows: Narrow[] = [
      { kind: 'channel', channelId: channel.id },
      { kind: 'topic', channelId: channel.id, topic: this.rng.pick(TOPICS) },
      { kind: 'dm', userIds: [this.rng.pick(this.w.others).userId] },
    ];
    const ids = [...this.sent.keys()];
    const anchor = this.rng.next() < 0.5 || ids.length === 0 ? 'newest' : this.rng.pick(ids);
    await t.ok('messages:page', {
      accountId,
      narrow: this.rng.pick(narrows),
      anchor,
      before: this.rng.int(40),
      after: this.rng.int(40),
    });
    this.counts.page = (this.counts.page ?? 0) + 1;
  }
}
