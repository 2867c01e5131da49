/**
 * A server's Retry-After can neither overflow setTimeout (above ~2.1 million seconds Node fires
 * after 1 ms, so the client hammered the server ~500 times a second) nor park an account for
 * weeks: it is capped at MAX_RETRY_AFTER_MS, and every sleep is clamped to what setTimeout honours.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRetryAfterHeader } from '../../../main/api/encode';
import { MAX_RETRY_AFTER_MS, MAX_TIMER_MS, clampDelay } from '../../../main/delays';
import { Backoff } from '../../../main/sync/backoff';
import { systemClock } from '../../../main/sync/clock';
import { startDevServer, type RunningDevServer } from '../../helpers/devserver';
import { FaultControl } from '../../helpers/devserverFaults';
import { signedInCore } from '../outbox/support';
import { tempDir } from '../store/fixtures';

describe('Retry-After is capped', () => {
  it('caps delta-seconds, absurd numbers and far-future dates at ten minutes', () => {
    const now = Date.parse('2026-11-24T12:00:00Z');
    expect(parseRetryAfterHeader('7', now)).toBe(7000);
    expect(parseRetryAfterHeader('3000000', now)).toBe(MAX_RETRY_AFTER_MS);
    expect(parseRetryAfterHeader('1e400', now)).toBe(MAX_RETRY_AFTER_MS);
    expect(parseRetryAfterHeader('Wed, 24 Nov 2027 12:00:00 GMT', now)).toBe(MAX_RETRY_AFTER_MS);
    expect(parseRetryAfterHeader('-5', now)).toBe(0);
  });

  it('the backoff never waits longer than the cap, whatever it is told', () => {
    const backoff = new Backoff(() => 0.5);
    expect(backoff.next(3e9)).toBe(MAX_RETRY_AFTER_MS);
    expect(backoff.next(Number.POSITIVE_INFINITY)).toBe(MAX_RETRY_AFTER_MS);
    expect(backoff.next(2500)).toBe(2500);
  });

  it('clamps delays to what setTimeout honours', () => {
    expect(clampDelay(Number.NaN)).toBe(0);
    expect(clampDelay(-1)).toBe(0);
    expect(clampDelay(3e9)).toBe(MAX_TIMER_MS);
    expect(clampDelay(Number.POSITIVE_INFINITY)).toBe(MAX_TIMER_MS);
  });

  it('a sleep longer than setTimeout allows does not fire at once', async () => {
    const abort = new AbortController();
    let woke = false;
    const sleeping = systemClock.sleep(3e9, abort.signal).then(
      () => (woke = true),
      () => {},
    );
    await new Promise((r) => setTimeout(r, 100));
    expect(woke).toBe(false);
    abort.abort(new Error('done'));
    await sleeping;
  });
});

describe('sending against a server that asks for an absurd Retry-After', () => {
  let server: RunningDevServer;
  beforeAll(async () => {
    server = await startDevServer({ faults: true });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('tries once and waits (ten minutes), instead of retrying in a tight loop', async () => {
    const faults = new FaultControl(server.baseUrl);
    const s = await signedInCore(server, tempDir());
    try {
      await faults.rateLimitNext(1000, { pathPrefix: '/api/v1/messages', method: 'POST', retryAfter: 3_000_000 });
      await s.t.ok('compose:send', {
        accountId: s.account.id,
        to: { kind: 'channel', channelId: s.channelId, topic: 'rate limited' },
        content: 'patience',
      });
      await new Promise((r) => setTimeout(r, 1000));
      const postponed = s.t.logLines.filter((l) => l.includes('send postponed'));
      expect(postponed).toHaveLength(1);
      expect(postponed[0]).toContain(`"retryInMs":${MAX_RETRY_AFTER_MS}`);
    } finally {
      await faults.clear();
      await s.t.core.close();
    }
  });
});
