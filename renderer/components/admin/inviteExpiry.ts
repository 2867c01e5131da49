/** How long an invitation lasts, as Zulip's invite dialog offers it (null: never expires). */
export const INVITE_EXPIRY: ReadonlyArray<{ label: string; minutes: number | null }> = [
  { label: '1 day', minutes: 24 * 60 },
  { label: '10 days', minutes: 10 * 24 * 60 },
  { label: '30 days', minutes: 30 * 24 * 60 },
  { label: 'Never', minutes: null },
];
