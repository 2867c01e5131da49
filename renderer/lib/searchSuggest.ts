/**
 * Suggestions while typing in the search box, as Zulip's search offers them: the operators, and
 * for the operator being typed its values (channels, topics, people, is:/has: operands). Each
 * suggestion is the whole query it would make, so choosing one is a plain replacement.
 */
import type { ChannelSummary, UserSummary } from '../../common/model';
import { rankedMatches } from './peopleMatch';

export interface SearchSuggestion {
  /** The query after choosing it. */
  query: string;
  label: string;
  detail: string;
}

export interface SearchSources {
  users: readonly UserSummary[];
  channels: readonly ChannelSummary[];
  selfUserId: number;
}

const LIMIT = 8;

const OPERATORS: ReadonlyArray<{ op: string; detail: string }> = [
  { op: 'channel:', detail: 'Messages in a channel' },
  { op: 'topic:', detail: 'Messages in a topic' },
  { op: 'sender:', detail: 'Messages sent by someone' },
  { op: 'dm:', detail: 'A direct conversation' },
  { op: 'dm-including:', detail: 'Direct messages with someone in them' },
  { op: 'is:', detail: 'Starred, unread, mentions, DMs…' },
  { op: 'has:', detail: 'Links, images, attachments, reactions' },
];

const IS_VALUES: ReadonlyArray<[string, string]> = [
  ['starred', 'Starred messages'],
  ['mentioned', 'Messages that mention you'],
  ['unread', 'Unread messages'],
  ['dm', 'Direct messages'],
  ['alerted', 'Messages with one of your alert words'],
  ['followed', 'Messages in topics you follow'],
  ['resolved', 'Messages in resolved topics'],
];
const HAS_VALUES: ReadonlyArray<[string, string]> = [
  ['link', 'Messages with a link'],
  ['image', 'Messages with an image'],
  ['attachment', 'Messages with an attached file'],
  ['reaction', 'Messages with emoji reactions'],
];

const PERSON_OPS = new Set(['sender', 'from', 'dm', 'pm-with', 'dm-including']);

/** A value as the query language wants it: quoted when it holds a space. */
const value = (v: string): string => (/\s/.test(v) ? `"${v}"` : v);

/** The query's last term (what is being typed) and everything before it. */
function split(query: string): { head: string; op: string | null; partial: string } {
  const m = /(?:^|\s)(?:([A-Za-z-]+):)?("?[^"\s]*"?|"[^"]*)$/.exec(query);
  if (!m) return { head: query, op: null, partial: '' };
  const head = query.slice(0, m.index + (m[0].startsWith(' ') ? 1 : 0));
  return { head, op: m[1]?.toLowerCase() ?? null, partial: (m[2] ?? '').replace(/"/g, '') };
}

function people(sources: SearchSources, partial: string): UserSummary[] {
  const active = sources.users.filter((u) => u.isActive && u.id !== sources.selfUserId);
  return rankedMatches(active, partial, (u) => [u.fullName, u.email]);
}

export function searchSuggestions(query: string, sources: SearchSources): SearchSuggestion[] {
  const { head, op, partial } = split(query);
  const out: SearchSuggestion[] = [];
  const push = (term: string, label: string, detail: string) => out.push({ query: `${head}${term}`, label, detail });
  if (op === 'channel' || op === 'stream') {
    for (const c of rankedMatches(sources.channels, partial, (c) => [c.name]))
      push(`channel:${value(c.name)} `, `channel:${c.name}`, c.description);
  } else if (op === 'topic' || op === 'subject') {
    const named = /(?:channel|stream):("[^"]+"|\S+)/.exec(head)?.[1]?.replace(/"/g, '');
    const channels = sources.channels.filter((c) => named === undefined || c.name === named);
    const topics = channels.flatMap((c) => c.topics.map((t) => ({ name: t.name, channel: c.name })));
    for (const t of rankedMatches(topics, partial, (t) => [t.name]).filter((t) => t.name !== ''))
      push(`topic:${value(t.name)} `, `topic:${t.name}`, `#${t.channel}`);
  } else if (op !== null && PERSON_OPS.has(op)) {
    // dm: takes a list: complete its last name, keep the ones before it.
    const listed = op === 'dm' || op === 'pm-with' ? partial.split(',') : [partial];
    const last = listed.pop() ?? '';
    const before = listed.length > 0 ? `${listed.join(',')},` : '';
    for (const u of people(sources, last)) push(`${op}:${before}${u.email} `, u.fullName, `${op}:${u.email}`);
  } else if (op === 'is' || op === 'has') {
    for (const [v, detail] of op === 'is' ? IS_VALUES : HAS_VALUES)
      if (v.startsWith(partial.toLowerCase())) push(`${op}:${v} `, `${op}:${v}`, detail);
  } else if (op === null) {
    const word = partial.toLowerCase();
    for (const o of OPERATORS) if (word !== '' && o.op.startsWith(word)) push(o.op, o.op, o.detail);
    if (word.length >= 2) {
      for (const u of people(sources, word).slice(0, 2))
        push(`sender:${u.email} `, `sender:${u.fullName}`, 'Messages they sent');
      for (const c of rankedMatches(sources.channels, word, (c) => [c.name]).slice(0, 2))
        push(`channel:${value(c.name)} `, `channel:${c.name}`, 'Messages in this channel');
    }
    if (word === '') for (const o of OPERATORS) push(o.op, o.op, o.detail);
  }
  return out.slice(0, LIMIT);
}
