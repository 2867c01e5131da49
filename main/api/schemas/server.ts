/** GET /server_settings: what a server says about itself before anyone signs in. */
import * as z from 'zod';
import { readVersion, SuccessEnvelope, versionFields } from './common';

export const ExternalAuthMethod = z.looseObject({
  name: z.string(),
  display_name: z.string(),
  display_icon: z.string().nullable().optional(),
  login_url: z.string(),
  signup_url: z.string().optional(),
});
export type ExternalAuthMethod = z.infer<typeof ExternalAuthMethod>;

/**
 * Every field is optional except the envelope: older servers omit some, and the root domain of
 * a multi-organization server omits the organization ones. Callers decide what they need.
 */
export const ServerSettings = SuccessEnvelope.extend({
  ...versionFields,
  authentication_methods: z.record(z.string(), z.boolean()).optional(),
  external_authentication_methods: z.array(ExternalAuthMethod).optional(),
  push_notifications_enabled: z.boolean().optional(),
  is_incompatible: z.boolean().optional(),
  email_auth_enabled: z.boolean().optional(),
  require_email_format_usernames: z.boolean().optional(),
  realm_url: z.string().optional(),
  realm_uri: z.string().optional(),
  realm_name: z.string().optional(),
  realm_icon: z.string().optional(),
  realm_description: z.string().optional(),
  realm_web_public_access_enabled: z.boolean().optional(),
}).transform((s) => ({ ...s, ...readVersion(s) }));
export type ServerSettings = z.infer<typeof ServerSettings>;
