import { checkSignUp, createInvitedAccount } from '../accounts/create';
import type { App } from '../app';
import { ApiError } from '../http/errors';
import { readParams } from '../http/body';
import type { AssetResult, AssetRoute } from '../http/route';
import type { InviteRow } from '../store/invites';
import { ROLE } from '../store/rows';
import { invalidLinkPage, signUpPage, welcomePage } from '../views/signup_page';
import { inviteUsable } from './invites';
import { publishInvitesChanged } from '../accounts/invite_mail';
import { sentEmailsPage } from '../views/sent_emails_page';

const ROLE_NAMES: Readonly<Record<number, string>> = {
  [ROLE.owner]: 'an organization owner',
  [ROLE.admin]: 'an organization administrator',
  [ROLE.moderator]: 'a moderator',
  [ROLE.member]: 'a member',
  [ROLE.guest]: 'a guest',
};

const html = (body: string, status = 200): AssetResult => ({
  contentType: 'text/html; charset=utf-8',
  body,
  status,
  cacheControl: 'no-store',
});

/**
 * The invitation behind a key, if it can still be used: a reusable link's, or an emailed
 * invitation's (then `email` is the one address it may create an account for).
 */
function usableInvite(app: App, key: string): InviteRow | undefined {
  const invite = app.store.records.invites.byKey(key);
  return invite && inviteUsable(invite) ? invite : undefined;
}

function formFor(app: App, invite: InviteRow) {
  return {
    ...(invite.email === null ? {} : { email: invite.email, emailFixed: true }),
    realmName: app.store.realm.get().name,
    key: invite.confirmation_key,
    roleName: ROLE_NAMES[invite.invited_as] ?? 'a member',
    inviterName: app.store.users.byId(invite.referrer_id)?.full_name ?? 'Someone',
  };
}

/**
 * Redeeming an invitation link outside the API, as a browser would: GET /join/{key}/ shows the
 * sign-up form, POST /accounts/register/ creates the account (then usable with fetch_api_key).
 * Expired or revoked links get Zulip's "expired or been deactivated" page with status 404.
 */
export const signupRoutes: AssetRoute[] = [
  {
    /** GET /join/{key}/: the sign-up form of a usable invitation link. */
    method: 'GET',
    path: '/join/{key}',
    handler: ({ app, pathParams }) => {
      const invite = usableInvite(app, pathParams['key'] ?? '');
      return invite ? html(signUpPage(formFor(app, invite))) : html(invalidLinkPage(), 404);
    },
  },
  {
    /** GET /accounts/do_confirm/{key}: an emailed invitation's link, the same form for that one address. */
    method: 'GET',
    path: '/accounts/do_confirm/{key}',
    handler: ({ app, pathParams }) => {
      const invite = usableInvite(app, pathParams['key'] ?? '');
      return invite ? html(signUpPage(formFor(app, invite))) : html(invalidLinkPage(), 404);
    },
  },
  {
    /** GET /emails/: the mail the server sent, newest last (Zulip's development server has this page). */
    method: 'GET',
    path: '/emails',
    handler: ({ app }) => html(sentEmailsPage(app.store.confirmations.emails())),
  },
  {
    /** POST /accounts/register/: creates the invited account from the form (key, email, full_name, password). */
    method: 'POST',
    path: '/accounts/register',
    handler: async ({ app, req, url }) => {
      const form = await readParams(req, url);
      const invite = usableInvite(app, form.get('key') ?? '');
      if (!invite) return html(invalidLinkPage(), 404);
      const entered = {
        // An emailed invitation is for its own address only, whatever the form says.
        email: invite.email ?? form.get('email') ?? '',
        fullName: form.get('full_name') ?? '',
        password: form.get('password') ?? '',
        timezone: form.get('timezone') ?? '',
      };
      try {
        const user = createInvitedAccount(app, invite, checkSignUp(app, entered));
        // Used: an emailed invitation leaves the pending list, as Zulip's PreregistrationUser does.
        if (invite.kind === 'email') {
          app.store.records.invites.revoke('email', invite.id);
          publishInvitesChanged(app, invite.referrer_id);
        }
        return html(welcomePage(app.store.realm.get().name, app.baseUrl, user.delivery_email, user.id));
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        const again = {
          ...formFor(app, invite),
          email: entered.email,
          fullName: entered.fullName,
          error: error.message,
        };
        return html(signUpPage(again), 400);
      }
    },
  },
];
