/**
 * The sidebar tells the renderer what compose and the channel list need about each channel: its
 * topics policy with `inherit` resolved against the organization's (may the topic be left empty,
 * "general chat"?) and its folder. A real core signed in to the demo organization on the dev
 * server; the owner changes (or archives) a channel over plain HTTP and the sidebar follows the event.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AccountSummary } from '../../../common/model';
import { Actor } from '../consistency/actor';
import { startLiveCore, type TestCore } from '../core/harness';
import { startDevServer, type RunningDevServer } from '../../helpers/devserver';
import { tempDir } from '../store/fixtures';

let server: RunningDevServer;
let t: TestCore;
let account: AccountSummary;
let owner: Actor;

beforeAll(async () => {
  server = await startDevServer();
  const o = server.byRole(100);
  ({ t, account } = await startLiveCore(tempDir(), server.baseUrl, o));
  owner = await Actor.login(server.baseUrl, o.email, o.password);
}, 30_000);
afterAll(async () => {
  await t?.core.close();
  await server?.stop();
});

const sidebar = () => t.ok('sidebar:get', { accountId: account.id });

describe('channel summaries', () => {
  it('resolve an inherited topics policy against the organization’s, and follow a change', async () => {
    const general = (await sidebar()).channels.find((c) => c.name === 'general')!;
    expect(general.topicsPolicy).toBe('allow_empty_topic');
    await owner.call('PATCH', `/streams/${general.id}`, { topics_policy: 'disable_empty_topic' });
    await vi.waitFor(
      async () =>
        expect((await sidebar()).channels.find((c) => c.id === general.id)!.topicsPolicy).toBe('disable_empty_topic'),
      { timeout: 10_000 },
    );
  });

  it('carry the folder each channel is filed in', async () => {
    const folders = (await owner.register(['channel_folders']))['channel_folders'] as { id: number; name: string }[];
    const subs = (await owner.register(['subscription']))['subscriptions'] as {
      stream_id: number;
      folder_id: number | null;
    }[];
    const filed = subs.filter((s) => s.folder_id !== null);
    expect(filed.length).toBeGreaterThan(0);
    const channels = (await sidebar()).channels;
    for (const s of subs) expect(channels.find((c) => c.id === s.stream_id)?.folderId).toBe(s.folder_id ?? null);
    expect(folders.map((f) => f.id)).toContain(filed[0]!.folder_id);
  });
});

describe('archived channels (archived_channels capability)', () => {
  it('stay in the sidebar marked archived, and an archiving event marks a live one', async () => {
    const before = (await sidebar()).channels;
    const seeded = before.find((c) => c.name === 'launch-2024');
    expect(seeded?.isArchived).toBe(true);
    const live = before.find((c) => !c.isArchived && c.name !== 'general')!;
    expect(live.isArchived).toBe(false);
    await owner.call('DELETE', `/streams/${live.id}`);
    await vi.waitFor(
      async () => expect((await sidebar()).channels.find((c) => c.id === live.id)?.isArchived).toBe(true),
      { timeout: 10_000 },
    );
  });
});
