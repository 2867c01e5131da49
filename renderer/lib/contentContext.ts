/**
 * What message content needs from the account without every list passing it down: the
 * organization's code playgrounds (links on code blocks), its emoji names and custom emoji (picker,
 * autocomplete, reaction chips). Home provides it; SafeHtml, the picker and compose read it and do without where
 * no account is around (sign-in screen, tests): Zulip's bundled emoji table then applies.
 */
import { getContext, setContext } from 'svelte';
import type { CustomEmoji, EmojiNameTable } from '../../common/emoji-names';
import type { PlaygroundView } from '../../common/model';
import { loadEmojiCatalog, type EmojiCatalog } from './emojiCatalog';
import type { Uploader } from './uploads';

const KEY = Symbol('parley-content');

export interface ContentContext {
  playgrounds: () => readonly PlaygroundView[];
  /** The account's emoji names (null: its server publishes none). */
  emojiNames?: () => Promise<EmojiNameTable | null>;
  /** The organization's custom emoji (fetched on first use). */
  customEmoji?: () => Promise<CustomEmoji[]>;
  /** A custom emoji's image by ID, as already loaded (reaction chips). */
  customEmojiImage?: (id: string) => string | null;
  /** Zulip's own `:zulip:` emoji (reaction_type zulip_extra_emoji), a static image of every server. */
  zulipEmojiImage?: () => string | null;
  /** Uploads through main (attach, paste, drop), and key-free URLs to show uploaded images. */
  uploader?: Uploader;
  /** The organization's URL (message HTML's links and images are relative to it). */
  realmUrl?: string;
  /** The server's rendering of a draft (POST /messages/render), for compose's preview. */
  renderPreview?: (content: string) => Promise<string>;
}

/** Where every Zulip server serves the `:zulip:` emoji's image. */
export const ZULIP_EMOJI_PATH = '/static/generated/emoji/images/emoji/unicode/zulip.png';

export function provideContent(context: ContentContext): void {
  setContext(KEY, context);
}

export function contentContext(): ContentContext | undefined {
  return getContext<ContentContext | undefined>(KEY);
}

/** The emoji catalog of the account in this context (call during component set-up). */
export function emojiCatalogLoader(): () => Promise<EmojiCatalog> {
  const context = contentContext();
  return async () => {
    const [names, custom] = await Promise.all([context?.emojiNames?.() ?? null, context?.customEmoji?.() ?? []]);
    return loadEmojiCatalog(names, custom);
  };
}
