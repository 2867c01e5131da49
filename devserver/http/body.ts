import type { IncomingMessage } from 'node:http';
import { ApiError, badRequest } from './errors';

/**
 * Larger bodies are refused before parsing. Uploads are limited by their own checks with Zulip's
 * words (custom emoji 5 MiB, files max_file_upload_size_mib = 25 MiB); the extra MiB leaves room for
 * the multipart framing, so a file just over 25 MiB still gets Zulip's sentence, not this one.
 */
const MAX_BODY_BYTES = 26 * 1024 * 1024;

/**
 * Collects the request's parameters: the query string first, then the form body (urlencoded or
 * multipart) on top, so a body value wins over a query value of the same name. Other body types
 * are ignored, as Zulip does, which surfaces as a missing-parameter error where it matters.
 */
export async function readParams(req: IncomingMessage, url: URL): Promise<Map<string, string>> {
  const values = new Map<string, string>(url.searchParams);
  const contentType = req.headers['content-type'] ?? '';
  const body = await readBody(req);
  if (body.length === 0) return values;
  if (contentType.startsWith('application/x-www-form-urlencoded')) {
    for (const [key, value] of new URLSearchParams(body.toString('utf8'))) values.set(key, value);
  } else if (contentType.startsWith('multipart/form-data')) {
    for (const [key, value] of await parseMultipart(contentType, body)) values.set(key, value);
  }
  return values;
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new ApiError(413, 'BAD_REQUEST', 'Request body too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** Multipart parsing is delegated to the platform's fetch Request (undici), which follows the spec. */
async function parseMultipart(contentType: string, body: Buffer): Promise<Array<[string, string]>> {
  let form: FormData;
  try {
    const request = new Request('http://devserver.invalid/', {
      method: 'POST',
      headers: { 'content-type': contentType },
      body: new Uint8Array(body),
    });
    form = await request.formData();
  } catch {
    throw badRequest('Malformed multipart/form-data body');
  }
  const out: Array<[string, string]> = [];
  for (const [key, value] of form) {
    out.push([key, typeof value === 'string' ? value : await encodeFile(value)]);
  }
  return out;
}

/** Marks a file part's value; a text field cannot start with NUL (Zulip refuses it in strings). */
const FILE_MARK = '\0file\0';

/** A file part as a parameter value: its type, name and bytes as a data: URL behind FILE_MARK. */
async function encodeFile(file: File): Promise<string> {
  const bytes = Buffer.from(await file.arrayBuffer());
  const name = encodeURIComponent(file.name);
  return `${FILE_MARK}data:${file.type || 'application/octet-stream'};name=${name};base64,${bytes.toString('base64')}`;
}

export interface UploadedFile {
  contentType: string;
  /** The part's filename as the client sent it (empty when it gave none). */
  name: string;
  bytes: Buffer;
}

/** The uploaded file a parameter holds (custom emoji, user uploads), or undefined for a text value. */
export function decodeFile(value: string): UploadedFile | undefined {
  if (!value.startsWith(FILE_MARK)) return undefined;
  const match = /^data:([^;]*);name=([^;]*);base64,(.*)$/s.exec(value.slice(FILE_MARK.length));
  if (!match) return undefined;
  return { contentType: match[1]!, name: decodeURIComponent(match[2]!), bytes: Buffer.from(match[3]!, 'base64') };
}
