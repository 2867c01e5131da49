/**
 * Type-ahead matching, as Zulip's pickers and autocomplete do it: a name that starts with what was
 * typed first, then one with a word that does, then one that merely contains it; otherwise in the
 * order given. Case does not matter.
 */

/** What separates the words of a name or an email. */
export const WORD_BREAK = /[\s_\-.@]+/;

/** 0 when the whole name starts with the query, 1 when one of its words does, 2 when it contains it; null otherwise. */
export function matchRank(name: string, query: string): number | null {
  const n = name.toLowerCase();
  if (n.startsWith(query)) return 0;
  if (n.split(WORD_BREAK).some((w) => w.startsWith(query))) return 1;
  return n.includes(query) ? 2 : null;
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

/** The best `limit` matches. */
export function matchPeople<T>(items: readonly T[], query: string, names: (t: T) => string[], limit: number): T[] {
  return rankedMatches(items, query, names).slice(0, limit);
}
