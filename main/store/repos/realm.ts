/** Organization facts and limits from register (max_message_length, realm_empty_topic_display_name, ...), as JSON values. */
import type { Db } from '../db';
import { KeyValueRepo } from './key-value';

export class RealmRepo extends KeyValueRepo {
  constructor(db: Db) {
    super(db, 'realm');
  }
}
