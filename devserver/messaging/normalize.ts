import { badRequest } from '../http/errors';
import { LIMITS } from '../limits';
import type { ChannelRow, RealmRow } from '../store/rows';

/**
 * Message text as Zulip stores it: trailing whitespace and leading blank lines dropped, and text
 * past max_message_length truncated with a marker (Zulip truncates rather than refusing).
 */
export function normalizeContent(content: string): string {
  if (content.includes('\u0000')) throw badRequest('Message must not contain null bytes');
  const text = content.trimEnd().replace(/^\n+/, '');
  if (text.length === 0) throw badRequest('Message must not be empty');
  const marker = '\n[message truncated]';
  return text.length > LIMITS.max_message_length
    ? text.slice(0, LIMITS.max_message_length - marker.length) + marker
    : text;
}

/**
 * A channel message's topic after Zulip's rules: whitespace trimmed, control characters refused,
 * "(no topic)" and the empty-topic display name read as "", over-long topics truncated with
 * "...", and the channel's topics policy (or the organization's, when it inherits) applied.
 */
export function normalizeTopic(raw: string, channel: ChannelRow, realm: RealmRow): string {
  let topic = raw.trim();
  const bad = [...topic].findIndex((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f);
  if (bad >= 0) throw badRequest(`Invalid character in topic, at position ${bad + 1}!`);
  if (topic === '(no topic)' || topic === realm.empty_topic_display_name) topic = '';
  if ([...topic].length > LIMITS.max_topic_length)
    topic = [...topic].slice(0, LIMITS.max_topic_length - 3).join('') + '...';
  checkTopicsPolicy(topic, channel, realm);
  return topic;
}

/** The channel's topics_policy, or the organization's when the channel inherits it. */
export function topicsPolicy(channel: ChannelRow, realm: RealmRow): string {
  return channel.topics_policy === 'inherit' ? realm.topics_policy : channel.topics_policy;
}

/** Refuses the empty topic where topics are required, and named topics where only it is allowed. */
export function checkTopicsPolicy(topic: string, channel: ChannelRow, realm: RealmRow): void {
  const policy = topicsPolicy(channel, realm);
  const name = realm.empty_topic_display_name;
  if (policy === 'disable_empty_topic' && topic === '') {
    throw badRequest(`Sending messages to the ${name} topic is not allowed in this channel.`);
  }
  if (policy === 'empty_topic_only' && topic !== '') {
    throw badRequest(`Only the ${name} topic is allowed in this channel.`);
  }
}

/**
 * Zulip marks a sender's own message read only when it came from a full interactive client; API
 * scripts sending with the user's key leave it unread. Clients can override with read_by_sender.
 */
export function defaultReadBySender(clientName: string): boolean {
  const name = clientName.toLowerCase();
  return (
    [
      'zulipandroid',
      'zulipios',
      'zulipdesktop',
      'zulipmobile',
      'zulipelectron',
      'zulipterminal',
      'website',
      'ios',
      'android',
    ].includes(name) || name.includes('desktop app')
  );
}
