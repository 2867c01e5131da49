/**
 * Screens opened now and then (administration, personal settings, the channel directory, a
 * channel's settings, search results, drafts, saved snippets, views, alert words) and the sign-in
 * screen (shown once per account) load on first use, not with the app: the first bundle is what
 * every launch compiles before the first row shows. Each import is started once and its promise kept, so
 * returning to a screen does not wait again.
 */
export function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () => {
    loading ??= load().catch((error: unknown) => {
      // A failed load (a chunk missing after an update) may be tried again on the next visit.
      loading = null;
      throw error;
    });
    return loading;
  };
}

export const lazyScreens = {
  admin: once(() => import('../components/admin/AdminScreen.svelte')),
  settings: once(() => import('../components/screens/PersonalSettings.svelte')),
  channels: once(() => import('../components/screens/BrowseChannels.svelte')),
  channelSettings: once(() => import('../components/screens/ChannelSettings.svelte')),
  search: once(() => import('../components/search/SearchResults.svelte')),
  drafts: once(() => import('../components/screens/DraftsScreen.svelte')),
  snippets: once(() => import('../components/screens/SnippetsScreen.svelte')),
  scheduled: once(() => import('../components/scheduled/ScheduledScreen.svelte')),
  views: once(() => import('../components/screens/ViewsScreen.svelte')),
  alertWords: once(() => import('../components/screens/AlertWords.svelte')),
  signIn: once(() => import('./SignIn.svelte')),
};

/**
 * Loads every lazy screen once the app is idle after start-up, so the first visit to one does
 * not wait for its code either. Failures are left for the visit to report (and retry).
 */
export function preloadScreensWhenIdle(delayMs = 3000): () => void {
  const timer = setTimeout(() => {
    const run = () => Object.values(lazyScreens).forEach((load) => void load().catch(() => undefined));
    if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: 5000 });
    else run();
  }, delayMs);
  return () => clearTimeout(timer);
}
