/**
 * The user's uploads, kept in the realm key/value table under one key once GET /attachments has
 * been asked (register does not carry them); attachment events then keep the list current. Not
 * fetched yet (or forgotten after a queue loss, when events may have been missed) is null.
 */
import type { AttachmentView } from '../../common/model-records';
import type { Attachment } from '../api/schemas/records';

export const ATTACHMENTS_KEY = 'attachments';

/** Newest first, as Zulip's Uploaded files table starts. */
const newestFirst = (a: AttachmentView, b: AttachmentView): number => b.createdAt - a.createdAt || b.id - a.id;

export function toAttachmentView(a: Attachment): AttachmentView {
  return {
    id: a.id,
    name: a.name,
    pathId: a.path_id,
    size: a.size,
    // Zulip sends these times in milliseconds; the views use seconds like the rest of Parley.
    createdAt: Math.floor(a.create_time / 1000),
    messages: a.messages.map((m) => ({ id: m.id, sentAt: Math.floor(m.date_sent / 1000) })),
  };
}

export function sortedAttachments(list: readonly AttachmentView[]): AttachmentView[] {
  return [...list].sort(newestFirst);
}

/** What the cache holds, or null when the list was never fetched (or was forgotten). */
export function storedAttachments(value: unknown): AttachmentView[] | null {
  if (!Array.isArray(value)) return null;
  return value.filter(
    (a): a is AttachmentView => typeof a === 'object' && a !== null && typeof (a as AttachmentView).id === 'number',
  );
}
