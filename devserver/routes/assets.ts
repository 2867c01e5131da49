import type { AssetRoute } from '../http/route';
import { ApiError } from '../http/errors';
import { EMOJI_API_JSON, EMOJI_API_PATH, ZULIP_EMOJI_PATH } from '../markdown/emoji_catalog';
import { initials, initialsSvg } from '../svg';

const SVG = 'image/svg+xml';

export const assetRoutes: AssetRoute[] = [
  {
    /** GET /avatar/{user}: a user's avatar by ID or email (Zulip's /avatar/ redirect target); ?s=medium is larger. */
    method: 'GET',
    path: '/avatar/{user}',
    handler: ({ app, pathParams, url }) => {
      const key = pathParams['user'] ?? '';
      const user = /^\d+$/.test(key) ? app.store.users.byId(Number(key)) : app.store.users.byDeliveryEmail(key);
      if (!user) throw new ApiError(404, 'BAD_REQUEST', 'No such user');
      const size = url.searchParams.get('s') === 'medium' ? 500 : 100;
      return { contentType: SVG, body: initialsSvg(initials(user.full_name), user.id, size) };
    },
  },
  {
    /** GET /realm/icon.svg: the organization's square icon, referenced by realm_icon. */
    method: 'GET',
    path: '/realm/icon.svg',
    handler: ({ app }) => {
      const realm = app.store.realm.get();
      return { contentType: SVG, body: initialsSvg(initials(realm.name), 7, 256) };
    },
  },
  {
    /** GET server_emoji_data_url: Zulip's emoji names (`code_to_names`); the hash in the path makes it immutable. */
    method: 'GET',
    path: EMOJI_API_PATH,
    handler: () => ({
      contentType: 'application/json',
      body: EMOJI_API_JSON,
      cacheControl: 'public, max-age=31536000, immutable',
    }),
  },
  {
    /** GET /user_avatars/{realm}/emoji/images/{file}: a custom emoji's image (deactivated ones too). */
    method: 'GET',
    path: '/user_avatars/{realm}/emoji/images/{file}',
    handler: ({ app, pathParams }) => {
      const id = Number(/^(\d+)\.[a-z]+$/.exec(pathParams['file'] ?? '')?.[1]);
      const found = Number.isInteger(id) ? app.store.realmEmoji.image(id) : undefined;
      if (!found) throw new ApiError(404, 'BAD_REQUEST', 'No such emoji');
      return { contentType: found.content_type, body: found.image };
    },
  },
  {
    /** GET Zulip's `:zulip:` emoji image (a drawn stand-in: the real one is Zulip's logo). */
    method: 'GET',
    path: ZULIP_EMOJI_PATH,
    handler: () => ({ contentType: SVG, body: initialsSvg('Z', 3, 64) }),
  },
];
