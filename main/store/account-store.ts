/**
 * One account's cache: <dataDir>/accounts/<accountId>.sqlite and a repo per area.
 * Writers group their changes with `transaction` so a batch lands whole or not at all.
 */
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import { Checkpointer } from './checkpointer';
import { openDatabase, type Db } from './db';
import type { StoreError } from './errors';
import { accountMigrations } from './migrations/account';
import { ChannelsRepo } from './repos/channels';
import { MessagesRepo } from './repos/messages';
import { OutboxRepo } from './repos/outbox';
import { RangesRepo } from './repos/ranges';
import { UnverifiedRangesRepo } from './repos/unverified-ranges';
import { RealmRepo } from './repos/realm';
import { RecentDmsRepo } from './repos/recent-dms';
import { SearchRepo } from './repos/search';
import { StarredRepo } from './repos/starred';
import { SyncStateRepo } from './repos/sync-state';
import { TopicsRepo } from './repos/topics';
import { UnreadsRepo } from './repos/unreads';
import { UsersRepo } from './repos/users';
import { ChannelDirectoryRepo } from './repos/channel-directory';
import { ChannelFoldersRepo } from './repos/channel-folders';
import { DraftsRepo } from './repos/drafts';
import { NavigationViewsRepo } from './repos/navigation-views';
import { PlaygroundsRepo } from './repos/playgrounds';
import { ProfileFieldsRepo } from './repos/profile-fields';
import { PushDevicesRepo } from './repos/push-devices';
import { SavedSnippetsRepo } from './repos/saved-snippets';
import { RemindersRepo, ScheduledMessagesRepo } from './repos/scheduled';
import { SubscribersRepo } from './repos/subscribers';
import { UserDirectoryRepo } from './repos/user-directory';
import { UserGroupsRepo } from './repos/user-groups';
import { UserSettingsRepo } from './repos/user-settings';
import { UserTopicsRepo } from './repos/user-topics';
import { AlertWordsRepo } from './repos/alert-words';
import { ReadIntents } from './read-intents';
import { CacheVersions } from './versions';
import { PresenceRepo } from './repos/presence';
import { EmojiTableRepo } from './repos/emoji-table';
import { ConversationDetailsRepo } from './repos/conversation-details';
import { SnapshotStaging } from './repos/snapshot-staging';

export function accountDbPath(dataDir: string, accountId: string): string {
  return join(dataDir, 'accounts', `${accountId}.sqlite`);
}

export class AccountStore {
  readonly db: Db;
  readonly file: string;
  readonly #runInTransaction: (fn: () => unknown) => unknown;
  readonly #changes: Database.Statement;
  // Copies the WAL into the file off the main thread, so no commit stalls on a checkpoint.
  readonly #checkpointer: Checkpointer;
  readonly messages: MessagesRepo;
  readonly ranges: RangesRepo;
  /** The parts of `ranges` not checked against the server since the last event gap. */
  readonly unverified: UnverifiedRangesRepo;
  readonly unreads: UnreadsRepo;
  readonly topics: TopicsRepo;
  readonly recentDms: RecentDmsRepo;
  readonly users: UsersRepo;
  readonly channels: ChannelsRepo;
  readonly realm: RealmRepo;
  readonly syncState: SyncStateRepo;
  readonly outbox: OutboxRepo;
  readonly starred: StarredRepo;
  readonly search: SearchRepo;
  /** Which messages changed since a page was asked for (./versions.ts); memory only. */
  readonly versions = new CacheVersions();
  /** The read state the user asked for, until the server's event for it comes (./read-intents.ts); memory only. */
  readonly readIntents = new ReadIntents();

