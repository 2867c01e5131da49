import { randomInt } from 'node:crypto';
import { nowSeconds, type App } from '../app';
import { sendNotice } from '../channels/notices';
import { addSubscriptions } from '../channels/subscribe';
import { publishGroupMembers } from '../events/group_events';
import { publishUserAdd } from '../events/user_events';
import { GroupGraph } from '../groups/graph';
import { badRequest } from '../http/errors';
import { newUserSettings, realmUserDefaults } from '../settings/user_defaults';
import { hashPassword } from '../store/passwords';
import type { InviteRow } from '../store/invites';
import { ROLE, type ChannelRow, type UserRow } from '../store/rows';

/** The system group that holds each role (Zulip's nesting does the rest). */
export const ROLE_GROUP: Readonly<Record<number, string>> = {
  [ROLE.owner]: 'role:owners',
  [ROLE.admin]: 'role:administrators',
  [ROLE.moderator]: 'role:moderators',
  [ROLE.member]: 'role:fullmembers',
  [ROLE.guest]: 'role:everyone',
};

const PASSWORD_MIN_LENGTH = 6;
const PASSWORD_MAX_LENGTH = 100;
const KEY_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export interface SignUp {
  email: string;
  fullName: string;
  password: string;
  timezone: string;
}

/** A fresh API key: 32 letters and digits, like Zulip's. */
export function newApiKey(): string {
  let key = '';
  for (let i = 0; i < 32; i++) key += KEY_ALPHABET[randomInt(KEY_ALPHABET.length)];
  return key;
}

/** Checks the sign-up form; the messages are shown on the sign-up page. */
export function checkSignUp(app: App, form: SignUp): SignUp {
  const email = form.email.trim();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw badRequest('Please enter a valid email address.');
  const existing = app.store.users.byDeliveryEmail(email);
  if (existing?.is_active === 0) throw badRequest(`The account for ${email} has been deactivated.`);
  if (existing) throw badRequest('Email is already in use.');
  const fullName = form.fullName.trim();
  if (fullName.length === 0) throw badRequest('Name too short!');
  if ([...fullName].length > 100) throw badRequest('Name too long!');
  if (form.password.length < PASSWORD_MIN_LENGTH) throw badRequest('The password is too weak.');
  if (form.password.length > PASSWORD_MAX_LENGTH) throw badRequest('The password is too long.');
  const timezone = form.timezone.trim();
  return { email, fullName, password: form.password, timezone: isTimeZone(timezone) ? timezone : '' };
}

function isTimeZone(name: string): boolean {
  if (name === '') return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/**
 * Creates the account an invitation promised: its role, its channels (plus the default ones when
 * the link says so) and its groups. Everyone hears of the new person (realm_user add), then of
 * their group memberships and subscriptions (user_group add_members, subscription peer_add).
 * An inviter's welcome text arrives as a direct message from the notification bot.
 */
export function createInvitedAccount(app: App, invite: InviteRow, form: SignUp): UserRow {
  const store = app.store;
  const userId = store.transaction(() => {
    const id = store.users.insert({
      delivery_email: form.email,
      full_name: form.fullName,
      password_hash: hashPassword(form.password),
      api_key: newApiKey(),
      role: invite.invited_as,
      date_joined: nowSeconds(),
      timezone: form.timezone,
      settings: newUserSettings(app),
      email_address_visibility: Number(realmUserDefaults(app)['email_address_visibility']),
    });
    const graph = GroupGraph.load(store);
    store.groups.addMember(graph.system(ROLE_GROUP[invite.invited_as] ?? 'role:everyone'), id);
    for (const groupId of JSON.parse(invite.group_ids) as number[]) {
      if (graph.byId(groupId)?.deactivated === 0) store.groups.addMember(groupId, id);
    }
    return id;
  });
  const user = store.users.byId(userId)!;
  publishUserAdd(app, user);

  const graph = GroupGraph.load(store);
  const roleGroup = graph.system(ROLE_GROUP[invite.invited_as] ?? 'role:everyone');
  const groupIds = [roleGroup, ...(JSON.parse(invite.group_ids) as number[])];
  for (const groupId of groupIds) {
    const group = graph.byId(groupId);
    if (group && group.members.includes(userId)) publishGroupMembers(app, group, 'add_members', [userId]);
  }

  const channelIds = new Set(JSON.parse(invite.stream_ids) as number[]);
  if (invite.include_realm_default_subscriptions === 1) {
    for (const channel of store.channels.all()) if (channel.is_default === 1) channelIds.add(channel.id);
  }
  const channels = [...channelIds]
    .map((id) => store.channels.byId(id))
    .filter((channel): channel is ChannelRow => channel !== undefined && channel.is_archived === 0);
  addSubscriptions(app, channels, [userId]);
  // Zulip's welcome bot greets the newcomer with the inviter's custom text; null means the
  // organization default, which is empty here, so nothing is sent then.
  const welcome = invite.welcome_message_custom_text;
  if (welcome !== null && welcome.trim() !== '') sendNotice(app, { kind: 'direct', userIds: [userId] }, welcome);
  return user;
}
