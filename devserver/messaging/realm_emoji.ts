/**
 * Custom emoji as Zulip keeps them (zerver/lib/emoji.py, zerver/actions/realm_emoji.py): names
 * checked with Zulip's rule and words, added by members (can_add_custom_emoji_group's default),
 * deactivated by administrators or their author, sent to clients whole as `realm_emoji` (register
 * and `realm_emoji` update events), deactivated ones included so old messages still show them.
 */
import type { App } from '../app';
import { publishToRealm } from '../events/records';
import { ApiError, badRequest } from '../http/errors';
import type { RealmEmojiRow } from '../store/realm_emoji';
import { ROLE, type UserRow } from '../store/rows';

/** Zulip's limit for an emoji upload (MAX_EMOJI_FILE_SIZE_MIB). */
const MAX_EMOJI_BYTES = 5 * 1024 * 1024;

/** Image types Zulip accepts for emoji, with the file extension it stores them under. */
const EXTENSIONS: Readonly<Record<string, string>> = {
  'image/png': 'png',
  'image/gif': 'gif',
  'image/jpeg': 'jpeg',
  'image/webp': 'webp',
  'image/svg+xml': 'svg',
};

/** Where a custom emoji's image is served (Zulip's local-storage layout). */
export function emojiImagePath(row: Pick<RealmEmojiRow, 'id' | 'content_type'>): string {
  return `/user_avatars/1/emoji/images/${row.id}.${EXTENSIONS[row.content_type] ?? 'png'}`;
}

export function formatRealmEmoji(row: RealmEmojiRow): Record<string, unknown> {
  return {
    id: String(row.id),
    name: row.name,
    source_url: emojiImagePath(row),
    still_url: null,
    deactivated: row.deactivated !== 0,
    author_id: row.author_id,
  };
}

/** register's `realm_emoji` and GET /realm/emoji's `emoji`: every custom emoji by ID. */
export function realmEmojiState(app: App): Record<string, Record<string, unknown>> {
  return Object.fromEntries(app.store.realmEmoji.all().map((row) => [String(row.id), formatRealmEmoji(row)]));
}

function publishRealmEmoji(app: App): void {
  publishToRealm(app, { type: 'realm_emoji', op: 'update', realm_emoji: realmEmojiState(app) });
}

/** Zulip's check_valid_emoji_name, word for word. */
export function checkEmojiName(name: string): void {
  if (name === '') throw badRequest('Emoji name is missing');
  if (/^[0-9a-z\-_]+$/.test(name) && !/[-_]$/.test(name)) return;
  if (/^[0-9a-z\-_]+$/.test(name)) throw badRequest('Emoji names must end with either a letter or digit.');
  throw badRequest('Emoji names must contain only lowercase English letters, digits, spaces, dashes, and underscores.');
}

/** POST /realm/emoji/{emoji_name}: one image file, by a member or above. */
export function addRealmEmoji(
  app: App,
  user: UserRow,
  name: string,
  files: { contentType: string; bytes: Buffer }[],
): void {
  if (user.role > ROLE.member) throw new ApiError(400, 'BAD_REQUEST', 'Insufficient permission');
  checkEmojiName(name);
  if (app.store.realmEmoji.activeByName(name)) throw badRequest('A custom emoji with this name already exists.');
  if (files.length !== 1) throw badRequest('You must upload exactly one file.');
  const [file] = files as [{ contentType: string; bytes: Buffer }];
  if (file.bytes.length > MAX_EMOJI_BYTES) {
    throw badRequest('Uploaded file is larger than the allowed limit of 5 MiB');
  }
  if (!(file.contentType in EXTENSIONS) || file.bytes.length === 0) throw badRequest('Invalid image format');
  app.store.realmEmoji.add(name, user.id, file.contentType, file.bytes);
  publishRealmEmoji(app);
}

/** DELETE /realm/emoji/{emoji_name}: deactivates it (administrators, or its author). */
export function deactivateRealmEmoji(app: App, user: UserRow, name: string): void {
  const row = app.store.realmEmoji.activeByName(name);
  if (!row) throw badRequest(`Emoji '${name}' does not exist`);
  if (user.role > ROLE.admin && row.author_id !== user.id) {
    throw badRequest('Must be an organization administrator or emoji author');
  }
  app.store.realmEmoji.deactivate(row.id);
  publishRealmEmoji(app);
}
