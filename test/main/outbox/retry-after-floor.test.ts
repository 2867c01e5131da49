/**
 * A server's `Retry-After: 0` (or a date already past) must not mean "retry at once, forever": an
 * audit measured 2,135 GET /events and 2,625 POST /messages in five seconds. Every server-given
 * wait is floored at the client's own backoff step and at a second, jittered up to half again.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { parseRetryAfterHeader } from '../../../main/api/encode';
import { MIN_SERVER_WAIT_MS } from '../../../main/delays';
import { Backoff } from '../../../main/sync/backoff';
import { startDevServer, type RunningDevServer } from '../../helpers/devserver';
import { FaultControl } from '../../helpers/devserverFaults';
import { tempDir } from '../store/fixtures';
import { signedInCore } from './support';

const FLOOR = MIN_SERVER_WAIT_MS;
const JITTERED_CEILING = MIN_SERVER_WAIT_MS * 1.5;

describe('the wait after a server asked for none', () => {
  it('is at least a second, jittered, for Retry-After 0, a past date or a negative number', () => {
    const now = Date.parse('2026-11-27T12:00:00Z');
    const pastDate = parseRetryAfterHeader('Thu, 26 Nov 2026 12:00:00 GMT', now);
    expect(pastDate).toBe(0);
    for (const retryAfter of [0, pastDate!, -5000, Number.NaN]) {
      expect(new Backoff(() => 0).next(retryAfter)).toBe(FLOOR);
      expect(new Backoff(() => 0.999).next(retryAfter)).toBe(Math.round(FLOOR * (1 + 0.999 / 2)));
    }
  });

  it('never undercuts the client’s own step, and keeps a longer wait the server asked for', () => {
    const backoff = new Backoff(() => 0.999);
    for (let i = 0; i < 8; i++) backoff.next();
    // The own step has reached its 10 s ceiling: a server saying "0" does not shorten it.
    expect(backoff.next(0)).toBeGreaterThan(9_900);
    expect(new Backoff(() => 0).next(30_000)).toBe(30_000);
  });
});

describe('a server answering 429 with Retry-After: 0', () => {
  let server: RunningDevServer;
  beforeAll(async () => {
    server = await startDevServer({ faults: true });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('gets one send and a wait of a second or more, not a storm of sends', async () => {
    const faults = new FaultControl(server.baseUrl);
    const s = await signedInCore(server, tempDir());
    try {
      await faults.rateLimitNext(1000, { pathPrefix: '/api/v1/messages', method: 'POST', retryAfter: 0 });
      await s.t.ok('compose:send', {
        accountId: s.account.id,
        to: { kind: 'channel', channelId: s.channelId, topic: 'told to retry now' },
        content: 'not a storm',
      });
      await vi.waitFor(() => expect(s.t.logLines.some((l) => l.includes('send postponed'))).toBe(true));
      await new Promise((r) => setTimeout(r, 500));
      const postponed = s.t.logLines.filter((l) => l.includes('send postponed'));
      expect(postponed).toHaveLength(1);
      const waited = Number(/"retryInMs":(\d+)/.exec(postponed[0]!)?.[1]);
      expect(waited).toBeGreaterThanOrEqual(FLOOR);
      expect(waited).toBeLessThanOrEqual(JITTERED_CEILING);
    } finally {
      await faults.clear();
      await s.t.core.close();
    }
  });

  it('gets one poll and a wait of a second or more, not a storm of polls', async () => {
    const faults = new FaultControl(server.baseUrl);
    const s = await signedInCore(server, tempDir());
    try {
      const fault = await faults.rateLimitNext(1000, { pathPrefix: '/api/v1/events', method: 'GET', retryAfter: 0 });
      // The poll in flight returns with this message; the next one is refused.
      const offline = s.t.waitFor('account:status', (p) => p.status.state === 'offline');
      await s.me.sendToChannel(s.channelId, 'wake the poll', 'hello');
      const { status } = await offline;
      expect(status).toMatchObject({ state: 'offline' });
      const waited = (status as { retryInMs: number }).retryInMs;
      expect(waited).toBeGreaterThanOrEqual(FLOOR);
      expect(waited).toBeLessThanOrEqual(JITTERED_CEILING);
      await new Promise((r) => setTimeout(r, 500));
      const fired = (await faults.list()).find((f) => f.id === fault.id)?.fired;
      expect(fired).toBe(1);
    } finally {
      await faults.clear();
      await s.t.core.close();
    }
  });
});
