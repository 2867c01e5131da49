/** realm_emoji events carry every custom emoji after any change (deactivated ones too). */
import type { RealmEmojiEvent } from '../../api/schemas/record-events';
import type { RealmEmojiMap } from '../../api/schemas/records';
import type { StoredCustomEmoji } from '../../store/repos/emoji-table';
import type { Delta } from '../deltas';
import type { ApplyContext } from './context';

export function toStoredCustomEmoji(map: RealmEmojiMap): StoredCustomEmoji[] {
  return Object.values(map).map((e) => ({
    id: e.id,
    name: e.name,
    sourceUrl: e.source_url,
    deactivated: e.deactivated === true,
  }));
}

export function applyRealmEmoji({ store }: ApplyContext, ev: RealmEmojiEvent): Delta[] {
  store.emojiTable.replaceCustomEmoji(toStoredCustomEmoji(ev.realm_emoji));
  return [{ kind: 'recordsChanged', areas: ['emoji'] }];
}
