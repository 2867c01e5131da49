import type { App } from '../app';
import type { InviteRow } from '../store/invites';

/** Where a new user redeems a reusable link: the sign-up page served by routes/signup.ts. */
export function inviteLink(app: App, invite: InviteRow): string {
  return `${app.baseUrl}/join/${invite.confirmation_key}/`;
}

/**
 * An invitation as GET /invites lists it (Zulip's Invite object): an emailed one names its
 * address, a reusable link gives its URL instead.
 */
export function formatInvite(app: App, invite: InviteRow): Record<string, unknown> {
  const common = {
    id: invite.id,
    invited_by_user_id: invite.referrer_id,
    invited: invite.date_created,
    expiry_date: invite.expires_at,
    invited_as: invite.invited_as,
  };
  if (invite.kind === 'link') return { ...common, is_multiuse: true, link_url: inviteLink(app, invite) };
  return {
    ...common,
    email: invite.email,
    notify_referrer_on_join: invite.notify_referrer_on_join === 1,
    is_multiuse: false,
  };
}
