/**
 * Screens opened now and then (administration, personal settings, the channel directory and a
 * channel's settings) load on first use, not with the app: the first bundle is what every launch
 * compiles before the first row shows. Each import is started once and its promise kept, so
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
};
