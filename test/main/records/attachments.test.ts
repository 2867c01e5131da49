/**
 * The user's uploaded files through a real core on the dev server: listed from GET /attachments
 * the first time, then kept current by attachment events (a file uploaded elsewhere, linked from
 * a message, deleted elsewhere), and deleted through the record call.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { api } from '../messages/http';
import { startTwoMembers, type TwoMembers } from '../messages/two-members';
import { sendToChannel, type Creds } from '../sync/http';

let m: TwoMembers;
beforeAll(async () => {
  m = await startTwoMembers();
}, 30_000);
afterAll(() => m?.stop());

const list = () => m.t.ok('attachments:list', { accountId: m.account.id });
const settles = (check: () => Promise<void>) => vi.waitFor(check, { timeout: 10_000 });

/** POST /user_uploads as another client of the same user would; returns the file's URL path. */
async function upload(creds: Creds, name: string, text: string): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([text], { type: 'text/plain' }), name);
  const res = await fetch(`${m.server.baseUrl}/api/v1/user_uploads`, {
    method: 'POST',
    headers: { Authorization: `Basic ${Buffer.from(`${creds.email}:${creds.apiKey}`).toString('base64')}` },
    body: form,
  });
  return String(((await res.json()) as { url: string }).url);
}

describe('uploaded files', () => {
  it('are fetched once, then follow uploads, message links and deletions made elsewhere', async () => {
    const before = await upload(m.me, 'before.txt', 'made before the list was asked');
    const first = await list();
    expect(first.map((a) => a.name)).toEqual(['before.txt']);
    expect(first[0]).toMatchObject({ size: 30, messages: [], pathId: before.replace('/user_uploads/', '') });

    const url = await upload(m.me, 'notes.txt', 'twelve bytes');
    await settles(async () => expect((await list()).map((a) => a.name)).toEqual(['notes.txt', 'before.txt']));
    const messageId = await sendToChannel(m.server.baseUrl, m.me, m.channelId, 'files', `[notes](${url})`);
    await settles(async () =>
      expect((await list()).find((a) => a.name === 'notes.txt')?.messages.map((x) => x.id)).toEqual([messageId]),
    );

    const beforeId = first[0]!.id;
    await api(m.server.baseUrl, m.me, 'DELETE', `/attachments/${beforeId}`, {});
    await settles(async () => expect((await list()).map((a) => a.name)).toEqual(['notes.txt']));
  });

  it('are deleted through the record call', async () => {
    const [notes] = await list();
    await m.t.ok('attachments:delete', { accountId: m.account.id, id: notes!.id });
    await settles(async () => expect(await list()).toEqual([]));
    const server = await api(m.server.baseUrl, m.me, 'GET', '/attachments', {});
    expect(server['attachments']).toEqual([]);
  });

  it('refuse to delete a file that is not the user’s, in the server’s words', async () => {
    await upload(m.other, 'theirs.txt', 'not yours');
    const theirs = (await api(m.server.baseUrl, m.other, 'GET', '/attachments', {}))['attachments'] as { id: number }[];
    const r = await m.t.call('attachments:delete', { accountId: m.account.id, id: theirs[0]!.id });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toContain('Invalid attachment');
  });
});
