import type { Database } from 'better-sqlite3';
import { AccountsRepo } from './accounts';
import { AlertWordsRepo } from './alert_words';
import { DraftsRepo } from './drafts';
import { InvitesRepo } from './invites';
import { LinkifiersRepo } from './linkifiers';
import { NavigationViewsRepo } from './navigation_views';
import { PlaygroundsRepo } from './playgrounds';
import { PresenceRepo } from './presence';
import { ProfileFieldsRepo } from './profile_fields';
import { RealmDomainsRepo } from './realm_domains';
import { RealmUserDefaultsRepo } from './realm_user_defaults';
import { RealmSettingsRepo } from './realm_settings';
import { SavedSnippetsRepo } from './saved_snippets';
import { ScheduledMessagesRepo } from './scheduled_messages';

/**
 * The repositories of per-user and organization records (schema_records.ts, schema_presence.ts), reached as
 * `store.records.<noun>`, so the Store itself gains one field rather than eight.
 */
export class RecordStores {
  readonly drafts: DraftsRepo;
  readonly savedSnippets: SavedSnippetsRepo;
  readonly navigationViews: NavigationViewsRepo;
  readonly profileFields: ProfileFieldsRepo;
  readonly playgrounds: PlaygroundsRepo;
  readonly linkifiers: LinkifiersRepo;
  readonly invites: InvitesRepo;
  readonly realmSettings: RealmSettingsRepo;
  readonly realmDomains: RealmDomainsRepo;
  readonly realmUserDefaults: RealmUserDefaultsRepo;
  readonly accounts: AccountsRepo;
  readonly presence: PresenceRepo;
  readonly alertWords: AlertWordsRepo;
  /** Scheduled messages and reminders. */
  readonly scheduled: ScheduledMessagesRepo;

  constructor(db: Database) {
    this.drafts = new DraftsRepo(db);
    this.savedSnippets = new SavedSnippetsRepo(db);
    this.navigationViews = new NavigationViewsRepo(db);
    this.profileFields = new ProfileFieldsRepo(db);
    this.playgrounds = new PlaygroundsRepo(db);
    this.linkifiers = new LinkifiersRepo(db);
    this.invites = new InvitesRepo(db);
    this.realmSettings = new RealmSettingsRepo(db);
    this.realmDomains = new RealmDomainsRepo(db);
    this.realmUserDefaults = new RealmUserDefaultsRepo(db);
    this.accounts = new AccountsRepo(db);
    this.presence = new PresenceRepo(db);
    this.alertWords = new AlertWordsRepo(db);
    this.scheduled = new ScheduledMessagesRepo(db);
  }
}
