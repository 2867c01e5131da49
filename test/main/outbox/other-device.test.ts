/**
 * A send whose outcome is unknown is settled only by its own message event on this install's
 * queue. The same user may meanwhile post the same words in the same topic from another device
 * (the web app, a phone, or another Parley install, whose messages carry the same `client`):
 * that message is theirs, not ours, and ours must still be sent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountStore, accountDbPath } from '../../../main/store/account-store';
import { startDevServer, type RunningDevServer } from '../../helpers/devserver';
import { startCore } from '../core/harness';
import { tempDir } from '../store/fixtures';
import { confirmed, ownInTopic, signedInCore, withLocalId } from './support';

let server: RunningDevServer;
beforeAll(async () => {
  server = await startDevServer();
});
afterAll(async () => {
  await server?.stop();
});

describe('an interrupted send and the same words from another device', () => {
  it('does not take the other device’s message for ours: ours is sent too', async () => {
    const dataDir = tempDir();
    const s = await signedInCore(server, dataDir);
    await s.t.core.close();
    const topic = 'same words, two devices';
    const words = 'on my way';
    // Our send hung before reaching the server, then the app quit: the row is left `sending`.
    const store = AccountStore.open(accountDbPath(dataDir, s.account.id));
    store.outbox.add({
      localId: 'hung-1',
      createdAt: Date.now(),
      target: { kind: 'channel', channelId: s.channelId, topic },
      channelId: s.channelId,
      topic,
      dmKey: null,
      content: words,
    });
    store.outbox.markSending('hung-1', Date.now());
    store.close();
    // Meanwhile the same user says the same thing from the web app.
    const fromWeb = await s.me.sendToChannel(s.channelId, topic, words);

    const t2 = await startCore(dataDir, s.credentials);
    try {
      await t2.waitFor('messages:added', withLocalId('hung-1'));
      const view = await confirmed(t2, 'hung-1');
      expect(view.id).not.toBe(fromWeb);
      const onServer = await ownInTopic(s.me, s.channelId, topic);
      expect(onServer.map((m) => m.id)).toEqual([fromWeb, view.id]);
      expect(onServer.map((m) => m.content)).toEqual([words, words]);
    } finally {
      await t2.core.close();
    }
  }, 60_000);

  it('does not take another Parley install’s message for ours (#25 item 4): ours is sent too', async () => {
    const dataDir = tempDir();
    const a = await signedInCore(server, dataDir);
    await a.t.core.close();
    const topic = 'same words, two installs';
    const words = 'see you at noon';
    // A's send never landed, then A was killed: its row is left `sending`.
    const store = AccountStore.open(accountDbPath(dataDir, a.account.id));
    store.outbox.add({
      localId: 'killed-1',
      createdAt: Date.now(),
      target: { kind: 'channel', channelId: a.channelId, topic },
      channelId: a.channelId,
      topic,
      dmKey: null,
      content: words,
    });
    store.outbox.markSending('killed-1', Date.now());
    store.close();
    // B, the same user in Parley on another machine, says the same thing.
    const b = await signedInCore(server, tempDir());
    let fromB: number;
    try {
      const { localId } = await b.t.ok('compose:send', {
        accountId: b.account.id,
        to: { kind: 'channel', channelId: b.channelId, topic },
        content: words,
      });
      fromB = (await confirmed(b.t, localId)).id;
    } finally {
      await b.t.core.close();
    }

    const restarted = await startCore(dataDir, a.credentials);
    try {
      const view = await confirmed(restarted, 'killed-1');
      expect(view.id).not.toBe(fromB);
      const onServer = await ownInTopic(a.me, a.channelId, topic);
      expect(onServer.map((m) => m.id)).toEqual([fromB, view.id]);
      expect(onServer.map((m) => m.content)).toEqual([words, words]);
    } finally {
      await restarted.core.close();
    }
  }, 60_000);
});
