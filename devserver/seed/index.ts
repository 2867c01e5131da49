import type { SeedName } from '../options';
import type { Store } from '../store/store';
import { seedDemo } from './demo';
import { seedEmpty } from './empty';

/** Fills a new database with the named seed, in one transaction. */
export function seed(store: Store, name: SeedName): void {
  const now = Math.floor(Date.now() / 1000);
  store.transaction(() => (name === 'demo' ? seedDemo(store, now) : seedEmpty(store, now)));
}
