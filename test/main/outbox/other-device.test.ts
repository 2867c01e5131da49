/**
 * A send whose outcome is unknown is looked for on the server before it is posted again. The
 * same user may meanwhile post the same words in the same topic from another device (the web
 * app, a phone): that message is theirs, not ours, and ours must still be sent.
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
});
