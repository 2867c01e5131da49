import { renderMarkdown, renderPlain } from '../markdown/render';
import { storeDirectory } from '../messaging/directory';
import { writeMessage, type MessageToWrite } from '../messaging/write';
import type { MentionDirectory } from '../markdown/directory';
import { hashPassword } from '../store/passwords';
import { ROLE, type ChannelRow } from '../store/rows';
import type { Store } from '../store/store';
import type { NewUser } from '../store/users';
import { Prng } from './prng';

/** Zulip's palette for personal channel colors. */
export const CHANNEL_COLORS = [
  '#76ce90',
  '#fae589',
  '#a6c7e5',
  '#e79ab5',
  '#bfd56f',
  '#f4ae55',
  '#b0a5fd',
  '#addfe5',
  '#f5ce6e',
  '#c2726a',
  '#94c849',
  '#bd86e5',
  '#ee7e4a',
  '#a6dcbf',
  '#95a5fd',
  '#53a063',
];

export interface SeedUser {
  email: string;
  fullName: string;
  role: number;
  timezone: string;
  active?: boolean;
  emailVisibility?: number;
  bot?: { type: number; ownerEmail: string | null; system?: boolean };
}

/**
 * Shared steps of the seeds: the organization, accounts (with the shared password and
 * deterministic API keys), system groups, channels and subscriptions, and messages through the
 * same writer POST /messages uses.
 */
export class SeedBuilder {
  readonly prng: Prng;
  readonly emails = new Map<string, number>();
  private directoryCache: MentionDirectory | undefined;

  constructor(
    readonly store: Store,
    readonly now: number,
    readonly password: string,
    seed: number,
  ) {
    this.prng = new Prng(seed);
    store.realm.setMeta('password', password);
  }

  id(email: string): number {
    const id = this.emails.get(email);
    if (id === undefined) throw new Error(`seed refers to unknown user ${email}`);
    return id;
  }

  users(users: SeedUser[]): void {
    // One hash for the shared password: hashing per user would only slow every start down.
    const hash = hashPassword(this.password);
    for (const user of users) {
      const row: NewUser = {
        delivery_email: user.email,
        full_name: user.fullName,
        password_hash: user.bot ? null : hash,
        api_key: this.prng.token(32),
        role: user.role,
        is_active: user.active !== false,
        is_bot: user.bot !== undefined,
        bot_type: user.bot?.type ?? null,
        bot_owner_id: user.bot?.ownerEmail ? this.id(user.bot.ownerEmail) : null,
        is_system_bot: user.bot?.system === true,
        timezone: user.timezone,
        date_joined: this.now - this.prng.int(40, 400) * 86_400,
        email_address_visibility: user.emailVisibility ?? 1,
        // The seeded people chose "Enter sends", as most Zulip users do; a new user gets Zulip's
        // default (false) from DEFAULT_SETTINGS.
        settings: user.bot ? {} : { enter_sends: true },
      };
      this.emails.set(user.email, this.store.users.insert(row));
    }
    this.directoryCache = undefined;
  }

  /** Zulip's role groups, nested owners ⊂ administrators ⊂ moderators ⊂ full members ⊂ members ⊂ everyone ⊂ internet. */
  systemGroups(): Record<string, number> {
    const users = this.store.users.all().filter((u) => u.is_active === 1 && u.is_system_bot === 0);
    const chain: Array<[string, string, (role: number) => boolean]> = [
      ['role:owners', 'Owners of this organization', (r) => r === ROLE.owner],
      ['role:administrators', 'Administrators of this organization, including owners', (r) => r === ROLE.admin],
      ['role:moderators', 'Moderators of this organization, including administrators', (r) => r === ROLE.moderator],
      [
        'role:fullmembers',
        'Members of this organization, not including new accounts and guests',
        (r) => r === ROLE.member,
      ],
      ['role:members', 'Members of this organization, not including guests', () => false],
      ['role:everyone', 'Everyone in this organization, including guests', (r) => r === ROLE.guest],
      ['role:internet', 'Everyone on the Internet', () => false],
    ];
    const ids: Record<string, number> = {};
    let previous: number | undefined;
    for (const [name, description, hasRole] of chain) {
      const id = this.store.groups.insert({
        name,
        description,
        is_system_group: true,
        date_created: null,
        creator_id: null,
        settings: {},
      });
      for (const user of users) if (hasRole(user.role)) this.store.groups.addMember(id, user.id);
      if (previous !== undefined) this.store.groups.addSubgroup(id, previous);
      ids[name] = previous = id;
    }
    ids['role:nobody'] = this.store.groups.insert({
      name: 'role:nobody',
      description: 'Nobody',
      is_system_group: true,
      date_created: null,
      creator_id: null,
      settings: {},
    });
    const systemSettings = this.groupSettings(ids, ids['role:nobody']);
    for (const id of Object.values(ids)) this.store.groups.setSettings(id, systemSettings);
    return ids;
  }

