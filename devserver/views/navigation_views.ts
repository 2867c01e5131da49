import type { NavigationViewRow } from '../store/navigation_views';

/** The API's NavigationView; name is null for built-in views. */
export function formatNavigationView(row: NavigationViewRow): Record<string, unknown> {
  return { fragment: row.fragment, is_pinned: row.is_pinned === 1, name: row.name };
}
