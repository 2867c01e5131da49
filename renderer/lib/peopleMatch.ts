/**
 * Type-ahead matching, as Zulip's pickers and autocomplete do it: a name that starts with what was
 * typed first, then one with a word that does, then one that merely contains it; otherwise in the
 * order given. Case does not matter.
 */

/** What separates the words of a name or an email. */
const BREAK_CHARS = /[\s_\-.@]/;

/** 0 when the whole name starts with the query, 1 when one of its words does, 2 when it contains it; null otherwise. */
export function matchRank(name: string, query: string): number | null {
  return rankLowered(name.toLowerCase(), query);
}

/**
 * matchRank of a name already lower-cased. A word starts at the beginning or after a separator,
 * so its prefixes are found by looking at what precedes each occurrence of the query, without
 * splitting the name (a query holding a separator cannot be the prefix of one word).
 */
export function rankLowered(name: string, query: string): number | null {
  let at = name.indexOf(query);
  // Most names do not contain the query at all: they are ruled out first.
  if (at === -1) return null;
  if (at === 0) return 0;
  if (BREAK_CHARS.test(query)) return 2;
  while (at !== -1) {
    if (BREAK_CHARS.test(name[at - 1]!)) return 1;
    at = name.indexOf(query, at + 1);
  }
  return 2;
}

/** The items that match `query` by any of their names, best first. */
export function rankedMatches<T>(items: readonly T[], query: string, names: (t: T) => string[]): T[] {
  const q = query.trim().toLowerCase();
  const scored: { item: T; score: number; at: number }[] = [];
  items.forEach((item, at) => {
    let best: number | null = null;
    for (const n of names(item)) {
      const r = matchRank(n, q);
      if (r !== null && (best === null || r < best)) best = r;
    }
    if (best !== null) scored.push({ item, score: best, at });
  });
  return scored.sort((a, b) => a.score - b.score || a.at - b.at).map((s) => s.item);
}

/**
 * The best `limit` matches, in rankedMatches' order, without ranking them all: at most `limit` per
 * rank are kept, and the scan stops once the best rank has `limit` (30,000 people in the biggest
 * organizations, where a one-letter query matches most of them).
 */
export function matchPeople<T>(items: readonly T[], query: string, names: (t: T) => string[], limit: number): T[] {
  const q = query.trim().toLowerCase();
  const byRank: T[][] = [[], [], []];
  for (const item of items) {
    let best: number | null = null;
    for (const n of names(item)) {
      const r = matchRank(n, q);
      if (r !== null && (best === null || r < best)) best = r;
    }
    if (best === null) continue;
    const bucket = byRank[best]!;
    if (bucket.length < limit) bucket.push(item);
    if (byRank[0]!.length >= limit) break;
  }
  return byRank.flat().slice(0, limit);
}

/**
 * The people whose name or email contains what was typed, in the order given (a list sorted by
 * name stays so): the admin Users list and a channel's subscribers filter this way. Nothing typed:
 * everyone.
 */
export function filterByNameOrEmail<T extends { fullName: string; email: string }>(
  people: readonly T[],
  typed: string,
): readonly T[] {
  const words = typed.trim().toLowerCase();
  if (words === '') return people;
  return people.filter((u) => u.fullName.toLowerCase().includes(words) || u.email.toLowerCase().includes(words));
}
