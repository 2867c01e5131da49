/**
 * The compose box's own keys, as in Zulip: Ctrl+B bold, Ctrl+I italic, Ctrl+Shift+L link around
 * the selection (pressed again around a formatted selection, the markers come off), and what
 * Enter does under the user's "Enter sends" setting (enter_sends): on, Enter sends and
 * Ctrl+Enter starts a new line; off, Ctrl+Enter sends and Enter starts a new line. Shift+Enter is
 * always a new line.
 */

export type ComposeFormat = 'bold' | 'italic' | 'link';

export interface ComposeKey {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

/** The text after formatting, and what is selected in it. */
export interface Formatted {
  text: string;
  start: number;
  end: number;
}

export function formatFor(event: ComposeKey): ComposeFormat | null {
  if (!(event.ctrlKey || event.metaKey) || event.altKey) return null;
  const key = event.key.toLowerCase();
  if (!event.shiftKey && key === 'b') return 'bold';
  if (!event.shiftKey && key === 'i') return 'italic';
  if (event.shiftKey && key === 'l') return 'link';
  return null;
}

const MARKERS: Record<Exclude<ComposeFormat, 'link'>, string> = { bold: '**', italic: '*' };

/** Formats the selection `start..end` of `text` (an empty selection: the markers, caret between them). */
export function applyFormat(text: string, start: number, end: number, format: ComposeFormat): Formatted {
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

/** What Enter does in the compose box; null leaves it to the text area (a new line of its own). */
export function enterAction(event: ComposeKey, enterSends: boolean): 'send' | 'newline' | null {
  if (event.key !== 'Enter' || event.shiftKey || event.altKey) return null;
  const ctrl = event.ctrlKey || event.metaKey;
  if (enterSends) return ctrl ? 'newline' : 'send';
  return ctrl ? 'send' : null;
}
