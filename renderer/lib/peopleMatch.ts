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
  // Most names do not contain the query at all: they are ruled out before any splitting.
  if (!n.includes(query)) return null;
  if (n.startsWith(query)) return 0;
  return n.split(WORD_BREAK).some((w) => w.startsWith(query)) ? 1 : 2;
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
