import { ROLE } from '../store/rows';
import type { Store } from '../store/store';
import { SeedBuilder } from './builder';

export const EMPTY_PASSWORD = 'parley';

/** The `empty` seed: an organization with only its owner (plus the system bot every server has). */
export function seedEmpty(store: Store, now: number): void {
  store.realm.create({
    name: 'Parley Empty',
    description: 'A fresh organization with nobody but its owner.',
    string_id: '',
    placeholder_email_domain: 'parley.localhost',
    date_created: now,
    topics_policy: 'allow_empty_topic',
    empty_topic_display_name: 'general chat',
  });
  const build = new SeedBuilder(store, now, EMPTY_PASSWORD, 1);
  build.users([
    { email: 'owner@parley.example', fullName: 'Olivia Ortega', role: ROLE.owner, timezone: 'UTC' },
    {
      email: 'notification-bot@parley.example',
      fullName: 'Notification Bot',
      role: ROLE.member,
      timezone: '',
      bot: { type: 1, ownerEmail: null, system: true },
    },
  ]);
  build.systemGroups();
}
