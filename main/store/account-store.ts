/**
 * One account's cache: <dataDir>/accounts/<accountId>.sqlite and a repo per area.
 * Writers group their changes with `transaction` so a batch lands whole or not at all.
 */
import { join } from 'node:path';
import { openDatabase, type Db } from './db';
import type { StoreError } from './errors';
import { accountMigrations } from './migrations/account';
import { ChannelsRepo } from './repos/channels';
import { MessagesRepo } from './repos/messages';
import { OutboxRepo } from './repos/outbox';
import { RangesRepo } from './repos/ranges';
import { RealmRepo } from './repos/realm';
import { RecentDmsRepo } from './repos/recent-dms';
import { SyncStateRepo } from './repos/sync-state';
import { TopicsRepo } from './repos/topics';
import { UnreadsRepo } from './repos/unreads';
import { UsersRepo } from './repos/users';

export function accountDbPath(dataDir: string, accountId: string): string {
  return join(dataDir, 'accounts', `${accountId}.sqlite`);
}

export class AccountStore {
  readonly db: Db;
  readonly file: string;
  readonly messages: MessagesRepo;
  readonly ranges: RangesRepo;
  readonly unreads: UnreadsRepo;
  readonly topics: TopicsRepo;
  readonly recentDms: RecentDmsRepo;
  readonly users: UsersRepo;
  readonly channels: ChannelsRepo;
  readonly realm: RealmRepo;
  readonly syncState: SyncStateRepo;
  readonly outbox: OutboxRepo;

  private constructor(db: Db, file: string) {
    this.db = db;
    this.file = file;
    this.messages = new MessagesRepo(db);
    this.ranges = new RangesRepo(db);
    this.unreads = new UnreadsRepo(db);
    this.topics = new TopicsRepo(db);
    this.recentDms = new RecentDmsRepo(db);
    this.users = new UsersRepo(db);
    this.channels = new ChannelsRepo(db);
    this.realm = new RealmRepo(db);
    this.syncState = new SyncStateRepo(db);
    this.outbox = new OutboxRepo(db);
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

  /** Runs fn in one transaction (a savepoint when already inside one). */
  transaction<T>(fn: () => T): T {
    return this.db.transaction(fn)();
  }

  close(): void {
    if (!this.db.open) return;
    // Lets SQLite refresh its planner statistics where they went stale; cheap when nothing did.
    this.db.pragma('optimize');
    this.db.close();
  }
}
