/**
 * Which receivers' alert words a message contains, as Zulip decides it: the Markdown source,
 * lowercased, outside fenced code blocks; a word counts only where it stands alone, i.e. the
 * character before it is the start, whitespace or one of ( " . , ' ; [ * ` > and the character
 * after it is the end, whitespace or one of ) " ? : . , ' ; ] ! * `. So "one" alerts in "One
 * o'clock" and "(one)", but not in "clone" or "http://t.co/one".
 */
const BEFORE = new Set([' ', '\n', '\t', '(', '"', '.', ',', "'", ';', '[', '*', '`', '>']);
const AFTER = new Set([' ', '\n', '\t', ')', '"', '?', ':', '.', ',', "'", ';', ']', '!', '*', '`']);

const FENCE = /^\s{0,3}(`{3,}|~{3,})/;

/** The source without the lines of fenced code blocks (Zulip stashes them before matching). */
export function withoutFencedCode(source: string): string {
  const kept: string[] = [];
  let fence: string | null = null;
  for (const line of source.split('\n')) {
    const marker = FENCE.exec(line)?.[1];
    if (fence === null && marker !== undefined) fence = marker;
    else if (fence !== null && marker !== undefined && marker[0] === fence[0] && marker.length >= fence.length)
      fence = null;
    else if (fence === null) kept.push(line);
  }
  return kept.join('\n');
}

/** Whether `word` occurs in `text` (both already lowercased) with an allowed character on each side. */
export function containsAlertWord(text: string, word: string): boolean {
  if (word === '') return false;
  for (let at = text.indexOf(word); at !== -1; at = text.indexOf(word, at + 1)) {
    const before = at === 0 ? null : text[at - 1]!;
    const end = at + word.length;
    const after = end >= text.length ? null : text[end]!;
    if ((before === null || BEFORE.has(before)) && (after === null || AFTER.has(after))) return true;
  }
  return false;
}

/** The users among `receivers` with at least one of their alert words in `content`. */
export function usersAlerted(
  content: string,
  wordsByUser: ReadonlyMap<number, readonly string[]>,
  receivers: Iterable<number>,
): Set<number> {
  const out = new Set<number>();
  if (wordsByUser.size === 0) return out;
  const text = withoutFencedCode(content).toLowerCase();
  for (const userId of receivers) {
    const words = wordsByUser.get(userId);
    if (words?.some((word) => containsAlertWord(text, word.toLowerCase()))) out.add(userId);
  }
  return out;
}
