/**
 * Custom emoji on the dev server as on Zulip: register's realm_emoji and GET /realm/emoji (the
 * demo's, a deactivated one included), uploads with Zulip's name rules and errors, images served,
 * deactivation by an administrator or the author, realm_emoji events, `:name:` rendered as Zulip's
 * <img>, and reactions with reaction_type realm_emoji checked in Zulip's words.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevServer, type RunningDevServer } from '../helpers/devserver';
import { basic, sendToChannel } from './support';
import { expectError, fetchMessage, freshTopic, loginRole, openQueue, type Client } from './messages-support';

let server: RunningDevServer;
let owner: Client;
let noah: Client;
let priya: Client;
let guest: Client;

beforeAll(async () => {
  server = await startDevServer({ seed: 'demo' });
  owner = await loginRole(server, 100);
  noah = await loginRole(server, 400, 0);
  priya = await loginRole(server, 400, 1);
  guest = await loginRole(server, 600);
});
afterAll(() => server.stop());

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function upload(user: Client, name: string, files: { type: string; bytes: Buffer }[]) {
  const form = new FormData();
  files.forEach((f, i) => form.set(`file-${i}`, new Blob([new Uint8Array(f.bytes)], { type: f.type }), `e${i}`));
  const res = await fetch(new URL(`/api/v1/realm/emoji/${name}`, server.baseUrl), {
    method: 'POST',
    headers: { authorization: basic(user.auth!.email, user.auth!.apiKey) },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

type Emoji = { id: string; name: string; source_url: string; deactivated: boolean; author_id: number };
const byName = (all: Record<string, Emoji>, name: string) => Object.values(all).find((e) => e.name === name);

describe('custom emoji', () => {
  it('are in register and GET /realm/emoji, deactivated ones too, with images served', async () => {
    const registered = await noah.ok('POST', '/register', { fetch_event_types: ['realm_emoji'] });
    const listed = (await noah.ok('GET', '/realm/emoji'))['emoji'] as Record<string, Emoji>;
    expect(registered['realm_emoji']).toEqual(listed);
    expect(byName(listed, 'parley')).toMatchObject({ deactivated: false, author_id: owner.userId });
    expect(byName(listed, 'old_logo')?.deactivated).toBe(true);
    const image = await fetch(new URL(byName(listed, 'parley')!.source_url, server.baseUrl));
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/svg+xml');
  });

  it('are uploaded with Zulip’s rules and words, and announced to everyone', async () => {
    const queue = await openQueue(priya, { event_types: ['realm_emoji'] });
    expect((await upload(noah, 'party_parrot', [{ type: 'image/png', bytes: PNG }])).status).toBe(200);
    const [event] = await queue.drainTypes('realm_emoji');
    const added = byName(event?.['realm_emoji'], 'party_parrot')!;
    expect(added).toMatchObject({ author_id: noah.userId, deactivated: false });
    const served = await fetch(new URL(added.source_url, server.baseUrl));
    expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG);

    const refused = async (user: Client, name: string, files: { type: string; bytes: Buffer }[], msg: string) => {
      const res = await upload(user, name, files);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body['msg']).toBe(msg);
    };
    const png = [{ type: 'image/png', bytes: PNG }];
    await refused(noah, 'party_parrot', png, 'A custom emoji with this name already exists.');
    await refused(
      noah,
      'Bad%20Name',
      png,
      'Emoji names must contain only lowercase English letters, digits, spaces, dashes, and underscores.',
    );
    await refused(noah, 'trailing_', png, 'Emoji names must end with either a letter or digit.');
    await refused(noah, 'two', [...png, ...png], 'You must upload exactly one file.');
    await refused(noah, 'none', [], 'You must upload exactly one file.');
    await refused(noah, 'text', [{ type: 'text/plain', bytes: Buffer.from('hi') }], 'Invalid image format');
    await refused(
      noah,
      'huge',
      [{ type: 'image/png', bytes: Buffer.alloc(5 * 1024 * 1024 + 1) }],
      'Uploaded file is larger than the allowed limit of 5 MiB',
    );
    await refused(guest, 'guesty', png, 'Insufficient permission');
  });

  it('render as Zulip’s <img>, and :zulip: too; a name without one stays text', async () => {
    const id = await sendToChannel(noah, 'general', freshTopic('custom'), ':parley: :zulip: :old_logo:');
    const content = (await fetchMessage(noah, id))['content'] as string;
    const parley = byName((await noah.ok('GET', '/realm/emoji'))['emoji'], 'parley')!;
    expect(content).toBe(
      `<p><img alt=":parley:" class="emoji" src="${parley.source_url}" title="parley"> ` +
        '<img alt=":zulip:" class="emoji" src="/static/generated/emoji/images/emoji/unicode/zulip.png" title="zulip"> :old_logo:</p>',
    );
  });

  it('react as realm_emoji, checked as Zulip checks them', async () => {
    const id = await sendToChannel(noah, 'general', freshTopic('custom reactions'), 'react');
    const all = (await noah.ok('GET', '/realm/emoji'))['emoji'] as Record<string, Emoji>;
    const parley = byName(all, 'parley')!;
    const old = byName(all, 'old_logo')!;
    const react = (emoji_name: string, emoji_code: string) =>
      noah.post(`/messages/${id}/reactions`, { emoji_name, emoji_code, reaction_type: 'realm_emoji' });
    expectError(await react('parley', '99999'), 'BAD_REQUEST', 'Invalid custom emoji.');
    expectError(await react('lgtm', parley.id), 'BAD_REQUEST', 'Invalid custom emoji name.');
    expectError(await react('old_logo', old.id), 'BAD_REQUEST', 'This custom emoji has been deactivated.');
    // By name alone, the active custom emoji of that name (as Zulip's get_emoji_data looks it up).
    await priya.ok('POST', `/messages/${id}/reactions`, { emoji_name: 'parley' });
    expect((await fetchMessage(noah, id))['reactions']).toEqual([
      expect.objectContaining({ emoji_name: 'parley', emoji_code: parley.id, reaction_type: 'realm_emoji' }),
    ]);
  });

  it('are deactivated by an administrator or their author only, and still shown in old messages', async () => {
    const id = await sendToChannel(noah, 'general', freshTopic('before'), 'we :shipit:');
    expectError(
      await priya.delete('/realm/emoji/shipit'),
      'BAD_REQUEST',
      'Must be an organization administrator or emoji author',
    );
    expectError(await priya.delete('/realm/emoji/no_such'), 'BAD_REQUEST', "Emoji 'no_such' does not exist");
    await owner.ok('DELETE', '/realm/emoji/shipit');
    expect(byName((await noah.ok('GET', '/realm/emoji'))['emoji'], 'shipit')?.deactivated).toBe(true);
    expect((await fetchMessage(noah, id))['content']).toContain('alt=":shipit:"');
    expect((await upload(priya, 'mine', [{ type: 'image/png', bytes: PNG }])).status).toBe(200);
    await priya.ok('DELETE', '/realm/emoji/mine');
  });
});
