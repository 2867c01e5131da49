import { badRequest } from '../http/errors';
import type { NewProfileField, ProfileFieldRow } from '../store/profile_fields';
import type { UserRow } from '../store/rows';
import { FIELD_TYPE } from '../views/profile_fields';

/** Zulip's limits for custom profile fields. */
export const NAME_MAX_LENGTH = 40;
export const HINT_MAX_LENGTH = 80;
export const MAX_SUMMARY_FIELDS = 2;
const SHORT_VALUE_LENGTH = 50;
const LONG_VALUE_LENGTH = 500;

/** The external-account subtypes Zulip predefines: their label, hint and URL come from here. */
const EXTERNAL_ACCOUNTS: Readonly<Record<string, { name: string; hint: string }>> = {
  github: { name: 'GitHub', hint: 'Enter your GitHub username' },
  twitter: { name: 'Twitter', hint: 'Enter your Twitter username' },
};

export interface FieldRequest {
  name: string;
  hint: string;
  fieldType: number;
  fieldData: Record<string, unknown>;
  displayInProfileSummary: boolean;
  required: boolean;
  editableByUser: boolean;
}

/**
 * Validates a new field the way Zulip's create_realm_custom_profile_field does and returns the
 * row to store. `summaryCount` is how many fields already show in the profile summary.
 */
export function checkNewField(request: FieldRequest, summaryCount: number): NewProfileField {
  const { fieldType, fieldData } = request;
  if (request.displayInProfileSummary && summaryCount >= MAX_SUMMARY_FIELDS) {
    throw badRequest(`Only ${MAX_SUMMARY_FIELDS} custom profile fields can be displayed in the profile summary.`);
  }
  if (!Number.isInteger(fieldType) || fieldType < 1 || fieldType > 8) throw badRequest('Invalid field type.');
  if (fieldType === FIELD_TYPE.choice) checkChoices(fieldData);
  let { name, hint } = request;
  if (fieldType === FIELD_TYPE.externalAccount) {
    const preset = checkExternalAccount(fieldData);
    if (preset) ({ name, hint } = preset);
  }
  if (name.trim().length === 0) throw badRequest('Label cannot be blank.');
  if ([...name].length > NAME_MAX_LENGTH) throw badRequest(`name is too long (limit: ${NAME_MAX_LENGTH} characters)`);
  if ([...hint].length > HINT_MAX_LENGTH) throw badRequest(`hint is too long (limit: ${HINT_MAX_LENGTH} characters)`);
  if (request.displayInProfileSummary && (fieldType === FIELD_TYPE.longText || fieldType === FIELD_TYPE.person)) {
    throw badRequest('Field type not supported for display in profile summary.');
  }
  const keepsData = fieldType === FIELD_TYPE.choice || fieldType === FIELD_TYPE.externalAccount;
  return {
    name: name.trim(),
    hint,
    field_type: fieldType,
    field_data: keepsData ? JSON.stringify(fieldData) : '',
    display_in_profile_summary: request.displayInProfileSummary,
    required: request.required,
    editable_by_user: request.editableByUser,
  };
}

/** A choice field: at least one choice; each {text, order} non-blank; no two with the same text. */
function checkChoices(data: Record<string, unknown>): void {
  const entries = Object.entries(data);
  if (entries.length < 1) throw badRequest('Field must have at least one choice.');
  const texts = new Set<string>();
  for (const [key, choice] of entries) {
    if (key.trim().length === 0) throw badRequest("'value' cannot be blank.");
    if (typeof choice !== 'object' || choice === null || Array.isArray(choice)) {
      throw badRequest('field_data is not a dict');
    }
    const record = choice as Record<string, unknown>;
    for (const part of ['text', 'order']) {
      if (!(part in record)) throw badRequest(`${part} key is missing from field_data`);
      const value = record[part];
      if (typeof value !== 'string') throw badRequest(`field_data["${part}"] is not a string`);
      if (value.trim().length === 0) throw badRequest(`field_data["${part}"] cannot be blank.`);
    }
    const extra = Object.keys(record).filter((part) => part !== 'text' && part !== 'order');
    if (extra.length > 0) throw badRequest(`Unexpected arguments: ${extra.join(', ')}`);
    texts.add(record['text'] as string);
  }
  if (texts.size !== entries.length) throw badRequest('Field must not have duplicate choices.');
}

/** An external account: a preset subtype, or "custom" with a URL pattern holding %(username)s once. */
function checkExternalAccount(data: Record<string, unknown>): { name: string; hint: string } | undefined {
  const subtype = data['subtype'];
  if (typeof subtype !== 'string') throw badRequest('subtype key is missing from field_data');
  if (subtype === 'custom') {
    const pattern = data['url_pattern'];
    if (typeof pattern !== 'string') throw badRequest('Custom external account must define URL pattern');
    if (pattern.split('%(username)s').length !== 2) throw badRequest("URL pattern must contain '%(username)s'.");
    if (!isHttpUrl(pattern.replace('%(username)s', 'username'))) throw badRequest('field_data is not a URL');
    return undefined;
  }
  const preset = EXTERNAL_ACCOUNTS[subtype];
  if (!preset) throw badRequest('Invalid external account type');
  return preset;
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * Validates one value a user sets for a field and returns it as stored: text as given, the key of
 * a choice, an ISO date, an http(s) URL, or a person picker's user IDs as JSON text.
 */
export function checkFieldValue(field: ProfileFieldRow, raw: unknown, users: ReadonlyMap<number, UserRow>): string {
  if (field.field_type === FIELD_TYPE.person) {
    if (!Array.isArray(raw) || !raw.every((id) => typeof id === 'number' && Number.isSafeInteger(id))) {
      throw badRequest(`${field.name} is not a list`);
    }
    for (const id of raw as number[]) {
      const user = users.get(id);
      if (!user || user.is_system_bot === 1) throw badRequest(`Invalid user ID: ${id}`);
      if (user.is_active !== 1) throw badRequest(`User with ID ${id} is deactivated`);
      if (user.is_bot === 1) throw badRequest(`User with ID ${id} is a bot`);
    }
    return JSON.stringify(raw);
  }
  if (typeof raw !== 'string') throw badRequest(`${field.name} is not a string`);
  const limit = field.field_type === FIELD_TYPE.longText ? LONG_VALUE_LENGTH : SHORT_VALUE_LENGTH;
  switch (field.field_type) {
    case FIELD_TYPE.choice: {
      const choices = JSON.parse(field.field_data || '{}') as Record<string, unknown>;
      if (!(raw in choices)) throw badRequest(`'${raw}' is not a valid choice for '${field.name}'.`);
      return raw;
    }
    case FIELD_TYPE.date:
      if (!/^\d{4}-\d{2}-\d{2}$/.test(raw) || Number.isNaN(Date.parse(`${raw}T00:00:00Z`))) {
        throw badRequest(`${field.name} is not a date`);
      }
      return raw;
    case FIELD_TYPE.link:
      if (!isHttpUrl(raw)) throw badRequest(`${field.name} is not a URL`);
      return raw;
    default:
      if ([...raw].length > limit) throw badRequest(`${field.name} is too long (limit: ${limit} characters)`);
      return raw;
  }
}
