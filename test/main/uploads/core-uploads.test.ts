/**
 * Uploads through the real core against the dev server, as the renderer drives them: the file in
 * 1 MiB base64 pieces (each frame far below the bridge's 4 MiB), progress events, the server's URL
 * back; refusals in words before any byte moves (too large for the organization, empty, not an
 * emoji image); cancel; pieces out of order; a custom emoji by the same path; a view URL that
 * needs no key; the preview of a draft (messages:render); and the key in no event or log line.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_CHUNK_BYTES } from '../../../common/ipc/uploads-contract';
import type { AccountSummary } from '../../../common/model';
import { MemoryCredentialStore } from '../../../main/credentials';
import { startDevServer, type RunningDevServer } from '../../helpers/devserver';
import { startLiveCore, type TestCore } from '../core/harness';
import { tempDir } from '../store/fixtures';

let dev: RunningDevServer;
let t: TestCore;
let member: AccountSummary;
const credentials = new MemoryCredentialStore();

beforeAll(async () => {
  dev = await startDevServer({ seed: 'demo' });
  const m = dev.byRole(400);
  ({ t, account: member } = await startLiveCore(tempDir(), dev.baseUrl, m, credentials));
});
afterAll(async () => {
  await t?.core.close();
  await dev?.stop();
});

/**
 * The file behind a URL. On a loaded machine the dev server may close a kept-alive socket just as
 * it is reused ("other side closed"); that is the test's HTTP pool, not the upload, so one retry.
 */
async function fetchOnce(url: URL): Promise<Buffer> {
  const read = async () => Buffer.from(await (await fetch(url)).arrayBuffer());
  try {
    return await read();
  } catch {
    return read();
  }
}

/** Hands `bytes` over as the renderer does and returns the upload's ID. */
async function handOver(name: string, type: string, bytes: Buffer, purpose?: 'emoji'): Promise<string> {
  const { uploadId } = await t.ok('uploads:start', {
    accountId: member.id,
    name,
    type,
    size: bytes.length,
    ...(purpose ? { purpose } : {}),
  });
  for (let offset = 0; offset < bytes.length; offset += UPLOAD_CHUNK_BYTES) {
    const base64 = bytes.subarray(offset, offset + UPLOAD_CHUNK_BYTES).toString('base64');
    expect(base64.length).toBeLessThan(4 * 1024 * 1024 - 1024);
    await t.ok('uploads:chunk', { uploadId, offset, base64 });
  }
  return uploadId;
}

