/**
 * A catch-up into the conversation on screen (main/accounts/account-output.ts MAX_ADDED_VIEWS):
 * a resumed queue brings hundreds of new messages of the open topic at once; the window gets the
 * oldest of them with `newerLeftOut`, not megabytes of rows its list would trim, and the rest page
 * in after them from the cache.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Events } from '../../../common/ipc/contract';
import type { Narrow } from '../../../common/model';
import { MAX_ADDED_VIEWS } from '../../../main/accounts/account-output';
import { startDevServer, type RunningDevServer } from '../../helpers/devserver';
import { startCore } from '../core/harness';
import { liveThenAway } from '../sync/away';

let server: RunningDevServer;
beforeAll(async () => {
  server = await startDevServer();
});
afterAll(async () => {
  await server?.stop();
});

describe('a catch-up into the open conversation', () => {
  it('sends the window the oldest new messages and leaves the newer ones to paging', async () => {
    const { sender, dataDir, credentials, first, account, channel } = await liveThenAway(server);
    const topic = `catch-up on screen ${Date.now()}`;
    const narrow: Narrow = { kind: 'topic', channelId: channel.id, topic };
    await first.ok('view:open', { accountId: account.id, narrow });
    await first.ok('messages:page', { accountId: account.id, narrow, anchor: 'newest', before: 50, after: 0 });
    await first.core.close();

    const total = MAX_ADDED_VIEWS + 40;
    const ids: number[] = [];
    for (let i = 0; i < total; i++) ids.push(await sender.sendToChannel(channel.id, topic, `line ${i}`));

    // The next start reopens that conversation and resumes the queue: one batch of them all.
    const second = await startCore(dataDir, credentials);
    try {
      const added = await second.waitFor('messages:added', (p) => p.messages.some((m) => m.topic === topic), 20_000);
      const inTopic = second.events
        .filter((e) => e.name === 'messages:added')
        .map((e) => e.payload as Events['messages:added'])
        .filter((p) => p.messages.some((m) => m.topic === topic));
      expect(inTopic).toHaveLength(1);
      expect(added.messages.map((m) => m.id)).toEqual(ids.slice(0, MAX_ADDED_VIEWS));
      expect(added.newerLeftOut).toBe(true);

      // Paged in after the last one sent, from the cache.
      const rest = await second.ok('messages:page', {
        accountId: account.id,
        narrow,
        anchor: ids[MAX_ADDED_VIEWS - 1]!,
        before: 0,
        after: 100,
      });
      expect(rest.messages.map((m) => m.id).filter((id) => id > ids[MAX_ADDED_VIEWS - 1]!)).toEqual(
        ids.slice(MAX_ADDED_VIEWS),
      );
      expect(rest.foundNewest).toBe(true);
    } finally {
      await second.core.close();
    }
  }, 90_000);
});
