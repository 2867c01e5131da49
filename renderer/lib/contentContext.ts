/**
 * What message content needs from the account without every list passing it down: the
 * organization's code playgrounds (links on code blocks) and its emoji names (picker and
 * autocomplete). Home provides it; SafeHtml, the picker and compose read it and do without where
 * no account is around (sign-in screen, tests): Zulip's bundled emoji table then applies.
 */
import { getContext, setContext } from 'svelte';
import type { EmojiNameTable } from '../../common/emoji-names';
import type { PlaygroundView } from '../../common/model';
import { loadEmojiCatalog, type EmojiCatalog } from './emojiCatalog';

const KEY = Symbol('parley-content');

export interface ContentContext {
  playgrounds: () => readonly PlaygroundView[];
  /** The account's emoji names (null: its server publishes none). */
  emojiNames?: () => Promise<EmojiNameTable | null>;
}

export function provideContent(context: ContentContext): void {
  setContext(KEY, context);
}

export function contentContext(): ContentContext | undefined {
  return getContext<ContentContext | undefined>(KEY);
}

/** The emoji catalog of the account in this context (call during component set-up). */
export function emojiCatalogLoader(): () => Promise<EmojiCatalog> {
  const names = contentContext()?.emojiNames;
  return async () => loadEmojiCatalog(names ? await names() : null);
}
