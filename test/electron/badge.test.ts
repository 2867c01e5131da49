/**
 * The app icon's badge: unread direct messages plus unread mentions over every account, counted
 * by main/shell/badge.ts and kept up to date from a real core's events.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UnreadCounts } from '../../common/model';
import { showUnreadBadge } from '../../main/electron/badge';
import { BadgeCounter } from '../../main/shell/badge';
import { startTwoMembers, type TwoMembers } from '../main/messages/two-members';
import { sendDm } from '../main/sync/http';

const counts = (accountId: string, dms: number[], mentions: number): UnreadCounts => ({
  accountId,
  total: 0,
  mentions,
  channels: [],
  dms: dms.map((count, i) => ({ userIds: [i + 1], count })),
  starred: 0,
});

describe('BadgeCounter', () => {
  it('adds DMs and mentions over accounts, and says only when the number changes', () => {
    const badge = new BadgeCounter();
    expect(badge.update(counts('a', [2, 1], 1))).toBe(4);
    expect(badge.update(counts('b', [], 3))).toBe(7);
    expect(badge.update(counts('a', [2, 1], 1))).toBeNull();
    expect(badge.keep(['b'])).toBe(3);
    expect(badge.keep([])).toBe(0);
  });
});

describe('showUnreadBadge', () => {
  let w: TwoMembers;
  beforeAll(async () => {
    w = await startTwoMembers();
  });
  afterAll(async () => {
    await w?.stop();
  });

  it('follows a direct message arriving and being read', async () => {
    const shown: number[] = [];
    const stop = showUnreadBadge(w.t.core, (n) => (shown.push(n), true));
    const before = (await w.t.ok('unreads:get', { accountId: w.account.id })).dms.reduce((n, d) => n + d.count, 0);
    const id = await sendDm(w.server.baseUrl, w.other, [w.meUser.userId], 'a direct message for the badge');
    await expect.poll(() => shown.at(-1)).toBeGreaterThan(before);
    const withDm = shown.at(-1)!;
    await w.t.ok('messages:markRead', { accountId: w.account.id, scope: { kind: 'messages', ids: [id] } });
    await expect.poll(() => shown.at(-1)).toBe(withDm - 1);
    stop();
  });
});
