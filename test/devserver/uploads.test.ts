/**
 * Uploads on the dev server as on Zulip: POST /user_uploads (one file, Zulip's words for none, two
 * or too large), the file served only with credentials or a temporary URL, image links previewed,
 * max_file_upload_size_mib in register, and attachment events (add, update when a message links
 * to the file, remove) to the owner only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevServer, type RunningDevServer } from '../helpers/devserver';
import { basic, sendToChannel } from './support';
import { fetchMessage, freshTopic, loginRole, openQueue, type Client } from './messages-support';

let server: RunningDevServer;
let owner: Client;
let noah: Client;

beforeAll(async () => {
  server = await startDevServer({ seed: 'demo' });
  owner = await loginRole(server, 100);
  noah = await loginRole(server, 400, 0);
});
afterAll(() => server.stop());

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

type File = { name: string; type: string; bytes: Buffer };

async function upload(user: Client, files: File[]) {
  const form = new FormData();
  files.forEach((f, i) => form.set(`file-${i}`, new Blob([new Uint8Array(f.bytes)], { type: f.type }), f.name));
  const res = await fetch(new URL('/api/v1/user_uploads', server.baseUrl), {
    method: 'POST',
    headers: { authorization: basic(user.auth!.email, user.auth!.apiKey) },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const get = (path: string, user?: Client) =>
  fetch(new URL(path, server.baseUrl), {
    headers: user ? { authorization: basic(user.auth!.email, user.auth!.apiKey) } : {},
  });

describe('POST /user_uploads', () => {
  it('stores one file under a clean name and answers uri, url and filename', async () => {
    const res = await upload(noah, [{ name: 'Screen shot (1).png', type: 'image/png', bytes: PNG }]);
    expect(res.status).toBe(200);
    const url = res.body['url'] as string;
    expect(url).toMatch(/^\/user_uploads\/1\/[a-z0-9_-]{2}\/[A-Za-z0-9_-]{24}\/Screen-shot-1.png$/);
    expect(res.body['uri']).toBe(url);
    expect(res.body['filename']).toBe('Screen-shot-1.png');
  });

  it('refuses none, two, and too large in Zulip’s words', async () => {
    const png = { name: 'a.png', type: 'image/png', bytes: PNG };
    const none = await upload(noah, []);
    expect([none.status, none.body['msg']]).toEqual([400, 'You must specify a file to upload']);
    const two = await upload(noah, [png, png]);
    expect([two.status, two.body['msg']]).toEqual([400, 'You may only upload one file at a time']);
    const huge = await upload(noah, [
      { name: 'big.bin', type: 'application/octet-stream', bytes: Buffer.alloc(25 * 1024 * 1024 + 1) },
    ]);
    expect([huge.status, huge.body['msg']]).toEqual([400, 'Uploaded file is larger than the allowed limit of 25 MiB']);
  });

  it('reports max_file_upload_size_mib in register', async () => {
    const registered = await noah.ok('POST', '/register', { fetch_event_types: ['realm'] });
    expect(registered['max_file_upload_size_mib']).toBe(25);
  });
});

describe('serving uploads', () => {
  it('only to signed-in users of the organization, or through a temporary URL', async () => {
    const { body } = await upload(noah, [{ name: 'photo.png', type: 'image/png', bytes: PNG }]);
    const url = body['url'] as string;
    expect((await get(url)).status).toBe(401);
    const bad = await fetch(new URL(url, server.baseUrl), { headers: { authorization: basic(noah.email, 'wrong') } });
    expect(bad.status).toBe(401);
    const byOwner = await get(url, owner);
    expect(byOwner.status).toBe(200);
    expect(byOwner.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await byOwner.arrayBuffer())).toEqual(PNG);

    const temporary = (await owner.ok('GET', url))['url'] as string;
    expect(temporary).toMatch(/^\/user_uploads\/temporary\/[0-9a-f]+\/photo.png$/);
    const open = await get(temporary);
    expect(Buffer.from(await open.arrayBuffer())).toEqual(PNG);
    expect((await get(temporary.replace(/temporary\/[0-9a-f]+/, 'temporary/feed'))).status).toBe(401);
    expect((await get(url.replace('photo.png', 'other.png'), owner)).status).toBe(404);
  });

  it('serves an image’s thumbnail only to signed-in users, and only for images', async () => {
    const { body } = await upload(noah, [{ name: 'wide.png', type: 'image/png', bytes: PNG }]);
    const thumbnail = `/user_uploads/thumbnail/${(body['url'] as string).slice(14)}/840x560.webp`;
    expect((await get(thumbnail)).status).toBe(401);
    const seen = await get(thumbnail, owner);
    expect(seen.status).toBe(200);
    // No image encoder here: the thumbnail URL serves the picture itself.
    expect(seen.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await seen.arrayBuffer())).toEqual(PNG);
    expect((await get(thumbnail.replace('840x560.webp', '100x100.webp'), owner)).status).toBe(404);
    const text = await upload(noah, [{ name: 'notes.txt', type: 'text/plain', bytes: Buffer.from('hi') }]);
    const notImage = `/user_uploads/thumbnail/${(text.body['url'] as string).slice(14)}/840x560.webp`;
    expect((await get(notImage, owner)).status).toBe(404);
  });

  it('serves HTML and other active types as bytes to download, never as a page', async () => {
    const { body } = await upload(noah, [
      { name: 'x.html', type: 'text/html', bytes: Buffer.from('<script>1</script>') },
    ]);
    const res = await get(body['url'] as string, noah);
    expect(res.headers.get('content-type')).toBe('application/octet-stream');
  });
});

describe('attachments', () => {
  it('are announced to the owner when added, linked from a message, and removed', async () => {
    const queue = await openQueue(noah, { event_types: ['attachment'] });
    const { body } = await upload(noah, [{ name: 'chart.png', type: 'image/png', bytes: PNG }]);
    const url = body['url'] as string;
    const [added] = await queue.drainTypes('attachment');
    expect(added).toMatchObject({
      op: 'add',
      attachment: { name: 'chart.png', path_id: url.slice(14), size: PNG.length, messages: [] },
    });
    expect(added?.['upload_space_used']).toBeGreaterThanOrEqual(PNG.length);

    const id = await sendToChannel(noah, 'general', freshTopic('upload'), `[chart.png](${url})`);
    const [updated] = await queue.drainTypes('attachment');
    expect(updated).toMatchObject({ op: 'update', attachment: { messages: [{ id }] } });
    const content = (await fetchMessage(noah, id))['content'] as string;
    // Zulip 9+'s preview of an uploaded image: its thumbnail, with the original's size and type.
    const thumbnail = `/user_uploads/thumbnail/${url.slice(14)}/840x560.webp`;
    expect(content).toContain(
      `<div class="message_inline_image"><a href="${url}" title="chart.png">` +
        `<img data-original-content-type="image/png" data-original-dimensions="1x1" src="${thumbnail}"></a></div>`,
    );

    const attachmentId = added?.['attachment']['id'] as number;
    const listed = (await noah.ok('GET', '/attachments'))['attachments'] as Array<{ id: number }>;
    expect(listed.map((a) => a.id)).toContain(attachmentId);
    expect((await owner.call('DELETE', `/attachments/${attachmentId}`)).status).toBe(400);
    await noah.ok('DELETE', `/attachments/${attachmentId}`);
    const [removed] = await queue.drainTypes('attachment');
    expect(removed).toMatchObject({ op: 'remove', attachment: { id: attachmentId } });
    expect((await get(url, noah)).status).toBe(404);
  });
});
