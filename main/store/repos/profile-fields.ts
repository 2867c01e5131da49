/** The organization's custom profile fields, in their display order. Values live on the users. */
import type { Db } from '../db';

export interface StoredProfileField {
  id: number;
  /** 1 short text, 2 long text, 3 list of options, 4 date, 5 link, 6 person, 7 external account, 8 pronouns. */
  type: number;
  order: number;
  name: string;
  hint: string;
  /** JSON text as the server sends it ('' when the type has none). */
  fieldData: string;
  displayInProfileSummary: boolean;
  required: boolean;
  editableByUser: boolean;
}

interface FieldRow {
  id: number;
  type: number;
  sort_order: number;
  name: string;
  hint: string;
  field_data: string;
  display_in_profile_summary: number;
  required: number;
  editable_by_user: number;
}

function toField(r: FieldRow): StoredProfileField {
  return {
    id: r.id,
    type: r.type,
    order: r.sort_order,
    name: r.name,
    hint: r.hint,
    fieldData: r.field_data,
    displayInProfileSummary: r.display_in_profile_summary === 1,
    required: r.required === 1,
    editableByUser: r.editable_by_user === 1,
  };
}

export class ProfileFieldsRepo {
  readonly #db: Db;
  readonly #insert;
  readonly #all;
  readonly #deleteAll;

  constructor(db: Db) {
    this.#db = db;
    this.#insert = db.prepare(
      `INSERT INTO custom_profile_fields (id, type, sort_order, name, hint, field_data, display_in_profile_summary,
         required, editable_by_user)
       VALUES (@id, @type, @order, @name, @hint, @fieldData, @displayInProfileSummary, @required, @editableByUser)`,
    );
    // An organization has a few dozen fields at most: one page.
    this.#all = db.prepare('SELECT * FROM custom_profile_fields ORDER BY sort_order, id');
    this.#deleteAll = db.prepare('DELETE FROM custom_profile_fields');
  }

  /** The server always sends the whole list (register and every custom_profile_fields event). */
  replaceAll(fields: readonly StoredProfileField[]): void {
    this.#db.transaction(() => {
      this.#deleteAll.run();
      for (const f of fields) {
        this.#insert.run({
          ...f,
          displayInProfileSummary: f.displayInProfileSummary ? 1 : 0,
          required: f.required ? 1 : 0,
          editableByUser: f.editableByUser ? 1 : 0,
        });
      }
    })();
  }

  all(): StoredProfileField[] {
    return (this.#all.all() as FieldRow[]).map(toField);
  }
}
