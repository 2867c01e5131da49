import type { App } from '../app';
import { publishToRealm } from '../events/records';
import { publishUserUpdate } from '../events/user_events';
import { badRequest, missingParam } from '../http/errors';
import type { ApiRoute } from '../http/route';
import { renderMarkdown } from '../markdown/render';
import { storeDirectory } from '../messaging/directory';
import { checkFieldValue, checkNewField } from '../settings/profile_field_rules';
import { ROLE, type UserRow } from '../store/rows';
import { formatProfileField, isRenderable } from '../views/profile_fields';
import { adminRequired } from './realm';

/** custom_profile_fields carries the whole new list, as Zulip sends it, to every active account. */
function publishFields(app: App): void {
  const fields = app.store.records.profileFields.all().map(formatProfileField);
  publishToRealm(app, { type: 'custom_profile_fields', fields });
}

/** Reads `data` of PATCH/DELETE /users/me/profile_data as a JSON list. */
function dataList(params: { json(name: string): unknown }): unknown[] {
  const data = params.json('data');
  if (data === undefined) throw missingParam('data');
  if (!Array.isArray(data)) throw badRequest('data is not a list');
  return data;
}

function fieldOrFail(app: App, user: UserRow, id: unknown) {
  if (typeof id !== 'number' || !Number.isSafeInteger(id)) throw badRequest('data["id"] is not an integer');
  const field = app.store.records.profileFields.get(id);
  if (!field) throw badRequest(`Field id ${id} not found.`);
  if (field.editable_by_user === 0 && user.role > ROLE.admin) {
    throw badRequest('You are not allowed to change this field. Contact an administrator to update it.');
  }
  return field;
}

export const profileFieldRoutes: ApiRoute[] = [
  {
    /** GET /realm/profile_fields: the organization's custom profile fields, in display order. */
    method: 'GET',
    path: '/realm/profile_fields',
    auth: 'user',
    handler: ({ app }) => ({ custom_fields: app.store.records.profileFields.all().map(formatProfileField) }),
  },
  {
    /**
     * POST /realm/profile_fields: adds a field (administrators only). Eight types; choice fields
     * need field_data; at most two fields in the profile summary, and never long text or person
     * pickers there. Every client then gets the full list in a custom_profile_fields event.
     */
    method: 'POST',
    path: '/realm/profile_fields',
    auth: 'user',
    handler: ({ app, user, params }) => {
      if (user.role > ROLE.admin) throw adminRequired();
      const fieldType = params.int('field_type');
      if (fieldType === undefined) throw missingParam('field_type');
      const repo = app.store.records.profileFields;
      const field = checkNewField(
        {
          name: params.string('name') ?? '',
          hint: params.string('hint') ?? '',
          fieldType,
          fieldData: params.object('field_data') ?? {},
          displayInProfileSummary: params.bool('display_in_profile_summary', false),
          required: params.bool('required', false),
          editableByUser: params.bool('editable_by_user', true),
        },
        repo.all().filter((row) => row.display_in_profile_summary === 1).length,
      );
      if (repo.byName(field.name)) throw badRequest('A field with that label already exists.');
      const id = repo.insert(field);
      publishFields(app);
      return { id };
    },
  },
  {
    /** DELETE /realm/profile_fields/{field_id}: removes a field and every value of it (administrators). */
    method: 'DELETE',
    path: '/realm/profile_fields/{field_id}',
    auth: 'user',
    handler: ({ app, user, pathParams }) => {
      if (user.role > ROLE.admin) throw adminRequired();
      const id = Number(pathParams['field_id']);
      if (!Number.isSafeInteger(id) || !app.store.records.profileFields.get(id)) {
        throw badRequest(`Field id ${pathParams['field_id']} not found.`);
      }
      app.store.records.profileFields.delete(id);
      publishFields(app);
      return {};
    },
  },
  {
    /**
     * PATCH /users/me/profile_data: sets the caller's values ([{id, value}]); an empty value clears
     * one. Everyone gets realm_user update {user_id, custom_profile_field} per field whose value changed.
     */
    method: 'PATCH',
    path: '/users/me/profile_data',
    auth: 'user',
    handler: ({ app, user, params }) => {
      const users = app.store.users.map();
      const updates = dataList(params).map((item) => {
        if (typeof item !== 'object' || item === null) throw badRequest('data[] is not a dict');
        const { id, value } = item as Record<string, unknown>;
        const field = fieldOrFail(app, user, id);
        const empty = value === '' || (Array.isArray(value) && value.length === 0);
        return { field, value: empty ? null : checkFieldValue(field, value, users) };
      });
      const directory = storeDirectory(app.store);
      const repo = app.store.records.profileFields;
      const before = new Map(repo.valuesOf(user.id).map((row) => [row.field_id, row.value]));
      const changed = updates.filter(({ field, value }) => (before.get(field.id) ?? null) !== value);
      const events = app.store.transaction(() =>
        changed.map(({ field, value }) => {
          if (value === null) {
            repo.clearValue(user.id, field.id);
            return { id: field.id, value: null };
          }
          const rendered = isRenderable(field.field_type) ? renderMarkdown(value, directory).html : null;
          repo.setValue(user.id, field.id, value, rendered);
          return rendered === null ? { id: field.id, value } : { id: field.id, value, rendered_value: rendered };
        }),
      );
      for (const change of events) publishUserUpdate(app, { user_id: user.id, custom_profile_field: change });
      return {};
    },
  },
  {
    /** DELETE /users/me/profile_data: clears the caller's values of the listed field IDs. */
    method: 'DELETE',
    path: '/users/me/profile_data',
    auth: 'user',
    handler: ({ app, user, params }) => {
      const fields = dataList(params).map((id) => fieldOrFail(app, user, id));
      for (const field of fields) app.store.records.profileFields.clearValue(user.id, field.id);
      for (const field of fields) {
        publishUserUpdate(app, { user_id: user.id, custom_profile_field: { id: field.id, value: null } });
      }
      return {};
    },
  },
];
