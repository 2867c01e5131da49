/**
 * The client's multipart uploads against the dev server: the file arrives whole with the server's
 * URL and name, progress reaches the body's size, a cancel ends the request as "aborted", the
 * server's refusal keeps its words, a custom emoji goes up the same way, and a temporary URL shows
 * the file without credentials.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { ApiError, NetworkError } from '../../../main/api/errors';
import { temporaryUploadUrl, uploadCustomEmoji, uploadFile } from '../../../main/api/routes/uploads';
import { startDevServer, type RunningDevServer } from '../../helpers/devserver';
import { signIn, type SignedIn } from './signed-in';

let dev: RunningDevServer;
let member: SignedIn;

beforeAll(async () => {
  dev = await startDevServer({ seed: 'demo' });
  member = await signIn(dev, dev.byRole(400));
});
afterAll(() => dev?.stop());

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

describe('uploadFile', () => {
  it('sends the file whole and reports progress up to the body’s size', async () => {
    const bytes = new Uint8Array(300 * 1024).map((_, i) => i % 251);
    const progress: Array<[number, number]> = [];
    const done = await uploadFile(
      member.client,
      { name: 'numbers.bin', type: 'application/octet-stream', bytes },
      { onProgress: (sent, total) => progress.push([sent, total]) },
    );
    expect(done.url).toMatch(/^\/user_uploads\/1\/.+\/numbers.bin$/);
    expect(done.filename).toBe('numbers.bin');
    expect(progress.length).toBeGreaterThan(3);
    const [lastSent, total] = progress.at(-1)!;
    expect(lastSent).toBe(total);
    expect(total).toBeGreaterThan(bytes.length);
    expect(progress.map(([sent]) => sent)).toEqual([...progress.map(([sent]) => sent)].sort((a, b) => a - b));

    const temporary = await temporaryUploadUrl(member.client, done.url);
    const served = await fetch(new URL(temporary, dev.baseUrl));
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(bytes);
  });

  it('ends as cancelled when aborted', async () => {
    const controller = new AbortController();
    const bytes = new Uint8Array(2 * 1024 * 1024);
    const pending = uploadFile(
      member.client,
      { name: 'big.bin', type: 'application/octet-stream', bytes },
      { signal: controller.signal, onProgress: () => controller.abort() },
    );
    const error = await pending.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).reason).toBe('aborted');
  });

  it('keeps the server’s words when it refuses', async () => {
    const error = await uploadCustomEmoji(member.client, 'Bad Name', {
      name: 'e.png',
      type: 'image/png',
      bytes: PNG,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toContain(
      'Emoji names must contain only lowercase English letters, digits, spaces, dashes, and underscores.',
    );
  });

  it('adds a custom emoji through the same multipart path', async () => {
    await uploadCustomEmoji(member.client, 'tiny_dot', { name: 'dot.png', type: 'image/png', bytes: PNG });
    const listed = await member.client.request(
      'GET',
      '/realm/emoji',
      {},
      z.looseObject({ emoji: z.record(z.string(), z.looseObject({ name: z.string() })) }),
    );
    expect(Object.values(listed.emoji).map((e) => e.name)).toContain('tiny_dot');
  });
});
