/**
 * The dev server keeps its expensive reads (every user, channel traffic, recent senders) until the
 * database changes: a write of any kind must show in the next read.
 */
import { describe, expect, it } from 'vitest';
import { seed } from '../../devserver/seed';
import { Store } from '../../devserver/store/store';

describe('reads kept until a write', () => {
  it('users: the same rows while nothing changes, and a rename or a new user in the next read', () => {
    const store = Store.open(undefined);
    seed(store, 'demo');
    const first = store.users.all();
    expect(store.users.all()).toBe(first);
    expect(Object.isFrozen(first[0])).toBe(true);
    const olivia = first.find((u) => u.delivery_email === 'olivia@parley.example')!;
    store.records.accounts.setFullName(olivia.id, 'Olivia Renamed');
    expect(store.users.all().find((u) => u.id === olivia.id)!.full_name).toBe('Olivia Renamed');
    expect(store.users.map().get(olivia.id)!.full_name).toBe('Olivia Renamed');
    const id = store.users.insert({
      delivery_email: 'new@parley.example',
      full_name: 'New Person',
      password_hash: null,
      api_key: 'k'.repeat(32),
      role: 400,
      date_joined: 0,
    });
    expect(store.users.map().get(id)?.full_name).toBe('New Person');
  });

  it('channel traffic and recent senders count a message as soon as it is stored', () => {
    const store = Store.open(undefined);
    seed(store, 'demo');
    const now = Math.floor(Date.now() / 1000);
    const channel = store.channels.all()[0]!;
    const before = store.messages.channelStats(now - 3600).get(channel.id)?.recent ?? 0;
    const sender = store.users.all().find((u) => u.delivery_email === 'dana@parley.example')!;
    expect(store.channels.recentSenders(now - 3600).has(sender.id)).toBe(false);
    store.messages.insert({
      sender_id: sender.id,
      recipient_id: channel.recipient_id,
      channel_id: channel.id,
      topic: 'kept reads',
      content: 'hi',
      rendered_content: '<p>hi</p>',
      date_sent: now,
      client: 'test',
      is_me_message: false,
      last_edit_timestamp: null,
      last_moved_timestamp: null,
      edit_history: null,
    });
    expect(store.messages.channelStats(now - 3600).get(channel.id)?.recent).toBe(before + 1);
    expect(store.channels.recentSenders(now - 3600).has(sender.id)).toBe(true);
  });
});
