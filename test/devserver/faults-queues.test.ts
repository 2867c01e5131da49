/** Queue faults through HTTP: expiring queues now, and a restart that loses them all. */
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevServer, type RunningDevServer } from '../helpers/devserver';
import { faults, type FaultControl } from '../helpers/devserverFaults';
import { login, type Api, type ApiResponse } from './support';

let server: RunningDevServer;
let control: FaultControl;
let owner: Api & { userId: number };
let member: Api & { userId: number };

beforeAll(async () => {
  server = await startDevServer({ seed: 'demo', faults: true });
  control = faults(server);
  owner = await login(server, server.byRole(100));
  member = await login(server, server.byRole(400));
});
afterAll(() => server.stop());

async function register(api: Api, params: Record<string, unknown> = {}): Promise<string> {
  const body = await api.ok('POST', '/register', {
    fetch_event_types: ['message'],
    ...(params as Record<string, never>),
  });
  return body['queue_id'] as string;
}

function poll(api: Api, queueId: string, dontBlock: boolean): Promise<ApiResponse> {
  return api.get('/events', { queue_id: queueId, last_event_id: -1, dont_block: dontBlock });
}

/** Waits until the server holds a blocking poll on the queue (the poll reached it). */
async function untilPolling(queueId: string): Promise<void> {
  while (!(await control.queues()).some((queue) => queue.queue_id === queueId && queue.polling)) await sleep(20);
}

function expectBadQueue(res: ApiResponse, queueId: string): void {
  expect(res.status).toBe(400);
  expect(res.body).toEqual({
    result: 'error',
    msg: `Bad event queue ID: ${queueId}`,
    code: 'BAD_EVENT_QUEUE_ID',
    queue_id: queueId,
  });
}

describe('expiring queues', () => {
  it('ends a waiting poll with BAD_EVENT_QUEUE_ID, and every later poll too', async () => {
    const queue = await register(member);
    const other = await register(owner);
    const waiting = poll(member, queue, false);
    await untilPolling(queue);
    expect(await control.expireQueues({ queueId: queue })).toEqual([queue]);
    expectBadQueue(await waiting, queue);
    expectBadQueue(await poll(member, queue, true), queue);
    expect((await poll(owner, other, true)).status).toBe(200);
  });

  it("expires all of one user's queues and no one else's", async () => {
    const first = await register(member);
    const second = await register(member);
    const kept = await register(owner);
    expect((await control.expireQueues({ userId: member.userId })).sort()).toEqual([first, second].sort());
    expectBadQueue(await poll(member, first, true), first);
    expectBadQueue(await poll(member, second, true), second);
    expect((await poll(owner, kept, true)).status).toBe(200);
    expect((await control.queues()).map((q) => q.queue_id)).toContain(kept);
  });

  it('refuses an unknown queue ID and expires nothing', async () => {
    const kept = await register(member);
    await expect(control.expireQueues({ queueId: 'no-such-queue' })).rejects.toThrow(/400.*no-such-queue/s);
    expect((await poll(member, kept, true)).status).toBe(200);
  });
});

describe('restart', () => {
  it('sends restart to every queue that accepts it, then loses every queue', async () => {
    await control.expireQueues(); // with no filter: every queue, so the counts below are exact
    expect(await control.queues()).toEqual([]);
    const waitingQueue = await register(owner);
    const idleQueue = await register(member);
    const messagesOnly = await register(member, { event_types: ['message'] });
    const waiting = poll(owner, waitingQueue, false);
    await untilPolling(waitingQueue);

    const result = await control.restart();
    expect(result).toMatchObject({ notified: 2, dropped: 3 });

    const woken = await waiting;
    expect(woken.status).toBe(200);
    expect(woken.body['events']).toEqual([
      {
        type: 'restart',
        id: 0,
        zulip_version: expect.any(String),
        zulip_merge_base: expect.any(String),
        zulip_feature_level: expect.any(Number),
        server_generation: result.server_generation,
      },
    ]);
    for (const [api, queue] of [
      [owner, waitingQueue],
      [member, idleQueue],
      [member, messagesOnly],
    ] as const) {
      expectBadQueue(await poll(api, queue, true), queue);
    }
    expect(await control.queues()).toEqual([]);
    // The server itself carries on: clients re-register and get a working queue.
    const fresh = await register(member);
    expect((await poll(member, fresh, true)).body['events']).toEqual([]);
  });

  it('with keep_queues, only announces the restart', async () => {
    const queue = await register(member);
    const result = await control.restart({ keepQueues: true });
    expect(result.dropped).toBe(0);
    const res = await poll(member, queue, true);
    expect(res.status).toBe(200);
    expect(res.body['events']).toMatchObject([{ type: 'restart', id: 0 }]);
  });
});
