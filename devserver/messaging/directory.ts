import type { MentionDirectory } from '../markdown/directory';
import type { Store } from '../store/store';
import { uploadedImage } from '../uploads/thumbnails';
import { emojiImagePath } from './realm_emoji';

/**
 * A mention directory over the store's current users and channels. Full names match
 * case-insensitively; deactivated users and system bots can still be mentioned, as on Zulip.
 */
export function storeDirectory(store: Store): MentionDirectory {
  const users = store.users.all();
  const byName = new Map(users.map((user) => [user.full_name.toLowerCase(), user]));
  const byId = new Map(users.map((user) => [user.id, user]));
  const channels = new Map(store.channels.all().map((channel) => [channel.name.toLowerCase(), channel]));
  let linkifiers: ReadonlyArray<{ pattern: string; url_template: string }> | undefined;
  return {
    userByName: (name) => byName.get(name.toLowerCase()),
    userById: (id) => byId.get(id),
    channelByName: (name) => channels.get(name.toLowerCase()),
    realmEmoji: (name) => {
      const row = store.realmEmoji.activeByName(name);
      return row ? emojiImagePath(row) : undefined;
    },
    // Read once per directory (one send, or one seed run), not once per message.
    linkifiers: () => (linkifiers ??= store.records.linkifiers.all()),
    uploadedImage: (pathId) => uploadedImage(store, pathId),
  };
}
