/**
 * The outbox through outages and restarts, against the dev server's fault interface: messages
 * written offline are shown at once, survive a restart, reach the server exactly once and in
 * the order written, and replace their echoes.
 */
import { describe, expect, it } from 'vitest';
import { AccountStore, accountDbPath } from '../../../main/store/account-store';
import { startCore, type TestCore } from '../core/harness';
import { tempDir } from '../store/fixtures';
import { confirmed, ownInTopic, signedInCore, useFaultyServer, withLocalId } from './support';

const open: TestCore[] = [];
const env = useFaultyServer(open);

/** True when this payload was recorded after the first `mark` events. */
function outboxOf(dataDir: string, accountId: string) {
  const store = AccountStore.open(accountDbPath(dataDir, accountId));
  try {
    return store.outbox.all();
  } finally {
    store.close();
  }
}

describe('durable outbox', () => {
  it('keeps messages written offline across a restart, then sends each once, in order', async () => {
    const dataDir = tempDir();
    const s = await signedInCore(env.server, dataDir);
    open.push(s.t);
    const topic = 'written offline';
    // The network goes away: every request from now on is dropped unanswered.
    await env.faults.dropNext(100_000);
    const localIds: string[] = [];
    for (const content of ['one', 'two', 'three']) {
      const { localId } = await s.t.ok('compose:send', {
        accountId: s.account.id,
        to: { kind: 'channel', channelId: s.channelId, topic },
        content,
      });
      const echo = (await s.t.waitFor('messages:added', withLocalId(localId))).messages[0]!;
      expect(echo).toMatchObject({ localId, topic, channelId: s.channelId });
      expect(echo.id).toBeLessThan(0);
      localIds.push(localId);
    }
    await s.t.core.close();
    open.splice(0);
    expect(outboxOf(dataDir, s.account.id).map((e) => e.content)).toEqual(['one', 'two', 'three']);

    // The app starts again, still offline: the echoes come back at once.
    const t2 = await startCore(dataDir, s.credentials);
    open.push(t2);
    const again = await t2.waitFor('messages:added', (p) => localIds.every((id) => withLocalId(id)(p)));
    expect(again.messages.filter((m) => m.localId !== undefined).map((m) => m.contentHtml)).toEqual([
      '<p>one</p>',
      '<p>two</p>',
      '<p>three</p>',
    ]);

    await env.faults.clear();
    const views = [];
    for (const localId of localIds) views.push(await confirmed(t2, localId));
    const onServer = await ownInTopic(s.me, s.channelId, topic);
    expect(onServer.map((m) => m.content)).toEqual(['one', 'two', 'three']);
    expect(views.map((v) => v.id)).toEqual(onServer.map((m) => m.id));
    await t2.core.close();
    open.splice(0);
    expect(outboxOf(dataDir, s.account.id)).toEqual([]);
  }, 90_000);

  it('retries through 5xx answers and honours Retry-After, sending once', async () => {
    const s = await signedInCore(env.server, tempDir());
    open.push(s.t);
    const topic = 'server trouble';
    await env.faults.serverErrorNext(2, { pathPrefix: '/api/v1/messages', method: 'POST' });
    const first = await s.t.ok('compose:send', {
      accountId: s.account.id,
      to: { kind: 'channel', channelId: s.channelId, topic },
      content: 'through the storm',
    });
    await confirmed(s.t, first.localId);
    await env.faults.rateLimitNext(1, { pathPrefix: '/api/v1/messages', method: 'POST', retryAfter: 2 });
    const second = await s.t.ok('compose:send', {
      accountId: s.account.id,
      to: { kind: 'channel', channelId: s.channelId, topic },
      content: 'after the pause',
    });
    await confirmed(s.t, second.localId);
    // The wait was the server's, not the backoff's.
    expect(s.t.logLines.some((l) => l.includes('send postponed') && l.includes('"retryInMs":2000'))).toBe(true);
    expect((await ownInTopic(s.me, s.channelId, topic)).map((m) => m.content)).toEqual([
      'through the storm',
      'after the pause',
    ]);
  }, 60_000);

  /**
   * The send reaches the server and is carried out; its answer never comes back and the network
   * stays down after it, with the event queue stalled, so nothing tells the app before it quits.
   * Answers the restarted core, the row's local ID and what the first run knew.
   */
  async function sendLostThenQuit(topic: string, queueAfterQuit: 'kept' | 'expired') {
    const dataDir = tempDir();
    let loseAnswers = 0;
    let networkDown = false;
    let answerLost!: () => void;
    const lost = new Promise<void>((resolve) => (answerLost = resolve));
    const reset = () =>
      new TypeError('fetch failed', { cause: Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }) });
    const lossy: typeof fetch = async (input, init) => {
      if (networkDown) throw reset();
      const res = await fetch(input, init);
      if (loseAnswers > 0 && init?.method === 'POST' && String(input).endsWith('/api/v1/messages')) {
        loseAnswers -= 1;
        networkDown = true;
        await res.text();
        answerLost();
        throw reset();
      }
      return res;
    };
    const s = await signedInCore(env.server, dataDir, { fetch: lossy });
    open.push(s.t);
    // Events stall, so the message event (with our local_id) cannot settle it before the quit.
    await env.faults.hangNext(1000, { pathPrefix: '/api/v1/events' });
    const mark = s.t.events.length;
    await env.faults.expireQueues({ userId: s.me.userId });
    // The engine registers a new queue (whose poll now hangs) and says it is live again.
    await s.t.waitForAfter(mark, 'account:status', (p) => p.status.state === 'live');

    loseAnswers = 1;
    const { localId } = await s.t.ok('compose:send', {
      accountId: s.account.id,
      to: { kind: 'channel', channelId: s.channelId, topic },
      content: 'did it arrive?',
    });
    await lost;
    await s.t.core.close();
    open.splice(0);
    expect(outboxOf(dataDir, s.account.id)).toMatchObject([{ localId, state: 'sending' }]);
    await env.faults.clear();
    // Its queue gone, the event that carried the local_id is never replayed.
    if (queueAfterQuit === 'expired') await env.faults.expireQueues({ userId: s.me.userId });

    networkDown = false;
    const t2 = await startCore(dataDir, s.credentials, { fetch: lossy });
    open.push(t2);
    return { s, t2, localId };
  }

  it('a send whose answer was lost, then the app quit: its event on our resumed queue settles it, not sent again', async () => {
    const topic = 'lost answer, queue kept';
    const { s, t2, localId } = await sendLostThenQuit(topic, 'kept');
    const view = await confirmed(t2, localId);
    expect(await ownInTopic(s.me, s.channelId, topic)).toEqual([{ id: view.id, content: 'did it arrive?' }]);
    expect(view.contentHtml).toContain('did it arrive?');
    expect(t2.logLines.some((l) => l.includes('sending again'))).toBe(false);
  }, 60_000);

  it('a send whose answer was lost and whose queue is gone too: sent again (a visible duplicate, never a loss)', async () => {
    const topic = 'lost answer, queue lost';
    const { s, t2, localId } = await sendLostThenQuit(topic, 'expired');
    const view = await confirmed(t2, localId);
    // Nothing can tell this install's copy from the same words sent by another install of the
    // same user (#25 item 4), so it is not guessed: the message shows twice.
    const onServer = await ownInTopic(s.me, s.channelId, topic);
    expect(onServer.map((m) => m.content)).toEqual(['did it arrive?', 'did it arrive?']);
    expect(onServer.at(-1)!.id).toBe(view.id);
    expect(t2.logLines.some((l) => l.includes('not confirmed on our event queue; sending again'))).toBe(true);
  }, 60_000);

  it('a row a crash left in `sending` that never reached the server is sent once after restart', async () => {
    const dataDir = tempDir();
    const s = await signedInCore(env.server, dataDir);
    await s.t.core.close();
    open.splice(0);
    const topic = 'crashed mid-send';
    const store = AccountStore.open(accountDbPath(dataDir, s.account.id));
    store.outbox.add({
      localId: 'crash-1',
      createdAt: Date.now(),
      target: { kind: 'channel', channelId: s.channelId, topic },
      channelId: s.channelId,
      topic,
      dmKey: null,
      content: 'never left the computer',
    });
    store.outbox.markSending('crash-1', Date.now());
    store.close();

    const t2 = await startCore(dataDir, s.credentials);
    open.push(t2);
    await t2.waitFor('messages:added', withLocalId('crash-1'));
    const view = await confirmed(t2, 'crash-1');
    expect(await ownInTopic(s.me, s.channelId, topic)).toEqual([{ id: view.id, content: 'never left the computer' }]);
    expect(t2.logLines.some((l) => l.includes('not confirmed on our event queue; sending again'))).toBe(true);
  }, 60_000);

  it('an earlier message with the same words is not mistaken for an interrupted send', async () => {
    const dataDir = tempDir();
    const s = await signedInCore(env.server, dataDir);
    open.push(s.t);
    const topic = 'same words twice';
    const first = await s.t.ok('compose:send', {
      accountId: s.account.id,
      to: { kind: 'channel', channelId: s.channelId, topic },
      content: 'ok',
    });
    const firstView = await confirmed(s.t, first.localId);
    await s.t.core.close();
    open.splice(0);
    // A second "ok" was being sent when the app died; the server never got it.
    const store = AccountStore.open(accountDbPath(dataDir, s.account.id));
    expect(store.messages.has(firstView.id)).toBe(true);
    store.outbox.add({
      localId: 'second-ok',
      createdAt: Date.now(),
      target: { kind: 'channel', channelId: s.channelId, topic },
      channelId: s.channelId,
      topic,
      dmKey: null,
      content: 'ok',
    });
    expect(store.outbox.markSending('second-ok', Date.now())?.attemptFloorId).toBeGreaterThanOrEqual(firstView.id);
    store.close();

    const t2 = await startCore(dataDir, s.credentials);
    open.push(t2);
    const second = await confirmed(t2, 'second-ok');
    expect(second.id).toBeGreaterThan(firstView.id);
    expect(await ownInTopic(s.me, s.channelId, topic)).toEqual([
      { id: firstView.id, content: 'ok' },
      { id: second.id, content: 'ok' },
    ]);
  }, 60_000);
});
