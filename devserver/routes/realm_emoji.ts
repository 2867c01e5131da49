import { decodeFile } from '../http/body';
import type { ApiRoute } from '../http/route';
import { addRealmEmoji, deactivateRealmEmoji, realmEmojiState } from '../messaging/realm_emoji';

export const realmEmojiRoutes: ApiRoute[] = [
  {
    /** GET /realm/emoji: every custom emoji (deactivated ones too), by ID. */
    method: 'GET',
    path: '/realm/emoji',
    auth: 'user',
    handler: ({ app }) => ({ emoji: realmEmojiState(app) }),
  },
  {
    /** POST /realm/emoji/{emoji_name}: uploads one image (multipart, any field name). */
    method: 'POST',
    path: '/realm/emoji/{emoji_name}',
    auth: 'user',
    handler: ({ app, user, params, pathParams }) => {
      const files = params
        .unused()
        .map((name) => {
          const value = params.string(name);
          return value === undefined ? undefined : decodeFile(value);
        })
        .filter((file) => file !== undefined);
      addRealmEmoji(app, user, pathParams['emoji_name'] ?? '', files);
      return {};
    },
  },
  {
    /** DELETE /realm/emoji/{emoji_name}: deactivates it; old messages and reactions keep showing it. */
    method: 'DELETE',
    path: '/realm/emoji/{emoji_name}',
    auth: 'user',
    handler: ({ app, user, pathParams }) => {
      deactivateRealmEmoji(app, user, pathParams['emoji_name'] ?? '');
      return {};
    },
  },
];
