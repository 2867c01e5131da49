import type { ProfileFieldRow, ProfileValueRow } from '../store/profile_fields';

/** Zulip's custom profile field types. */
export const FIELD_TYPE = {
  shortText: 1,
  longText: 2,
  choice: 3,
  date: 4,
  link: 5,
  person: 6,
  externalAccount: 7,
  pronouns: 8,
} as const;

/** Types whose values are Markdown and therefore also carry rendered_value. */
export function isRenderable(fieldType: number): boolean {
  return fieldType === FIELD_TYPE.shortText || fieldType === FIELD_TYPE.longText;
}

/**
 * A CustomProfileField as register, GET /realm/profile_fields and custom_profile_fields events
 * report it: `type` (not field_type), field_data as JSON text, and display_in_profile_summary only
 * when true (Zulip omits it otherwise).
 */
export function formatProfileField(row: ProfileFieldRow): Record<string, unknown> {
  const out: Record<string, unknown> = {
    id: row.id,
    name: row.name,
    type: row.field_type,
    hint: row.hint,
    field_data: row.field_data,
    order: row.sort_order,
    required: row.required === 1,
    editable_by_user: row.editable_by_user === 1,
  };
  if (row.display_in_profile_summary === 1) out['display_in_profile_summary'] = true;
  return out;
}

/** One value as profile_data and realm_user events carry it. */
export function formatProfileValue(value: ProfileValueRow): Record<string, unknown> {
  return value.rendered_value === null
    ? { value: value.value }
    : { value: value.value, rendered_value: value.rendered_value };
}

/** A user's profile_data: field ID (as a string key) to value. */
export function formatProfileData(values: readonly ProfileValueRow[]): Record<string, Record<string, unknown>> {
  return Object.fromEntries(values.map((value) => [String(value.field_id), formatProfileValue(value)]));
}
