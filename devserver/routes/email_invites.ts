import { nowSeconds, type App } from '../app';
import { GroupGraph, type GroupSettingValue } from '../groups/graph';
import { accessGroupForUpdate } from '../groups/access';
import { realmValue } from '../groups/permissions';
import { ApiError, badRequest } from '../http/errors';
import type { Params } from '../http/params';
import type { ApiRoute } from '../http/route';
import type { EmailInviteRow } from '../store/invites';
import { ROLE, type UserRow } from '../store/rows';
import { checkInviteChannels, DEFAULT_VALIDITY_MINUTES, inviteUsable, requireMemberOrAdmin } from './invites';
import { adminRequired, ownerRequired } from './realm';
import { mailInvitation, newConfirmationKey, publishInvitesChanged } from '../accounts/invite_mail';

const ROLES: readonly number[] = [ROLE.owner, ROLE.admin, ROLE.moderator, ROLE.member, ROLE.guest];
/** Loose on purpose, like Django's check of shape: something@domain.tld, no spaces. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** invite_expires_in_minutes: JSON null (never), a whole number of minutes, or absent (ten days). */
function readExpiry(params: Params, now: number): number | null {
  if (!params.has('invite_expires_in_minutes')) return now + DEFAULT_VALIDITY_MINUTES * 60;
  const raw = params.json('invite_expires_in_minutes');
  if (raw === null) return null;
  if (!(Number.isSafeInteger(raw) && (raw as number) >= 0)) throw badRequest('Invalid invite_expires_in_minutes');
  return now + (raw as number) * 60;
}

/** Zulip's get_invitee_emails_set: commas or new lines between addresses, blanks dropped. */
function readEmails(params: Params): string[] {
  const emails = (params.requiredString('invitee_emails') ?? '')
    .split(/[,\n]/)
    .map((email) => email.trim())
    .filter((email) => email !== '');
  if (emails.length === 0) throw badRequest('You must specify at least one email address.');
  return [...new Set(emails)];
}

function invitationFailed(msg: string, errors: Array<[string, string, boolean]>, sent: boolean): ApiError {
  return new ApiError(400, 'INVITATION_FAILED', msg, {
    errors,
    sent_invitations: sent,
    license_limit_reached: false,
    daily_limit_reached: false,
  });
}

/** Why an address cannot be invited, in Zulip's words, or null if it can. */
function refusal(app: App, email: string): string | null {
  const existing = app.store.users.byDeliveryEmail(email);
  if (!existing) return null;
  return existing.is_active === 1 ? 'Already has an account.' : 'Account has been deactivated.';
}

function manageable(app: App, user: UserRow, raw: string | undefined): EmailInviteRow {
  const id = Number(raw);
  const invite = Number.isSafeInteger(id) ? app.store.records.invites.email(id) : undefined;
  if (!invite || !inviteUsable(invite)) throw badRequest('No such invitation');
  if (invite.referrer_id !== user.id) {
    if (invite.invited_as === ROLE.owner && user.role !== ROLE.owner) throw ownerRequired();
    if (user.role > ROLE.admin) throw adminRequired();
  }
  return invite;
}

export const emailInviteRoutes: ApiRoute[] = [
  {
    /**
     * POST /invites: invitations by email (the mail is recorded, listed at /emails/). Zulip's order of
     * checks: permission, addresses, role, channels and groups; malformed addresses stop
     * everything, addresses already in use are skipped and reported (INVITATION_FAILED).
     */
    method: 'POST',
    path: '/invites',
    auth: 'user',
    handler: ({ app, user, params }) => {
      requireMemberOrAdmin(user);
      const graph = GroupGraph.load(app.store);
      const allowed = realmValue(app, graph, 'can_invite_users_group') as GroupSettingValue;
      if (user.role > ROLE.admin && !graph.has(allowed, user.id)) throw badRequest('Insufficient permission');
      const emails = readEmails(params);
      const invitedAs = params.int('invite_as', ROLE.member);
      if (!ROLES.includes(invitedAs)) throw badRequest('Invalid invite_as');
      if (invitedAs === ROLE.owner && user.role !== ROLE.owner) throw ownerRequired();
      if (invitedAs === ROLE.admin && user.role > ROLE.admin) throw adminRequired();
      const channels = checkInviteChannels(app, graph, user, params.intList('stream_ids') ?? []);
      const groupIds = [...new Set(params.intList('group_ids') ?? [])];
      for (const id of groupIds) accessGroupForUpdate(app, graph, user, id, 'can_add_members_group', false);
      const notify = params.bool('notify_referrer_on_join', true);
      params.accept('include_realm_default_subscriptions', 'welcome_message_custom_text');
      const now = nowSeconds();
      const expiresAt = readExpiry(params, now);

      const invalid = emails.filter((email) => !EMAIL.test(email));
      if (invalid.length > 0) {
        const errors = invalid.map((email): [string, string, boolean] => [email, 'Invalid address.', false]);
        throw invitationFailed("Some emails did not validate, so we didn't send any invitations.", errors, false);
      }
      const skipped = emails.flatMap((email): Array<[string, string, boolean]> => {
        const why = refusal(app, email);
        return why ? [[email, why, false]] : [];
      });
      const sendTo = emails.filter((email) => !skipped.some(([e]) => e === email));
      if (sendTo.length === 0) throw invitationFailed("We weren't able to invite anyone.", skipped, false);
      const made = app.store.transaction(() =>
        sendTo.map((email) =>
          app.store.records.invites.insertEmail({
            confirmation_key: newConfirmationKey(),
            email,
            referrer_id: user.id,
            invited_as: invitedAs,
            date_created: now,
            expires_at: expiresAt,
            stream_ids: channels.map((channel) => channel.id),
            group_ids: groupIds,
            notify_referrer_on_join: notify,
          }),
        ),
      );
      for (const invite of made) mailInvitation(app, invite);
      publishInvitesChanged(app, user.id);
      if (skipped.length > 0) {
        const msg =
          "Some of those addresses are already using Zulip, so we didn't send them an invitation. " +
          'We did send invitations to everyone else!';
        throw invitationFailed(msg, skipped, true);
      }
      return {};
    },
  },
  {
    /** DELETE /invites/{invite_id}: revokes an email invitation (its sender, or an administrator). */
    method: 'DELETE',
    path: '/invites/{invite_id}',
    auth: 'user',
    handler: ({ app, user, pathParams }) => {
      requireMemberOrAdmin(user);
      const invite = manageable(app, user, pathParams['invite_id']);
      app.store.records.invites.revoke('email', invite.id);
      publishInvitesChanged(app, invite.referrer_id);
      return {};
    },
  },
  {
    /** POST /invites/{invite_id}/resend: sends an email invitation again (recorded as times_sent). */
    method: 'POST',
    path: '/invites/{invite_id}/resend',
    auth: 'user',
    handler: ({ app, user, pathParams }) => {
      requireMemberOrAdmin(user);
      const invite = manageable(app, user, pathParams['invite_id']);
      app.store.records.invites.resend(invite.id, nowSeconds());
      mailInvitation(app, app.store.records.invites.email(invite.id)!);
      publishInvitesChanged(app, invite.referrer_id);
      return {};
    },
  },
];
