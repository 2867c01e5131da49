import type { App } from '../app';
import { silentMention } from '../channels/notices';
import { badRequest } from '../http/errors';
import { LIMITS } from '../limits';
import { channelHref } from '../markdown/directory';
import type { AccessedMessage } from '../messaging/access';
import type { UserRow } from '../store/rows';

/** Zulip's reminder note rules: trailing space and leading blank lines dropped, 1000 characters at most. */
export function normalizeNote(note: string): string {
  const body = note.trimEnd().replace(/^\n+/, '');
  if ([...body].length > LIMITS.max_reminder_note_length) {
    throw badRequest(`Maximum reminder note length: ${LIMITS.max_reminder_note_length} characters`);
  }
  return body;
}

/** A code fence longer than any run of backticks in the text, so the quote cannot be closed early. */
function unusedFence(text: string): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  return '`'.repeat(Math.max(3, longest + 1));
}

function namesInWords(users: UserRow[]): string {
  const names = users.map(silentMention);
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/**
 * What the Notification Bot says when a reminder comes due, in Zulip's words: who said what where,
 * with a link to the message and the message quoted (polls and to-do lists are named, not quoted).
 */
export function reminderContent(app: App, user: UserRow, target: AccessedMessage, note: string): string {
  const { row, channel } = target;
  const sender = app.store.users.byId(row.sender_id);
  const who = sender ? silentMention(sender) : 'Someone';
  const what = channel ? 'message' : 'direct message';
  let content = note
    ? `You requested a reminder for the following ${what}. Note:\n > ${note}`
    : `You requested a reminder for the following ${what}.`;
  content += '\n\n';
  let where: string;
  let url: string;
  if (channel) {
    url = `${app.baseUrl}${channelHref(channel, row.topic)}/near/${row.id}`;
    where = `in #**${channel.name}>${row.topic}@${row.id}**`;
  } else {
    const others = app.store.recipients
      .participants(row.recipient_id)
      .filter((id) => id !== row.sender_id)
      .map((id) => app.store.users.byId(id))
      .filter((u): u is UserRow => u !== undefined);
    const ids = [...new Set([user.id, ...app.store.recipients.participants(row.recipient_id)])].sort((a, b) => a - b);
    url = `${app.baseUrl}/#narrow/dm/${ids.join(',')}-dm/near/${row.id}`;
    where = `to ${namesInWords(others.length > 0 ? others : sender ? [sender] : [])}`;
  }
  const widget = row.content.startsWith('/poll') ? 'poll' : row.content.startsWith('/todo') ? 'todo list' : null;
  if (widget) return `${content}${who} [sent](${url}) a ${widget} ${where}.`;
  content += `${who} [said](${url}) ${where}:\n`;
  const fence = unusedFence(row.content);
  return `${content}${fence}quote\n${row.content}\n${fence}`;
}
