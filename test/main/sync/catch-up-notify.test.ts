/**
 * Waking up to a queue that kept a busy while (main/notifications/coalesce.ts): the messages that
 * ring arrive as one batch of events, and the desktop gets one notification per conversation, not
 * one per message, with the rest past a few conversations in one more.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Events } from '../../../common/ipc/contract';
import { startDevServer, type RunningDevServer } from '../../helpers/devserver';
import { startCore } from '../core/harness';
import { liveThenAway } from './away';

let server: RunningDevServer;
beforeAll(async () => {
  server = await startDevServer();
});
afterAll(async () => {
  await server?.stop();
});

describe('a resumed queue full of messages that ring', () => {
  it('rings once per conversation, counting the earlier ones, and names the rest in one', async () => {
    const { member, peer, sender, dataDir, credentials, first, account, channel } = await liveThenAway(server);
    await first.core.close();

    // While the app is closed (its queue kept by the server): six DMs, then mentions in four topics.
    for (let i = 1; i <= 6; i++) await sender.sendDm([member.userId], `dm ${i} of the burst`);
    const mentions: number[] = [];
    for (const t of ['alpha', 'beta', 'gamma', 'delta'])
      mentions.push(await sender.sendToChannel(channel.id, `burst ${t}`, `@**${account.fullName}** about ${t}`));

    const second = await startCore(dataDir, credentials);
    try {
      await second.waitFor('notify:show', (p) => p.title.includes('more new'), 15_000);
      const shown = second.events
        .filter((e) => e.name === 'notify:show')
        .map((e) => e.payload as Events['notify:show']);
      // Newest conversation first: the last three topics, then one for the oldest topic and the DMs.
      expect(shown.map((n) => n.narrow)).toEqual([
        { kind: 'topic', channelId: channel.id, topic: 'burst delta' },
        { kind: 'topic', channelId: channel.id, topic: 'burst gamma' },
        { kind: 'topic', channelId: channel.id, topic: 'burst beta' },
        { kind: 'all' },
      ]);
      expect(shown[0]).toMatchObject({ body: `@${account.fullName} about delta`, messageId: mentions[3] });
      expect(shown[3]).toMatchObject({
        title: '7 more new messages in 2 conversations',
        body: `#${channel.name} > burst alpha, ${peer.fullName}`,
        messageId: mentions[0],
      });
    } finally {
      await second.core.close();
    }
  }, 60_000);
});
