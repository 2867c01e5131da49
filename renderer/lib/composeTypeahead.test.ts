import { describe, expect, it } from 'vitest';
import type { ChannelSummary, UserGroupView, UserSummary } from '../../common/model';
import { accept, suggestionsFor, triggerAt, type Sources } from './composeTypeahead';
import { mentionIndex, mentionIndexReady, prepareMentionIndex } from './mentionIndex';
import { loadEmojiCatalog } from './emojiCatalog';

function user(id: number, fullName: string, extra: Partial<UserSummary> = {}): UserSummary {
  return {
    id,
    fullName,
    email: `${fullName.split(' ')[0]!.toLowerCase()}@x.test`,
    avatarUrl: null,
    role: 400,
    isBot: false,
    isActive: true,
    ...extra,
  };
}
function channel(id: number, name: string, topics: string[]): ChannelSummary {
  return {
    id,
    name,
    color: '#888',
    description: `About ${name}`,
    inviteOnly: false,
    isMuted: false,
    pinToTop: false,
    unreadCount: 0,
    topics: topics.map((t, i) => ({ name: t, maxMessageId: 100 - i, unreadCount: 0 })),
  };
}
const group: UserGroupView = {
  id: 7,
  name: 'support',
  description: 'The support team',
  isSystemGroup: false,
  deactivated: false,
  memberIds: [2],
  subgroupIds: [],
  settings: {},
};

function sources(extra: Partial<Sources> = {}): Sources {
  return {
    users: [
      user(1, 'Me Myself'),
      user(2, 'Ada Lovelace'),
      user(3, 'Alan Turing'),
      user(4, 'Ada Lovelace'),
      user(5, 'Old Ada', { isActive: false }),
    ],
    groups: [group, { ...group, id: 8, name: 'role:everyone', isSystemGroup: true }],
    channels: [channel(10, 'general', ['lunch', 'deploys', 'launch plans']), channel(11, 'design', [])],
    emoji: null,
    selfUserId: 1,
    ...extra,
  };
}

describe('triggerAt', () => {
  it('finds what the text before the caret completes, and nothing in ordinary text', () => {
    expect(triggerAt('hi @ad', 6)).toEqual({ kind: 'mention', query: 'ad', silent: false, start: 3 });
    expect(triggerAt('@_ada l', 7)).toEqual({ kind: 'mention', query: 'ada l', silent: true, start: 0 });
    expect(triggerAt('see #gen', 8)).toEqual({ kind: 'channel', query: 'gen', start: 4 });
    expect(triggerAt('see #**general**>lu', 19)).toEqual({ kind: 'topic', channel: 'general', query: 'lu', start: 4 });
    expect(triggerAt('ok :thu', 7)).toEqual({ kind: 'emoji', query: 'thu', start: 3 });
    expect(triggerAt('mail me@ada.test', 16)).toBeNull();
    expect(triggerAt('at 10:30', 8)).toBeNull();
    expect(triggerAt('ok :t', 5)).toBeNull();
    expect(triggerAt('@**Ada Lovelace** ', 18)).toBeNull();
    expect(triggerAt('#**general**', 12)).toBeNull();
  });
});

describe('suggestionsFor', () => {
  it('mentions active people other than the user, with |id when two share a name, then groups and wildcards', () => {
    const found = suggestionsFor({ kind: 'mention', query: 'ad', silent: false, start: 0 }, sources());
    expect(found.map((s) => s.insert)).toEqual(['@**Ada Lovelace|2** ', '@**Ada Lovelace|4** ']);
    const all = suggestionsFor({ kind: 'mention', query: '', silent: false, start: 0 }, sources()).map((s) => s.key);
    expect(all).not.toContain('user:1');
    expect(all).not.toContain('user:5');
    expect(all).toContain('group:7');
    expect(all).not.toContain('group:8');
    const sup = suggestionsFor({ kind: 'mention', query: 'sup', silent: true, start: 0 }, sources());
    expect(sup.map((s) => s.insert)).toEqual(['@_*support* ']);
    expect(
      suggestionsFor({ kind: 'mention', query: 'al', silent: false, start: 0 }, sources()).map((s) => s.key),
    ).toEqual(['user:3', 'wildcard:all']);
  });

  it('links channels and their topics, offering a new topic as typed', () => {
    expect(suggestionsFor({ kind: 'channel', query: 'de', start: 0 }, sources()).map((s) => s.insert)).toEqual([
      '#**design**',
    ]);
    const topics = suggestionsFor({ kind: 'topic', channel: 'general', query: 'l', start: 0 }, sources());
    expect(topics.map((s) => s.label)).toEqual(['l', 'lunch', 'launch plans', 'deploys']);
    const exact = suggestionsFor({ kind: 'topic', channel: 'general', query: 'lunch', start: 0 }, sources());
    expect(exact[0]!.insert).toBe('#**general>lunch** ');
    expect(suggestionsFor({ kind: 'topic', channel: 'nowhere', query: '', start: 0 }, sources())).toEqual([]);
  });

  it('finds emoji by name once the catalog is loaded', async () => {
    const emoji = await loadEmojiCatalog();
    const found = suggestionsFor({ kind: 'emoji', query: 'octo', start: 0 }, sources({ emoji }));
    expect(found[0]).toMatchObject({ label: ':octopus:', glyph: '🐙', insert: ':octopus: ' });
  });
});

