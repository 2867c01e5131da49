/**
 * Compose's formatting buttons, as Zulip's: each wraps the selection (or a placeholder word, left
 * selected for typing over) in the Markdown Zulip renders. Block styles (quote, spoiler, a code
 * or math block for several lines) go on lines of their own.
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
