/**
 * The times Zulip's web app offers when scheduling a message or a reminder, worked out in the
 * user's local time: later today (9 AM, 4 PM) while they are still ahead, tomorrow at 9 AM and
 * 4 PM, and Monday at 9 AM from Friday to Sunday. Reminders add "in 20 minutes / 1 hour / 3 hours".
 */
export interface TimeChoice {
  label: string;
  /** Unix seconds. */
  at: number;
}

/** Zulip leaves out a preset less than this far ahead. */
const MIN_LEAD_MS = 5 * 60 * 1000;

function at(day: Date, hour: number, addDays = 0): Date {
  const d = new Date(day);
  d.setDate(d.getDate() + addDays);
  d.setHours(hour, 0, 0, 0);
  return d;
}

const seconds = (d: Date): number => Math.floor(d.getTime() / 1000);

export function clockTime(d: Date): string {
  return d.toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' });
}

/** Presets for "Schedule message". */
export function sendLaterChoices(now: Date): TimeChoice[] {
  const choices: TimeChoice[] = [];
  for (const hour of [9, 16]) {
    const today = at(now, hour);
    if (today.getTime() - now.getTime() >= MIN_LEAD_MS)
      choices.push({ label: `Today at ${clockTime(today)}`, at: seconds(today) });
  }
  for (const hour of [9, 16]) {
    const tomorrow = at(now, hour, 1);
    choices.push({ label: `Tomorrow at ${clockTime(tomorrow)}`, at: seconds(tomorrow) });
  }
  const day = now.getDay();
  // Friday, Saturday, Sunday: the next Monday morning.
  if (day === 5 || day === 6 || day === 0) {
    const monday = at(now, 9, (8 - day) % 7 || 7);
    choices.push({ label: `Monday at ${clockTime(monday)}`, at: seconds(monday) });
  }
  return choices;
}

/** Presets for "Remind me about this". */
export function reminderChoices(now: Date): TimeChoice[] {
  const inMinutes = (m: number, label: string): TimeChoice => ({
    label,
    at: seconds(new Date(now.getTime() + m * 60_000)),
  });
  return [
    inMinutes(20, 'In 20 minutes'),
    inMinutes(60, 'In 1 hour'),
    inMinutes(180, 'In 3 hours'),
    ...sendLaterChoices(now).filter((c) => !c.label.startsWith('Today')),
  ];
}

/** A delivery time in words: "Tomorrow at 9:00 AM", "Mon, Dec 1 at 4:00 PM". */
export function deliveryWords(atSeconds: number, now: Date = new Date()): string {
  const d = new Date(atSeconds * 1000);
  const dayDiff = Math.round((at(d, 0).getTime() - at(now, 0).getTime()) / 86_400_000);
  const day =
    dayDiff === 0
      ? 'Today'
      : dayDiff === 1
        ? 'Tomorrow'
        : d.toLocaleDateString(undefined, { weekday: 'short', month: 'short', day: 'numeric' });
  return `${day} at ${clockTime(d)}`;
}

/** The value of a datetime-local input for a time (local, minutes). */
export function localInputValue(atSeconds: number): string {
  const d = new Date(atSeconds * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local input's value as Unix seconds; null when empty or not a time. */
export function fromLocalInput(value: string): number | null {
  if (!value) return null;
  const ms = new Date(value).getTime();
  return Number.isFinite(ms) ? Math.floor(ms / 1000) : null;
}
