import type { IncomingMessage } from 'node:http';
import { ApiError, badRequest } from './errors';

/** Larger bodies are refused before parsing; no route in this API takes more than a long message. */
const MAX_BODY_BYTES = 5 * 1024 * 1024;

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
    // File parts are read as text: no route of this slice accepts uploads.
    out.push([key, typeof value === 'string' ? value : await value.text()]);
  }
  return out;
}
