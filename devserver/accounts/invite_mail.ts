/**
 * What happens around an emailed invitation besides its row: the invitation mail with its
 * confirmation link (Zulip's /accounts/do_confirm/<key>), the account created from it, and
 * `invites_changed`, which Zulip sends to the organization's administrators and the invitation's
 * sender whenever the set of invitations changes (zerver/actions/invites.py).
 */
import { randomInt } from 'node:crypto';
import { nowSeconds, type App } from '../app';
import type { EmailInviteRow } from '../store/invites';
import { ROLE } from '../store/rows';

const KEY_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** Zulip's confirmation keys: 24 lowercase letters and digits. */
export function newConfirmationKey(): string {
  let key = '';
  for (let i = 0; i < 24; i++) key += KEY_ALPHABET[randomInt(KEY_ALPHABET.length)];
  return key;
}

export function confirmationLink(app: App, invite: EmailInviteRow): string {
  return `${app.baseUrl}/accounts/do_confirm/${invite.confirmation_key}`;
}

/** Records the invitation mail (sent again by a resend, with the same link). */
export function mailInvitation(app: App, invite: EmailInviteRow): void {
  const realm = app.store.realm.get().name;
  const inviter = app.store.users.byId(invite.referrer_id)?.full_name ?? 'Someone';
  const body = `${inviter} wants you to join them on Zulip — the ${realm} organization.\n\nTo get started, visit the link below:\n${confirmationLink(app, invite)}\n`;
  app.store.confirmations.recordEmail(invite.email, `${inviter} invited you to join ${realm}`, body, nowSeconds());
}

/** Zulip's notify_invites_changed: to every active administrator, and to the sender. */
export function publishInvitesChanged(app: App, referrerId: number): void {
  const admins = app.store.users.all().filter((user) => user.is_active === 1 && user.role <= ROLE.admin);
  const to = [...new Set([...admins.map((user) => user.id), referrerId])];
  app.queues.publish(to, 'invites_changed', () => ({ type: 'invites_changed' }));
}
