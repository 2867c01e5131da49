/** Reusable invitation links. */
import * as z from 'zod';
import type { ApiClient, RequestOptions } from '../client';
import { supports } from '../features';
import { SuccessEnvelope } from '../schemas/common';

export interface CreateInviteLinkParams {
  /** Null: never expires. Absent: the server's default (10 days on Zulip). */
  invite_expires_in_minutes?: number | null;
  /** 100, 200, 300, 400 (default) or 600; no more than the caller's own role. */
  invite_as?: number;
  stream_ids?: number[];
  /** FL 322. */
  group_ids?: number[];
  include_realm_default_subscriptions?: boolean;
  /** Administrators only; null uses the organization's text, '' none. */
  welcome_message_custom_text?: string | null;
}

const InviteLinkResponse = SuccessEnvelope.extend({ invite_link: z.string() });

/**
 * POST /invites/multiuse: a link several people can sign up with. group_ids is left out for
 * servers below FL 322, which would ignore it anyway; refusals are BAD_REQUEST.
 */
export async function createInviteLink(
  client: ApiClient,
  params: CreateInviteLinkParams,
  featureLevel: number,
  opts: RequestOptions = {},
): Promise<string> {
  const body = {
    ...params,
    group_ids: supports(featureLevel, 'inviteGroupIds') ? params.group_ids : undefined,
    // Null means "the organization's text", which is what leaving it out says; sent, it would be
    // the literal text "null" (a string parameter is not JSON-decoded).
    welcome_message_custom_text: params.welcome_message_custom_text ?? undefined,
  };
  return (await client.request('POST', '/invites/multiuse', body, InviteLinkResponse, opts)).invite_link;
}
