import type { EmailInviteRow } from '../store/invites';

/** An email invitation as GET /invites lists it (Zulip's Invite object without link_url). */
export function formatEmailInvite(invite: EmailInviteRow): Record<string, unknown> {
  return {
    id: invite.id,
    invited_by_user_id: invite.referrer_id,
    invited: invite.date_created,
    expiry_date: invite.expires_at,
    invited_as: invite.invited_as,
    email: invite.email,
    notify_referrer_on_join: invite.notify_referrer_on_join === 1,
    is_multiuse: false,
  };
}
