/**
 * What waits for the user in one account: unread direct messages plus unread mentions. It is the
 * number on the app icon (main/shell/badge.ts) and in the window title (renderer), like a phone's
 * badge: every unread channel message would never reach zero in a busy organization.
 */
import type { UnreadCounts } from './model';

export function waitingFor(counts: Pick<UnreadCounts, 'dms' | 'mentions'>): number {
  return counts.dms.reduce((n, dm) => n + dm.count, 0) + counts.mentions;
}

/** The window title: the count first, so it shows in a narrow taskbar button or browser tab. */
export function windowTitle(waiting: number): string {
  return waiting > 0 ? `(${waiting}) Parley` : 'Parley';
}
