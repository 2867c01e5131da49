import type { Store } from '../store/store';
import { seedDemo } from './demo';
import { HUGE } from './huge';
import { hugePeople } from './huge_people';

/**
 * The `crowd` seed: the demo organization with the huge seed's 30,000 extra people but none of its
 * messages, for screens that list people (the admin Users list) at the size of the biggest Zulip
 * communities, seeded in seconds rather than the huge seed's minutes.
 */
export function seedCrowd(store: Store, now: number): void {
  const { build } = seedDemo(store, now);
  build.users(hugePeople(HUGE.people));
}
