/** Register's scheduled_messages and reminders into the cache (inside the snapshot's transaction). */
import * as z from 'zod';
import type { RegisterResponse } from '../api';
import { Reminder, ScheduledMessage } from '../api/schemas/scheduled';
import type { Logger } from '../log';
import type { AccountStore } from '../store/account-store';

export function applyScheduledSnapshot(store: AccountStore, r: RegisterResponse, log?: Logger): void {
  const raw = r as unknown as Record<string, unknown>;
  if (raw['scheduled_messages'] !== undefined) {
    const parsed = z.array(ScheduledMessage).safeParse(raw['scheduled_messages']);
    if (parsed.success) store.scheduledMessages.replaceAll(parsed.data);
    else log?.warn('register sent scheduled messages we cannot read; the cached copy is kept');
  }
  if (raw['reminders'] !== undefined) {
    const parsed = z.array(Reminder).safeParse(raw['reminders']);
    if (parsed.success) store.reminders.replaceAll(parsed.data);
    else log?.warn('register sent reminders we cannot read; the cached copy is kept');
  }
}
