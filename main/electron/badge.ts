/**
 * Keeps the app icon's badge (macOS dock, Linux launchers that support it) at main/shell/badge.ts's
 * count, from the core's unreads:changed and accounts:changed events. Where the platform has no
 * badge, Electron's setBadgeCount just returns false.
 */
import type { UnreadSummary } from '../../common/model';
import type { Core } from '../ipc/types';
import { BadgeCounter } from '../shell/badge';

export function showUnreadBadge(core: Core, setBadgeCount: (count: number) => boolean): () => void {
  const counter = new BadgeCounter();
  const show = (count: number | null) => {
    if (count !== null) setBadgeCount(count);
  };
  return core.subscribe((name, payload) => {
    if (name === 'unreads:changed') show(counter.update((payload as { counts: UnreadSummary }).counts));
    if (name === 'accounts:changed')
      show(counter.keep((payload as { accounts: { id: string }[] }).accounts.map((a) => a.id)));
  });
}
