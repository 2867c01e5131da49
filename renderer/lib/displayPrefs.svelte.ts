/**
 * The user's display settings from Zulip's user_settings that change how everything reads:
 * theme (color_scheme), the clock (twenty_four_hour_time) and emoji as words (emojiset "text").
 * Reactive, so every time on screen
 * follows a change made here or on another device.
 */
export const display = $state<{ twentyFourHour: boolean | null; emojiText: boolean }>({
  twentyFourHour: null,
  emojiText: false,
});

/** Zulip's color_scheme: 1 automatic, 2 dark, 3 light. */
export function applyTheme(colorScheme: unknown, root: HTMLElement = document.documentElement): void {
  if (colorScheme === 2) root.dataset['theme'] = 'dark';
  else if (colorScheme === 3) root.dataset['theme'] = 'light';
  else delete root.dataset['theme'];
}

/** Applies the display settings of a user_settings object (missing ones: the system's). */
export function applyDisplaySettings(settings: Record<string, unknown>): void {
  applyTheme(settings['color_scheme']);
  const h24 = settings['twenty_four_hour_time'];
  display.twentyFourHour = typeof h24 === 'boolean' ? h24 : null;
  display.emojiText = settings['emojiset'] === 'text';
}
