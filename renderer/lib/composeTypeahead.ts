/**
 * Compose autocomplete as Zulip does it: `@` mentions people, groups and wildcards, `#` links a
 * channel and `#**channel>` one of its topics, `:` followed by two characters finds emoji. Pure
 * functions: what the text before the caret asks for, and what to offer for it.
 */
import type { ChannelSummary, UserGroupView, UserSummary } from '../../common/model';
import type { EmojiCatalog } from './emojiCatalog';
import { mentionIndex, topMentionMatches } from './mentionIndex';
import { rankedMatches } from './peopleMatch';

export type Trigger =
  | { kind: 'mention'; query: string; start: number; silent: boolean }
  | { kind: 'channel'; query: string; start: number }
  | { kind: 'topic'; channel: string; query: string; start: number }
  | { kind: 'emoji'; query: string; start: number };

export interface Suggestion {
  key: string;
  label: string;
  /** A second, quieter line: an email, a description, `:name:`. */
  detail?: string;
  glyph?: string;
  /** A custom emoji's image (instead of a glyph). */
  image?: string;
  /** Replaces the text from the trigger's start to the caret. */
  insert: string;
}

/** Where an autocomplete may start: the beginning, after white space or an opening bracket. */
const BEFORE = String.raw`(?:^|[\s(])`;
const MENTION = new RegExp(`${BEFORE}(@(_?)([^\\s@*][^@*\\n]{0,30})?)$`);
const TOPIC = new RegExp(`${BEFORE}(#\\*\\*([^*>\\n]+?)(?:\\*\\*)?>([^*\\n]{0,60}))$`);
const CHANNEL = new RegExp(`${BEFORE}(#(?:\\*\\*)?([^\\s#*>][^#*>\\n]{0,40})?)$`);
const EMOJI = new RegExp(`${BEFORE}(:([\\w+-]{2,30}))$`);

/** What the text up to the caret is completing, if anything. */
export function triggerAt(text: string, caret: number): Trigger | null {
  const before = text.slice(0, caret);
  let m = TOPIC.exec(before);
  if (m) return { kind: 'topic', channel: m[2]!, query: m[3]!, start: caret - m[1]!.length };
  m = MENTION.exec(before);
  if (m) return { kind: 'mention', query: m[3] ?? '', silent: m[2] === '_', start: caret - m[1]!.length };
  m = CHANNEL.exec(before);
  if (m) return { kind: 'channel', query: m[2] ?? '', start: caret - m[1]!.length };
  m = EMOJI.exec(before);
  if (m) return { kind: 'emoji', query: m[2]!, start: caret - m[1]!.length };
  return null;
}

export interface Sources {
  users: readonly UserSummary[];
  groups: readonly UserGroupView[];
  channels: readonly ChannelSummary[];
  emoji: EmojiCatalog | null;
  selfUserId: number;
}

export const MAX_SUGGESTIONS = 8;

const WILDCARDS = [
  { name: 'all', detail: 'Notify everyone in the channel' },
  { name: 'topic', detail: 'Notify everyone in this topic' },
  { name: 'channel', detail: 'Notify everyone in the channel' },
  { name: 'everyone', detail: 'Notify everyone in the channel' },
];

/** Zulip's mention syntax; `|id` only when another active user has the same name. */
function mentionOf(user: UserSummary, nameCounts: ReadonlyMap<string, number>, silent: boolean): string {
  const twin = (nameCounts.get(user.fullName) ?? 0) > 1;
  return `@${silent ? '_' : ''}**${user.fullName}${twin ? `|${user.id}` : ''}** `;
}

export function suggestionsFor(trigger: Trigger, sources: Sources): Suggestion[] {
  switch (trigger.kind) {
    case 'mention': {
      // Cut to the list's length before building any mention text (30k people in big organizations).
      const index = mentionIndex(sources.users);
      const people = topMentionMatches(index, trigger.query, sources.selfUserId, MAX_SUGGESTIONS).map((u) => ({
        key: `user:${u.id}`,
        label: u.fullName,
        detail: u.email,
        insert: mentionOf(u, index.nameCounts, trigger.silent),
      }));
      const wildcards = trigger.silent
        ? []
        : rankedMatches(WILDCARDS, trigger.query, (w) => [w.name]).map((w) => ({
            key: `wildcard:${w.name}`,
            label: w.name,
            detail: w.detail,
            insert: `@**${w.name}** `,
          }));
      const groups = rankedMatches(
        sources.groups.filter((g) => !g.isSystemGroup && !g.deactivated),
        trigger.query,
        (g) => [g.name],
      ).map((g) => ({
        key: `group:${g.id}`,
        label: g.name,
        detail: g.description || 'User group',
        insert: `@${trigger.silent ? '_' : ''}*${g.name}* `,
      }));
      return [...people, ...groups, ...wildcards].slice(0, MAX_SUGGESTIONS);
    }
    case 'channel':
      return rankedMatches(sources.channels, trigger.query, (c) => [c.name])
        .slice(0, MAX_SUGGESTIONS)
        .map((c) => ({ key: `channel:${c.id}`, label: `#${c.name}`, detail: c.description, insert: `#**${c.name}**` }));
    case 'topic': {
      const channel = sources.channels.find((c) => c.name === trigger.channel);
      if (!channel) return [];
      const topics = rankedMatches(channel.topics, trigger.query, (t) => [t.name]).map((t) => t.name);
      const typed = trigger.query.trim();
      // A new topic can be linked too: what was typed comes first when no topic has that name.
      if (typed !== '' && !topics.includes(typed)) topics.unshift(typed);
      return topics.slice(0, MAX_SUGGESTIONS).map((name) => ({
        key: `topic:${name}`,
        label: name,
        detail: `#${channel.name}`,
        insert: `#**${channel.name}>${name}** `,
      }));
    }
    case 'emoji':
      return (sources.emoji?.search(trigger.query, MAX_SUGGESTIONS) ?? []).map((e) => ({
        key: `emoji:${e.type}:${e.code}`,
        label: `:${e.name}:`,
        ...(e.image ? { image: e.image } : { glyph: e.glyph }),
        insert: `:${e.name}: `,
      }));
  }
}

/** The text and caret after accepting a suggestion. */
export function accept(
  text: string,
  caret: number,
  trigger: Trigger,
  suggestion: Suggestion,
): { text: string; caret: number } {
  const head = text.slice(0, trigger.start) + suggestion.insert;
  return { text: head + text.slice(caret), caret: head.length };
}
