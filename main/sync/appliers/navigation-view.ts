/** navigation_view events: a view added, renamed or (un)pinned, or removed. */
import type { NavigationViewEvent } from '../../api/schemas/record-events';
import type { Delta } from '../deltas';
import type { ApplyContext } from './context';

export function applyNavigationView({ store, log }: ApplyContext, ev: NavigationViewEvent): Delta[] {
  const views = store.navigationViews;
  switch (ev.op) {
    case 'add': {
      const v = ev.navigation_view;
      views.add({ fragment: v.fragment, isPinned: v.is_pinned, name: v.name ?? null });
      break;
    }
    case 'update': {
      const change = {
        ...(ev.data.is_pinned !== undefined ? { isPinned: ev.data.is_pinned } : {}),
        ...(ev.data.name !== undefined ? { name: ev.data.name } : {}),
      };
      if (!views.patch(ev.fragment, change)) {
        log.debug('navigation_view update for an unknown view; ignored', { id: ev.id });
        return [];
      }
      break;
    }
    case 'remove':
      views.remove(ev.fragment);
      break;
  }
  return [{ kind: 'recordsChanged', areas: ['views'] }];
}
