/** The user object of GET /users, GET /users/{email}, GET /users/me and register's realm_users. */
import * as z from 'zod';

export const ProfileDataValue = z.looseObject({ value: z.string(), rendered_value: z.string().optional() });

export const User = z.looseObject({
  user_id: z.number().int(),
  email: z.string(),
  full_name: z.string(),
  delivery_email: z.string().nullable().optional(),
  /** Absent in register's realm_users (they are all active). */
  is_active: z.boolean().default(true),
  is_bot: z.boolean().default(false),
  is_owner: z.boolean().optional(),
  is_admin: z.boolean().optional(),
  is_guest: z.boolean().optional(),
  bot_type: z.number().int().nullable().optional(),
  bot_owner_id: z.number().int().nullable().optional(),
  /** 100 owner, 200 administrator, 300 moderator, 400 member, 600 guest. Old servers omit it. */
  role: z.number().int().default(400),
  timezone: z.string().optional(),
  /** Null: a gravatar the client computes; absent: the server left it out (user_avatar_url_field_optional). */
  avatar_url: z.string().nullable().optional(),
  avatar_version: z.number().int().optional(),
  date_joined: z.string().optional(),
  profile_data: z.record(z.string(), ProfileDataValue).optional(),
});
export type User = z.infer<typeof User>;

/** GET /users/me adds a few fields about the caller. */
export const OwnUser = User.extend({
  max_message_id: z.number().int().optional(),
});
export type OwnUser = z.infer<typeof OwnUser>;