describe('accept', () => {
  it('replaces the trigger with the suggestion and puts the caret after it', () => {
    const text = 'hi @ad and more';
    const trigger = triggerAt(text, 6)!;
    const [first] = suggestionsFor(trigger, sources());
    expect(accept(text, 6, trigger, first!)).toEqual({ text: 'hi @**Ada Lovelace|2**  and more', caret: 23 });
  });
});

describe('mention suggestions in a big organization', () => {
  const FIRST = ['Ada', 'Alan', 'Grace', 'Ken', 'Barbara', 'Edsger', 'Adele'];
  const LAST = ['Lovelace', 'Turing', 'Hopper', 'Thompson', 'Liskov', 'Dijkstra', 'Goldberg', 'Kay'];
  // 6,000 people, each name held by ~100 of them; every 13th is a bot and every 17th deactivated.
  const many: UserSummary[] = Array.from({ length: 6000 }, (_, i) =>
    user(i + 1, `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length) % LAST.length]}`, {
      email: `p${i + 1}.${LAST[i % LAST.length]!.toLowerCase()}@big.test`,
      isBot: i % 13 === 0,
      isActive: i % 17 !== 0,
    }),
  );
  many.push(user(7001, 'Ada Unique'));

  /** What the typeahead offered before it was indexed: rank everyone, sort, then cut. */
  function reference(query: string): string[] {
    const q = query.trim().toLowerCase();
    const rank = (n: string): number | null => {
      const l = n.toLowerCase();
      if (l.startsWith(q)) return 0;
      if (l.split(/[\s_\-.@]+/).some((w) => w.startsWith(q))) return 1;
      return l.includes(q) ? 2 : null;
    };
    return many
      .map((u, at) => ({ u, at, r: [rank(u.fullName), rank(u.email)].filter((r) => r !== null).sort()[0] }))
      .filter((s) => s.u.isActive && s.u.id !== 1 && s.r !== undefined)
      .sort((a, b) => Number(a.u.isBot) - Number(b.u.isBot) || a.r! - b.r! || a.at - b.at)
      .slice(0, 8)
      .map(({ u }) => {
        const twin = many.some((o) => o.id !== u.id && o.isActive && o.fullName === u.fullName);
        return `@**${u.fullName}${twin ? `|${u.id}` : ''}** `;
      });
  }

  it('offers the same people, in the same order and with the same |id, as ranking everyone would', () => {
    const big = sources({ users: many, groups: [] });
    for (const query of ['', 'a', 'ad', 'ada', 'ada u', 'ov', 'tur', 'p12', 'kay', 'dijkstra', 'zzz', 'big.test']) {
      const found = suggestionsFor({ kind: 'mention', query, silent: false, start: 0 }, big)
        .filter((s) => s.key.startsWith('user:'))
        .map((s) => s.insert);
      expect(found, query).toEqual(reference(query));
    }
    const unique = suggestionsFor({ kind: 'mention', query: 'ada u', silent: false, start: 0 }, big);
    expect(unique[0]!.insert).toBe('@**Ada Unique** ');
  });

  it('builds the index while idle once asked to prepare, so the first @ finds it ready', async () => {
    const list = [...many];
    prepareMentionIndex(list);
    expect(mentionIndexReady(list)).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(mentionIndexReady(list)).toBe(true);
  });

  it('prepares a user list once, however many keys are typed', () => {
    const list = [...many];
    expect(mentionIndex(list)).toBe(mentionIndex(list));
    expect(mentionIndex([...many])).not.toBe(mentionIndex(list));
    expect(mentionIndex(list).nameCounts.get('Ada Unique')).toBe(1);
    expect(mentionIndex(list).entries.some((e) => !e.user.isActive)).toBe(false);
  });
});
