/**
 * The compose box's own keys, as in Zulip: Ctrl+B bold, Ctrl+I italic, Ctrl+Shift+L link around
 * the selection (pressed again around a formatted selection, the markers come off), and what
 * Enter does under the user's "Enter sends" setting (enter_sends): on, Enter sends and
 * Ctrl+Enter starts a new line; off, Ctrl+Enter sends and Enter starts a new line. Shift+Enter is
 * always a new line.
 */

/** The formats the keys apply; lib/formatting.ts (toggleFormat) does the text work. */
export type ComposeFormat = 'bold' | 'italic' | 'link';

export interface ComposeKey {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

export function formatFor(event: ComposeKey): ComposeFormat | null {
  if (!(event.ctrlKey || event.metaKey) || event.altKey) return null;
  const key = event.key.toLowerCase();
  if (!event.shiftKey && key === 'b') return 'bold';
  if (!event.shiftKey && key === 'i') return 'italic';
  if (event.shiftKey && key === 'l') return 'link';
  return null;
}

/** What Enter does in the compose box; null leaves it to the text area (a new line of its own). */
export function enterAction(event: ComposeKey, enterSends: boolean): 'send' | 'newline' | null {
  if (event.key !== 'Enter' || event.shiftKey || event.altKey) return null;
  const ctrl = event.ctrlKey || event.metaKey;
  if (enterSends) return ctrl ? 'newline' : 'send';
  return ctrl ? 'send' : null;
}
