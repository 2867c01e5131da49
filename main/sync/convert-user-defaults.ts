/**
 * The organization's default settings for new users are one flat object of setting names to
 * values, kept in the realm key/value table under one key; events change one property at a time.
 */
export const USER_DEFAULTS_KEY = 'realm_user_settings_defaults';

export type UserDefaults = Record<string, string | number | boolean>;

/** What the cache holds, read defensively (an older cache has nothing under the key). */
export function storedUserDefaults(value: unknown): UserDefaults {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  const plain = Object.entries(value as Record<string, unknown>).filter(
    (entry): entry is [string, string | number | boolean] => ['string', 'number', 'boolean'].includes(typeof entry[1]),
  );
  return Object.fromEntries(plain);
}
