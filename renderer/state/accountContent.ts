/**
 * What one account's message content needs, provided to everything under Home (lib/contentContext):
 * code playgrounds, the server's emoji names, its custom emoji, Zulip's `:zulip:` image and uploads. Call
 * during Home's set-up; `load` once it is mounted, `dispose` when it goes.
 */
import type { AccountSummary, PlaygroundView } from '../../common/model';
import type { BridgeClient } from '../lib/bridge';
import { provideContent, ZULIP_EMOJI_PATH } from '../lib/contentContext';
import { safeImageUrl } from '../lib/sanitize';
import { createUploader } from '../lib/uploads';
import { CustomEmojiState } from './customEmoji.svelte';
import { accountEmojiNames } from './emojiNames';

export function provideAccountContent(
  bridge: BridgeClient,
  account: AccountSummary,
  playgrounds: () => readonly PlaygroundView[],
): { load: () => void; dispose: () => void } {
  const customEmoji = new CustomEmojiState(bridge, account.id);
  const emojiNames = accountEmojiNames(bridge, account.id);
  provideContent({
    playgrounds,
    emojiNames: emojiNames.names,
    customEmoji: () => customEmoji.load(),
    customEmojiImage: (id) => customEmoji.imageOf(id),
    zulipEmojiImage: () => safeImageUrl(ZULIP_EMOJI_PATH, account.realmUrl),
    uploader: createUploader(bridge, account.id),
    realmUrl: account.realmUrl,
    renderPreview: async (content) => (await bridge.call('messages:render', { accountId: account.id, content })).html,
  });
  return {
    // Reaction chips show custom emoji as soon as these are here.
    load: () => void customEmoji.load(),
    dispose: () => {
      customEmoji.dispose();
      emojiNames.dispose();
    },
  };
}
