import Database from 'better-sqlite3';
import { ChannelsRepo } from './channels';
import { FoldersRepo } from './folders';
import { GroupsRepo } from './groups';
import { MessageChangesRepo } from './message_changes';
import { MessagesRepo } from './messages';
import { ReactionsRepo } from './reactions';
import { RealmRepo } from './realm';
import { RecipientsRepo } from './recipients';
import { RecordStores } from './records';
import { SCHEMA, SCHEMA_VERSION } from './schema';
import { PRESENCE_SCHEMA } from './schema_presence';
import { EMOJI_SCHEMA } from './schema_emoji';
import { SCHEDULED_SCHEMA } from './schema_scheduled';
import { LINKIFIERS_SCHEMA } from './linkifiers';
import { RealmEmojiRepo } from './realm_emoji';
import { UPLOADS_SCHEMA, UploadsRepo } from './uploads';
import { INVITES_SCHEMA } from './invites';
import { migrateV3ToV4 } from './migrate_v3';
import { CONFIRMATIONS_SCHEMA, ConfirmationsRepo } from './confirmations';
import { UsersRepo } from './users';
import { UserStateQueries } from './user_state';
import { UserTopicsRepo } from './user_topics';

/**
 * The server's storage: one SQLite database (in memory unless a file is given) and a repository
 * per noun. Route code reads through the repos; multi-row writes go through `transaction`.
 */
export class Store {
  readonly realm: RealmRepo;
  readonly users: UsersRepo;
  readonly recipients: RecipientsRepo;
  readonly channels: ChannelsRepo;
  readonly messages: MessagesRepo;
  readonly groups: GroupsRepo;
  readonly folders: FoldersRepo;
  readonly userState: UserStateQueries;
  readonly messageChanges: MessageChangesRepo;
  readonly reactions: ReactionsRepo;
  readonly realmEmoji: RealmEmojiRepo;
  readonly uploads: UploadsRepo;
  readonly confirmations: ConfirmationsRepo;
  readonly userTopics: UserTopicsRepo;
  /** Drafts, snippets, navigation views, profile fields, playgrounds, invitations, realm settings. */
  readonly records: RecordStores;

  private constructor(readonly db: Database.Database) {
    this.realm = new RealmRepo(db);
    this.users = new UsersRepo(db);
    this.recipients = new RecipientsRepo(db);
    this.channels = new ChannelsRepo(db);
    this.messages = new MessagesRepo(db);
    this.groups = new GroupsRepo(db);
    this.folders = new FoldersRepo(db);
    this.userState = new UserStateQueries(db);
    this.messageChanges = new MessageChangesRepo(db);
    this.reactions = new ReactionsRepo(db);
    this.realmEmoji = new RealmEmojiRepo(db);
    this.uploads = new UploadsRepo(db);
    this.confirmations = new ConfirmationsRepo(db);
    this.userTopics = new UserTopicsRepo(db);
    this.records = new RecordStores(db);
  }

  /**
   * Opens (and if new, creates) the database. A version-3 file is migrated; a file from another
   * schema version is refused.
   */
  static open(file: string | undefined): Store {
    const db = new Database(file ?? ':memory:');
    db.pragma('journal_mode = WAL');
    db.pragma('foreign_keys = ON');
    let version = db.pragma('user_version', { simple: true }) as number;
    if (version === 3) {
      migrateV3ToV4(db);
      version = SCHEMA_VERSION;
    }
    if (version === 0) {
      db.exec(SCHEMA);
      db.pragma(`user_version = ${SCHEMA_VERSION}`);
    } else if (version !== SCHEMA_VERSION) {
      db.close();
      throw new Error(
        `${file} has schema version ${version}; this dev server needs ${SCHEMA_VERSION}. Use a new --data file.`,
      );
    } else {
      // Tables added since this version was set (presence, alert words, custom emoji, scheduled messages, linkifiers, uploads, sent mail) are created if missing.
      db.exec(PRESENCE_SCHEMA);
      db.exec(EMOJI_SCHEMA);
      db.exec(SCHEDULED_SCHEMA);
      db.exec(LINKIFIERS_SCHEMA);
      db.exec(UPLOADS_SCHEMA);
      db.exec(INVITES_SCHEMA);
      db.exec(CONFIRMATIONS_SCHEMA);
    }
    return new Store(db);
  }

  /** Whether the database holds an organization yet (false right after creation). */
  isSeeded(): boolean {
    return this.realm.exists();
  }

  transaction<T>(fn: () => T): T {
    return this.db.transaction(fn)();
  }

  close(): void {
    this.db.close();
  }
}
