/**
 * The words of a search, highlighted in its results as Zulip marks them: a result matches where a
 * word of the message starts with a searched word ("lunch" in "Lunches"), case aside. Operators
 * (channel:, sender:, is:, ...) are not text and are left out.
 */
import { markMatches } from './alertWords';

/** The free words of a query, without its operators (quoted operands included). */
export function searchWords(query: string): string[] {
  const withoutOperators = query.replace(/(?:^|\s)-?[\w-]+:(?:"[^"]*"|\S*)/g, ' ');
  return withoutOperators
    .replace(/"/g, ' ')
    .split(/\s+/)
    .filter((word) => word !== '');
}

export const SEARCH_MATCH_CLASS = 'search-match';
const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** Sanitized result HTML with each word that starts with a searched word wrapped in <mark class="search-match">. */
export function highlightSearchWords(cleanHtml: string, words: readonly string[]): string {
  const cleaned = [...new Set(words.map((w) => w.toLowerCase()))].sort((a, b) => b.length - a.length);
  if (cleaned.length === 0) return cleanHtml;
  const lower = cleanHtml.toLowerCase();
  if (!cleaned.some((word) => lower.includes(word))) return cleanHtml;
  // The start of a word: no letter or digit just before it.
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])(?:${cleaned.map(escapeRegExp).join('|')})`, 'giu');
  return markMatches(cleanHtml, pattern, SEARCH_MATCH_CLASS);
}
