/**
 * Quote-and-reply as Zulip writes it, so every client renders it the same: a silent mention of
 * the sender, a "said" link to the quoted message, and the Markdown in a quote fence longer than
 * any fence inside it.
 */
import type { MessageView, Sidebar } from '../../common/model';
import { channelName } from './narrow';

/** Zulip's hash encoding of a narrow operand: URI-encoded with "." standing for "%". */
export function encodeHashComponent(text: string): string {
  return encodeURIComponent(text).replace(/[%().]/g, (c) =>
    c === '%' ? '.' : `.${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** The web app's link to one message in its conversation (`#narrow/.../near/ID`). */
export function messageLink(realmUrl: string, message: MessageView, sidebar: Sidebar | null): string {
  const base = realmUrl.replace(/\/+$/, '');
  if (message.channelId !== null) {
    const channel = `${message.channelId}-${channelName(message.channelId, sidebar).replace(/ /g, '-')}`;
    return `${base}/#narrow/channel/${encodeHashComponent(channel)}/topic/${encodeHashComponent(message.topic)}/near/${message.id}`;
  }
  const ids = (message.dmUserIds ?? []).join(',');
  return `${base}/#narrow/dm/${ids}-dm/near/${message.id}`;
}

export function quoteMarkdown(message: MessageView, raw: string, realmUrl: string, sidebar: Sidebar | null): string {
  const longest = Math.max(2, ...[...raw.matchAll(/^\s*(`{3,}|~{3,})/gm)].map((m) => m[1]!.length));
  const fence = '`'.repeat(longest + 1);
  return (
    `@_**${message.senderName}|${message.senderId}** [said](${messageLink(realmUrl, message, sidebar)}):\n` +
    `${fence}quote\n${raw}\n${fence}\n`
  );
}
