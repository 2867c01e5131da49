/**
 * Issue 27 item 6: while the server does not answer, the status names it in words (no system
 * error code), and once it answers again the loop notices by its probe, not when a long backoff
 * ends, so a message composed offline goes out straight away.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AccountStatus } from '../../../common/model';
import { faults, type FaultControl } from '../../helpers/devserverFaults';
import { startTwoMembers, type TwoMembers } from '../messages/two-members';

let w: TwoMembers;
let fault: FaultControl;

beforeAll(async () => {
  w = await startTwoMembers({ faults: true });
  fault = faults(w.server);
});
afterAll(async () => {
  await fault?.clear();
  await w?.stop();
});

type Offline = Extract<AccountStatus, { state: 'offline' }>;

it('says which server it cannot reach, and sends what was composed as soon as the server answers', async () => {
  const { t, account, channelId, server } = w;
  const host = new URL(server.baseUrl).host;
  // The server "goes away": every API request has its connection closed without an answer.
  await fault.dropNext(1_000_000, { pathPrefix: '/api/v1' });
  // End the long-poll under way, so the next request meets the closed door.
  t.core.receive('app:wake', {});
  const first = await t.waitFor('account:status', (p) => p.accountId === account.id && p.status.state === 'offline');
  const offline = first.status as Offline;
  expect(offline.message).toBe(`Can't reach ${host}`);
  expect(offline.detail).toMatch(/^the connection/);
  expect(`${offline.message} ${offline.detail}`).not.toMatch(/E[A-Z]{4,}|UND_ERR|fetch failed/);

  const { localId } = await t.ok('compose:send', {
    accountId: account.id,
    to: { kind: 'channel', channelId, topic: 'back online' },
    content: 'written while the server was away',
  });
  // Let the backoff grow past several seconds: a plain wait would now hold the message that long.
  await t.waitFor(
    'account:status',
    (p) => p.accountId === account.id && p.status.state === 'offline' && p.status.retryInMs >= 3000,
  );
  const attemptsWhileDown = t.logLines.filter((l) => l.includes('sync request failed')).length;

  await fault.clear();
  const updated = await t.waitFor('messages:updated', (p) => p.messages.some((m) => m.localId === localId && m.id > 0));
  expect(updated.messages.find((m) => m.localId === localId)!.contentHtml).toContain(
    'written while the server was away',
  );
  // The probe, not the end of the backoff, brought it back: no further failed attempt was needed.
  expect(t.logLines.filter((l) => l.includes('the server answers again: retrying now'))).toHaveLength(1);
  expect(t.logLines.filter((l) => l.includes('sync request failed')).length).toBe(attemptsWhileDown);
  const status = t.events.filter((e) => e.name === 'account:status').at(-1)!.payload as { status: AccountStatus };
  expect(status.status.state).toBe('live');
});
