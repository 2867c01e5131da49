/** Everything a bouncer route can reach: keys, registry and the freshness window. */
import type { BouncerKeyRing } from './keyring';
import type { BouncerRegistry } from './registry';

export interface BouncerState {
  readonly keys: BouncerKeyRing;
  readonly registry: BouncerRegistry;
  /** A registration whose timestamp is further than this from now is REQUEST_EXPIRED. */
  readonly maxAgeSeconds: number;
  /** Milliseconds since the epoch; the bouncer's clock. */
  now(): number;
}
