import type { SeedName } from '../options';
import type { Store } from '../store/store';
import { seedDemo } from './demo';
import { seedEmpty } from './empty';
import { seedHuge } from './huge';
import { seedLarge } from './large';
import { seedCrowd } from './crowd';

const SEEDS: Record<SeedName, (store: Store, now: number) => void> = {
  demo: seedDemo,
  empty: seedEmpty,
  large: seedLarge,
  huge: seedHuge,
  crowd: seedCrowd,
};

/** Fills a new database with the named seed, in one transaction. */
export function seed(store: Store, name: SeedName): void {
  const now = Math.floor(Date.now() / 1000);
  store.transaction(() => SEEDS[name](store, now));
}
