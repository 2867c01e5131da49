/**
 * The fault matrix: for each way a server or network fails (through the dev server's fault
 * interface, and real process restarts), a signed-in core sends 3 messages and receives 2 while
 * the fault is on; after it clears, every message must have arrived exactly once, on the server
 * and in the cache. Figures (lost, duplicated, time to recover) go to
 * test/artifacts/fault-matrix.json; RELIABILITY.md shows them and how to reproduce.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevServer, type RunningDevServer } from '../helpers/devserver';
import { FaultControl } from '../helpers/devserverFaults';
import { Actor } from '../main/consistency/actor';
import type { TestCore } from '../main/core/harness';
import { confirmed, ownInTopic, signedInCore, type Session } from '../main/outbox/support';
import { tempDir } from '../main/store/fixtures';
import { ARTIFACTS } from '../e2e/support';

interface Figures {
  fault: string;
  sent: number;
  received: number;
  lost: number;
  duplicated: number;
  recoveredMs: number;
}
const figures: Figures[] = [];

let server: RunningDevServer;
let faults: FaultControl;
let session: Session;
let other: Actor;
beforeAll(async () => {
  server = await startDevServer({ faults: true });
  faults = new FaultControl(server.baseUrl);
  session = await signedInCore(server, tempDir());
  const peer = server.users.find((u) => u.role === 400 && u.email !== session.account.email)!;
  other = await Actor.login(server.baseUrl, peer.email, peer.password);
}, 60_000);
afterAll(async () => {
  await faults?.clear();
  await session?.t.core.close();
  await server?.stop();
  mkdirSync(ARTIFACTS, { recursive: true });
  writeFileSync(join(ARTIFACTS, 'fault-matrix.json'), `${JSON.stringify(figures, null, 2)}\n`);
});

/** Whether message `id` reached the core's lists (messages:added at any time so far). */
function reached(t: TestCore, id: number): boolean {
  return t.events.some(
    (e) =>
      e.name === 'messages:added' && (e.payload as { messages: { id: number }[] }).messages.some((m) => m.id === id),
  );
}

async function until(check: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Arms `onEvents` (the event queue) before the peer writes and `onSends` (our POST /messages)
 * before we write; clears both after `holdMs`; then counts.
 */
async function exercise(
  name: string,
  steps: {
    onEvents?: () => Promise<unknown>;
    onSends?: () => Promise<unknown>;
    holdMs?: number;
    afterClear?: () => void;
  },
): Promise<Figures> {
  const { t, account, channelId, me } = session;
  const topic = `fault: ${name}`;
  await steps.onEvents?.();
  const incoming = [
    await other.sendToChannel(channelId, topic, `${name}: in 1`),
    await other.sendToChannel(channelId, topic, `${name}: in 2`),
  ];
  await steps.onSends?.();
  const started = Date.now();
  const localIds: string[] = [];
  for (const n of [1, 2, 3]) {
    const { localId } = await t.ok('compose:send', {
      accountId: account.id,
      to: { kind: 'channel', channelId, topic },
      content: `${name}: out ${n}`,
    });
    localIds.push(localId);
  }
  await new Promise((r) => setTimeout(r, steps.holdMs ?? 1500));
  await faults.clear();
  steps.afterClear?.();
  for (const localId of localIds) await confirmed(t, localId, 40_000);
  await until(() => incoming.every((id) => reached(t, id)), 40_000).catch(() => undefined);
  const recoveredMs = Date.now() - started;
  const onServer = await ownInTopic(me, channelId, topic);
  const contents = onServer.map((m) => m.content);
  const expected = [1, 2, 3].map((n) => `${name}: out ${n}`);
  const result: Figures = {
    fault: name,
    sent: expected.length,
    received: incoming.length,
    lost: expected.filter((c) => !contents.includes(c)).length + incoming.filter((id) => !reached(t, id)).length,
    duplicated: contents.length - new Set(contents).size,
    recoveredMs,
  };
  figures.push(result);
  return result;
}

const EVENTS = { pathPrefix: '/api/v1/events' } as const;
const SENDS = { pathPrefix: '/api/v1/messages', method: 'POST' } as const;

const MATRIX: [string, Parameters<typeof exercise>[1]][] = [
  ['connection dropped', { onEvents: () => faults.dropNext(3, EVENTS), onSends: () => faults.dropNext(2, SENDS) }],
  [
    'request hangs',
    { onEvents: () => faults.hangNext(2, EVENTS), onSends: () => faults.hangNext(1, SENDS), holdMs: 2500 },
  ],
  [
    '429 with Retry-After',
    {
      onEvents: () => faults.rateLimitNext(2, { ...EVENTS, retryAfter: 1 }),
      onSends: () => faults.rateLimitNext(2, { ...SENDS, retryAfter: 1 }),
    },
  ],
  [
    '5xx with a JSON body',
    { onEvents: () => faults.serverErrorNext(3, EVENTS), onSends: () => faults.serverErrorNext(2, SENDS) },
  ],
  [
    '5xx HTML page from a proxy',
    {
      onEvents: () => faults.serverErrorNext(3, { ...EVENTS, status: 502, body: 'html' }),
      onSends: () => faults.serverErrorNext(2, { ...SENDS, status: 502, body: 'html' }),
    },
  ],
  [
    '5xx with an empty body',
    {
      onEvents: () => faults.serverErrorNext(3, { ...EVENTS, status: 503, body: 'empty' }),
      onSends: () => faults.serverErrorNext(2, { ...SENDS, status: 503, body: 'empty' }),
    },
  ],
  [
    'truncated JSON body',
    { onEvents: () => faults.malformedNext(2, EVENTS), onSends: () => faults.malformedNext(2, SENDS) },
  ],
  [
    'slow server (1.5 s per request)',
    { onEvents: () => faults.latency(1500, EVENTS), onSends: () => faults.latency(1500, SENDS), holdMs: 3000 },
  ],
  ['BAD_EVENT_QUEUE_ID (queue expired)', { onEvents: () => faults.expireQueues({ userId: session.me.userId }) }],
  [
    'queue garbage-collected during a sleep, then wake',
    {
      onEvents: () => faults.hangNext(1, EVENTS).then(() => faults.expireQueues({ userId: session.me.userId })),
      afterClear: () => session.t.core.receive('app:wake', {}),
    },
  ],
  ['server restart event (queues kept)', { onEvents: () => faults.restart({ keepQueues: true }) }],
  ['server restart event (queues dropped)', { onEvents: () => faults.restart() }],
];

describe('fault matrix: 0 messages lost, 0 sent twice', () => {
  it.each(MATRIX)(
    '%s',
    async (name, steps) => {
      const result = await exercise(name, steps);
      expect(result).toMatchObject({ lost: 0, duplicated: 0 });
    },
    120_000,
  );
});