describe('uploads through the core', () => {
  it('sends a file larger than one bridge frame, with progress, and answers its URL', async () => {
    const bytes = Buffer.alloc(5 * 1024 * 1024 + 123, 7);
    const uploadId = await handOver('report final.pdf', 'application/pdf', bytes);
    const done = await t.ok('uploads:send', { uploadId });
    expect(done.filename).toBe('report-final.pdf');
    expect(done.url).toMatch(/^\/user_uploads\/1\/.+\/report-final.pdf$/);
    const progress = t.events
      .filter((e) => e.name === 'uploads:progress')
      .map((e) => e.payload as { uploadId: string; sent: number; total: number });
    const mine = progress.filter((p) => p.uploadId === uploadId);
    expect(mine.length).toBeGreaterThan(10);
    expect(mine.at(-1)!.sent).toBe(mine.at(-1)!.total);

    const { url } = await t.ok('uploads:viewUrl', { accountId: member.id, path: done.url });
    expect((await fetchOnce(new URL(url, dev.baseUrl))).equals(bytes)).toBe(true);
    // The same view asks the server once.
    expect((await t.ok('uploads:viewUrl', { accountId: member.id, path: done.url })).url).toBe(url);
  }, 60_000);

  it('refuses in words, before any byte moves, what the organization would refuse', async () => {
    const tooBig = await t.call('uploads:start', {
      accountId: member.id,
      name: 'movie.mp4',
      type: 'video/mp4',
      size: 30 * 1024 * 1024,
    });
    expect(tooBig).toEqual({
      ok: false,
      error: {
        code: 'INVALID_ARGUMENT',
        message: '“movie.mp4” is 30 MiB; this organization takes files up to 25 MiB.',
      },
    });
    const empty = await t.call('uploads:start', {
      accountId: member.id,
      name: 'blank.txt',
      type: 'text/plain',
      size: 0,
    });
    expect(empty.ok ? '' : empty.error.message).toBe('“blank.txt” is empty: there is nothing to upload.');
    const notImage = await t.call('uploads:start', {
      accountId: member.id,
      name: 'notes.txt',
      type: 'text/plain',
      size: 10,
      purpose: 'emoji',
    });
    expect(notImage.ok ? '' : notImage.error.message).toBe(
      '“notes.txt” is not an image Zulip takes for emoji: use a PNG, GIF, JPEG, WebP or SVG file.',
    );
    const bigEmoji = await t.call('uploads:start', {
      accountId: member.id,
      name: 'huge.png',
      type: 'image/png',
      size: 6 * 1024 * 1024,
      purpose: 'emoji',
    });
    expect(bigEmoji.ok ? '' : bigEmoji.error.message).toBe('“huge.png” is 6 MiB; a custom emoji may be at most 5 MiB.');
  });

  it('refuses pieces out of order, and a send of part of the file', async () => {
    const { uploadId } = await t.ok('uploads:start', { accountId: member.id, name: 'a.bin', type: '', size: 10 });
    const skipped = await t.call('uploads:chunk', { uploadId, offset: 5, base64: Buffer.alloc(5).toString('base64') });
    expect(skipped.ok ? '' : skipped.error.message).toBe('The pieces of “a.bin” arrived out of order; try again.');
    await t.ok('uploads:chunk', { uploadId, offset: 0, base64: Buffer.alloc(5).toString('base64') });
    const partial = await t.call('uploads:send', { uploadId });
    expect(partial.ok ? '' : partial.error.message).toBe('Only part of “a.bin” arrived; try again.');
  });

  it('cancels before the send, and during it', async () => {
    const early = await handOver('early.bin', 'application/octet-stream', Buffer.alloc(10));
    await t.ok('uploads:cancel', { uploadId: early });
    const gone = await t.call('uploads:send', { uploadId: early });
    expect(gone.ok ? '' : gone.error.message).toBe('This upload was cancelled or has finished.');

    const late = await handOver('late.bin', 'application/octet-stream', Buffer.alloc(3 * 1024 * 1024));
    const sending = t.call('uploads:send', { uploadId: late });
    await t.waitFor('uploads:progress', (p) => p.uploadId === late);
    await t.ok('uploads:cancel', { uploadId: late });
    const result = await sending;
    expect(result).toEqual({
      ok: false,
      error: { code: 'CANCELLED', message: 'The upload of “late.bin” was cancelled.' },
    });
  });

  it('adds a custom emoji by the same path', async () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    const uploadId = await handOver('dot.png', 'image/png', png, 'emoji');
    await t.ok('uploads:sendEmoji', { uploadId, name: 'core_dot' });
    await expect
      .poll(async () => (await t.ok('emoji:custom', { accountId: member.id })).map((e) => e.name), { timeout: 10_000 })
      .toContain('core_dot');
  });

  it('previews a draft by the server’s renderer (messages:render)', async () => {
    const { html } = await t.ok('messages:render', { accountId: member.id, content: 'Ship **today**' });
    expect(html).toBe('<p>Ship <strong>today</strong></p>');
    const empty = await t.call('messages:render', { accountId: member.id, content: '' });
    expect(empty.ok ? '' : empty.error.message).toBe('Bad arguments for messages:render: content: Nothing to preview.');
  });

  it('never puts the key in an event or a log line', async () => {
    const key = await credentials.get({ realmUrl: member.realmUrl, email: member.email });
    expect(key?.length).toBeGreaterThan(10);
    const text = JSON.stringify(t.events) + t.logLines.join('\n');
    expect(text).not.toContain(key);
    expect(text).not.toMatch(/Basic [A-Za-z0-9+/=]{20,}/);
  });
});
