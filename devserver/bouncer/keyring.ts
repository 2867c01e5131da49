/**
 * The bouncer's key pairs. Clients seal registrations to a public key baked into their release;
 * the bouncer rotates keys but keeps accepting older ones until it retires them, which is why a
 * registration names the key it used (bouncer_public_key) and an unknown one is refused.
 */
import { boxKeyPair, toBase64, type BoxKeyPair } from './crypto';

export class BouncerKeyRing {
  /** Public key (base64) → pair, newest last. */
  readonly #pairs = new Map<string, BoxKeyPair>();
  #current = '';

  /** Call after sodiumReady(). A 32-byte seed makes the first key reproducible across runs. */
  constructor(seed?: Uint8Array) {
    this.#add(boxKeyPair(seed));
  }

  /** The key new client releases should bake in. */
  get currentPublicKey(): string {
    return this.#current;
  }

  /** Every public key still accepted, oldest first. */
  get publicKeys(): string[] {
    return [...this.#pairs.keys()];
  }

  /** The pair for a public key the bouncer still accepts, or undefined. */
  find(publicKey: string): BoxKeyPair | undefined {
    return this.#pairs.get(publicKey);
  }

  /** Makes a new current key; with retireOthers, registrations sealed to any older key start failing. */
  rotate(opts: { retireOthers?: boolean } = {}): string {
    if (opts.retireOthers) this.#pairs.clear();
    return this.#add(boxKeyPair());
  }

  #add(pair: BoxKeyPair): string {
    this.#current = toBase64(pair.publicKey);
    this.#pairs.set(this.#current, pair);
    return this.#current;
  }
}
