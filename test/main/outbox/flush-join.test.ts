/**
 * Outbox.flush() joins a run under way; a call that comes as that run is ending must still be
 * honoured. A reconcile asked for right after a new event queue (its gap may hold the echo of a
 * row the server took) was lost when it joined a run that had already made its last look: the
 * row stayed "sent" and its echo was never confirmed (found by test/reliability's
 * offline-for-an-hour case once sends went out sooner).
 */
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { systemClock } from '../../../main/sync/clock';
import { createLogger } from '../../../main/log';
import { Outbox } from '../../../main/outbox/outbox';
import type { OutboxServer } from '../../../main/outbox/server';
import { AccountStore } from '../../../main/store/account-store';
import { channelMessage, tempDir } from '../store/fixtures';

// Every row here is settled from the cache: the server is never asked.
const unused: OutboxServer = {
  post: () => Promise.reject(new Error('not expected: no row here is posted')),
  cacheMessage: () => Promise.reject(new Error('not expected: every message here is cached')),
};

let store: AccountStore | null = null;
afterEach(() => store?.close());

/** Lets `count` rounds of promise callbacks run. */
async function microtasks(count: number) {
  for (let i = 0; i < count; i++) await Promise.resolve();
}

describe('outbox flush', () => {
  it('settles a row when a reconcile is asked for at any point while a run is ending', async () => {
    store = AccountStore.open(join(tempDir(), 'a.sqlite'));
    const confirmed: string[] = [];
    const outbox = new Outbox({
      store,
      selfUserId: 1,
      log: createLogger({ name: 'outbox', level: 'error', sink: () => {} }),
      clock: systemClock,
      newLocalId: () => 'unused',
      server: unused,
      queueId: () => 'queue',
      eventsCurrent: () => true,
      onEchoChanged: () => {},
      onConfirmed: (localId) => confirmed.push(localId),
      onEchoRemoved: () => {},
    });
    const missed: string[] = [];
    for (let delay = 0; delay < 20; delay++) {
      const localId = `row-${delay}`;
      const id = 100 + delay;
      store.outbox.add({
        localId,
        createdAt: 1,
        target: { kind: 'channel', channelId: 5, topic: 'hi' },
        channelId: 5,
        topic: 'hi',
        dmKey: null,
        content: 'hello',
      });
      store.outbox.markSending(localId, 2);
      store.outbox.markSent(localId, id, 3);
      store.messages.upsertMany([channelMessage(id, 5, 'hi')]);
      // A plain flush leaves a sent row to its message event; the reconcile comes `delay` rounds later.
      void outbox.flush();
      await microtasks(delay);
      await outbox.flush({ reconcile: true });
      await new Promise((resolve) => setTimeout(resolve, 0));
      if (!confirmed.includes(localId)) missed.push(localId);
    }
    expect(missed).toEqual([]);
    expect(store.outbox.unfinished()).toEqual([]);
  });
});
