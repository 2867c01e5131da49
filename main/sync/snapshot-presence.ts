/**
 * Register's presence and alert words into the cache (inside the snapshot's transaction). We ask
 * for slim_presence, so presences come keyed by user ID; a server that answers in the legacy
 * format anyway leaves the table empty until the first presence report fills it.
 */
import * as z from 'zod';
import type { RegisterResponse } from '../api';
import type { Logger } from '../log';
import { modernEntries } from '../presence/convert';
import type { AccountStore } from '../store/account-store';

const PresenceSnapshot = z.object({
  presences: z.record(z.string(), z.unknown()),
  presence_last_update_id: z.number().int().optional(),
  server_timestamp: z.number().optional(),
});

/** `now`: our epoch ms when register answered. */
export function applyPresenceSnapshot(store: AccountStore, r: RegisterResponse, now: number, log?: Logger): void {
  const raw = r as unknown as Record<string, unknown>;
  if (raw['presences'] !== undefined) {
    const parsed = PresenceSnapshot.safeParse(raw);
    if (parsed.success) {
      const repo = store.presence;
      repo.replaceAll(modernEntries(parsed.data.presences));
      repo.setClock({
        lastUpdateId: parsed.data.presence_last_update_id ?? -1,
        serverTimestamp: parsed.data.server_timestamp ?? now / 1000,
        receivedAt: now,
      });
    } else log?.warn('register sent presences we cannot read; the cached copy is kept');
  }
  if (raw['alert_words'] !== undefined) {
    const words = z.array(z.string()).safeParse(raw['alert_words']);
    if (words.success) store.alertWords.replaceAll(words.data);
    else log?.warn('register sent alert words we cannot read; the cached copy is kept');
  }
}
