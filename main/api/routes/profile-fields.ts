/** Custom profile fields of the organization (creating one is for administrators). */
import * as z from 'zod';
import type { ApiClient, RequestOptions } from '../client';
import { SuccessEnvelope } from '../schemas/common';
import { CustomProfileField } from '../schemas/records';

const FieldsResponse = SuccessEnvelope.extend({ custom_fields: z.array(CustomProfileField) });
const CreateFieldResponse = SuccessEnvelope.extend({ id: z.number().int() });

export interface CreateProfileFieldParams {
  /** 1 short text, 2 long text, 3 list of options, 4 date, 5 link, 6 person, 7 external account, 8 pronouns. */
  field_type: number;
  name?: string;
  hint?: string;
  /** For list fields: { key: { text, order } }; for external accounts: { subtype, url_pattern? }. */
  field_data?: Record<string, unknown>;
  /** At most 2 fields in the organization; not for long text or person fields. */
  display_in_profile_summary?: boolean;
  required?: boolean;
  editable_by_user?: boolean;
}

/** GET /realm/profile_fields: the organization's fields in display order. */
export async function getProfileFields(client: ApiClient, opts: RequestOptions = {}): Promise<CustomProfileField[]> {
  return (await client.request('GET', '/realm/profile_fields', {}, FieldsResponse, opts)).custom_fields;
}

/** POST /realm/profile_fields: administrators only. Returns the new field's ID. */
export async function createProfileField(
  client: ApiClient,
  params: CreateProfileFieldParams,
  opts: RequestOptions = {},
): Promise<number> {
  return (await client.request('POST', '/realm/profile_fields', { ...params }, CreateFieldResponse, opts)).id;
}

/**
 * PATCH /users/me/profile_data: sets the user's own values of custom profile fields; an empty
 * value clears one. Values are strings as the fields store them (a choice's key, a person field's
 * JSON list of IDs). Every client hears a realm_user update.
 */
export async function setOwnProfileData(
  client: ApiClient,
  data: { id: number; value: string }[],
  opts: RequestOptions = {},
): Promise<void> {
  await client.request('PATCH', '/users/me/profile_data', { data }, SuccessEnvelope, opts);
}
