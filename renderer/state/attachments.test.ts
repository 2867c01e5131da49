/**
 * Attachments of a text box with the real uploader over a bridge that stands in for main: the
 * placeholder at the cursor becomes the link; the bytes cross in pieces that add up to the file;
 * a refusal's words are kept and the placeholder goes; a cancel leaves no words behind.
 */
import { describe, expect, it } from 'vitest';
import { UPLOAD_CHUNK_BYTES } from '../../common/ipc/uploads-contract';
import { createUploader } from '../lib/uploads';
import { CallFailure, MemoryBridge } from '../testing/memoryBridge';
import { Attachments } from './attachments.svelte';

function box(initial: string, caret: number) {
  const state = { text: initial, caret };
  return {
    state,
    host: {
      text: () => state.text,
      caret: () => state.caret,
      replace: (text: string, at: number | null) => {
        state.text = text;
        if (at !== null) state.caret = at;
      },
    },
  };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('Attachments', () => {
  it('puts a placeholder at the cursor, then the link; the bytes go over in pieces', async () => {
    let release: () => void = () => {};
    const sent = new Promise<void>((r) => (release = r));
    const bridge = new MemoryBridge()
      .handle('uploads:start', () => ({ uploadId: 'u1', maxBytes: 25 << 20 }))
      .handle('uploads:chunk', () => null)
      .handle('uploads:send', async () => {
        await sent;
        return { url: '/user_uploads/1/ab/xyz/a-b.png', filename: 'a [b].png' };
      });
    const { state, host } = box('see: here', 4);
    const attachments = new Attachments(() => createUploader(bridge.client(), 'acc'), host);
    const file = new File([new Uint8Array(UPLOAD_CHUNK_BYTES + 10)], 'a [b].png', { type: 'image/png' });
    attachments.add([file]);
    expect(state.text).toBe('see: [Uploading a [b].png…]() here');
    expect(attachments.busy).toBe(true);
    release();
    await expect.poll(() => attachments.busy).toBe(false);
    expect(state.text).toBe('see: [a b.png](/user_uploads/1/ab/xyz/a-b.png) here');
    const chunks = bridge.callsOf('uploads:chunk');
    expect(chunks.map((c) => c.offset)).toEqual([0, UPLOAD_CHUNK_BYTES]);
    expect(chunks.reduce((n, c) => n + atob(c.base64).length, 0)).toBe(file.size);
  });

  it('keeps a refusal’s words and takes the placeholder out', async () => {
    const bridge = new MemoryBridge().handle('uploads:start', () => {
      throw new CallFailure('INVALID_ARGUMENT', '“x.zip” is 30 MiB; this organization takes files up to 25 MiB.');
    });
    const { state, host } = box('', 0);
    const attachments = new Attachments(() => createUploader(bridge.client(), 'acc'), host);
    attachments.add([new File(['x'], 'x.zip')]);
    await expect.poll(() => attachments.busy).toBe(false);
    expect(state.text).toBe('');
    expect(attachments.errors).toEqual(['“x.zip” is 30 MiB; this organization takes files up to 25 MiB.']);
  });

  it('says nothing after a cancel, and leaves the text as it was', async () => {
    const bridge = new MemoryBridge()
      .handle('uploads:start', () => ({ uploadId: 'u2', maxBytes: 25 << 20 }))
      .handle('uploads:chunk', () => null)
      .handle('uploads:cancel', () => null)
      .handle('uploads:send', () => {
        throw new CallFailure('CANCELLED', 'The upload of “v.mp4” was cancelled.');
      });
    const { state, host } = box('Clip: ', 6);
    const attachments = new Attachments(() => createUploader(bridge.client(), 'acc'), host);
    attachments.add([new File(['abc'], 'v.mp4')]);
    await settle();
    attachments.rows[0]?.cancel();
    await expect.poll(() => attachments.busy).toBe(false);
    expect(state.text).toBe('Clip: ');
    expect(attachments.errors).toEqual([]);
  });
});
