/** File uploads (Zulip's user_uploads) and custom emoji images: multipart, with progress and abort. */
import * as z from 'zod';
import type { ApiClient, MultipartOptions, RequestOptions } from '../client';
import { SuccessEnvelope } from '../schemas/common';

export interface FileToUpload {
  name: string;
  type: string;
  bytes: Uint8Array;
}

const UploadAnswer = SuccessEnvelope.extend({
  /** FL 272; older servers only send `uri`. */
  url: z.string().optional(),
  uri: z.string().optional(),
  /** FL 285; older servers leave it out (the URL's last segment is the name then). */
  filename: z.string().optional(),
});

function formWith(file: FileToUpload): FormData {
  const form = new FormData();
  form.set('file', new Blob([file.bytes as Uint8Array<ArrayBuffer>], { type: file.type }), file.name);
  return form;
}

/**
 * POST /user_uploads: answers the file's server-relative URL and the name the server stored it
 * under, as a Markdown link should use them (`[filename](url)`).
 */
export async function uploadFile(
  client: ApiClient,
  file: FileToUpload,
  opts: MultipartOptions = {},
): Promise<{ url: string; filename: string }> {
  const answer = await client.multipart('/user_uploads', formWith(file), UploadAnswer, opts);
  const url = answer.url ?? answer.uri;
  if (url === undefined) throw new TypeError('The server answered the upload without its URL');
  const filename = answer.filename ?? decodeURIComponent(url.split('/').pop() ?? file.name);
  return { url, filename };
}

/** POST /realm/emoji/{emoji_name}: adds a custom emoji with this image. */
export async function uploadCustomEmoji(
  client: ApiClient,
  name: string,
  file: FileToUpload,
  opts: MultipartOptions = {},
): Promise<void> {
  await client.multipart(`/realm/emoji/${encodeURIComponent(name)}`, formWith(file), SuccessEnvelope, opts);
}

/**
 * GET /user_uploads/{realm_id_str}/{filename} (FL 1): a URL that shows the file for a minute
 * without credentials, for an image element that cannot carry them. `path` starts /user_uploads/.
 */
export async function temporaryUploadUrl(client: ApiClient, path: string, opts: RequestOptions = {}): Promise<string> {
  const answer = await client.request('GET', path, {}, SuccessEnvelope.extend({ url: z.string() }), opts);
  return answer.url;
}
