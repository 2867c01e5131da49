/**
 * Administration that acts: roles, deactivation, folder changes and email invitations. Refusals
 * come back as the server's ApiError (its words); INVITATION_FAILED is read here because it is
 * also how Zulip reports a partly sent batch.
 */
import * as z from 'zod';
import type { ApiClient, RequestOptions } from '../client';
import { ApiError } from '../errors';
import { SuccessEnvelope } from '../schemas/common';

/** PATCH /users/{user_id} with role: 100 owner, 200 administrator, 300 moderator, 400 member, 600 guest. */
export async function setUserRole(client: ApiClient, userId: number, role: number, opts: RequestOptions = {}) {
  await client.request('PATCH', `/users/${userId}`, { role }, SuccessEnvelope, opts);
}

/** DELETE /users/{user_id}: deactivates the account (and its bots). */
export async function deactivateUser(client: ApiClient, userId: number, opts: RequestOptions = {}) {
  await client.request('DELETE', `/users/${userId}`, {}, SuccessEnvelope, opts);
}

export async function reactivateUser(client: ApiClient, userId: number, opts: RequestOptions = {}) {
  await client.request('POST', `/users/${userId}/reactivate`, {}, SuccessEnvelope, opts);
}

/** PATCH /channel_folders/{id}: name, description or is_archived (only an empty folder archives). */
export async function updateChannelFolder(
  client: ApiClient,
  folderId: number,
  change: { name?: string; description?: string; is_archived?: boolean },
  opts: RequestOptions = {},
) {
  await client.request('PATCH', `/channel_folders/${folderId}`, change, SuccessEnvelope, opts);
}

/** PATCH /channel_folders: the new order, which must list every folder (archived ones too). */
export async function reorderChannelFolders(client: ApiClient, order: number[], opts: RequestOptions = {}) {
  await client.request('PATCH', '/channel_folders', { order }, SuccessEnvelope, opts);
}

export interface SendInvitesParams {
  /** Addresses separated by commas or new lines. */
  invitee_emails: string;
  stream_ids: number[];
  invite_as?: number;
  invite_expires_in_minutes?: number | null;
  group_ids?: number[];
}

/** Addresses the server skipped, each with its reason in words. */
export interface InviteOutcome {
  skipped: Array<{ email: string; reason: string }>;
}

const InvitationErrors = z.array(z.tuple([z.string(), z.string(), z.boolean()]).rest(z.unknown()));

/**
 * POST /invites. A batch where some addresses were skipped (already in use) is a success for the
 * rest: Zulip answers INVITATION_FAILED with sent_invitations true, and that is returned as the
 * skipped list. Anything else it refuses is thrown.
 */
export async function sendEmailInvites(
  client: ApiClient,
  params: SendInvitesParams,
  opts: RequestOptions = {},
): Promise<InviteOutcome> {
  try {
    await client.request('POST', '/invites', { ...params }, SuccessEnvelope, opts);
    return { skipped: [] };
  } catch (error) {
    if (
      !(error instanceof ApiError) ||
      error.code !== 'INVITATION_FAILED' ||
      error.extra['sent_invitations'] !== true
    ) {
      throw error;
    }
    const errors = InvitationErrors.safeParse(error.extra['errors']);
    return { skipped: errors.success ? errors.data.map(([email, reason]) => ({ email, reason })) : [] };
  }
}

export const Invite = z.looseObject({
  id: z.number().int(),
  invited_by_user_id: z.number().int(),
  invited: z.number(),
  expiry_date: z.number().nullable(),
  invited_as: z.number().int(),
  is_multiuse: z.boolean(),
  email: z.string().optional(),
  link_url: z.string().optional(),
});
export type Invite = z.infer<typeof Invite>;

const InvitesResponse = SuccessEnvelope.extend({ invites: z.array(Invite) });

/** GET /invites: unexpired invitations the user can manage, emailed ones and links. */
export async function getInvites(client: ApiClient, opts: RequestOptions = {}): Promise<Invite[]> {
  return (await client.request('GET', '/invites', {}, InvitesResponse, opts)).invites;
}

/** DELETE /invites/{id} for an email invitation, /invites/multiuse/{id} for a link. */
export async function revokeInvite(
  client: ApiClient,
  invite: { id: number; isLink: boolean },
  opts: RequestOptions = {},
) {
  const path = invite.isLink ? `/invites/multiuse/${invite.id}` : `/invites/${invite.id}`;
  await client.request('DELETE', path, {}, SuccessEnvelope, opts);
}

export async function resendEmailInvite(client: ApiClient, inviteId: number, opts: RequestOptions = {}) {
  await client.request('POST', `/invites/${inviteId}/resend`, {}, SuccessEnvelope, opts);
}
