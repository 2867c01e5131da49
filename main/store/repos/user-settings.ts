/** The user's own settings (register's user_settings, then user_settings events), as JSON values by name. */
import type { Db } from '../db';
import { KeyValueRepo } from './key-value';

export class UserSettingsRepo extends KeyValueRepo {
  constructor(db: Db) {
    super(db, 'user_settings');
  }
}
