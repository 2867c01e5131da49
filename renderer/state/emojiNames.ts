/**
 * One account's emoji name table as main holds it (emoji:names): asked for the first time the
 * picker or autocomplete needs it, and again after main says it changed (a new table from the
 * server). Until it answers, or if it fails, Zulip's bundled table is used.
 */
import type { EmojiNameTable } from '../../common/emoji-names';
import type { BridgeClient } from '../lib/bridge';

export function accountEmojiNames(
  bridge: BridgeClient,
  accountId: string,
): { names: () => Promise<EmojiNameTable | null>; dispose: () => void } {
  let current: Promise<EmojiNameTable | null> | null = null;
  const dispose = bridge.on('records:changed', (p) => {
    if (p.accountId === accountId && p.areas.includes('emoji')) current = null;
  });
  const names = () => {
    current ??= bridge.call('emoji:names', { accountId }).catch(() => {
      current = null;
      return null;
    });
    return current;
  };
  return { names, dispose };
}
