import { webPublicAccessEnabled } from '../channels/spectators';
import { renderPlain } from '../markdown/render';
import type { ApiRoute } from '../http/route';
import { versionFields } from '../version';
import type { App } from '../app';

/** Absolute URL of the generated organization icon (served by routes/assets.ts). */
export function realmIconUrl(app: App): string {
  return `${app.baseUrl}/realm/icon.svg?version=${app.store.realm.get().icon_version}`;
}

export const serverSettingsRoutes: ApiRoute[] = [
  {
    /** GET /server_settings: capabilities and login methods; no authentication (api-v1.md 2.5). */
    method: 'GET',
    path: '/server_settings',
    auth: 'none',
    handler: ({ app }) => {
      const realm = app.store.realm.get();
      return {
        authentication_methods: {
          password: true,
          dev: false,
          email: true,
          ldap: false,
          remoteuser: false,
          github: false,
          azuread: false,
          gitlab: false,
          apple: false,
          google: false,
          saml: false,
          'openid connect': false,
        },
        external_authentication_methods: [],
        ...versionFields(app.options.featureLevel),
        push_notifications_enabled: app.push.configured,
        is_incompatible: false,
        email_auth_enabled: true,
        require_email_format_usernames: true,
        realm_url: app.baseUrl,
        realm_uri: app.baseUrl,
        realm_name: realm.name,
        realm_icon: realmIconUrl(app),
        realm_description: renderPlain(realm.description),
        realm_web_public_access_enabled: webPublicAccessEnabled(app),
      };
    },
  },
];
