import type { MentionDirectory } from '../markdown/directory';
import type { UserRow } from '../store/rows';
import type { Store } from '../store/store';
import { uploadedImage } from '../uploads/thumbnails';
import { emojiImagePath } from './realm_emoji';

/**
 * A mention directory over the store's current users and channels. Full names match
 * case-insensitively; deactivated users and system bots can still be mentioned, as on Zulip.
 */
export function storeDirectory(store: Store): MentionDirectory {
  // Indexed when a message first names someone: most messages name nobody, and every message
  // sent is a write that drops the users' kept list (at 30,000 people ~100 ms to read again).
  let people: { byName: Map<string, UserRow>; byId: Map<number, UserRow> } | undefined;
  const index = () => {
    const users = store.users.all();
    return (people ??= {
      byName: new Map(users.map((user) => [user.full_name.toLowerCase(), user])),
      byId: new Map(users.map((user) => [user.id, user])),
    });
  };
  const channels = new Map(store.channels.all().map((channel) => [channel.name.toLowerCase(), channel]));
  let linkifiers: ReadonlyArray<{ pattern: string; url_template: string }> | undefined;
  return {
    userByName: (name) => index().byName.get(name.toLowerCase()),
    userById: (id) => index().byId.get(id),
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
