import type { NarrowTerm } from './parse';

/**
 * Full-text search, simplified: the operand splits into words and "quoted phrases", and a
 * message matches when each of them occurs (case-insensitively) in its text or its topic.
 * Zulip uses PostgreSQL full-text search with stemming; substring matching is close enough for a
 * development server and keeps results predictable in tests.
 */
export function searchTokens(operand: string): string[] {
  const tokens: string[] = [];
  for (const match of operand.matchAll(/"([^"]+)"|(\S+)/g)) {
    const token = (match[1] ?? match[2] ?? '').trim();
    if (token !== '') tokens.push(token);
  }
  return tokens;
}

/** One SQL condition (all tokens must match) and its arguments, for a search operand. */
export function searchCondition(operand: string): { sql: string; args: string[] } {
  const tokens = searchTokens(operand);
  if (tokens.length === 0) return { sql: '1', args: [] };
  const one = "(m.content LIKE ? ESCAPE '\\' OR m.topic LIKE ? ESCAPE '\\')";
  return {
    sql: `(${tokens.map(() => one).join(' AND ')})`,
    args: tokens.flatMap((token) => Array<string>(2).fill(`%${likeEscape(token)}%`)),
  };
}

/** The words a narrow searches for (from its positive search terms), for highlighting. */
export function highlightTokens(terms: readonly NarrowTerm[]): string[] {
  return terms.filter((t) => t.operator === 'search' && !t.negated).flatMap((t) => searchTokens(String(t.operand)));
}

const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'" };

function decode(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39|#x27);/g, (_m, name: string) => ENTITIES[name] ?? '');
}

function escape(text: string): string {
  return text.replace(/[&<>"]/g, (c) => `&${({ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot' } as const)[c as '&']};`);
}

function pattern(tokens: readonly string[]): RegExp | null {
  if (tokens.length === 0) return null;
  const sorted = [...tokens].sort((a, b) => b.length - a.length);
  return new RegExp(sorted.map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'giu');
}

/** Plain text → escaped HTML with each match wrapped in `<span class="highlight">`. */
export function highlightText(text: string, tokens: readonly string[]): string {
  const re = pattern(tokens);
  if (!re) return escape(text);
  let out = '';
  let last = 0;
  for (const match of text.matchAll(re)) {
    const start = match.index;
    out += escape(text.slice(last, start)) + `<span class="highlight">${escape(match[0])}</span>`;
    last = start + match[0].length;
  }
  return out + escape(text.slice(last));
}

/** Rendered message HTML with matches highlighted in its text, never inside tags or attributes. */
export function highlightHtml(html: string, tokens: readonly string[]): string {
  if (tokens.length === 0) return html;
  return html
    .split(/(<[^>]*>)/)
    .map((part) => (part.startsWith('<') ? part : highlightText(decode(part), tokens)))
    .join('');
}

function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
