/**
 * conversations:details through the real core and cache, the dev server on loopback: Recent
 * conversations' rows get their senders and last-message time even when the cache held none of
 * their messages (the newest history is fetched once), and bad arguments are refused in words.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Narrow, Sidebar } from '../../../common/model';
import { MemoryCredentialStore } from '../../../main/credentials';
import { startDevServer, type RunningDevServer } from '../../helpers/devserver';
import type { TestCore } from './harness';
import { signedInFolder } from './signed-in-folder';

let server: RunningDevServer;
let t: TestCore;
let accountId: string;
let sidebar: Sidebar;

beforeAll(async () => {
  server = await startDevServer();
  ({ t, accountId } = await signedInFolder(server, new MemoryCredentialStore()));
  sidebar = await t.ok('sidebar:get', { accountId });
});
afterAll(async () => {
  await t?.core.close();
  await server?.stop();
});

describe('conversations:details', () => {
  it('answers every topic and DM row with its senders and newest message time, in the order asked', async () => {
    const topics: Narrow[] = sidebar.channels
      .flatMap((c) => c.topics.map((topic) => ({ kind: 'topic' as const, channelId: c.id, topic: topic.name })))
      .slice(0, 20);
    const dms: Narrow[] = sidebar.dms.slice(0, 3).map((d) => ({ kind: 'dm' as const, userIds: d.userIds }));
    const asked = [...topics, { kind: 'channel', channelId: sidebar.channels[0]!.id } as Narrow, ...dms];
    const details = await t.ok('conversations:details', { accountId, conversations: asked });
    expect(details).toHaveLength(asked.length);
    // A channel narrow is no row: empty details in its place.
    expect(details[topics.length]).toEqual({ participants: [], participantCount: 0, lastTimestamp: null });
    for (const [i, d] of details.entries()) {
      if (i === topics.length) continue;
      expect(d.lastTimestamp, `row ${i}`).toBeGreaterThan(0);
      expect(d.participants.length).toBeGreaterThan(0);
      expect(d.participantCount).toBeGreaterThanOrEqual(d.participants.length);
    }
    // Checked against the server: the newest message of the first topic, and who sent it.
    const first = topics[0] as Extract<Narrow, { kind: 'topic' }>;
    const page = await t.ok('messages:page', { accountId, narrow: first, anchor: 'newest', before: 1, after: 0 });
    const newest = page.messages.at(-1)!;
    expect(details[0]!.lastTimestamp).toBe(newest.timestamp);
    expect(details[0]!.participants[0]!.userId).toBe(newest.senderId);
  });

  it('refuses more conversations than a screen holds, saying why', async () => {
    const many = Array.from({ length: 501 }, () => ({ kind: 'dm' as const, userIds: [1] }));
    const r = await t.call('conversations:details', { accountId, conversations: many });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe('INVALID_ARGUMENT');
      expect(r.error.message).toMatch(/conversations/);
    }
  });
});
