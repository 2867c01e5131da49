/**
 * sidebar:changed goes out only when the sidebar differs from the last one sent: a new message
 * changes it (and its unread counts go out as unreads:changed), while a reaction, an edit or
 * another user's new time zone, which the sidebar does not show, send nothing. A real core
 * signed in to the dev server; another member acts over plain HTTP.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Events } from '../../../common/ipc/contract';
import type { Sidebar } from '../../../common/model';
import { api } from '../messages/http';
import { startTwoMembers, type TwoMembers } from '../messages/two-members';
import { sendToChannel } from '../sync/http';

let w: TwoMembers;
/** The message the other member sends first, which the rest of the tests react to and edit. */
let messageId: number;

beforeAll(async () => {
  w = await startTwoMembers();
});
afterAll(async () => {
  await w?.stop();
});

const sidebarsSince = (from: number): Sidebar[] =>
  w.t.events
    .slice(from)
    .flatMap((e) => (e.name === 'sidebar:changed' ? [(e.payload as { sidebar: Sidebar }).sidebar] : []));

/** Runs `act` and waits for the event that shows the core applied it; returns the sidebars sent meanwhile. */
async function sidebarsDuring(act: () => Promise<unknown>, applied: () => Promise<unknown>): Promise<Sidebar[]> {
  const from = w.t.events.length;
  await act();
  await applied();
  return sidebarsSince(from);
}

const hasTopicUpTo = (s: Sidebar, id: number) =>
  s.channels.some((c) => c.id === w.channelId && c.topics.some((t) => t.maxMessageId === id));

describe('sidebar:changed', () => {
  it('goes out for a new message, with the new unread counts', async () => {
    const from = w.t.events.length;
    messageId = await sendToChannel(w.server.baseUrl, w.other, w.channelId, 'sidebar diet', 'one new message');
    await w.t.waitFor('sidebar:changed', (p) => hasTopicUpTo(p.sidebar, messageId));
    expect(sidebarsSince(from)).toHaveLength(1);
    const counts = w.t.events.slice(from).filter((e) => e.name === 'unreads:changed');
    expect(counts).toHaveLength(1);
  });

  it('does not go out for a reaction', async () => {
    const sent = await sidebarsDuring(
      () => api(w.server.baseUrl, w.other, 'POST', `/messages/${messageId}/reactions`, { emoji_name: 'tada' }),
      () =>
        w.t.waitFor('messages:updated', (p) => p.messages.some((m) => m.id === messageId && m.reactions.length > 0)),
    );
    expect(sent).toEqual([]);
  });

  it('does not go out for an edit of the message’s words', async () => {
    const sent = await sidebarsDuring(
      () => api(w.server.baseUrl, w.other, 'PATCH', `/messages/${messageId}`, { content: 'one edited message' }),
      () => w.t.waitFor('messages:updated', (p) => p.messages.some((m) => m.id === messageId && m.edited)),
    );
    expect(sent).toEqual([]);
  });

  it('does not go out when another user changes something the sidebar does not show', async () => {
    const from = w.t.events.length;
    await api(w.server.baseUrl, w.other, 'PATCH', '/settings', { timezone: 'Pacific/Auckland' });
    // The realm_user event is applied (records:changed 'users' comes after any sidebar:changed).
    await vi.waitFor(
      () => {
        const since = w.t.events.slice(from);
        expect(
          since.some(
            (e) => e.name === 'records:changed' && (e.payload as Events['records:changed']).areas.includes('users'),
          ),
        ).toBe(true);
      },
      { timeout: 10_000, interval: 20 },
    );
    const them = await w.t.ok('users:get', { accountId: w.account.id, userId: w.otherUser.userId });
    expect(them.timezone).toBe('Pacific/Auckland');
    expect(sidebarsSince(from)).toEqual([]);
  });

  it('goes out again once the sidebar changes, and the renderer can always ask for it', async () => {
    const from = w.t.events.length;
    const next = await sendToChannel(w.server.baseUrl, w.other, w.channelId, 'sidebar diet', 'and another');
    const { sidebar } = await w.t.waitFor('sidebar:changed', (p) => hasTopicUpTo(p.sidebar, next));
    expect(sidebarsSince(from)).toHaveLength(1);
    expect(await w.t.ok('sidebar:get', { accountId: w.account.id })).toEqual(sidebar);
  });
});
