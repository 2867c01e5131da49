/**
 * Catch-ups into the open conversation against a model (randomized): bursts of new messages
 * arrive as the core sends them (at most a few per batch, the oldest, with `newerLeftOut` when
 * more came: main/accounts/account-output.ts MAX_ADDED_VIEWS), single messages between them, and
 * the reader pages newer and older in any order. The window must always be a run of the
 * conversation without a hole, say it holds the newest only when it does, and reach the newest by
 * paging newer.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { MessagePage, Narrow } from '../../common/model';
import { MemoryBridge } from '../testing/memoryBridge';
import { message, SELF_ID } from '../testing/fixtures';
import { MessagesState } from './messages.svelte';

/** The core's cap in this model (200 in the app): small, so bursts exceed it often. */
const CAP = 3;
const narrow: Narrow = { kind: 'topic', channelId: 1, topic: 't' };

type Op = { kind: 'burst'; count: number } | { kind: 'newer' } | { kind: 'older' };

const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('burst' as const), count: fc.integer({ min: 1, max: 8 }) }) },
  { weight: 3, arbitrary: fc.constant({ kind: 'newer' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'older' as const }) },
);

async function run(ops: Op[]): Promise<void> {
  const server: number[] = Array.from({ length: 5 }, (_, i) => 100 + i);
  const view = (id: number) => message({ id, channelId: 1, topic: 't' });
  const bridge = new MemoryBridge();
  bridge.handle('view:open', () => null);
  bridge.handle('messages:page', ({ anchor, before, after }): MessagePage => {
    // As the core answers: the anchor itself (a number) or the newest end, `before` older, `after` newer.
    const at = anchor === 'newest' || anchor === 'first_unread' ? server.length - 1 : server.indexOf(anchor as number);
    const lo = Math.max(0, at - before);
    const hi = Math.min(server.length - 1, at + after);
    const ids = server.slice(lo, hi + 1);
    return {
      narrow,
      messages: ids.map(view),
      foundOldest: lo === 0,
      foundNewest: hi === server.length - 1,
      fromCache: true,
    };
  });
  const state = new MessagesState(bridge.client(), 'acc-1', SELF_ID);
  await state.open(narrow);
  let next = 200;
  const check = () => {
    const shown = state.messages.map((m) => m.id);
    const start = server.indexOf(shown[0]!);
    expect(start).toBeGreaterThanOrEqual(0);
    // No hole: the window is the conversation from its first row on.
    expect(shown).toEqual(server.slice(start, start + shown.length));
    if (state.foundNewest) expect(shown.at(-1)).toBe(server.at(-1));
    if (state.foundOldest) expect(start).toBe(0);
  };
  for (const o of ops) {
    if (o.kind === 'burst') {
      const fresh = Array.from({ length: o.count }, () => next++);
      server.push(...fresh);
      const sent = fresh.slice(0, CAP).map(view);
      bridge.emit('messages:added', {
        accountId: 'acc-1',
        messages: sent,
        ...(fresh.length > CAP ? { newerLeftOut: true as const } : {}),
      });
    } else if (o.kind === 'newer') {
      void (await state.loadNewer());
    } else {
      void (await state.loadOlder());
    }
    check();
  }
  // Paging newer always reaches the newest.
  for (let i = 0; i < server.length && !state.foundNewest; i++) await state.loadNewer();
  expect(state.foundNewest).toBe(true);
  expect(state.messages.at(-1)?.id).toBe(server.at(-1));
  check();
  state.dispose();
}

describe('catch-ups into the open conversation against a model', () => {
  it('keep the window without holes and reach the newest by paging', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 40 }), async (ops) => run(ops)),
      { numRuns: 150, seed: 2811 },
    );
  });
});
