/**
 * The user's alert words, highlighted in message HTML the way Zulip shows them. Runs on HTML the
 * sanitizer already cleaned: it only splits text nodes and wraps the matches in
 * <mark class="alert-word">, built with DOM calls, so a word can never become markup.
 *
 * A word counts where it stands alone, by the rule the server uses to set has_alert_word: the
 * character before it is the start, whitespace or one of ( " . , ' ; [ * ` > and the one after
 * it the end, whitespace or one of ) " ? : . , ' ; ] ! * ` (so "one" matches in "(one)" and
 * "One o'clock" but not in "clone" or "t.co/one"). Case does not matter. Code (code, pre, kbd)
 * is left alone, as the server does not look inside code blocks; attributes are never touched.
 * A phrase split by markup ("rock <b>on</b>") is not found, as each text node is matched alone.
 */

const BEFORE = String.raw`\s(".,';\[*\x60>`;
const AFTER = String.raw`\s)"?:.,';\]!*\x60`;
/** Text inside these elements is never highlighted. */
const SKIP = 'code, pre, kbd';
export const ALERT_WORD_CLASS = 'alert-word';

// Only the syntax characters: the pattern has the u flag, which refuses any other escape.
const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
/** How text appears in serialized HTML, for the quick check before parsing. */
const escapeHtml = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

interface Matcher {
  key: string;
  /** Lowercased words, to check the HTML cheaply before parsing it. */
  needles: string[];
  pattern: RegExp | null;
}

let last: Matcher = { key: '', needles: [], pattern: null };

/** The matcher for a list of words; kept for the last list, as every message uses the same one. */
function matcherFor(words: readonly string[]): Matcher {
  const key = words.join('\n');
  if (key === last.key) return last;
  const cleaned = [...new Set(words.map((w) => w.trim().toLowerCase()).filter((w) => w !== ''))];
  // Longest first, so a phrase wins over a word it starts with.
  cleaned.sort((a, b) => b.length - a.length);
  const pattern =
    cleaned.length === 0
      ? null
      : new RegExp(`(?<=^|[${BEFORE}])(?:${cleaned.map(escapeRegExp).join('|')})(?=$|[${AFTER}])`, 'giu');
  last = { key, needles: cleaned.map(escapeHtml), pattern };
  return last;
}

/** The text node split into plain text and highlighted matches, or null when nothing matches. */
function highlighted(text: string, pattern: RegExp, className: string): DocumentFragment | null {
  pattern.lastIndex = 0;
  let match = pattern.exec(text);
  if (match === null) return null;
  const fragment = document.createDocumentFragment();
  let at = 0;
  for (; match !== null; match = pattern.exec(text)) {
    if (match.index > at) fragment.append(text.slice(at, match.index));
    const mark = document.createElement('mark');
    mark.className = className;
    mark.textContent = match[0];
    fragment.append(mark);
    at = match.index + match[0].length;
  }
  if (at < text.length) fragment.append(text.slice(at));
  return fragment;
}

/** Sanitized HTML with the user's alert words wrapped in <mark class="alert-word">. */
export function highlightAlertWords(cleanHtml: string, words: readonly string[]): string {
  const { needles, pattern } = matcherFor(words);
  if (pattern === null) return cleanHtml;
  const lower = cleanHtml.toLowerCase();
  if (!needles.some((needle) => lower.includes(needle))) return cleanHtml;
  return markMatches(cleanHtml, pattern, ALERT_WORD_CLASS);
}

/**
 * Sanitized HTML with every match of `pattern` (global) in its text, outside code, wrapped in
 * <mark class={className}>, built with DOM calls.
 */
export function markMatches(cleanHtml: string, pattern: RegExp, className: string): string {
  // A template's content is inert: parsing it loads no image and runs nothing.
  const template = document.createElement('template');
  template.innerHTML = cleanHtml;
  const walker = document.createTreeWalker(template.content, NodeFilter.SHOW_TEXT);
  const texts: Text[] = [];
  for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) texts.push(node as Text);
  let changed = false;
  for (const text of texts) {
    if (text.parentElement?.closest(SKIP)) continue;
    const replacement = highlighted(text.data, pattern, className);
    if (replacement === null) continue;
    text.replaceWith(replacement);
    changed = true;
  }
  return changed ? template.innerHTML : cleanHtml;
}
