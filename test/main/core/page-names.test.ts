/**
 * A page carries the names its conversation is shown with (common/model.ts ConversationNames), so
 * a warm start's first rows are headed "#general", not "#channel 1", before the sidebar arrives.
 * Real core and cache, the dev server on loopback.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessagePage, Narrow, Sidebar } from '../../../common/model';
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

const page = (narrow: Narrow): Promise<MessagePage> =>
  t.ok('messages:page', { accountId, narrow, anchor: 'newest', before: 20, after: 0 });

describe('the names a page comes with', () => {
  it("names a channel's or a topic's channel as the sidebar does, and nobody else", async () => {
    const channel = sidebar.channels[1]!;
    for (const narrow of [
      { kind: 'channel', channelId: channel.id },
      { kind: 'topic', channelId: channel.id, topic: 'no such topic yet' },
    ] as const) {
      const { names } = await page(narrow);
      expect(names).toEqual({
        channels: [{ id: channel.id, name: channel.name }],
        users: [],
        emptyTopicDisplayName: sidebar.emptyTopicDisplayName,
      });
    }
  });

  it("names a direct message's people as the sidebar does", async () => {
    const self = (await t.ok('app:state', {})).accounts[0]!.userId;
    const others = sidebar.users.filter((u) => u.id !== self && !u.isBot).slice(0, 2);
    const narrow: Narrow = { kind: 'dm', userIds: others.map((u) => u.id).sort((a, b) => a - b) };
    const { names } = await page(narrow);
    expect(names?.channels).toEqual([]);
    expect([...(names?.users ?? [])].sort((a, b) => a.id - b.id)).toEqual(
      others.map((u) => ({ id: u.id, fullName: u.fullName })).sort((a, b) => a.id - b.id),
    );
  });
});
