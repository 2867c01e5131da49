import type { DraftRow } from '../store/drafts';

/** The API's Draft: the timestamp is reported in whole seconds, as Zulip does. */
export function formatDraft(row: DraftRow): Record<string, unknown> {
  return {
    id: row.id,
    type: row.type,
    to: JSON.parse(row.recipients) as number[],
    topic: row.topic,
    content: row.content,
    timestamp: Math.floor(row.last_edit_time),
  };
}
