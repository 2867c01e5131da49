/** User directory routes. */
import * as z from 'zod';
import type { ApiClient, RequestOptions } from '../client';
import { SuccessEnvelope } from '../schemas/common';
import { OwnUser, User } from '../schemas/user';

export interface GetUsersOptions extends RequestOptions {
  /** Default false here (the server's default is true): we want real avatar URLs, not nulls to compute. */
  clientGravatar?: boolean;
  includeCustomProfileFields?: boolean;
  /** Limit the answer to these users (FL 384; older servers ignore it and send everyone). */
  userIds?: number[];
}

const UsersResponse = SuccessEnvelope.extend({ members: z.array(User) });
const UserResponse = SuccessEnvelope.extend({ user: User });
/** GET /users/me puts the user's fields at the top level of the envelope. */
const OwnUserResponse = OwnUser.and(SuccessEnvelope);

/** GET /users: every user the caller can see, bots included. */
export async function getUsers(client: ApiClient, opts: GetUsersOptions = {}): Promise<User[]> {
  const { clientGravatar, includeCustomProfileFields, userIds, ...requestOpts } = opts;
  const res = await client.request(
    'GET',
    '/users',
    {
      client_gravatar: clientGravatar ?? false,
      include_custom_profile_fields: includeCustomProfileFields,
      user_ids: userIds,
    },
    UsersResponse,
    requestOpts,
  );
  return res.members;
}

/** GET /users/{email}: one user, by real email (when visible) or API email; profile_data on request. */
export async function getUser(
  client: ApiClient,
  email: string,
  opts: RequestOptions & { includeCustomProfileFields?: boolean } = {},
): Promise<User> {
  const { includeCustomProfileFields, ...requestOpts } = opts;
  const res = await client.request(
    'GET',
    `/users/${encodeURIComponent(email)}`,
    { client_gravatar: false, include_custom_profile_fields: includeCustomProfileFields },
    UserResponse,
    requestOpts,
  );
  return res.user;
}

/** GET /users/me: the signed-in user. */
export async function getOwnUser(client: ApiClient, opts: RequestOptions = {}): Promise<OwnUser> {
  return client.request('GET', '/users/me', {}, OwnUserResponse, opts);
}
