/**
 * The part of the IPC contract where administrators act: roles and deactivation, folder changes,
 * and invitations by email beside the links. ./contract.ts merges these into Calls. Changes go
 * through the server; users and folders come back as records:changed once their events arrive.
 * Invitations have no event in Zulip's API, so the screen lists them again after each change.
 */
type Account = { accountId: string };

export interface InviteView {
  id: number;
  /** A reusable link (revoked at /invites/multiuse/{id}) rather than an emailed invitation. */
  isLink: boolean;
  email: string | null;
  linkUrl: string | null;
  invitedAs: number;
  invitedBy: string;
  /** Unix seconds. */
  invitedAt: number;
  /** Unix seconds; null: never expires. */
  expiresAt: number | null;
}

export interface AdminCalls {
  /** 100 owner, 200 administrator, 300 moderator, 400 member, 600 guest. */
  'users:setRole': (args: Account & { userId: number; role: number }) => null;
  'users:deactivate': (args: Account & { userId: number }) => null;
  'users:reactivate': (args: Account & { userId: number }) => null;
  'folders:update': (
    args: Account & {
      folderId: number;
      name?: string | undefined;
      description?: string | undefined;
      isArchived?: boolean | undefined;
    },
  ) => null;
  /** Moves one folder a place up (-1) or down (1) in the organization's order. */
  'folders:move': (args: Account & { folderId: number; by: -1 | 1 }) => null;
  'invites:list': (args: Account) => InviteView[];
  /** Addresses the server skipped (already in use), each with its reason; the rest were invited. */
  'invites:send': (
    args: Account & {
      emails: string[];
      channelIds: number[];
      inviteAs: number;
      expiresInMinutes: number | null;
      groupIds?: number[] | undefined;
    },
  ) => { skipped: Array<{ email: string; reason: string }> };
  'invites:revoke': (args: Account & { id: number; isLink: boolean }) => null;
  'invites:resend': (args: Account & { id: number }) => null;
}

export const ADMIN_CALL_NAMES = [
  'users:setRole',
  'users:deactivate',
  'users:reactivate',
  'folders:update',
  'folders:move',
  'invites:list',
  'invites:send',
  'invites:revoke',
  'invites:resend',
] as const satisfies readonly (keyof AdminCalls)[];
