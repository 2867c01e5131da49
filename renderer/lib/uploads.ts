/**
 * Uploading a file from the renderer: main does the request with the account's key, so the file's
 * bytes cross the bridge in 1 MiB pieces (base64), then main sends them and reports progress.
 * Refusals (too large, empty, not an emoji image) come back from `uploads:start` before any byte
 * moves, in words to show as they are.
 */
import { UPLOAD_CHUNK_BYTES, type UploadedFileRef } from '../../common/ipc/uploads-contract';
import type { BridgeClient } from './bridge';

export interface UploadHandle {
  /** Resolves with the server's URL and name; rejects with a BridgeError (code CANCELLED when cancelled). */
  done: Promise<UploadedFileRef>;
  cancel: () => void;
}

export interface UploadOptions {
  onProgress?: (sent: number, total: number) => void;
  /** 'emoji' checks Zulip's custom-emoji limits and sends to POST /realm/emoji/{emojiName}. */
  emojiName?: string;
}

export interface Uploader {
  upload(file: File, opts?: UploadOptions): UploadHandle;
  /** A URL the page may load an uploaded file from (`path` starts /user_uploads/). */
  viewUrl(path: string): Promise<string>;
}

/** Base64 of bytes, built in slices (String.fromCharCode on a whole MiB would overflow the stack). */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** A blob's bytes through FileReader, which every engine the renderer runs in (and jsdom) has. */
function readBytes(blob: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsArrayBuffer(blob);
  });
}

class CancelledError extends Error {
  readonly code = 'CANCELLED';
}

export function createUploader(bridge: BridgeClient, accountId: string): Uploader {
  return {
    upload(file, opts = {}) {
      let uploadId: string | null = null;
      let cancelled = false;
      // One bar for both legs: handing the bytes to main is the first half, the request the second.
      const report = (handedOver: number, sent: number) =>
        opts.onProgress?.(Math.round(500 * (handedOver + sent)), 1000);
      const stopListening = bridge.on('uploads:progress', (p) => {
        if (p.uploadId === uploadId && p.total > 0) report(1, p.sent / p.total);
      });
      const run = async (): Promise<UploadedFileRef> => {
        const emoji = opts.emojiName !== undefined;
        const type = file.type || 'application/octet-stream';
        const started = await bridge.call('uploads:start', {
          accountId,
          name: file.name || 'pasted-image.png',
          type,
          size: file.size,
          ...(emoji ? { purpose: 'emoji' as const } : {}),
        });
        uploadId = started.uploadId;
        for (let offset = 0; offset < file.size; offset += UPLOAD_CHUNK_BYTES) {
          if (cancelled) throw new CancelledError(`The upload of “${file.name}” was cancelled.`);
          const piece = await readBytes(file.slice(offset, offset + UPLOAD_CHUNK_BYTES));
          await bridge.call('uploads:chunk', { uploadId, offset, base64: toBase64(piece) });
          report((offset + piece.length) / file.size, 0);
        }
        if (cancelled) throw new CancelledError(`The upload of “${file.name}” was cancelled.`);
        if (emoji) {
          await bridge.call('uploads:sendEmoji', { uploadId, name: opts.emojiName ?? '' });
          return { url: '', filename: file.name };
        }
        return bridge.call('uploads:send', { uploadId });
      };
      const done = run().finally(stopListening);
      return {
        done,
        cancel: () => {
          cancelled = true;
          if (uploadId !== null) void bridge.call('uploads:cancel', { uploadId }).catch(() => {});
        },
      };
    },
    viewUrl: async (path) => (await bridge.call('uploads:viewUrl', { accountId, path })).url,
  };
}

/** Files a paste or a drop carries (a screenshot pasted from the clipboard is one). */
export function filesOf(data: DataTransfer | null): File[] {
  if (!data) return [];
  const files = [...data.files];
  if (files.length > 0) return files;
  return [...data.items].flatMap((item) => {
    const file = item.kind === 'file' ? item.getAsFile() : null;
    return file ? [file] : [];
  });
}

/** The Markdown link Zulip's clients write for an upload, with `[` and `]` taken out of the name. */
export function uploadLink(ref: UploadedFileRef): string {
  return `[${ref.filename.replace(/[[\]]/g, '')}](${ref.url})`;
}

/**
 * A text box that takes files: dropped on it, or pasted (a screenshot from the clipboard). Text
 * pastes and drops go on as usual.
 */
export function takesFiles(node: HTMLElement, onFiles: (files: File[]) => void): { destroy: () => void } {
  const carriesFiles = (e: DragEvent) => [...(e.dataTransfer?.types ?? [])].includes('Files');
  const over = (e: DragEvent) => {
    if (carriesFiles(e)) e.preventDefault();
  };
  const drop = (e: DragEvent) => {
    const files = filesOf(e.dataTransfer);
    if (files.length === 0) return;
    e.preventDefault();
    onFiles(files);
  };
  const paste = (e: ClipboardEvent) => {
    const files = filesOf(e.clipboardData);
    if (files.length === 0) return;
    e.preventDefault();
    onFiles(files);
  };
  node.addEventListener('dragover', over);
  node.addEventListener('drop', drop);
  node.addEventListener('paste', paste);
  return {
    destroy: () => {
      node.removeEventListener('dragover', over);
      node.removeEventListener('drop', drop);
      node.removeEventListener('paste', paste);
    },
  };
}

/**
 * Uploaded images and videos in sanitized message HTML point at the organization's /user_uploads/,
 * which answers only with credentials the page does not hold; each is pointed at a temporary URL
 * main asks for instead (Zulip's own way for clients without a session).
 */
export function showUploads(root: HTMLElement, baseUrl: string, uploader: Uploader): void {
  const origin = new URL(baseUrl).origin;
  for (const media of root.querySelectorAll<HTMLImageElement | HTMLVideoElement>('img[src], video[src]')) {
    const src = new URL(media.getAttribute('src') ?? '', baseUrl);
    if (src.origin !== origin || !src.pathname.startsWith('/user_uploads/')) continue;
    if (src.pathname.startsWith('/user_uploads/temporary/')) continue;
    const original = thumbnailOriginal(src.pathname);
    if (original !== null) keepThumbnailShape(media);
    uploader
      .viewUrl(original ?? src.pathname)
      .then((url) => {
        const href = new URL(url, baseUrl).href;
        media.setAttribute('src', href);
        // The lightbox shows the full-size picture (SafeHtml reads data-src-fullsize).
        if (original !== null) media.setAttribute('data-src-fullsize', href);
      })
      .catch(() => {
        // Left as it was: the image shows as broken, its link still opens the file in the browser.
      });
  }
}

/**
 * A thumbnail of Zulip 9+ (`/user_uploads/thumbnail/{path_id}/{format}`): the original's path.
 * Zulip gives temporary URLs for originals only, so that is what the page can load without
 * credentials; the image keeps the thumbnail's place and shape in the message.
 */
function thumbnailOriginal(pathname: string): string | null {
  const match = /^\/user_uploads\/thumbnail\/(.+)\/[^/]+$/.exec(pathname);
  return match ? `/user_uploads/${match[1]}` : null;
}

/** Zulip's thumbnails fit in 840×560; the original's size (data-original-dimensions) gives the shape. */
function keepThumbnailShape(media: Element): void {
  const [width, height] = (media.getAttribute('data-original-dimensions') ?? '').split('x').map(Number);
  if (!width || !height) return;
  const scale = Math.min(1, 840 / width, 560 / height);
  media.setAttribute('width', String(Math.round(width * scale)));
  media.setAttribute('height', String(Math.round(height * scale)));
}
