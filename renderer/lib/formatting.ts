/**
 * Compose's formatting, in one place. The buttons (applyFormat), as Zulip's: each wraps the
 * selection (or a placeholder word, left selected for typing over) in the Markdown Zulip
 * renders; block styles (quote, spoiler, a code or math block for several lines) go on lines of
 * their own. The keys (toggleFormat, lib/composeKeys.ts): Ctrl+B / Ctrl+I put the markers around
 * the selection (an empty one: the caret between them) and take them off when pressed again;
 * Ctrl+Shift+L makes a link.
 */
export type FormatKind = 'bold' | 'italic' | 'link' | 'code' | 'quote' | 'spoiler' | 'math';

export interface Edit {
  text: string;
  /** The new selection. */
  start: number;
  end: number;
}

interface Wrap {
  before: string;
  after: string;
  /** Put in when nothing is selected. */
  placeholder: string;
  block?: boolean;
}

function wrapFor(kind: FormatKind, multiline: boolean): Wrap {
  switch (kind) {
    case 'bold':
      return { before: '**', after: '**', placeholder: 'bold text' };
    case 'italic':
      return { before: '*', after: '*', placeholder: 'italic text' };
    case 'link':
      return { before: '[', after: '](url)', placeholder: 'link text' };
    case 'code':
      return multiline
        ? { before: '```\n', after: '\n```', placeholder: 'code', block: true }
        : { before: '`', after: '`', placeholder: 'code' };
    case 'quote':
      return { before: '```quote\n', after: '\n```', placeholder: 'quoted text', block: true };
    case 'spoiler':
      return { before: '```spoiler Header\n', after: '\n```', placeholder: 'hidden content', block: true };
    case 'math':
      return multiline
        ? { before: '```math\n', after: '\n```', placeholder: 'x^2', block: true }
        : { before: '$$', after: '$$', placeholder: 'x^2' };
  }
}

export function applyFormat(kind: FormatKind, text: string, start: number, end: number): Edit {
  const selected = text.slice(start, end);
  const wrap = wrapFor(kind, selected.includes('\n'));
  const inner = selected === '' ? wrap.placeholder : selected;
  const before = text.slice(0, start);
  const after = text.slice(end);
  let open = wrap.before;
  let close = wrap.after;
  if (wrap.block) {
    if (before !== '' && !before.endsWith('\n')) open = `\n${open}`;
    if (after !== '' && !after.startsWith('\n')) close = `${close}\n`;
  }
  const text2 = before + open + inner + close + after;
  const innerStart = before.length + open.length;
  // A link with its text already there: select "url", what is left to type.
  if (kind === 'link' && selected !== '') {
    const urlStart = innerStart + inner.length + 2;
    return { text: text2, start: urlStart, end: urlStart + 3 };
  }
  return { text: text2, start: innerStart, end: innerStart + inner.length };
}

const MARKERS = { bold: '**', italic: '*' } as const;

/** Ctrl+B, Ctrl+I and Ctrl+Shift+L on the selection `start..end` of `text`. */
export function toggleFormat(text: string, start: number, end: number, format: 'bold' | 'italic' | 'link'): Edit {
  const before = text.slice(0, start);
  const chosen = text.slice(start, end);
  const after = text.slice(end);
  if (format === 'link') {
    // Zulip's link: the selected words become the link text and "url" is selected to be typed over.
    const label = `[${chosen}](`;
    return { text: `${before}${label}url)${after}`, start: start + label.length, end: start + label.length + 3 };
  }
  const mark = MARKERS[format];
  // Already formatted (and for italic, not the inside of bold): take the markers off.
  const wrapped = before.endsWith(mark) && after.startsWith(mark);
  const boldAround = format === 'italic' && before.endsWith('**') && after.startsWith('**');
  if (wrapped && (!boldAround || before.endsWith('***'))) {
    const outer = before.slice(0, -mark.length);
    return { text: outer + chosen + after.slice(mark.length), start: outer.length, end: outer.length + chosen.length };
  }
  return {
    text: before + mark + chosen + mark + after,
    start: start + mark.length,
    end: start + mark.length + chosen.length,
  };
}
