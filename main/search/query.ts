/**
 * The search box's language: free words plus operators, Zulip style.
 *   lunch menu                 words (each must appear, as a word prefix)
 *   channel:design  stream:7   a channel, by name or ID ("quoted names" may hold spaces)
 *   topic:"release plan"       a topic (needs a channel to search locally)
 *   sender:ada@example.com     a sender, by email, full name or ID (from: is an alias)
 *   dm:ada@x.com,bo@x.com      one direct conversation, by its other people (pm-with: is an alias)
 *   dm-including:ada@x.com     every direct conversation with that person in it
 *   is:starred  is:mentioned  is:alerted  is:unread  is:dm (is:private)  has:link
 *   is:resolved  is:followed  has:image  has:attachment  has:reaction   (asked of the server only)
 * Anything else that looks like an operator is refused with a message naming it, so a typo
 * does not silently become a word search.
 */

export interface ParsedQuery {
  words: string[];
  channel?: string;
  topic?: string;
  sender?: string;
  starred: boolean;
  /** Mentions the user, directly or by wildcard. */
  mentioned: boolean;
  /** Contains one of the user's alert words. */
  alerted: boolean;
  unread: boolean;
  hasLink: boolean;
  /** Direct messages only (is:dm). */
  dmOnly: boolean;
  /** dm: the other people of one conversation, as typed (emails, names or IDs). */
  dm?: string[];
  /** dm-including: a person, as typed. */
  dmIncluding?: string;
  /** Operators the cache cannot answer; the server's search alone does. */
  serverOnly: { operator: 'is' | 'has'; operand: string }[];
}

/** The is: operands search knows, each a flag of ParsedQuery. */
export const IS_OPERANDS = ['starred', 'mentioned', 'alerted', 'unread'] as const;
type IsOperand = (typeof IS_OPERANDS)[number];
const isOperand = (value: string): value is IsOperand => (IS_OPERANDS as readonly string[]).includes(value);

export class SearchQueryError extends Error {
  override readonly name = 'SearchQueryError';
}

/** Operands only the server can evaluate (the cache does not index them). */
const SERVER_ONLY_IS = new Set(['resolved', 'followed']);
const SERVER_ONLY_HAS = new Set(['image', 'attachment', 'reaction']);

const OPERATOR_ALIASES: Record<string, 'channel' | 'topic' | 'sender' | 'is' | 'has' | 'dm' | 'dm-including'> = {
  dm: 'dm',
  'pm-with': 'dm',
  'dm-including': 'dm-including',
  'group-pm-with': 'dm-including',
  channel: 'channel',
  stream: 'channel',
  topic: 'topic',
  subject: 'topic',
  sender: 'sender',
  from: 'sender',
  is: 'is',
  has: 'has',
};

/** Splits on spaces outside double quotes; `op:"a b"` and `"a b"` stay one token, quotes removed. */
function tokens(text: string): { op: string | null; value: string }[] {
  const out: { op: string | null; value: string }[] = [];
  const re = /(?:([A-Za-z-]+):)?(?:"([^"]*)"?|(\S+))/g;
  for (const m of text.matchAll(re)) {
    const value = m[2] ?? m[3] ?? '';
    out.push({ op: m[1]?.toLowerCase() ?? null, value });
  }
  return out;
}

export function parseSearchQuery(text: string): ParsedQuery {
  const q: ParsedQuery = {
    words: [],
    starred: false,
    mentioned: false,
    alerted: false,
    unread: false,
    hasLink: false,
    dmOnly: false,
    serverOnly: [],
  };
  for (const { op, value } of tokens(text.trim())) {
    if (op === null) {
      q.words.push(...value.split(/\s+/).filter(Boolean));
      continue;
    }
    const kind = OPERATOR_ALIASES[op];
    // A pasted address (https://...) is text, not an operator.
    if (kind === undefined && value.startsWith('//')) {
      q.words.push(`${op}:${value}`);
      continue;
    }
    if (kind === undefined) {
      throw new SearchQueryError(
        `Invalid operator "${op}:". Search knows channel:, topic:, sender:, dm:, dm-including:, is: and has:.`,
      );
    }
    if (value === '') throw new SearchQueryError(`"${op}:" needs a value.`);
    switch (kind) {
      case 'channel':
      case 'topic':
      case 'sender':
        if (q[kind] !== undefined && q[kind] !== value) {
          throw new SearchQueryError(`Search can take only one ${kind}.`);
        }
        q[kind] = value;
        break;
      case 'dm': {
        const people = value
          .split(',')
          .map((p) => p.trim())
          .filter(Boolean);
        if (q.dm !== undefined && q.dm.join(',') !== people.join(',')) {
          throw new SearchQueryError('Search can take only one dm: conversation.');
        }
        q.dm = people;
        break;
      }
      case 'dm-including':
        if (q.dmIncluding !== undefined && q.dmIncluding !== value) {
          throw new SearchQueryError('Search can take only one dm-including: person.');
        }
        q.dmIncluding = value;
        break;
      case 'is': {
        const flag = value.toLowerCase();
        if (flag === 'dm' || flag === 'private') q.dmOnly = true;
        else if (SERVER_ONLY_IS.has(flag)) q.serverOnly.push({ operator: 'is', operand: flag });
        else if (isOperand(flag)) q[flag] = true;
        else throw new SearchQueryError(`Invalid operator "is:${value}".`);
        break;
      }
      case 'has': {
        const what = value.toLowerCase();
        if (what === 'link') q.hasLink = true;
        else if (SERVER_ONLY_HAS.has(what)) q.serverOnly.push({ operator: 'has', operand: what });
        else throw new SearchQueryError(`Invalid operator "has:${value}".`);
        break;
      }
    }
  }
  return q;
}

/** True when the query asks for nothing at all. */
export function isEmptyQuery(q: ParsedQuery): boolean {
  return (
    q.words.length === 0 &&
    q.channel === undefined &&
    q.topic === undefined &&
    q.sender === undefined &&
    !IS_OPERANDS.some((flag) => q[flag]) &&
    !q.hasLink &&
    !q.dmOnly &&
    q.dm === undefined &&
    q.dmIncluding === undefined &&
    q.serverOnly.length === 0
  );
}
