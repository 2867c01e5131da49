/**
 * The part of the IPC contract about uploads. The renderer hands a file's bytes to main in
 * pieces (`uploads:chunk`, at most UPLOAD_CHUNK_BYTES each, base64, so every frame stays far below
 * the bridge's 4 MiB frame limit whatever the file's size); main then does the one multipart
 * request with the account's key, reporting progress as `uploads:progress`. ./contract.ts merges
 * these into Calls and Events.
 */
type Account = { accountId: string };

/** Raw bytes per `uploads:chunk` (1 MiB; about 1.4 MiB as base64 in the frame). */
export const UPLOAD_CHUNK_BYTES = 1024 * 1024;

/** What a finished upload is: the server-relative URL and the name to link it by. */
export interface UploadedFileRef {
  url: string;
  filename: string;
}

export interface UploadCalls {
  /**
   * Opens an upload of `size` bytes. Refused in words before any byte moves when the file is
   * empty or larger than the organization's max_file_upload_size_mib. `purpose: 'emoji'` checks
   * Zulip's custom emoji limits instead (5 MiB; PNG, GIF, JPEG, WebP or SVG).
   */
  'uploads:start': (
    args: Account & { name: string; type: string; size: number; purpose?: 'file' | 'emoji' | undefined },
  ) => { uploadId: string; maxBytes: number };
  /** One piece of the file, in order (`offset` is where it starts). */
  'uploads:chunk': (args: { uploadId: string; offset: number; base64: string }) => null;
  /** Sends the whole file (POST /user_uploads); answers once the server has it. */
  'uploads:send': (args: { uploadId: string }) => UploadedFileRef;
  /** Adds the upload as custom emoji `name` (POST /realm/emoji/{name}); answers when done. */
  'uploads:sendEmoji': (args: { uploadId: string; name: string }) => null;
  /** Stops an upload at any point; a running request is aborted and its send fails as cancelled. */
  'uploads:cancel': (args: { uploadId: string }) => null;
  /**
   * A URL that shows an uploaded file (`path` starts /user_uploads/) for about a minute without
   * credentials: what an <img> in the renderer loads, since it never holds the key.
   */
  'uploads:viewUrl': (args: Account & { path: string }) => { url: string };
}

export interface UploadEvents {
  /** Bytes handed to the network so far, while `uploads:send` runs. */
  'uploads:progress': { uploadId: string; sent: number; total: number };
}

export const UPLOAD_CALL_NAMES = [
  'uploads:start',
  'uploads:chunk',
  'uploads:send',
  'uploads:sendEmoji',
  'uploads:cancel',
  'uploads:viewUrl',
] as const satisfies readonly (keyof UploadCalls)[];

export const UPLOAD_EVENT_NAMES = ['uploads:progress'] as const satisfies readonly (keyof UploadEvents)[];