  // Non-message records (users, groups, folders, drafts, ...): see migrations/account/0003-records.ts.
  readonly channelDirectory: ChannelDirectoryRepo;
  readonly subscribers: SubscribersRepo;
  readonly userGroups: UserGroupsRepo;
  readonly channelFolders: ChannelFoldersRepo;
  readonly drafts: DraftsRepo;
  readonly savedSnippets: SavedSnippetsRepo;
  readonly navigationViews: NavigationViewsRepo;
  readonly profileFields: ProfileFieldsRepo;
  readonly playgrounds: PlaygroundsRepo;
  readonly userTopics: UserTopicsRepo;
  readonly userSettings: UserSettingsRepo;
  readonly pushDevices: PushDevicesRepo;
  readonly userDirectory: UserDirectoryRepo;
  readonly presence: PresenceRepo;
  readonly alertWords: AlertWordsRepo;
  readonly scheduledMessages: ScheduledMessagesRepo;
  readonly reminders: RemindersRepo;
  readonly emojiTable: EmojiTableRepo;
  readonly conversationDetails: ConversationDetailsRepo;
  /** Register's big lists, written in slices before a snapshot swaps them in (TEMP tables). */
  readonly staging: SnapshotStaging;

  private constructor(db: Db, file: string) {
    this.db = db;
    this.file = file;
    this.#runInTransaction = db.transaction((fn: () => unknown) => fn());
    this.#changes = db.prepare('SELECT total_changes()').pluck();
    this.#checkpointer = new Checkpointer(db, file);
    this.messages = new MessagesRepo(db);
    this.ranges = new RangesRepo(db);
    this.unverified = new UnverifiedRangesRepo(db);
    this.unreads = new UnreadsRepo(db);
    this.topics = new TopicsRepo(db);
    this.recentDms = new RecentDmsRepo(db);
    this.users = new UsersRepo(db);
    this.channels = new ChannelsRepo(db);
    this.realm = new RealmRepo(db);
    this.syncState = new SyncStateRepo(db);
    this.outbox = new OutboxRepo(db);
    this.starred = new StarredRepo(db);
    this.search = new SearchRepo(db, this.messages.searchIndex);
    this.channelDirectory = new ChannelDirectoryRepo(db);
    this.subscribers = new SubscribersRepo(db);
    this.userGroups = new UserGroupsRepo(db);
    this.channelFolders = new ChannelFoldersRepo(db);
    this.drafts = new DraftsRepo(db);
    this.savedSnippets = new SavedSnippetsRepo(db);
    this.navigationViews = new NavigationViewsRepo(db);
    this.profileFields = new ProfileFieldsRepo(db);
    this.playgrounds = new PlaygroundsRepo(db);
    this.userTopics = new UserTopicsRepo(db);
    this.userSettings = new UserSettingsRepo(db);
    this.pushDevices = new PushDevicesRepo(db);
    this.userDirectory = new UserDirectoryRepo(db);
    this.presence = new PresenceRepo(db);
    this.alertWords = new AlertWordsRepo(db);
    this.scheduledMessages = new ScheduledMessagesRepo(db);
    this.reminders = new RemindersRepo(db);
    this.emojiTable = new EmojiTableRepo(db);
    this.conversationDetails = new ConversationDetailsRepo(db);
    this.staging = new SnapshotStaging(db, this.unreads, () => this.users.noteWritten());
  }

  /**
   * Opens (creating and migrating) an account cache. The cache only holds what the server
   * can send again, so a damaged file is moved aside and replaced by an empty one.
   */
  static open(file: string, onRecovered?: (e: StoreError) => void): AccountStore {
    const db = openDatabase(file, {
      migrations: accountMigrations,
      recoverCorrupt: true,
      ...(onRecovered ? { onRecovered } : {}),
    });
    return new AccountStore(db, file);
  }

  /**
   * Runs fn in one transaction (a savepoint when already inside one). One wrapper made once:
   * better-sqlite3 builds four closures per db.transaction() call, a cost paid on every event.
   */
  transaction<T>(fn: () => T): T {
    return this.#runInTransaction(fn) as T;
  }

  /** Rows inserted, updated or deleted on this connection since it opened (see WriteWatch). */
  changeCount(): number {
    return this.#changes.get() as number;
  }

  close(): void {
    if (!this.db.open) return;
    // First: the app's connection must close last, so it can fold the WAL in and remove it.
    this.#checkpointer.close();
    // What still waits to be indexed stays in search_backlog for the next start.
    this.messages.searchIndex.close();
    // Lets SQLite refresh its planner statistics where they went stale; cheap when nothing did.
    // Only a nicety: a full or read-only disk must not keep the file from closing.
    try {
      this.db.pragma('optimize');
    } catch {
      // Statistics stay as they were.
    }
    this.db.close();
  }
}
