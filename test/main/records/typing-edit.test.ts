/**
 * "… is editing" both ways through a real core on the dev server: the user's edit-box keystrokes
 * go out as Zulip's typing protocol for message edits (one start per period, then a stop), and
 * another member editing a message reaches the renderer as typing:editing, then goes away.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../messages/http';
import { startTwoMembers, type TwoMembers } from '../messages/two-members';
import { sendToChannel } from '../sync/http';

let m: TwoMembers;
beforeAll(async () => {
  m = await startTwoMembers();
}, 30_000);
afterAll(() => m?.stop());

type Wire = { type: string; op: string; sender_id: number; message_id: number };

describe('typing:edit', () => {
  it('tells the channel once per period that the user is editing, then that they stopped', async () => {
    const { t, account, server, me, other, meUser, channelId } = m;
    const id = await sendToChannel(server.baseUrl, me, channelId, 'edit typing', 'first words');
    const reg = await api(server.baseUrl, other, 'POST', '/register', { event_types: ['typing_edit_message'] });
    await t.ok('typing:edit', { accountId: account.id, messageId: id, op: 'start' });
    await t.ok('typing:edit', { accountId: account.id, messageId: id, op: 'start' });
    await t.ok('typing:edit', { accountId: account.id, messageId: id, op: 'stop' });
    await t.ok('typing:edit', { accountId: account.id, messageId: id, op: 'stop' });
    const res = await api(server.baseUrl, other, 'GET', '/events', {
      queue_id: String(reg['queue_id']),
      last_event_id: -1,
      dont_block: true,
    });
    const seen = (res['events'] as Wire[]).filter((e) => e.type === 'typing_edit_message');
    expect(seen.map((e) => [e.op, e.sender_id, e.message_id])).toEqual([
      ['start', meUser.userId, id],
      ['stop', meUser.userId, id],
    ]);
  });

  it('shows who else is editing which message, until they stop', async () => {
    const { t, account, server, other, otherUser, channelId } = m;
    const id = await sendToChannel(server.baseUrl, other, channelId, 'edit typing', 'their words');
    const started = t.waitFor('typing:editing', (p) => p.accountId === account.id && p.editing.length > 0);
    await api(server.baseUrl, other, 'POST', `/messages/${id}/typing`, { op: 'start' });
    expect((await started).editing).toEqual([{ messageId: id, userIds: [otherUser.userId] }]);
    const stopped = t.waitFor('typing:editing', (p) => p.accountId === account.id && p.editing.length === 0);
    await api(server.baseUrl, other, 'POST', `/messages/${id}/typing`, { op: 'stop' });
    expect((await stopped).editing).toEqual([]);
  });
});
