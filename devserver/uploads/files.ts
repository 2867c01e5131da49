/**
 * User uploads as Zulip keeps them (zerver/views/upload.py, zerver/lib/attachments.py): one file
 * per POST /user_uploads, stored under a path ID `{realm}/{2 chars}/{24 chars}/{clean name}`,
 * listed to its owner as an attachment with the messages that link to it, and announced to the
 * owner's queues by `attachment` events (add, update when a message claims it, remove).
 */
import { randomBytes } from 'node:crypto';
import type { App } from '../app';
import { publishToUser } from '../events/records';
import type { UploadedFile } from '../http/body';
import { ApiError, badRequest } from '../http/errors';
import { LIMITS } from '../limits';
import type { UploadRow } from '../store/uploads';
import type { UserRow } from '../store/rows';

/** The realm ID in every upload path: the dev server holds one organization. */
export const UPLOAD_REALM_ID = 1;

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';

function randomName(length: number): string {
  return [...randomBytes(length)].map((byte) => ALPHABET[byte % ALPHABET.length]).join('');
}

/**
 * Zulip's sanitize_name: letters, digits, `_`, `.`, `-` kept (any script), spaces and dashes
 * runs become one dash, leading/trailing dots and dashes dropped; nothing left is "uploaded-file".
 */
export function sanitizeUploadName(raw: string): string {
  const base = raw.normalize('NFKC').split(/[/\\]/).pop() ?? '';
  const cleaned = base
    .replace(/[^\p{L}\p{N}_\s.-]/gu, '')
    .trim()
    .replace(/[-\s]+/g, '-')
    .replace(/^[.-]+|[.-]+$/g, '');
  return cleaned === '' || cleaned === '.' ? 'uploaded-file' : cleaned;
}

export function uploadUrl(pathId: string): string {
  return `/user_uploads/${pathId}`;
}

/** The attachment object of GET /attachments and `attachment` events. */
export function formatAttachment(app: App, row: UploadRow): Record<string, unknown> {
  const messages = app.store.uploads.messageIds(row.id).flatMap((id) => {
    const [message] = app.store.messages.byIds([id]);
    return message ? [{ id, date_sent: message.date_sent * 1000 }] : [];
  });
  // Zulip sends create_time and date_sent in milliseconds here, unlike elsewhere.
  return { id: row.id, name: row.name, path_id: row.path_id, size: row.size, create_time: row.create_time, messages };
}

function publishAttachment(app: App, ownerId: number, op: 'add' | 'update' | 'remove', attachment: object): void {
  publishToUser(app, ownerId, {
    type: 'attachment',
    op,
    attachment,
    upload_space_used: app.store.uploads.spaceUsed(ownerId),
  });
}

/** POST /user_uploads: exactly one file part, within max_file_upload_size_mib (Zulip's words). */
export function addUpload(app: App, user: UserRow, files: UploadedFile[]): { url: string; filename: string } {
  if (files.length === 0) throw badRequest('You must specify a file to upload');
  if (files.length !== 1) throw badRequest('You may only upload one file at a time');
  const [file] = files as [UploadedFile];
  if (file.bytes.length > LIMITS.max_file_upload_size_mib * 1024 * 1024) {
    throw badRequest(`Uploaded file is larger than the allowed limit of ${LIMITS.max_file_upload_size_mib} MiB`);
  }
  const name = sanitizeUploadName(file.name);
  const pathId = `${UPLOAD_REALM_ID}/${randomName(2).toLowerCase()}/${randomName(24)}/${name}`;
  const row = app.store.uploads.add(
    {
      path_id: pathId,
      name: file.name === '' ? name : file.name,
      owner_id: user.id,
      content_type: file.contentType || 'application/octet-stream',
      size: file.bytes.length,
      create_time: Date.now(),
    },
    file.bytes,
  );
  publishAttachment(app, user.id, 'add', formatAttachment(app, row));
  return { url: uploadUrl(pathId), filename: name };
}

const UPLOAD_LINK = /\/user_uploads\/(\d+\/[^/\s)\]]+\/[^/\s)\]]+\/[^\s)\]?#]+)/g;

/** A sent or edited message claims the sender's own uploads it links to (Zulip's claim_attachment). */
export function claimUploads(app: App, sender: UserRow, messageId: number, content: string): void {
  for (const match of content.matchAll(UPLOAD_LINK)) {
    const row = app.store.uploads.byPath(decodeURIComponent(match[1] ?? ''));
    if (!row || row.owner_id !== sender.id) continue;
    app.store.uploads.linkMessage(row.id, messageId);
    publishAttachment(app, row.owner_id, 'update', formatAttachment(app, row));
  }
}

/** DELETE /attachments/{id}: the owner removes the file; links to it stop working. */
export function deleteUpload(app: App, user: UserRow, id: number): void {
  const row = app.store.uploads.byId(id);
  if (!row || row.owner_id !== user.id) throw badRequest('Invalid attachment');
  app.store.uploads.delete(id);
  publishAttachment(app, user.id, 'remove', { id });
}

/**
 * The file behind `/user_uploads/{path}` for a signed-in user of this organization. Zulip also
 * lets through users who can see a message linking to it; every active account of the one realm
 * here qualifies, which is the rule the issue asks for.
 */
export function readUpload(app: App, pathId: string): { row: UploadRow; bytes: Buffer } {
  const row = app.store.uploads.byPath(pathId);
  const bytes = row ? app.store.uploads.bytes(row.id) : undefined;
  if (!row || !bytes) throw new ApiError(404, 'BAD_REQUEST', 'File not found');
  return { row, bytes };
}
