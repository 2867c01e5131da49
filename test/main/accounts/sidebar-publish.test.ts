/**
 * After the whole sidebar once, only deltas go out, and only when the sidebar differs: a new
 * message sends its channel's row with the one changed topic (and the unread totals go out as
 * unreads:changed), while a reaction, an edit or another user's new time zone, which the sidebar
 * does not show, send nothing. Applying the deltas to the first sidebar gives what sidebar:get
 * answers. A real core signed in to the dev server; another member acts over plain HTTP.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Events } from '../../../common/ipc/contract';
import type { Sidebar } from '../../../common/model';
import type { SidebarDelta } from '../../../common/sidebar-delta';
import { waitForSidebar } from '../core/harness';
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

const sidebarsSince = (from: number): SidebarDelta[] =>
  w.t.events
    .slice(from)
    .flatMap((e) => (e.name === 'sidebar:delta' ? [(e.payload as Events['sidebar:delta']).delta] : []));

/** Runs `act` and waits for the event that shows the core applied it; returns the sidebars sent meanwhile. */
async function sidebarsDuring(act: () => Promise<unknown>, applied: () => Promise<unknown>): Promise<SidebarDelta[]> {
  const from = w.t.events.length;
  await act();
  await applied();
  return sidebarsSince(from);
}

const hasTopicUpTo = (s: Sidebar, id: number) =>
  s.channels.some((c) => c.id === w.channelId && c.topics.some((t) => t.maxMessageId === id));

describe('sidebar deltas', () => {
  it('go out for a new message: its channel with the one changed topic, and the new unread totals', async () => {
    const from = w.t.events.length;
    messageId = await sendToChannel(w.server.baseUrl, w.other, w.channelId, 'sidebar diet', 'one new message');
    await waitForSidebar(w.t, (s) => hasTopicUpTo(s, messageId));
    const deltas = sidebarsSince(from);
    expect(deltas).toHaveLength(1);
    expect(deltas[0]!.channels?.map((c) => [c.id, c.topics?.map((t) => t.name)])).toEqual([
      [w.channelId, ['sidebar diet']],
    ]);
    expect(deltas[0]!.users).toBeUndefined();
    // A few hundred bytes, not the whole sidebar (its users alone are more).
    expect(JSON.stringify(deltas[0]).length).toBeLessThan(1000);
    const counts = w.t.events.slice(from).filter((e) => e.name === 'unreads:changed');
    expect(counts).toHaveLength(1);
    expect(counts[0]!.payload).not.toHaveProperty('counts.channels');
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

  it('go out again once the sidebar changes, and applied in turn give what sidebar:get answers', async () => {
    const from = w.t.events.length;
    const next = await sendToChannel(w.server.baseUrl, w.other, w.channelId, 'sidebar diet', 'and another');
    const sidebar = await waitForSidebar(w.t, (s) => hasTopicUpTo(s, next));
    expect(sidebarsSince(from)).toHaveLength(1);
    const asked = await w.t.ok('sidebar:get', { accountId: w.account.id });
    // Row order is the renderer's to choose (it sorts); the rows themselves must be the same.
    const byId = <T extends { id: number }>(rows: T[]) => [...rows].sort((a, b) => a.id - b.id);
    expect(byId(sidebar.channels)).toEqual(byId(asked.channels));
    expect(byId(sidebar.users)).toEqual(byId(asked.users));
    expect(sidebar.dms).toEqual(asked.dms);
  });
});
