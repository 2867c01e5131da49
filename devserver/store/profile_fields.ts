import type { Database } from 'better-sqlite3';

export interface ProfileFieldRow {
  id: number;
  name: string;
  hint: string;
  field_type: number;
  field_data: string;
  sort_order: number;
  display_in_profile_summary: number;
  required: number;
  editable_by_user: number;
}

export interface ProfileValueRow {
  user_id: number;
  field_id: number;
  value: string;
  rendered_value: string | null;
}

export interface NewProfileField {
  name: string;
  hint: string;
  field_type: number;
  field_data: string;
  display_in_profile_summary: boolean;
  required: boolean;
  editable_by_user: boolean;
}

/** The organization's custom profile fields and every user's values for them. */
export class ProfileFieldsRepo {
  private readonly selectAll;
  private readonly selectOne;
  private readonly selectByName;
  private readonly insertStmt;
  private readonly selectValues;
  private readonly selectUserValues;
  private readonly upsertValue;
  private readonly deleteValue;
  private readonly deleteField;

  constructor(db: Database) {
    this.selectAll = db.prepare<[], ProfileFieldRow>('SELECT * FROM custom_profile_fields ORDER BY sort_order, id');
    this.selectOne = db.prepare<[number], ProfileFieldRow>('SELECT * FROM custom_profile_fields WHERE id = ?');
    this.selectByName = db.prepare<[string], ProfileFieldRow>('SELECT * FROM custom_profile_fields WHERE name = ?');
    this.insertStmt = db.prepare(
      `INSERT INTO custom_profile_fields (name, hint, field_type, field_data, sort_order, display_in_profile_summary,
         required, editable_by_user)
       VALUES (@name, @hint, @field_type, @field_data,
         (SELECT coalesce(max(sort_order), 0) + 1 FROM custom_profile_fields),
         @display_in_profile_summary, @required, @editable_by_user)`,
    );
    this.selectValues = db.prepare<[], ProfileValueRow>(
      'SELECT * FROM custom_profile_values ORDER BY user_id, field_id',
    );
    this.selectUserValues = db.prepare<[number], ProfileValueRow>(
      'SELECT * FROM custom_profile_values WHERE user_id = ? ORDER BY field_id',
    );
    this.upsertValue = db.prepare<[number, number, string, string | null]>(
      `INSERT INTO custom_profile_values (user_id, field_id, value, rendered_value) VALUES (?, ?, ?, ?)
       ON CONFLICT (user_id, field_id) DO UPDATE SET value = excluded.value, rendered_value = excluded.rendered_value`,
    );
    this.deleteField = db.prepare<[number]>('DELETE FROM custom_profile_fields WHERE id = ?');
    this.deleteValue = db.prepare<[number, number]>(
      'DELETE FROM custom_profile_values WHERE user_id = ? AND field_id = ?',
    );
  }

  /** Every field in display order. */
  all(): ProfileFieldRow[] {
    return this.selectAll.all();
  }

  get(id: number): ProfileFieldRow | undefined {
    return this.selectOne.get(id);
  }

  /** Field names are unique case-insensitively, as Zulip's labels are. */
  byName(name: string): ProfileFieldRow | undefined {
    return this.selectByName.get(name);
  }

  insert(field: NewProfileField): number {
    const result = this.insertStmt.run({
      ...field,
      display_in_profile_summary: field.display_in_profile_summary ? 1 : 0,
      required: field.required ? 1 : 0,
      editable_by_user: field.editable_by_user ? 1 : 0,
    });
    return Number(result.lastInsertRowid);
  }

  /** Removes a field; its values go with it (ON DELETE CASCADE). */
  delete(id: number): void {
    this.deleteField.run(id);
  }

  /** Every user's values, grouped by user ID (for register and GET /users). */
  valuesByUser(): Map<number, ProfileValueRow[]> {
    const out = new Map<number, ProfileValueRow[]>();
    for (const row of this.selectValues.all()) {
      const list = out.get(row.user_id) ?? [];
      list.push(row);
      out.set(row.user_id, list);
    }
    return out;
  }

  valuesOf(userId: number): ProfileValueRow[] {
    return this.selectUserValues.all(userId);
  }

  setValue(userId: number, fieldId: number, value: string, renderedValue: string | null): void {
    this.upsertValue.run(userId, fieldId, value, renderedValue);
  }

  clearValue(userId: number, fieldId: number): void {
    this.deleteValue.run(userId, fieldId);
  }
}