  /** Permission settings of a group: managed by `manager`, mentionable by everyone. */
  groupSettings(
    ids: Record<string, number>,
    manager: number | { direct_members: number[]; direct_subgroups: number[] },
  ): Record<string, unknown> {
    const nobody = ids['role:nobody'];
    return {
      can_add_members_group: manager,
      can_join_group: nobody,
      can_leave_group: nobody,
      can_manage_group: manager,
      can_mention_group: ids['role:everyone'],
      can_remove_members_group: manager,
    };
  }

  channel(
    name: string,
    description: string,
    creatorEmail: string,
    groups: Record<string, number>,
    opts: { inviteOnly?: boolean; topicsPolicy?: string; daysOld?: number } = {},
  ): ChannelRow {
    const creator = this.id(creatorEmail);
    const id = this.store.channels.insert({
      name,
      description,
      rendered_description: renderPlain(description),
      invite_only: opts.inviteOnly ?? false,
      date_created: this.now - (opts.daysOld ?? 60) * 86_400,
      creator_id: creator,
      ...(opts.topicsPolicy ? { topics_policy: opts.topicsPolicy } : {}),
      recipient_id: this.store.recipients.createForChannel(),
      group_settings: {
        can_add_subscribers_group: groups['role:nobody'],
        can_administer_channel_group: { direct_members: [creator], direct_subgroups: [] },
        can_delete_any_message_group: groups['role:administrators'],
        can_delete_own_message_group: groups['role:everyone'],
        can_move_messages_out_of_channel_group: groups['role:nobody'],
        can_move_messages_within_channel_group: groups['role:nobody'],
        can_remove_subscribers_group: groups['role:administrators'],
        can_resolve_topics_group: groups['role:everyone'],
        can_send_message_group: groups['role:everyone'],
        can_subscribe_group: groups['role:nobody'],
      },
    });
    this.directoryCache = undefined;
    const row = this.store.channels.byId(id);
    if (!row) throw new Error(`channel ${name} vanished`);
    return row;
  }

  /**
   * Renders every channel's description again once all channels and users exist, so links to
   * channels and topics (#**engineering>reviews**) and mentions render as Zulip renders them.
   */
  renderChannelDescriptions(): void {
    const directory = storeDirectory(this.store);
    for (const c of this.store.channels.all()) {
      this.store.channels.update(c.id, { rendered_description: renderMarkdown(c.description, directory).html });
    }
  }

  subscribe(
    email: string,
    channel: ChannelRow,
    opts: { active?: boolean; muted?: boolean; pinned?: boolean; push?: boolean | null } = {},
  ): void {
    this.store.channels.subscribe({
      user_id: this.id(email),
      channel_id: channel.id,
      color: this.prng.pick(CHANNEL_COLORS),
      active: opts.active ?? true,
      is_muted: opts.muted ?? false,
      pin_to_top: opts.pinned ?? false,
      push_notifications: opts.push ?? null,
    });
  }

  message(msg: Omit<MessageToWrite, 'directory'>): number {
    this.directoryCache ??= storeDirectory(this.store);
    return writeMessage(this.store, { ...msg, directory: this.directoryCache }).id;
  }
}
